"""The upgrade quote PDF (report/upgrade_quote.py): one imported build, or BEFORE and AFTER."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ...core.build import Build
from ...core.catalog import Catalog
from ...core.evaluate.result import Evaluation
from ...core.upgrade.delta import UpgradePlan
from ...store.vendor_settings import VendorSettings
from ...words.i18n import N_
from ..registry import Exporter, ExportRequest
from .upgrade_request import request_plan


def write_upgrade_quote(plan: UpgradePlan, after: Build, after_eval: Evaluation, catalog: Catalog, out_path: Path,
                        *, settings: VendorSettings | None = None, issue_date: date | None = None,
                        customer: str | None = None, draft: bool = False, internal: bool = False) -> Path:
    """Write the upgrade quote to `out_path` (the customer's copy; `internal`: the seller's, with the
    appendix of sources and estimates). Takes the next quote number from the counter (unless
    the build has one) and gives it back if writing fails."""
    # reportlab takes ~0.3 s to import: paid on the first PDF export, not at every start
    from ...report.upgrade_quote import refused_errors, upgrade_quote_pdf
    from ...store.quote_counter import next_quote_number, release_quote_number
    from ...store.safe_write import atomic_write
    from ...store.vendor_settings import load_settings

    refused_errors(after_eval, draft)            # refused before a number is taken
    settings = settings if settings is not None else load_settings()
    prefix = settings.quote.number_prefix
    number = after.meta.quote_number or next_quote_number(prefix, issue_date)
    written = False
    try:
        atomic_write(out_path, upgrade_quote_pdf(plan, after, after_eval, catalog, settings, number,
                                                 issue_date=issue_date, customer=customer, draft=draft,
                                                 internal=internal))
        written = True
    finally:
        if not written and not after.meta.quote_number:
            release_quote_number(number, prefix, issue_date)
    return out_path


def _write(request: ExportRequest, path: Path) -> Path:
    job = request_plan(request)
    return write_upgrade_quote(job.plan, job.after, job.after_eval, job.catalog, path, customer=request.customer,
                               draft=request.draft, internal=request.internal)


UPGRADE_PDF = Exporter(name="upgrade-pdf", suffixes=(".pdf",), description=N_("Upgrade quote (PDF)"), max_options=2,
                       write=_write)
