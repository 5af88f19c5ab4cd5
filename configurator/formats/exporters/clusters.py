"""Every format a cluster plan can be written to, by name (`configurator cluster ... -o OUT [--format NAME]`)."""

from __future__ import annotations

from pathlib import Path

from ..registry import by_name, for_path
from .cluster_bom_csv import CLUSTER_BOM_CSV, NETBOX_CSV, ClusterExporter
from .cluster_pdf import CLUSTER_PDF
from .cluster_xlsx import CLUSTER_XLSX
from .netbox_devicetype import NETBOX_DEVICETYPE

#: name -> cluster-plan exporter
CLUSTER_EXPORTERS: dict[str, ClusterExporter] = {e.name: e for e in (CLUSTER_BOM_CSV, NETBOX_CSV,
                                                                      NETBOX_DEVICETYPE, CLUSTER_PDF, CLUSTER_XLSX)}


def cluster_exporter(name: str | None, path: Path | str) -> ClusterExporter:
    """The cluster exporter called `name`, else the one for `path`'s suffix; `UnknownFormatError`."""
    return by_name(CLUSTER_EXPORTERS, name, "cluster exporter") if name else \
        for_path(CLUSTER_EXPORTERS, path, "cluster exporter")


__all__ = ["CLUSTER_EXPORTERS", "ClusterExporter", "cluster_exporter"]
