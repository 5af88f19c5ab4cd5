"""The tender pack (招标/投标) of one build against a tender's requirement file, as PDF and XLSX.

Gathers what the documents show (core/tender: the deviations from the evaluated build, the priced
lines with tax from its priced BOM), words them (tender_rows.py) and writes them: the PDF through
report/tender.py, the XLSX through openpyxl with every text cell through cells.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from ...core.build import Build
from ...core.catalog import Catalog
from ...core.evaluate.result import Evaluation
from ...core.tender import deviations, tender_pricing
from ...store.safe_write import atomic_write
from ...store.tender_files import Tender
from ...words.quote_words import Labels
from ...words.tender_words import TITLE_DEVIATIONS, TITLE_PRICES, tender_word
from .cells import xlsx_row
from .tender_rows import TenderTables, tender_tables
from .xlsx_common import money_format, print_setup, save_workbook, sheet_name


@dataclass(frozen=True)
class TenderPack:
    """What both documents print: the worded tables, the heading lines, the bidder and the language."""

    tables: TenderTables
    heading: tuple[str, ...]
    bidder: str
    tr: Labels
    label: str = ""            # the running footer's: the tender number, else its title


def tender_pack(build: Build, evaluation: Evaluation, tender: Tender, catalog: Catalog | None,
                bidder: str = "", language: str = "zh_CN", day: date | None = None) -> TenderPack:
    """The pack's content for `build` (evaluated as `evaluation`) against `tender`."""
    tr = Labels(language)
    tables = tender_tables(deviations(tender.requirements, build, evaluation), tender_pricing(evaluation.cost),
                           catalog, tr)
    lines = [tender_word(tr, "Tender: {title}").format(title=tender.title) if tender.title else "",
             tender_word(tr, "Tender number: {number}").format(number=tender.number) if tender.number else "",
             tender_word(tr, "Bidder: {company}").format(company=bidder) if bidder else "",
             tender_word(tr, "Project: {name}").format(name=build.meta.name),
             tender_word(tr, "Customer: {customer}").format(customer=build.meta.customer) if build.meta.customer else "",
             tender_word(tr, "Date: {date}").format(date=(day or date.today()).isoformat())]
    return TenderPack(tables, tuple(x for x in lines if x), bidder, tr, tender.number or tender.title)


def _notes(pack: TenderPack) -> tuple[str, str]:
    tr = pack.tr
    return (tender_word(tr, "Offered values are read from the evaluated build, not typed in."),
            tender_word(tr, "Amounts in {currency}; incl. tax = excl. tax × (1 + rate), rounded per line.").format(
                currency=pack.tables.currency))


def write_tender_pdf(pack: TenderPack, path: Path) -> Path:
    """The pack as one PDF (技术偏差表, then 分项报价明细表)."""
    from ...report.canvas import PageInfo
    from ...report.tender import MARGIN, PAGE_H, PAGE_W, tender_pdf

    tr = pack.tr
    info = PageInfo(vendor=pack.bidder, quote_label=pack.label, customer="", page_w=PAGE_W, page_h=PAGE_H,
                    margin_l=MARGIN, margin_r=MARGIN, page_label=tr("Page {page} of {total}"))
    titles = (tender_word(tr, TITLE_DEVIATIONS), tender_word(tr, TITLE_PRICES))
    data = tender_pdf(pack.tables, pack.heading, titles, _notes(pack), info,
                      tender_word(tr, "Total in words"))
    atomic_write(path, data)
    return path


def _sheet(ws: Any, title: str, heading: tuple[str, ...], headers: tuple[str, ...],
           widths: tuple[int, ...]) -> int:
    from openpyxl.styles import Alignment, Font

    ws.append(xlsx_row([title]))
    ws.cell(row=1, column=1).font = Font(bold=True, size=13)
    for line in heading:
        ws.append(xlsx_row([line]))
    ws.append(xlsx_row(headers))
    head = ws.max_row
    for cell in ws[head]:
        cell.font = Font(bold=True)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    for i, width in enumerate(widths, 1):
        ws.column_dimensions[ws.cell(row=head, column=i).column_letter].width = width
    ws.freeze_panes = ws.cell(row=head + 1, column=1)
    ws.print_title_rows = f"{head}:{head}"
    print_setup(ws)
    return head


def write_tender_xlsx(pack: TenderPack, path: Path) -> Path:
    """The pack as a workbook: one sheet per table, amounts as numbers with the currency's decimals."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    tr, t = pack.tr, pack.tables
    wb = Workbook()
    ws = wb.active
    ws.title = sheet_name(tender_word(tr, TITLE_DEVIATIONS), ())
    _sheet(ws, tender_word(tr, TITLE_DEVIATIONS), pack.heading, t.deviation_headers, (6, 40, 22, 12, 50))
    for row in t.deviation_rows:
        ws.append(xlsx_row(row))
    ws.append(xlsx_row([_notes(pack)[0]]))
    ws = wb.create_sheet(sheet_name(tender_word(tr, TITLE_PRICES), (wb.worksheets[0].title,)))
    _sheet(ws, tender_word(tr, TITLE_PRICES), pack.heading, t.price_headers, (6, 36, 12, 24, 6, 6, 16, 8, 16, 18, 16))
    for row in t.price_rows:
        ws.append(xlsx_row("" if v is None else v for v in row))
        for col in (7, 9, 10):
            cell = ws.cell(row=ws.max_row, column=col)
            if not isinstance(cell.value, str):
                cell.number_format = money_format(cell.value)
        ws.cell(row=ws.max_row, column=8).number_format = "0.##%"
    for label, amount in t.price_footer:
        ws.append(xlsx_row(["", label] + [""] * 7 + [amount]))
        ws.cell(row=ws.max_row, column=2).font = Font(bold=True)
        ws.cell(row=ws.max_row, column=10).number_format = money_format(amount)
        ws.cell(row=ws.max_row, column=10).font = Font(bold=True)
    if t.total_words:
        ws.append(xlsx_row(["", f"{tender_word(tr, 'Total in words')}: {t.total_words}"]))
    ws.append(xlsx_row(["", _notes(pack)[1]]))
    return save_workbook(wb, path)
