"""Every format a build can be imported from, by name; `importer` / `importer_for` look one up.

A running server is not a file: its importers (Redfish, inventory outputs) are `servers.py`'s,
imported only by what reads a server (reading a build file never loads them).
"""

from __future__ import annotations

from pathlib import Path

from ..registry import Importer, by_name, for_path
from .build_file import BUILD_FILE

#: name -> importer; the first one is the default for File ▸ Open
IMPORTERS: dict[str, Importer] = {i.name: i for i in (BUILD_FILE,)}


def importer(name: str) -> Importer:
    """The importer called `name`; raises `UnknownFormatError`."""
    return by_name(IMPORTERS, name, "importer")


def importer_for(path: Path | str) -> Importer:
    """The importer for `path`'s suffix. A suffix no importer claims (a `hgx.json.bak` backup,
    a file saved without one) is read as the app's own build file, which says what is wrong
    with it if it is not one."""
    return for_path(IMPORTERS, path, "importer", default=BUILD_FILE)


__all__ = ["IMPORTERS", "Importer", "importer", "importer_for"]
