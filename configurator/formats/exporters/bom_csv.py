"""The bill of materials of one build as CSV: part number, vendor, description, qty, unit and
extended price, currency, price source and date, then the quote's totals (UTF-8, one header row)."""

from __future__ import annotations

import io
from pathlib import Path

from ...store.safe_write import atomic_write
from ...words.i18n import N_
from ..registry import Exporter, ExportRequest
from .bom_rows import bom_rows, headers
from .cells import SafeCsvWriter


def bom_csv_bytes(request: ExportRequest) -> bytes:
    """The CSV text of the first build's BOM; amounts are plain decimals ('' when on request)."""
    _build, evaluation = request.options[0]
    cost = evaluation.cost
    buf = io.StringIO()
    out = SafeCsvWriter(buf, lineterminator="\n")
    out.writerow(headers(cost.currency))
    for row in bom_rows(cost, request.catalog):
        out.writerow(["" if v is None else v for v in row.cells()])
    return buf.getvalue().encode("utf-8")


def _write(request: ExportRequest, path: Path) -> Path:
    atomic_write(path, bom_csv_bytes(request))
    return path


BOM_CSV = Exporter(name="bom-csv", suffixes=(".csv",), description=N_("Bill of materials (CSV)"), max_options=1,
                   write=_write)
