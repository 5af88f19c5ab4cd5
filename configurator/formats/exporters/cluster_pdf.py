"""The cluster plan as a PDF (report/cluster_report.py): figures, rack elevation, fabric diagram, BOM."""

from __future__ import annotations

from pathlib import Path

from ...core.catalog import Catalog
from ...core.cluster.plan import ClusterPlan
from ...words.i18n import current_language
from .cluster_bom_csv import ClusterExporter


def _write(plan: ClusterPlan, catalog: Catalog, path: Path) -> Path:
    from ...report.cluster_report import write_cluster_pdf  # reportlab is imported on the first PDF only

    return write_cluster_pdf(plan, path, current_language())   # `--lang` / CONFIGURATOR_LANG / the GUI's


CLUSTER_PDF = ClusterExporter("cluster-pdf", (".pdf",), "Cluster plan (PDF)", _write)
