"""`configurator plan BEFORE AFTER`: the upgrade from one build to another: parts to add, remove
and move; power, PSU and cost deltas; new problems."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, json_flag, print_json, print_text


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("before", metavar="BEFORE", help=_("build file of the server as it is now"))
    parser.add_argument("after", metavar="AFTER",
                        help=_("build file of the server as it should be after the upgrade"))
    json_flag(parser)


def run(args: argparse.Namespace) -> int:
    from ...core.upgrade.delta import plan_to_json, plan_upgrade
    from ...words.problems import violation_json
    from ...words.render import named_in_english
    from ..inputs import catalog, evaluator, load
    from ..upgrade_text import plan_to_text

    cat = catalog()
    plan = plan_upgrade(load(args.before), load(args.after), cat, evaluator=evaluator(cat))
    if args.json:
        print_json(plan_to_json(plan, violation_json, named_in_english))
    else:
        print_text(plan_to_text(plan))
    return 0


COMMAND = Command("plan", lambda: _("the upgrade from BEFORE to AFTER: parts to add, remove and move; "
                                    "power, PSU and cost deltas; new problems"), arguments, run)
