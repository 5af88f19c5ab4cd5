"""`configurator tender BUILD --requirements FILE --pdf OUT.pdf --xlsx OUT.xlsx`: the Chinese tender pack.

技术偏差表 (each requirement of the tender's file against the evaluated build) and 分项报价明细表
(the priced lines with 含税 prices per line, total and 大写), as PDF and/or XLSX; the requirement
file's format is docs/tender.md (examples/tender-requirements.toml).
"""

from __future__ import annotations

import argparse

from ...core.message import Msg
from ...words.i18n import _
from ..command import CliError, Command


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("build", metavar="BUILD", help=_("build file"))
    p.add_argument("--requirements", required=True, metavar="FILE",
                   help=_("the tender's requirement list (TOML, docs/tender.md)"))
    p.add_argument("--pdf", metavar="OUT", help=_("write the tender pack to OUT as PDF"))
    p.add_argument("--xlsx", metavar="OUT", help=_("write the tender pack to OUT as an Excel workbook"))
    p.add_argument("--currency", metavar="CODE", help=_("price the pack in this currency, ISO 4217 "
                                                       "(default: the build's)"))
    p.add_argument("--language", choices=("zh_CN", "en"), default="zh_CN",
                   help=_("language of the documents (default: zh_CN)"))
    from ..quote_fields import add_quote_arguments

    add_quote_arguments(p)        # --tax-pct 13, --discount-pct, --shipping …: the quote's terms


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ...core.currency import check_currency
    from ...formats.exporters.tender import tender_pack, write_tender_pdf, write_tender_xlsx
    from ...store.tender_files import load_tender
    from ...store.vendor_settings import load_settings
    from ..inputs import catalog, evaluator, load
    from ..quote_fields import apply_quote_arguments

    if not args.pdf and not args.xlsx:
        raise CliError(Msg("cli.tender-outputs"))
    tender = load_tender(args.requirements)
    cat = catalog()
    found = evaluator(cat)
    build = load(args.build)
    currency = check_currency(args.currency, found.fx) if args.currency else None
    apply_quote_arguments(build, args, currency, found.fx)
    pack = tender_pack(build, found.evaluate(build), tender, cat, load_settings().vendor.company, args.language)
    for target, write in ((args.pdf, write_tender_pdf), (args.xlsx, write_tender_xlsx)):
        if target:
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            print(_("wrote {path}").format(path=write(pack, Path(target))))
    return 0


COMMAND = Command("tender", lambda: _("write the Chinese tender pack (deviation table, itemised prices)"),
                  arguments, run)
