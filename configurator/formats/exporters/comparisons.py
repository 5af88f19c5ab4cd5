"""Every format a comparison of 2-6 builds can be written to, by name; `compare_exporter` looks one up."""

from __future__ import annotations

from pathlib import Path

from ..registry import Exporter, by_name, for_path
from .compare_csv import COMPARE_CSV
from .compare_json import COMPARE_JSON
from .compare_pdf import COMPARE_PDF
from .compare_xlsx import COMPARE_XLSX

#: name -> exporter of a comparison of 2-6 builds (`ExportRequest.comparison`, else its options compared)
COMPARE_EXPORTERS: dict[str, Exporter] = {e.name: e for e in (COMPARE_XLSX, COMPARE_CSV, COMPARE_PDF,
                                                                  COMPARE_JSON)}


def compare_exporter(name: str | None, path: Path | str) -> Exporter:
    """The comparison exporter called `name`, else the one for `path`'s suffix; `UnknownFormatError`."""
    return by_name(COMPARE_EXPORTERS, name, "comparison exporter") if name else \
        for_path(COMPARE_EXPORTERS, path, "comparison exporter")


__all__ = ["COMPARE_EXPORTERS", "compare_exporter"]
