"""Write the acceptance plan and report PDFs (report/acceptance.py) atomically; the plan lists the
build's pinned software stack (core/stack), as the quote does."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.acceptance.baseline_diff import Comparison
from ...core.acceptance.model import Plan
from ...core.acceptance.verdicts import Report
from ...core.build import Build
from ...core.catalog import Catalog
from ...store.safe_write import atomic_write

if TYPE_CHECKING:
    from ...words.stack_text import ManifestRow


def write_plan_pdf(plan: Plan, path: Path, language: str = "en", *, build: Build | None = None,
                   catalog: Catalog | None = None) -> Path:
    """The plan checklist; with the plan's `build` and `catalog`, also the build's pinned software stack."""
    from ...report.acceptance import plan_pdf  # reportlab: imported when a PDF is written

    stack = pinned_stack(build, catalog, language) if build is not None and catalog is not None else ()
    atomic_write(path, plan_pdf(plan, language, stack))
    return path


def pinned_stack(build: Build, catalog: Catalog, language: str) -> tuple[ManifestRow, ...]:
    """The build's pinned software stack as of today, worded in `language` (empty when no stack fits)."""
    from ...core.stack import plan_stack
    from ...store.stack_tables import read_stack_table
    from ...words.stack_text import manifest_rows

    return tuple(manifest_rows(plan_stack(build, catalog, read_stack_table(), date.today()), language))


def write_report_pdf(report: Report, path: Path, comparison: Comparison | None = None, language: str = "en") -> Path:
    from ...report.acceptance import report_pdf

    atomic_write(path, report_pdf(report, comparison, language))
    return path
