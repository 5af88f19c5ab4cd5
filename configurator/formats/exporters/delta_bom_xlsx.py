"""The upgrade's delta bill of materials as an Excel workbook (openpyxl).

Sheet "Delta BOM" holds the same rows as the CSV export (`delta_bom_csv.delta_rows`) under readable
headers in the user's language (the CSV keeps its machine keys), money as numbers in the currency's
format; sheet "Figures" holds each figure the upgrade quote shows (report/upgrade_quote.py `FIGURES`:
its label, unit and digits) before, after and the change, as numbers with a number format (whole
watts, a signed change), then the PSU and feed-loss verdicts and the new problems, worded.
"""

from __future__ import annotations

import io
from pathlib import Path

from ...core.upgrade.delta import UpgradePlan
from ...store.safe_write import atomic_write
from ...words.i18n import N_, _
from ...words.problems import text
from ...words.render import say
from ..registry import Exporter, ExportRequest
from .cells import text_cells_only, xlsx_row
from .delta_bom_csv import delta_rows
from .upgrade_request import request_plan
from .xlsx_common import print_setup

_MONEY_COLUMNS = (7, 8)   # unit_price, extended (1-based)
#: the Delta BOM sheet's headers for delta_bom_csv.HEADER's keys (money headers get the currency)
_HEADERS = (N_("Group"), N_("Catalog id"), N_("Part number"), N_("Description"), N_("Qty"), N_("Slots"),
            N_("Unit price"), N_("Extended"), N_("Currency"))
_GROUPS = {"Add": N_("ADD"), "Remove": N_("REMOVE"), "Move": N_("MOVE"), "Total": N_("Total")}


def _bom_headers(currency: str) -> list[str]:
    return [f"{_(h)} ({currency})" if i + 1 in _MONEY_COLUMNS else _(h) for i, h in enumerate(_HEADERS)]


def _number_format(digits: int, signed: bool = False) -> str:
    body = "#,##0" + ("." + "0" * digits if digits else "")
    return f"+{body};-{body};0" if signed else body


def _figures_rows(plan: UpgradePlan) -> list[tuple[list[object], int | None]]:
    """(row, digits of its numbers or None for text rows): the header, one row per figure, the verdicts."""
    from ...report.upgrade_quote import FIGURES  # the upgrade quote's labels, units and digits: one table

    by = {d.name: d for d in plan.deltas}
    rows: list[tuple[list[object], int | None]] = [
        ([_("Figure"), _("Unit"), _("Before"), _("After"), _("Change")], None)]
    for name, label, unit, digits in FIGURES:
        if (d := by.get(name)) is not None:
            rows.append(([_(label), unit, round(d.before, digits), round(d.after, digits),
                          round(d.change, digits)], digits))
    none = _("n/a (no redundancy)")
    rows += [([], None), ([_("PSUs"), "", say(plan.psu_before), say(plan.psu_after)], None),
             ([_("Losing one feed"), "", say(plan.feed_loss_before) if plan.feed_loss_before else none,
               say(plan.feed_loss_after) if plan.feed_loss_after else none], None), ([], None),
             ([_("New problems ({n}):").format(n=len(plan.new_problems))], None)]
    rows += [([_(v.severity.upper()), "", v.code, text(v)], None) for v in plan.new_problems]
    return rows


def workbook_bytes(plan: UpgradePlan, catalog) -> bytes:
    """The workbook, saved to memory (so the file itself is written atomically)."""
    from openpyxl import Workbook  # imported on the first XLSX export, not at start
    from openpyxl.styles import Alignment, Font

    wb = Workbook()
    bom = wb.active
    bom.title = _("Delta BOM")[:31]
    _header, *body = delta_rows(plan, catalog)
    bom.append(xlsx_row(_bom_headers(plan.currency)))
    for row in body:
        bom.append(xlsx_row([_(_GROUPS.get(str(row[0]), str(row[0])))] + row[1:]))
    for cell in bom[1]:
        cell.font = Font(bold=True)
    for col in _MONEY_COLUMNS:
        for (cell,) in bom.iter_rows(min_row=2, min_col=col, max_col=col):
            cell.number_format = "#,##0.00"
    for letter, width in zip("ABCDEFGHI", (8, 32, 22, 48, 6, 28, 14, 14, 8), strict=True):
        bom.column_dimensions[letter].width = width
    figures = wb.create_sheet(_("Figures")[:31])
    for row, digits in _figures_rows(plan):
        figures.append(xlsx_row(row))
        if digits is not None:
            for col, signed in ((3, False), (4, False), (5, True)):
                figures.cell(row=figures.max_row, column=col).number_format = _number_format(digits, signed)
    for cell in figures[1]:
        cell.font = Font(bold=True)
        if cell.column >= 3:       # over the numbers: Before, After, Change
            cell.alignment = Alignment(horizontal="right")
    for letter, width in zip("ABCDE", (34, 8, 30, 30, 12), strict=True):
        figures.column_dimensions[letter].width = width
    for ws in (bom, figures):
        print_setup(ws)            # printed or converted to PDF: landscape, every column on one page wide
    # a long verdict or problem text runs on to the right on screen; the printout keeps the five columns
    figures.print_area = f"A1:E{figures.max_row}"
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
