"""Command line: argument parsing only; every subcommand calls core/io/report functions.

Exit codes: 0 ok; 1 the build has errors (`check`) ; 2 the input could not be read or the
arguments are wrong (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..core import categories
from ..words.i18n import LANGUAGES, _, choose_language, note_line, pad, set_language, translate, warning_line
from .argparse_words import argparse_words, error_line, language_in, unorderable_lines


class CliError(Exception):
    """A user-facing error: printed as one line, exit code 2. Worded in English, like every input
    error (words/error_templates.py lists the wording); `main` prints it in the user's language."""


def _print_json(data: Any) -> None:
    from ..core.evaluate.json_shape import strict_json  # valid JSON always: no Infinity, no raw bytes

    json.dump(strict_json(data), sys.stdout, indent=2, ensure_ascii=False, default=str, allow_nan=False)
    sys.stdout.write("\n")


def _catalog():
    from ..store.catalogs import default_catalog

    return default_catalog()


def _evaluator(cat):
    """The evaluator with the shipped and user exchange rates and model presets; what was skipped
    in a bad rate file is a warning on stderr (the rest still works)."""
    from ..store.loaded_evaluator import default_evaluator

    issues: list = []
    evaluator = default_evaluator(cat, issues)
    for issue in issues:
        print(warning_line(issue), file=sys.stderr)
    return evaluator


def _load(path: str):
    """Read a build file; non-fatal findings (migrated format, unknown ids) go to stderr."""
    from ..formats.importers import importer_for

    loaded = importer_for(path).read(Path(path), _catalog())
    for note in loaded.notes:
        print(note_line(note), file=sys.stderr)
    return loaded.build


# ----------------------------------------------------------------------------- commands


