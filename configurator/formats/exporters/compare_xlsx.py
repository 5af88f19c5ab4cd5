"""The comparison as an XLSX workbook (openpyxl): one comparison sheet, then one BOM sheet per build.

The comparison sheet has a row per figure (group, figure, unit) and per build three columns:
the value, its difference to the baseline and that difference in % (a real percentage cell).
Numbers are numbers with number formats; best values are bold on green, the baseline's
header is marked. Each BOM sheet is the build's priced BOM with the quote's totals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.compare import MAX_COLUMNS, Comparison, Row
from ...core.message import Msg
from ...words.i18n import N_, _
from ..registry import Exporter, ExportRequest
from .cells import xlsx_row
from .comparison_source import (
    column_header,
    comparison_of,
    group_label,
    options_text,
    price_list_name,
    prices_text,
    value_words,
)
from .xlsx_common import (
    NUMBER_FORMAT,
    PERCENT_FORMAT,
    money_format,
    print_setup,
    save_workbook,
    sheet_name,
    write_bom_sheet,
)

FIRST = 4            # columns A-C: group, figure, unit; builds from D
HEAD_ROWS = 5        # title, build, price list, options, sub-headers
BEST_FILL = "C6EFCE"


def _fmt(row: Row, value: Any) -> str:
    if row.kind == "money":
        return money_format(value)
    return "#,##0" if isinstance(value, int) else NUMBER_FORMAT


def _header(ws: Any, cmp: Comparison) -> None:
    from openpyxl.styles import Alignment, Font

    ws.append([_("Comparison")])
    ws["A1"].font = Font(bold=True, size=13)
    builds: list[Any] = [_("Build"), "", ""]
    prices: list[Any] = [_("Price list"), "", ""]
    opts: list[Any] = [_("Site options"), "", ""]
    subs: list[Any] = [_("Group"), _("Figure"), _("Unit")]
    for i, col in enumerate(cmp.columns):
        builds += [column_header(col, i, cmp.baseline).split("\n")[0], "", ""]
        prices += [price_list_name(col), "", ""]
        opts += [options_text(col), "", ""]
        subs += [_("Value"), _("Δ to baseline"), _("Δ %")]
    for line in (builds, prices, opts, subs):
        ws.append(xlsx_row(line))
    for r in range(2, HEAD_ROWS + 1):
        for cell in ws[r]:
            cell.font = Font(bold=True)
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    for i in range(len(cmp.columns)):
        c = FIRST + 3 * i
        for r in (2, 3, 4):
            ws.merge_cells(start_row=r, start_column=c, end_row=r, end_column=c + 2)


def _row(ws: Any, row: Row) -> None:
    from openpyxl.styles import Font, PatternFill

    line: list[Any] = [group_label(row.group), _(row.label), row.unit]
    for value, delta in zip(row.values, row.deltas, strict=True):
        line.append(value_words(value) if isinstance(value, str | Msg) else value)
        line.append(None if delta is None else delta.absolute)
        line.append(None if delta is None or delta.percent is None else delta.percent / 100.0)
    ws.append(xlsx_row(line))
    r = ws.max_row
    for i, best in enumerate(row.best):
        c = FIRST + 3 * i
        value = ws.cell(row=r, column=c)
        if value.value is not None and not isinstance(value.value, str):
            value.number_format = _fmt(row, value.value)
        if ws.cell(row=r, column=c + 1).value is not None:
            ws.cell(row=r, column=c + 1).number_format = "+" + _fmt(row, 0) + ";-" + _fmt(row, 0)
        ws.cell(row=r, column=c + 2).number_format = PERCENT_FORMAT
        if best:
            value.font = Font(bold=True)
            value.fill = PatternFill("solid", fgColor=BEST_FILL)


def write_comparison_sheet(ws: Any, cmp: Comparison) -> None:
    """The comparison on worksheet `ws`."""
    _header(ws, cmp)
    for row in cmp.rows:
        _row(ws, row)
    ws.freeze_panes = ws.cell(row=HEAD_ROWS + 1, column=FIRST)
    ws.print_title_rows = f"2:{HEAD_ROWS}"
    print_setup(ws)
    for r, height in ((2, 30), (4, 30)):      # merged, wrapped: build names and site options
        ws.row_dimensions[r].height = height
    for letter, width in (("A", 34), ("B", 34), ("C", 10)):
        ws.column_dimensions[letter].width = width
    for i in range(len(cmp.columns)):
        for k, width in enumerate((18, 14, 9)):
            ws.column_dimensions[ws.cell(row=1, column=FIRST + 3 * i + k).column_letter].width = width


def _write(request: ExportRequest, path: Path) -> Path:
    # openpyxl takes ~0.2 s to import: paid on the first XLSX export, not at every start
    from openpyxl import Workbook

    cmp = comparison_of(request)
    wb = Workbook()
    ws = wb.active
    ws.title = sheet_name(_("Comparison"), ())
    write_comparison_sheet(ws, cmp)
    for i, col in enumerate(cmp.columns):
        name = sheet_name(f"{chr(ord('A') + i)} {col.label}", wb.sheetnames)
        write_bom_sheet(wb.create_sheet(name), col.evaluation.cost, col.catalog,
                        f"{col.label} — {prices_text(col)}")
    return save_workbook(wb, path)


COMPARE_XLSX = Exporter(name="compare-xlsx", suffixes=(".xlsx",), description=N_("Comparison (XLSX)"),
                        max_options=MAX_COLUMNS, write=_write)
