"""`configurator bom BUILD --csv F | --xlsx F`: one build's priced bill of materials."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, note


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("build", metavar="BUILD", help=_("build file"))
    out = p.add_mutually_exclusive_group(required=True)
    out.add_argument("--csv", metavar="F", help=_("write the bill of materials to F as CSV"))
    out.add_argument("--xlsx", metavar="F", help=_("write the bill of materials to F as an Excel workbook"))
    p.add_argument("--price-list", metavar="CSV", help=_("a buyer's price list (docs/catalog.md)"))
    p.add_argument("--currency", metavar="CODE", help=_("price the bill of materials in this currency, ISO 4217 "
                                                       "(default: the build's)"))


def run(args: argparse.Namespace) -> int:
    from ..compare_commands import run_bom
    from ..inputs import catalog, evaluator, load

    note(_("wrote {path}").format(path=run_bom(args, evaluator(catalog()), load)))
    return 0


COMMAND = Command("bom", lambda: _("write one build's priced bill of materials as CSV or XLSX"), arguments, run)
