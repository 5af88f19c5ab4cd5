"""Every format builds can be exported to, by name; `exporter` / `exporter_for` look one up.

A comparison's formats are `comparisons.py`'s and a cluster plan's `clusters.py`'s: writing a
quote or a BOM loads neither the comparison nor the cluster planner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..registry import Exporter, ExportRequest, by_name, for_path

_EXPORTERS: dict[str, Exporter] = {}


def exporters() -> dict[str, Exporter]:
    """Name -> exporter, in the order File ▸ Export lists them (a suffix picks the first that has
    it: .csv and .xlsx are the build's BOM; the delta BOM is chosen by --format). The exporters'
    modules are imported on first use: `configurator quote` imports the PDF quote's alone."""
    if not _EXPORTERS:
        from .bom_csv import BOM_CSV
        from .bom_xlsx import BOM_XLSX
        from .delta_bom_csv import DELTA_BOM_CSV
        from .delta_bom_xlsx import DELTA_BOM_XLSX
        from .evaluation_json import EVALUATION_JSON
        from .netbox_devicetype import NETBOX_DEVICETYPE_BUILD
        from .pdf_quote import PDF_QUOTE
        from .upgrade_pdf import UPGRADE_PDF

        _EXPORTERS.update((e.name, e) for e in (PDF_QUOTE, EVALUATION_JSON, BOM_CSV, BOM_XLSX, UPGRADE_PDF,
                                                DELTA_BOM_CSV, DELTA_BOM_XLSX, NETBOX_DEVICETYPE_BUILD))
    return _EXPORTERS


def __getattr__(name: str) -> Any:
    if name == "EXPORTERS":   # `from formats.exporters import EXPORTERS`: the full registry
        return exporters()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def exporter(name: str) -> Exporter:
    """The exporter called `name`; raises `UnknownFormatError`."""
    return by_name(exporters(), name, "exporter")


def exporter_for(path: Path | str) -> Exporter:
    """The exporter for `path`'s suffix; raises `UnknownFormatError` (one line, naming the file)."""
    return for_path(exporters(), path, "exporter")


__all__ = ["EXPORTERS", "ExportRequest", "Exporter", "exporter", "exporter_for", "exporters"]
