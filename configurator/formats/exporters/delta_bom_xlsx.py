"""The upgrade's delta bill of materials as an Excel workbook (openpyxl).

Sheet "Delta BOM" holds the same rows as the CSV export (`delta_bom_csv.delta_rows`), money as
numbers in the currency's format; sheet "Figures" holds each figure before, after and the change
(power, wall power, heat, airflow, PSU load), the PSU and feed-loss verdicts and new problems.
"""

from __future__ import annotations

import io
from pathlib import Path

from ...core.upgrade.delta import UpgradePlan
from ...store.safe_write import atomic_write
from ...words.i18n import N_
from ...words.problems import english
from ..registry import Exporter, ExportRequest
from .cells import text_cells_only, xlsx_row
from .delta_bom_csv import delta_rows
from .upgrade_request import request_plan

_MONEY_COLUMNS = (7, 8)   # unit_price, extended (1-based)


def _figures_rows(plan: UpgradePlan) -> list[list[object]]:
    rows: list[list[object]] = [["figure", "before", "after", "change"]]
    rows += [[d.name, d.before, d.after, d.change] for d in plan.deltas]
    rows += [[], ["PSUs", plan.psu_before, plan.psu_after, ""],
             ["feed loss", plan.feed_loss_before or "n/a", plan.feed_loss_after or "n/a", ""], [],
             ["new problems", len(plan.new_problems), "", ""]]
    rows += [[v.severity, v.code, english(v), ""] for v in plan.new_problems]
    return rows


def workbook_bytes(plan: UpgradePlan, catalog) -> bytes:
    """The workbook, saved to memory (so the file itself is written atomically)."""
    from openpyxl import Workbook  # imported on the first XLSX export, not at start
    from openpyxl.styles import Font

    wb = Workbook()
    bom = wb.active
    bom.title = "Delta BOM"
    for row in delta_rows(plan, catalog):
        bom.append(xlsx_row(row))
    for cell in bom[1]:
        cell.font = Font(bold=True)
    for col in _MONEY_COLUMNS:
        for (cell,) in bom.iter_rows(min_row=2, min_col=col, max_col=col):
            cell.number_format = "#,##0.00"
    for letter, width in zip("ABCDEFGHI", (8, 32, 22, 48, 6, 28, 14, 14, 8), strict=True):
        bom.column_dimensions[letter].width = width
    figures = wb.create_sheet("Figures")
    for row in _figures_rows(plan):
        figures.append(xlsx_row(row))
    figures.column_dimensions["A"].width = 22
    for letter in "BC":
        figures.column_dimensions[letter].width = 40
    text_cells_only(wb)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _write(request: ExportRequest, path: Path) -> Path:
    job = request_plan(request)
    atomic_write(path, workbook_bytes(job.plan, job.catalog))
    return path


DELTA_BOM_XLSX = Exporter(name="delta-bom-xlsx", suffixes=(".xlsx",), description=N_("Upgrade delta BOM (Excel)"),
                          max_options=2, write=_write)
