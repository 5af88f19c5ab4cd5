"""The cluster plan as a PDF (report/cluster_report.py): figures, rack elevation, fabric diagram, BOM."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...words.i18n import current_language
from .cluster_bom_csv import ClusterExporter

if TYPE_CHECKING:
    from ...core.catalog import Catalog
    from ...core.cluster.plan import ClusterPlan


def write_cluster_pdf(plan: ClusterPlan, path: Path, language: str = "en") -> Path:
    """Write the plan's PDF to `path` (atomically) in `language`; returns the path."""
    from ...report.cluster_report import cluster_pdf  # reportlab is imported on the first PDF only
    from ...store.safe_write import atomic_write

    atomic_write(path, cluster_pdf(plan, language))
    return path


def _write(plan: ClusterPlan, catalog: Catalog, path: Path) -> Path:
    return write_cluster_pdf(plan, path, current_language())   # `--lang` / CONFIGURATOR_LANG / the GUI's


CLUSTER_PDF = ClusterExporter("cluster-pdf", (".pdf",), "Cluster plan (PDF)", _write)
