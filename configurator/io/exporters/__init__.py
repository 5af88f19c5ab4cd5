"""Every format builds can be exported to, by name; `exporter` / `exporter_for` look one up."""

from __future__ import annotations

from pathlib import Path

from ..formats import Exporter, ExportRequest, by_name, for_path
from .evaluation_json import EVALUATION_JSON
from .pdf_quote import PDF_QUOTE

#: name -> exporter, in the order File ▸ Export lists them
EXPORTERS: dict[str, Exporter] = {e.name: e for e in (PDF_QUOTE, EVALUATION_JSON)}


def exporter(name: str) -> Exporter:
    """The exporter called `name`; raises `UnknownFormatError`."""
    return by_name(EXPORTERS, name, "exporter")


def exporter_for(path: Path | str) -> Exporter:
    """The exporter for `path`'s suffix; raises `UnknownFormatError` (one line, naming the file)."""
    return for_path(EXPORTERS, path, "exporter")


__all__ = ["EXPORTERS", "ExportRequest", "Exporter", "exporter", "exporter_for"]
