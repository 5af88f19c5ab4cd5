"""Every format builds can be exported to, by name; `exporter` / `exporter_for` look one up."""

from __future__ import annotations

from pathlib import Path

from ..registry import Exporter, ExportRequest, by_name, for_path
from .bom_csv import BOM_CSV
from .bom_xlsx import BOM_XLSX
from .cluster_bom_csv import CLUSTER_BOM_CSV, NETBOX_CSV, ClusterExporter
from .cluster_pdf import CLUSTER_PDF
from .compare_csv import COMPARE_CSV
from .compare_json import COMPARE_JSON
from .compare_pdf import COMPARE_PDF
from .compare_xlsx import COMPARE_XLSX
from .delta_bom_csv import DELTA_BOM_CSV
from .delta_bom_xlsx import DELTA_BOM_XLSX
from .evaluation_json import EVALUATION_JSON
from .netbox_devicetype import NETBOX_DEVICETYPE, NETBOX_DEVICETYPE_BUILD
from .pdf_quote import PDF_QUOTE
from .upgrade_pdf import UPGRADE_PDF

#: name -> exporter, in the order File ▸ Export lists them (a suffix picks the first that has it:
#: .csv and .xlsx are the build's BOM; the delta BOM is chosen by --format)
EXPORTERS: dict[str, Exporter] = {e.name: e for e in (PDF_QUOTE, EVALUATION_JSON, BOM_CSV, BOM_XLSX, UPGRADE_PDF,
                                                      DELTA_BOM_CSV, DELTA_BOM_XLSX, NETBOX_DEVICETYPE_BUILD)}

#: name -> exporter of a comparison of 2-6 builds (`ExportRequest.comparison`, else its options compared)
COMPARE_EXPORTERS: dict[str, Exporter] = {e.name: e for e in (COMPARE_XLSX, COMPARE_CSV, COMPARE_PDF,
                                                                  COMPARE_JSON)}


#: name -> cluster-plan exporter (`configurator cluster ... -o OUT [--format NAME]`)
CLUSTER_EXPORTERS: dict[str, ClusterExporter] = {e.name: e for e in (CLUSTER_BOM_CSV, NETBOX_CSV,
                                                                      NETBOX_DEVICETYPE, CLUSTER_PDF)}


def cluster_exporter(name: str | None, path: Path | str) -> ClusterExporter:
    """The cluster exporter called `name`, else the one for `path`'s suffix; `UnknownFormatError`."""
    return by_name(CLUSTER_EXPORTERS, name, "cluster exporter") if name else \
        for_path(CLUSTER_EXPORTERS, path, "cluster exporter")


def compare_exporter(name: str | None, path: Path | str) -> Exporter:
    """The comparison exporter called `name`, else the one for `path`'s suffix; `UnknownFormatError`."""
    return by_name(COMPARE_EXPORTERS, name, "comparison exporter") if name else \
        for_path(COMPARE_EXPORTERS, path, "comparison exporter")


def exporter(name: str) -> Exporter:
    """The exporter called `name`; raises `UnknownFormatError`."""
    return by_name(EXPORTERS, name, "exporter")


def exporter_for(path: Path | str) -> Exporter:
    """The exporter for `path`'s suffix; raises `UnknownFormatError` (one line, naming the file)."""
    return for_path(EXPORTERS, path, "exporter")


__all__ = ["EXPORTERS", "CLUSTER_EXPORTERS", "COMPARE_EXPORTERS", "ClusterExporter", "ExportRequest", "Exporter",
           "cluster_exporter", "compare_exporter", "exporter", "exporter_for"]
