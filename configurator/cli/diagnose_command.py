"""`configurator diagnose SYMPTOM [--build BUILD] [--results RESULTS] [--json]`: the likely causes of
a symptom, ranked by what the build (its rule findings) and the last acceptance results show,
each with the check to run and the fix."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.message import Msg
from ..core.troubleshoot.symptoms import SYMPTOMS
from ..words.i18n import _
from .command import CliError, print_text


def arguments(d: argparse.ArgumentParser) -> None:
    d.add_argument("symptom", choices=SYMPTOMS, help=_("what goes wrong"))
    d.add_argument("--build", metavar="BUILD", help=_("build file of the server (its checks are evidence)"))
    d.add_argument("--results", metavar="RESULTS", help=_("acceptance results folder (needs --build)"))
    d.add_argument("--json", action="store_true", help=_("print JSON instead of text"))


def _facts(args: argparse.Namespace):  # noqa: ANN202 - Facts, imported lazily
    from ..core.troubleshoot.causes import facts_for

    if not args.build:
        if args.results:
            raise CliError(Msg("cli.results-need-build"), "--results")
        return facts_for(None, None)
    from ..store.build_files import read_build
    from ..store.catalogs import default_catalog
    from ..store.loaded_evaluator import default_evaluator

    catalog = default_catalog()
    build = read_build(args.build, catalog).build
    codes = frozenset(v.code for v in default_evaluator(catalog, []).check(build))
    report = None
    if args.results:
        from ..core.acceptance import check, plan_for
        from ..formats.importers.acceptance import read_results
        from ..store.acceptance_references import load_references

        report = check(plan_for(build, catalog, load_references()), read_results(args.results))
    return facts_for(build, catalog, codes, report)


def run(args: argparse.Namespace) -> int:
    from ..core.message import Msg
    from ..core.troubleshoot.causes import diagnose
    from ..words.render import say

    causes = diagnose(args.symptom, _facts(args))
    if args.json:
        data = {"symptom": args.symptom, "causes": [
            {"code": c.code, "score": c.score, "title": say(c.title), "check": say(c.check), "fix": say(c.fix),
             "evidence": [{"id": e.id, "text": say(e)} for e in c.evidence]} for c in causes]}
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    print_text(say(Msg(f"trouble.symptom.{args.symptom}")))
    for n, c in enumerate(causes, 1):
        print_text(f"\n{n}. {say(c.title)}")
        evidence = "; ".join(say(e) for e in c.evidence) or say(Msg("trouble.label.none"))
        print_text(f"   {say(Msg('trouble.label.evidence'))}: {evidence}")
        print_text(f"   {say(Msg('trouble.label.check'))}: {say(c.check)}")
        print_text(f"   {say(Msg('trouble.label.fix'))}: {say(c.fix)}")
    return 0