def cmd_catalog(args: argparse.Namespace) -> int:
    from ..core.evaluate.json_shape import part_to_json

    cat = _catalog()
    parts = [p for p in cat.parts.values() if args.category in (None, p.category)]
    if args.category and args.category not in categories.KEYS:
        raise CliError(f"--category: unknown category {args.category!r}")
    if args.json:
        _print_json([part_to_json(p, cat) for p in parts])
    else:
        for p in sorted(parts, key=lambda p: (p.category, p.vendor, p.name)):
            price = cat.price(p.id)
            money = f"{price.price} {price.currency}" if price else _("no price")
            print(f"{p.category:8} {p.id:40} {p.vendor:10} {p.name}  [{money}; {p.origin}]")
        print(_("{n} parts").format(n=len(parts)), file=sys.stderr)
    for issue in cat.issues:
        print(warning_line(issue), file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from ..words.problems import fix_text, text, violation_json

    cat = _catalog()
    build = _load(args.build)
    violations = _evaluator(cat).check(build)
    if args.json:
        _print_json({"build": args.build, "violations": [violation_json(v) for v in violations],
                     "errors": sum(v.severity == "error" for v in violations)})
    else:
        for v in violations:
            print(f"{pad(_(v.severity.upper()), 7)} {v.code}: {text(v)}")
            if v.fix:
                print("        " + _("fix: {fix}").format(fix=fix_text(v.fix)))
        counts = {s: sum(v.severity == s for v in violations) for s in ("error", "warning", "info")}
        print(_("{errors} error(s), {warnings} warning(s), {infos} info").format(
            errors=counts["error"], warnings=counts["warning"], infos=counts["info"]))
    return 1 if any(v.severity == "error" for v in violations) else 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    from ..core.evaluate.json_shape import evaluation_to_json, strict_json
    from ..words.problems import violation_json
    from .evaluation_text import evaluation_to_text
    from .workload_command import load_workload_file

    cat = _catalog()
    build = _load(args.build)
    workload = load_workload_file(args.workload) if args.workload else None
    evaluator = _evaluator(cat)
    ev = evaluator.evaluate(build, workload=workload)
    from .upgrade_options import upgrade_for, upgrade_json

    upgrade = upgrade_for(args, build, evaluator, ev, workload)   # owned parts or --before
    if args.json:
        data = evaluation_to_json(ev, violation_json)
        if upgrade is not None:
            data["upgrade"] = strict_json(upgrade_json(upgrade, args.before))
        _print_json(data)
    else:
        print(evaluation_to_text(ev))
        if ev.assumptions:
            print("\n" + _("Assumptions:"))
            print("\n".join(f"  - {translate(a)}" for a in ev.assumptions))
        if upgrade is not None:
            from .upgrade_text import plan_to_text

            print("\n" + _("Upgrade:") + "\n" + plan_to_text(upgrade))
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    from .explain_command import run_explain
    from .workload_command import load_workload_file

    cat = _catalog()
    build = _load(args.build)
    if args.workload:  # the override becomes the build's workload, so its inputs are explained too
        build = build.model_copy(update={"workload": load_workload_file(args.workload).model_dump(mode="json")})
    ev = _evaluator(cat).evaluate(build)
    try:
        out = run_explain(build, cat, ev, None if args.list else args.figure, args.json)
    except KeyError as exc:
        raise CliError(exc.args[0]) from None
    _print_json(out) if args.json else print(out)
    return 0


def cmd_workload(args: argparse.Namespace) -> int:
    from .workload_command import run_workload

    result = run_workload(args, _catalog)
    if args.json:
        _print_json(result.data)
    else:
        print(result.text)
    return 0


def cmd_recommend(args: argparse.Namespace) -> int:
    from .recommend_command import run

    data, text = run(args, _evaluator(_catalog()), _)
    if args.json:
        _print_json(data)
    else:
        print(text)
    return 0 if data["results"] else 1


def cmd_quote(args: argparse.Namespace) -> int:
    from ..formats.exporters import exporter

    return _export(args, exporter("pdf"))


def cmd_export(args: argparse.Namespace) -> int:
    from ..formats.exporters import exporter, exporter_for

    return _export(args, exporter(args.format) if args.format else exporter_for(args.output))


def _export(args: argparse.Namespace, fmt) -> int:
    from ..core.currency import check_currency
    from ..formats.exporters import ExportRequest
    from ..store.vendor_settings import UnorderableError
    from .quote_fields import apply_quote_arguments

    cat = _catalog()
    evaluator = _evaluator(cat)
    if len(args.builds) > fmt.max_options:
        raise CliError(f"{fmt.name}: at most {fmt.max_options} build(s) per file")
    currency = check_currency(args.currency, evaluator.fx) if args.currency else None   # exit 2, one line
    pairs = []
    for path in args.builds:
        build = _load(path)
        apply_quote_arguments(build, args, currency, evaluator.fx)
        pairs.append((build, evaluator.evaluate(build)))
    request = ExportRequest(options=tuple(pairs), catalog=cat, customer=args.customer, valid_days=args.valid_days,
                            sources=tuple(args.builds), draft=args.allow_errors, internal=getattr(args, "internal", False))
    try:
        out = fmt.write(request, Path(args.output))
    except UnorderableError as exc:   # not a bad input: the build itself is not orderable
        head, *errors = unorderable_lines(exc)
        print(f"configurator: {head}", *errors, sep="\n", file=sys.stderr)
        return 1
    # `-o -` put the file itself on stdout: the confirmation must not be mixed into it
    print(_("wrote {path}").format(path=out), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from .compare_commands import run_compare

    cat = _catalog()
    out = run_compare(args, _evaluator(cat), _load)
    if out.json is not None:
        _print_json(out.json)
    else:
        print(_("wrote {path}").format(path=out.written) if out.written else out.text)
    return 0


def cmd_bom(args: argparse.Namespace) -> int:
    from .compare_commands import run_bom

    cat = _catalog()
    print(_("wrote {path}").format(path=run_bom(args, _evaluator(cat), _load)))
    return 0


def cmd_cluster(args: argparse.Namespace) -> int:
    from ..core.cluster import plan_cluster
    from ..core.cluster.scaling import servers_for, step_inputs
    from ..core.cluster.servers import server_figures
    from ..core.cluster.summary import plan_to_json
    from ..store.cluster_files import read_cluster, spec_from_build
    from ..words.cluster_text import plan_to_text

    cat = _catalog()
    evaluator = _evaluator(cat)   # rates and presets read once for every server figure
    if bool(args.cluster) == bool(args.from_build):
        raise CliError("cluster: give a cluster file or --from BUILD, not both or neither")
    if args.cluster:
        spec = read_cluster(args.cluster)
    else:
        rack = {"kw_limit": args.rack_kw, "servers_per_rack": args.per_rack}
        fabric = {"switch": args.switch} if args.switch else {}
        spec = spec_from_build(args.from_build, args.servers or 1, cat,
                               rack={k: v for k, v in rack.items() if v is not None}, fabric=fabric)
        if args.deadline_days is not None:
            if args.deadline_days <= 0:
                raise CliError("--deadline-days: must be above 0")
            fig = server_figures(spec.servers[0].build, cat, spec, args.from_build, evaluator)
            inp = step_inputs(fig, fig.network_gbps_per_gpu, spec.fabric.oversubscription)
            if inp is None:
                raise CliError(f"{args.from_build}: the build has no training workload (or no network) to size for")
            n = servers_for(inp, args.deadline_days, spec.training)
            if n is None:
                raise CliError(f"--deadline-days: no cluster of this build trains in {args.deadline_days:g} days")
            spec = spec.model_copy(update={"servers": (spec.servers[0].model_copy(update={"count": n}),),
                                           "name": f"{n} x {spec.servers[0].build.meta.name}"})
    plan = plan_cluster(spec, cat, evaluator)
    if args.output:
        from ..formats.exporters import cluster_exporter

        written = cluster_exporter(args.format, args.output).write(plan, cat, Path(args.output))
        print(_("wrote {path}").format(path=written), file=sys.stderr)
    if args.json:
        _print_json(plan_to_json(plan))
    else:
        print(plan_to_text(plan))
    return 1 if plan.errors else 0


def cmd_import(args: argparse.Namespace) -> int:
    from .import_command import result_json, run_import

    result, text = run_import(args, _catalog())
    if args.json:
        _print_json(result_json(result, args.output))
    else:
        print(text)
    return 0


def cmd_plan(args: argparse.Namespace) -> int:
    from ..core.upgrade.delta import plan_to_json, plan_upgrade
    from ..words.problems import violation_json
    from .upgrade_text import plan_to_text

    cat = _catalog()
    plan = plan_upgrade(_load(args.before), _load(args.after), cat, evaluator=_evaluator(cat))
    if args.json:
        _print_json(plan_to_json(plan, violation_json))
    else:
        print(plan_to_text(plan))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from ..formats.verify import verification_to_json, verification_to_text
    from .import_command import run_verify

    result = run_verify(args, _catalog())
    if args.json:
        _print_json(verification_to_json(result))
    else:
        print(verification_to_text(result))
    return 0 if result.ok else 1


#: what `configurator gui` runs: set by the launcher (configurator/launch.py), the one module that
#: knows both shells, so the command line never imports Qt itself
GuiRunner = Callable[..., int]
_gui_runner: GuiRunner | None = None


def cmd_gui(args: argparse.Namespace) -> int:
    if _gui_runner is None:
        raise CliError(_("the desktop window is not available from this entry point; run `configurator gui`"))
    run_gui = _gui_runner
    return run_gui(getattr(args, "build", None), screenshot=getattr(args, "screenshot", None), lang=args.lang,
                   size=getattr(args, "size", None), compare=getattr(args, "compare", None))


# ----------------------------------------------------------------------------- parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every input error
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


def _currency(value: str) -> str:
    if len(value) != 3 or not value.isalpha():
        raise argparse.ArgumentTypeError(_("not an ISO 4217 code: {value}").format(value=repr(value)))
    return value.upper()


def _window_size(value: str) -> tuple[int, int]:
    w, sep, h = value.lower().partition("x")
    if not (sep and w.isdigit() and h.isdigit() and 320 <= int(w) <= 16384 and 240 <= int(h) <= 16384):
        raise argparse.ArgumentTypeError(_("not a window size WxH (320x240 or more): {value}").format(value=repr(value)))
    return int(w), int(h)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="configurator", description=_("Configure AI training and inference servers."))
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                   help=_("show the version and exit"))
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    g = sub.add_parser("gui", help=_("open the builder window"))
    g.add_argument("build", nargs="?", help=_("build file to open"))
    g.add_argument("--screenshot", metavar="PNG", help=_("render the window offscreen to PNG and exit"))
    g.add_argument("--compare", nargs="+", metavar="BUILD", help=_("open 2-6 builds and compare them side by side"))
    g.add_argument("--size", metavar="WxH", type=_window_size, help=_("window size in pixels, e.g. 1366x768"))
    g.set_defaults(func=cmd_gui)

    c = sub.add_parser("catalog", help=_("list catalog parts"))
    c.add_argument("--category", help=_("only the parts of this category: {keys}").format(keys=", ".join(categories.KEYS)))
    c.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    c.set_defaults(func=cmd_catalog)

    k = sub.add_parser("check", help=_("check a build against every rule (exit 1 if it has errors)"))
    k.add_argument("build", help=_("build file to check"))
    k.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    k.set_defaults(func=cmd_check)

    e = sub.add_parser("evaluate", help=_("power, thermal, compute, bandwidth, cost, TCO and violations"))
    e.add_argument("build", help=_("build file to evaluate"))
    e.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    e.add_argument("--workload", metavar="FILE", help=_("workload JSON (overrides the build's own)"))
    from .upgrade_options import add_arguments as upgrade_arguments

    upgrade_arguments(e)
    e.set_defaults(func=cmd_evaluate)

    x = sub.add_parser("explain", help=_("how a figure of `evaluate --json` is worked out (formula, inputs, sources)"))
    x.add_argument("build", help=_("build file whose figures to explain"))
    x.add_argument("figure", nargs="?", default="", help=_("figure path, e.g. power_w.max (see --list)"))
    x.add_argument("--list", action="store_true", help=_("list every figure of the build"))
    x.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    x.add_argument("--workload", metavar="FILE", help=_("workload JSON (overrides the build's own)"))
    x.set_defaults(func=cmd_explain)

    from .team_command import add_parsers as team_parsers

    team_parsers(sub)

    w = sub.add_parser("workload", help=_("GPU memory, fit and time for a model and a job"))
    from .workload_command import add_arguments as workload_arguments

    workload_arguments(w)
    w.set_defaults(func=cmd_workload)

    r = sub.add_parser("recommend", help=_("the Pareto-best builds for a workload, a budget and limits"))
    from .recommend_command import add_arguments as recommend_arguments
    recommend_arguments(r)
    r.set_defaults(func=cmd_recommend)

    q = sub.add_parser("quote", help=_("write a PDF quote for 1-3 builds (options A/B/C)"))
    _export_arguments(q, "OUT.pdf")
    q.set_defaults(func=cmd_quote)

    cl = sub.add_parser("cluster", help=_("plan a cluster: racks, A/B feeds, fabric, totals (exit 1 on errors)"))
    cl.add_argument("cluster", nargs="?", metavar="CLUSTER.json", help=_("cluster file (docs/cluster.md)"))
    cl.add_argument("--from", dest="from_build", metavar="BUILD", help=_("plan N servers of this build instead"))
    cl.add_argument("--servers", type=int, metavar="N", help=_("with --from: how many servers"))
    cl.add_argument("--deadline-days", type=float, metavar="D",
                    help=_("with --from: as many servers as the build's workload needs to train in D days"))
    cl.add_argument("--rack-kw", type=float, metavar="KW", help=_("with --from: rack power limit (default 40)"))
    cl.add_argument("--per-rack", type=int, metavar="N", help=_("with --from: servers per rack (default: what fits)"))
    cl.add_argument("--switch", metavar="CATALOG_ID", help=_("with --from: compute-fabric switch"))
    cl.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    cl.add_argument("-o", "--output", metavar="OUT", help=_("also write the plan: BOM .csv, or --format netbox-csv"))
    cl.add_argument("--format", help=_("cluster exporter: cluster-bom-csv (.csv) or netbox-csv (OUT.racks.csv + "
                                       "OUT.devices.csv)"))
    cl.set_defaults(func=cmd_cluster)

    from ..formats.exporters import EXPORTERS

    x = sub.add_parser("export", help=_("export builds and their evaluation: {formats}").format(formats="; ".join(
        f"{e.name} ({', '.join(e.suffixes)}) {_(e.description)}" for e in EXPORTERS.values())))
    _export_arguments(x, "OUT")
    x.add_argument("--format", choices=tuple(EXPORTERS), help=_("export format (default: from the output file's suffix)"))
    x.set_defaults(func=cmd_export)
    from .compare_commands import add_bom_arguments, add_compare_arguments

    cm = sub.add_parser("compare", help=_("compare 2-6 builds side by side: deltas to a baseline, best values"))
    add_compare_arguments(cm)
    cm.set_defaults(func=cmd_compare)
    bm = sub.add_parser("bom", help=_("write one build's priced bill of materials as CSV or XLSX"))
    add_bom_arguments(bm)
    bm.set_defaults(func=cmd_bom)
    from ..formats.importers import SERVER_IMPORTERS
    from .import_command import add_arguments as import_arguments

    m = sub.add_parser("import", help=_("build from a running server: {kinds}").format(kinds="; ".join(
        f"{i.name} ({_(i.description)})" for i in SERVER_IMPORTERS.values())))
    import_arguments(m, tuple(SERVER_IMPORTERS))
    m.set_defaults(func=cmd_import)

    u = sub.add_parser("plan", help=_("the upgrade from BEFORE to AFTER: parts to add, remove and move; "
                                      "power, PSU and cost deltas; new problems"))
    u.add_argument("before", metavar="BEFORE", help=_("build file of the server as it is now"))
    u.add_argument("after", metavar="AFTER", help=_("build file of the server as it should be after the upgrade"))
    u.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    u.set_defaults(func=cmd_plan)

    from .import_command import add_connection_arguments

    v = sub.add_parser("verify", help=_("compare a build with what the server reports (exit 1 if anything differs)"))
    v.add_argument("build", metavar="BUILD", help=_("build file the server should match"))
    v.add_argument("source", metavar="SOURCE", help=_("https://BMC, or a folder of inventory command outputs"))
    add_connection_arguments(v)
    v.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    v.set_defaults(func=cmd_verify)
    from . import accept_command, diagnose_command

    accept_command.add_parser(sub)
    diagnose_command.add_parser(sub)
    for parser in (p, *sub.choices.values()):  # `configurator --lang zh_CN check ...` or `check --lang ...`
        parser.add_argument("--lang", choices=tuple(LANGUAGES), default=argparse.SUPPRESS,
                            help=_("language of the output and the GUI (default: CONFIGURATOR_LANG or the system locale)"))
    return p


