"""`configurator check BUILD [--json]`: every rule over one build; exit 1 if it has errors."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, json_flag, print_json, print_text


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("build", help=_("build file to check"))
    json_flag(parser)


def run(args: argparse.Namespace) -> int:
    from ...words.i18n import pad
    from ...words.problems import fix_text, text, violation_json
    from ..inputs import catalog, checker, load

    cat = catalog()
    build = load(args.build)
    violations = checker(cat).check(build)
    if args.json:
        print_json({"build": args.build, "violations": [violation_json(v) for v in violations],
                    "errors": sum(v.severity == "error" for v in violations)})
    else:
        for v in violations:
            print_text(f"{pad(_(v.severity.upper()), 7)} {v.code}: {text(v)}")
            if v.fix:
                print_text("        " + _("fix: {fix}").format(fix=fix_text(v.fix)))
        counts = {s: sum(v.severity == s for v in violations) for s in ("error", "warning", "info")}
        print_text(_("{errors} error(s), {warnings} warning(s), {infos} info").format(
            errors=counts["error"], warnings=counts["warning"], infos=counts["info"]))
    return 1 if any(v.severity == "error" for v in violations) else 0


COMMAND = Command("check", lambda: _("check a build against every rule (exit 1 if it has errors)"), arguments, run)
