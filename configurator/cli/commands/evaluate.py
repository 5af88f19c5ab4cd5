"""`configurator evaluate BUILD`: power, thermal, compute, bandwidth, cost, TCO and violations,
and the upgrade from `--before` or the build's owned parts (cli/upgrade_options.py)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, json_flag, print_json, print_text


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("build", help=_("build file to evaluate"))
    json_flag(parser)
    parser.add_argument("--workload", metavar="FILE", help=_("workload JSON (overrides the build's own)"))
    parser.add_argument("--before", metavar="BEFORE.json",
                        help=_("the server as it is now (default: the build's owned parts, e.g. an imported server)"))
    parser.add_argument("--trade-in", action="append", default=[], metavar="PART=AMOUNT",
                        help=_("what one removed owned part is worth, in the build's currency (repeatable)"))


def run(args: argparse.Namespace) -> int:
    from ...core.evaluate.json_shape import evaluation_to_json, strict_json
    from ...words.problems import violation_json
    from ...words.render import in_english, say
    from ..evaluation_text import evaluation_to_text
    from ..inputs import catalog, evaluator, load
    from ..upgrade_options import upgrade_for, upgrade_json
    from ..workload_command import load_workload_file

    cat = catalog()
    build = load(args.build)
    workload = load_workload_file(args.workload) if args.workload else None
    found = evaluator(cat)
    ev = found.evaluate(build, workload=workload)
    upgrade = upgrade_for(args, build, found, ev, workload)   # owned parts or --before
    if args.json:
        data = evaluation_to_json(ev, violation_json, in_english)
        if upgrade is not None:
            data["upgrade"] = strict_json(upgrade_json(upgrade, args.before))
        print_json(data)
    else:
        print_text(evaluation_to_text(ev))
        if ev.assumptions:
            print_text("\n" + _("Assumptions:"))
            print_text("\n".join(f"  - {say(a)}" for a in ev.assumptions))
        if upgrade is not None:
            from ..upgrade_text import plan_to_text

            print_text("\n" + _("Upgrade:") + "\n" + plan_to_text(upgrade))
    return 0


COMMAND = Command("evaluate", lambda: _("power, thermal, compute, bandwidth, cost, TCO and violations"),
                  arguments, run)
