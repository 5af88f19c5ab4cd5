"""The bill of materials of one build as an XLSX workbook (openpyxl): one sheet, real numbers."""

from __future__ import annotations

from pathlib import Path

from ...words.i18n import N_
from ..registry import Exporter, ExportRequest
from .xlsx_common import save_workbook, sheet_name, write_bom_sheet


def _write(request: ExportRequest, path: Path) -> Path:
    # openpyxl takes ~0.2 s to import: paid on the first XLSX export, not at every start
    from openpyxl import Workbook

    build, evaluation = request.options[0]
    wb = Workbook()
    ws = wb.active
    ws.title = sheet_name(build.meta.name, ())
    write_bom_sheet(ws, evaluation.cost, request.catalog, build.meta.name)
    return save_workbook(wb, path)


BOM_XLSX = Exporter(name="bom-xlsx", suffixes=(".xlsx",), description=N_("Bill of materials (XLSX)"), max_options=1,
                    write=_write)