def _export_arguments(parser: argparse.ArgumentParser, output: str) -> None:
    if output == "OUT.pdf":
        builds, out = _("1 to 3 build files: options A, B and C"), _("PDF file to write ('-': standard output)")
    else:
        builds = _("build files (how many depends on the format)")
        out = _("file to write; its suffix chooses the format unless --format ('-': standard output)")
    parser.add_argument("builds", nargs="+", metavar="BUILD", help=builds)
    parser.add_argument("-o", "--output", required=True, metavar=output, help=out)
    from .quote_fields import add_quote_arguments

    parser.add_argument("--customer", help=_("the customer's company name (default: the build's)"))
    parser.add_argument("--currency", type=_currency, metavar="CODE",
                        help=_("the quote's currency, ISO 4217 (e.g. CNY): prices and amounts are converted at the "
                               "exchange rates (default: the build's)"))
    parser.add_argument("--valid-days", type=int, default=None, metavar="DAYS",
                        help=_("days the quote is valid (default: the build's, else 30)"))
    parser.add_argument("--internal", action="store_true",
                        help=_("PDF: write the seller's internal copy, with the appendix of sources and estimates "
                               "(default: the customer's copy)"))
    add_quote_arguments(parser)


def _set_language(argv: Sequence[str]) -> None:
    """The language of the parser's texts and of everything printed: chosen before the parser is
    built; an unsupported `--lang` is left to the parser to refuse (one line, exit 2)."""
    try:
        lang = choose_language(language_in(argv))
    except ValueError:
        lang = choose_language(None)
    set_language(lang)


def main(argv: Sequence[str] | None = None, *, gui: GuiRunner | None = None) -> int:
    """The command line; `gui` runs the desktop window for `configurator gui` (the launcher passes it)."""
    global _gui_runner
    if gui is not None:
        _gui_runner = gui
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        _set_language(argv)
    except (ValueError, OSError) as exc:   # a missing translation catalog
        print(f"configurator: {error_line(exc)}", file=sys.stderr)
        return 2
    with argparse_words():
        parser = build_parser()
        args = parser.parse_args(argv)
        lang = getattr(args, "lang", None)
        if not getattr(args, "command", None):
            args = parser.parse_args(["gui"])  # bare `configurator` opens the builder window
    args.lang = lang
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        print(f"configurator: {error_line(exc)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except (ValueError, OSError) as exc:  # BuildFileError, QuoteError, OpError are ValueErrors
        print(f"configurator: {error_line(exc)}", file=sys.stderr)
        return 2
