"""Write the acceptance plan and report PDFs (report/acceptance.py) atomically."""

from __future__ import annotations

from pathlib import Path

from ...core.acceptance.compare import Comparison
from ...core.acceptance.model import Plan
from ...core.acceptance.verdicts import Report
from ...store.safe_write import atomic_write


def write_plan_pdf(plan: Plan, path: Path, language: str = "en") -> Path:
    from ...report.acceptance import plan_pdf  # reportlab: imported when a PDF is written

    atomic_write(path, plan_pdf(plan, language))
    return path


def write_report_pdf(report: Report, path: Path, comparison: Comparison | None = None, language: str = "en") -> Path:
    from ...report.acceptance import report_pdf

    atomic_write(path, report_pdf(report, comparison, language))
    return path
