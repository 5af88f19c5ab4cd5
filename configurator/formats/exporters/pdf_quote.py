"""The customer's PDF quote (report/quote.py): one build, or two or three as options A/B/C."""

from __future__ import annotations

from pathlib import Path

from ...words.i18n import N_
from ..registry import Exporter, ExportRequest


def _write(request: ExportRequest, path: Path) -> Path:
    # reportlab takes ~0.3 s to import: paid on the first PDF export, not at every start
    from ...report.quote import write_quote

    return write_quote(request.options, path, customer=request.customer, valid_days=request.valid_days,
                       catalog=request.catalog, sources=request.sources, draft=request.draft)


PDF_QUOTE = Exporter(name="pdf", suffixes=(".pdf",), description=N_("PDF quote"), max_options=3, write=_write)
