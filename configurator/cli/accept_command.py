"""`configurator accept plan|script|import|compare`: the acceptance test of a delivered server.

    accept plan BUILD [-o PLAN.pdf] [--json]        the ordered checks, expected values, sources (the PDF
                                                    also lists the pinned software stack)
    accept script BUILD -o accept.sh                the read-only script the technician runs
    accept import BUILD RESULTS [--baseline] [-o REPORT.pdf] [--json]
                                                    the results against the plan (exit 1: rejected)
    accept compare BUILD RESULTS [--against FILE] [-o REPORT.pdf] [--json]
                                                    against the server's baseline (exit 1: findings)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.message import Msg
from ..words.i18n import LANGUAGES, _, current_language
from .command import CliError, note, print_text

if TYPE_CHECKING:
    from ..core.acceptance.model import Plan
    from ..core.build import Build
    from ..core.catalog import Catalog


def arguments(a: argparse.ArgumentParser) -> None:
    """Declare `accept`'s four actions."""
    acts = a.add_subparsers(dest="action", required=True, parser_class=type(a))
    p = acts.add_parser("plan", help=_("the acceptance plan of a build (text, JSON or a PDF checklist)"))
    s = acts.add_parser("script", help=_("write the read-only acceptance script to run on the server"))
    i = acts.add_parser("import", help=_("judge a results folder against the plan (exit 1 if rejected)"))
    c = acts.add_parser("compare", help=_("compare results with the server's baseline (exit 1 on findings)"))
    for sub in (p, s, i, c):
        sub.add_argument("build", metavar="BUILD", help=_("build file of the server"))
        sub.add_argument("--lang", choices=tuple(LANGUAGES), default=argparse.SUPPRESS,
                         help=_("language of the output and the GUI (default: CONFIGURATOR_LANG or the system locale)"))
    for sub in (i, c):
        sub.add_argument("results", metavar="RESULTS", help=_("the folder the acceptance script wrote, or a probe file"))
    i.add_argument("--baseline", action="store_true", help=_("store these results as the server's baseline"))
    c.add_argument("--against", metavar="FILE", help=_("a baseline file (default: the stored one of this server)"))
    s.add_argument("-o", "--output", required=True, metavar="accept.sh", help=_("script file to write"))
    for sub in (p, i, c):
        sub.add_argument("-o", "--output", metavar="OUT.pdf", help=_("also write the PDF"))
        sub.add_argument("--pdf-lang", choices=("en", "zh_CN"), help=_("language of the PDF (default: the output's)"))
        sub.add_argument("--json", action="store_true", help=_("print JSON instead of text"))


def _plan(path: str) -> tuple[Plan, Build, Catalog]:
    from ..core.acceptance import plan_for
    from ..store.acceptance_references import load_references
    from ..store.build_files import read_build
    from ..store.catalogs import default_catalog

    catalog = default_catalog()
    build = read_build(path, catalog).build
    return plan_for(build, catalog, load_references()), build, catalog


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def run(args: argparse.Namespace) -> int:
    """Run the action; ValueError (a bad file or field) is one line and exit 2 in cli/main.py."""
    from ..words import acceptance_text as words
    from .accept_json import comparison_json, plan_json, report_json

    plan, build, catalog = _plan(args.build)
    lang = getattr(args, "pdf_lang", None) or current_language()
    if args.action == "script":
        from ..formats.exporters.acceptance_script import write_script

        note(_("wrote {path}").format(path=write_script(plan, Path(args.output))))
        return 0
    if args.action == "plan":
        if args.output:
            from ..formats.exporters.acceptance_pdf import write_plan_pdf

            write_plan_pdf(plan, Path(args.output), lang, build=build, catalog=catalog)
        _print_json(plan_json(plan)) if args.json else print_text(words.plan_text(plan))
        return 0
    from ..core.acceptance import check, compare
    from ..formats.importers.acceptance import read_results

    results = read_results(args.results)
    report = check(plan, results)
    comparison = None
    if args.action == "compare":
        from ..store.acceptance_baselines import load_baseline, read_baseline

        baseline = read_baseline(Path(args.against)) if args.against else load_baseline(results.server_key)
        if baseline is None:
            raise CliError(Msg("cli.no-baseline", server=results.server_key or Msg("cli.no-serial")), args.results)
        comparison = compare(baseline, results, plan)
    elif args.baseline:
        from ..store.acceptance_baselines import save_baseline

        print(_("baseline stored: {path}").format(path=save_baseline(results)), file=sys.stderr)
    if args.output:
        from ..formats.exporters.acceptance_pdf import write_report_pdf

        write_report_pdf(report, Path(args.output), comparison, lang)
    if args.json:
        _print_json({**report_json(report), **({"comparison": comparison_json(comparison)} if comparison else {})})
    else:
        print_text(words.report_text(report) + ("\n" + words.comparison_text(comparison) if comparison else ""))
    if comparison is not None:
        return 0 if comparison.unchanged else 1
    return 1 if report.outcome == "rejected" else 0
