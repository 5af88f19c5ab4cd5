"""`configurator export BUILD… -o OUT [--format NAME]`: builds and their evaluation in any export
format (formats/exporters/); `quote` is the same run with the PDF quote's exporter."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ...core.message import Msg
from ...words.i18n import _
from ...words.render import say
from ..command import CliError, Command, note


def _currency(value: str) -> str:
    if len(value) != 3 or not value.isalpha():
        raise argparse.ArgumentTypeError(_("not an ISO 4217 code: {value}").format(value=repr(value)))
    return value.upper()


def export_arguments(parser: argparse.ArgumentParser, output: str) -> None:
    """The builds, the output file and the quote's fields: `quote`'s and `export`'s arguments."""
    from ..quote_fields import add_quote_arguments

    if output == "OUT.pdf":
        builds, out = _("1 to 3 build files: options A, B and C"), _("PDF file to write ('-': standard output)")
    else:
        builds = _("build files (how many depends on the format)")
        out = _("file to write; its suffix chooses the format unless --format ('-': standard output)")
    parser.add_argument("builds", nargs="+", metavar="BUILD", help=builds)
    parser.add_argument("-o", "--output", required=True, metavar=output, help=out)
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


def export(args: argparse.Namespace, fmt: Any) -> int:
    """Evaluate each build (with the quote's fields from the arguments) and write them with `fmt`."""
    from ...core.currency import check_currency
    from ...formats.exporters import ExportRequest
    from ...store.vendor_settings import UnorderableError
    from ..inputs import catalog, evaluator, load
    from ..quote_fields import apply_quote_arguments

    cat = catalog()
    found = evaluator(cat)
    if len(args.builds) > fmt.max_options:
        raise CliError(Msg("cli.builds-per-file", n=fmt.max_options), fmt.name)
    currency = check_currency(args.currency, found.fx) if args.currency else None   # exit 2, one line
    pairs = []
    for path in args.builds:
        build = load(path)
        apply_quote_arguments(build, args, currency, found.fx)
        pairs.append((build, found.evaluate(build)))
    request = ExportRequest(options=tuple(pairs), catalog=cat, customer=args.customer, valid_days=args.valid_days,
                            sources=tuple(args.builds), draft=args.allow_errors, internal=getattr(args, "internal", False))
    try:
        written = fmt.write(request, Path(args.output))
    except UnorderableError as exc:   # not a bad input: the build itself is not orderable
        print(f"configurator: {say(exc.msg)}", *exc.errors, sep="\n", file=sys.stderr)
        return 1
    # `-o -` put the file itself on stdout: the confirmation must not be mixed into it
    note(_("wrote {path}").format(path=written))   # data on stdout, "wrote" on stderr
    return 0


def _summary() -> str:
    from ...formats.exporters import EXPORTERS

    return _("export builds and their evaluation: {formats}").format(formats="; ".join(
        f"{e.name} ({', '.join(e.suffixes)}) {_(e.description)}" for e in EXPORTERS.values()))


def arguments(parser: argparse.ArgumentParser) -> None:
    from ...formats.exporters import EXPORTERS

    export_arguments(parser, "OUT")
    parser.add_argument("--format", choices=tuple(EXPORTERS), help=_("export format (default: from the output file's suffix)"))


def run(args: argparse.Namespace) -> int:
    from ...formats.exporters import exporter, exporter_for

    return export(args, exporter(args.format) if args.format else exporter_for(args.output))


COMMAND = Command("export", _summary, arguments, run)
