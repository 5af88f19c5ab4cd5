"""What the XLSX exporters share: number formats, sheet names, the BOM sheet and the atomic save.

Cells hold real numbers (int, float, Decimal: openpyxl writes Decimals as numbers) with a number
format; units and currencies are in the headers, never in the cells.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ...core.catalog import Catalog
from ...core.evaluate.result import CostResult
from ...store.safe_write import atomic_write
from .bom_rows import COLUMNS, MONEY_COLUMNS, bom_rows, headers
from .cells import text_cells_only, xlsx_row

MONEY_FORMAT = "#,##0.00"
WHOLE_MONEY_FORMAT = "#,##0"        # currencies without a minor unit (JPY)
NUMBER_FORMAT = "#,##0.##"
PERCENT_FORMAT = "+0.0%;-0.0%;0.0%"
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")
_WIDTHS = {"part_number": 20, "vendor": 12, "description": 60, "qty": 6, "unit_price": 14, "extended": 14,
           "currency": 9, "price_source": 60, "price_date": 11, "group": 16, "part_id": 30}


def money_format(amount: Any) -> str:
    """The number format for a money amount: with cents unless the currency has none."""
    exponent = amount.as_tuple().exponent if hasattr(amount, "as_tuple") else -2
    return WHOLE_MONEY_FORMAT if isinstance(exponent, int) and exponent >= 0 else MONEY_FORMAT


def sheet_name(title: str, taken: Iterable[str]) -> str:
    """A valid, unique worksheet name: no []:*?/\\, at most 31 characters, not one of `taken`."""
    base = _BAD_SHEET_CHARS.sub("_", title).strip("' ") or "Sheet"
    used = {t.lower() for t in taken}
    name, n = base[:31], 2
    while name.lower() in used:
        suffix = f" ({n})"
        name, n = base[: 31 - len(suffix)] + suffix, n + 1
    return name


def write_bom_sheet(ws: Any, cost: CostResult, catalog: Catalog | None, title: str = "") -> None:
    """The priced BOM of one build on worksheet `ws`: an optional title row, headers, lines, totals."""
    from openpyxl.styles import Font

    if title:
        ws.append(xlsx_row([title]))
        ws.cell(row=ws.max_row, column=1).font = Font(bold=True, size=12)
    ws.append(xlsx_row(headers(cost.currency)))
    head = ws.max_row
    for cell in ws[head]:
        cell.font = Font(bold=True)
    keys = [key for key, _label in COLUMNS]
    for row in bom_rows(cost, catalog):
        ws.append(xlsx_row("" if v is None else v for v in row.cells()))
        for key in MONEY_COLUMNS:
            cell = ws.cell(row=ws.max_row, column=keys.index(key) + 1)
            if not isinstance(cell.value, str):
                cell.number_format = money_format(cell.value)
        if row.qty is None:
            ws.cell(row=ws.max_row, column=keys.index("description") + 1).font = Font(bold=True)
    ws.freeze_panes = ws.cell(row=head + 1, column=1)
    ws.print_title_rows = f"{head}:{head}"
    print_setup(ws)
    for i, key in enumerate(keys, 1):
        ws.column_dimensions[ws.cell(row=head, column=i).column_letter].width = _WIDTHS[key]


def print_setup(ws: Any) -> None:
    """Printed (or converted to PDF): landscape, every column on one page wide, header rows repeated."""
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def save_workbook(wb: Any, path: Path) -> Path:
    """Save `wb` to `path` atomically (a reader never sees half a file)."""
    text_cells_only(wb)
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write(path, buf.getvalue())
    return path
