"""Every format builds can be exported to, by name; `exporter` / `exporter_for` look one up.

A comparison's formats are `comparisons.py`'s and a cluster plan's `clusters.py`'s: writing a
quote or a BOM loads neither the comparison nor the cluster planner.
"""

from __future__ import annotations

from pathlib import Path

from ..registry import Exporter, ExportRequest, by_name, for_path
from .bom_csv import BOM_CSV
from .bom_xlsx import BOM_XLSX
from .delta_bom_csv import DELTA_BOM_CSV
from .delta_bom_xlsx import DELTA_BOM_XLSX
from .evaluation_json import EVALUATION_JSON
from .netbox_devicetype import NETBOX_DEVICETYPE_BUILD
from .pdf_quote import PDF_QUOTE
from .upgrade_pdf import UPGRADE_PDF

#: name -> exporter, in the order File ▸ Export lists them (a suffix picks the first that has it:
#: .csv and .xlsx are the build's BOM; the delta BOM is chosen by --format)
EXPORTERS: dict[str, Exporter] = {e.name: e for e in (PDF_QUOTE, EVALUATION_JSON, BOM_CSV, BOM_XLSX, UPGRADE_PDF,
                                                      DELTA_BOM_CSV, DELTA_BOM_XLSX, NETBOX_DEVICETYPE_BUILD)}


def exporter(name: str) -> Exporter:
    """The exporter called `name`; raises `UnknownFormatError`."""
    return by_name(EXPORTERS, name, "exporter")


def exporter_for(path: Path | str) -> Exporter:
    """The exporter for `path`'s suffix; raises `UnknownFormatError` (one line, naming the file)."""
    return for_path(EXPORTERS, path, "exporter")


__all__ = ["EXPORTERS", "ExportRequest", "Exporter", "exporter", "exporter_for"]
