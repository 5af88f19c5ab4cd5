"""The upgrade quote PDF (report/upgrade_quote.py): one imported build, or BEFORE and AFTER."""

from __future__ import annotations

from pathlib import Path

from ...words.i18n import N_
from ..registry import Exporter, ExportRequest
from .upgrade_request import request_plan


def _write(request: ExportRequest, path: Path) -> Path:
    # reportlab takes ~0.3 s to import: paid on the first PDF export, not at every start
    from ...report.upgrade_quote import write_upgrade_quote

    job = request_plan(request)
    return write_upgrade_quote(job.plan, job.after, job.after_eval, job.catalog, path, customer=request.customer,
                               draft=request.draft)


UPGRADE_PDF = Exporter(name="upgrade-pdf", suffixes=(".pdf",), description=N_("Upgrade quote (PDF)"), max_options=2,
                       write=_write)
