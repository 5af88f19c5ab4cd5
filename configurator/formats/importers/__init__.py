"""Every format a build can be imported from, by name; `importer` / `importer_for` look one up."""

from __future__ import annotations

from pathlib import Path

from ..registry import Importer, UnknownFormatError, by_name, for_path
from .build_file import BUILD_FILE
from .inventory import INVENTORY
from .placing import ImportSettings, ServerImporter
from .redfish import REDFISH

#: name -> importer; the first one is the default for File ▸ Open
IMPORTERS: dict[str, Importer] = {i.name: i for i in (BUILD_FILE,)}


#: name -> a running server's source (not a file format): `configurator import NAME SOURCE`
SERVER_IMPORTERS: dict[str, ServerImporter] = {i.name: i for i in (REDFISH, INVENTORY)}


def server_importer(name: str) -> ServerImporter:
    """The running-server importer called `name`; raises `UnknownFormatError`."""
    found = SERVER_IMPORTERS.get(name)
    if found is None:
        raise UnknownFormatError(f"unknown server importer {name!r}; known: {', '.join(sorted(SERVER_IMPORTERS))}")
    return found


def importer(name: str) -> Importer:
    """The importer called `name`; raises `UnknownFormatError`."""
    return by_name(IMPORTERS, name, "importer")


def importer_for(path: Path | str) -> Importer:
    """The importer for `path`'s suffix. A suffix no importer claims (a `hgx.json.bak` backup,
    a file saved without one) is read as the app's own build file, which says what is wrong
    with it if it is not one."""
    return for_path(IMPORTERS, path, "importer", default=BUILD_FILE)


__all__ = ["IMPORTERS", "Importer", "importer", "importer_for", "SERVER_IMPORTERS", "ServerImporter",
           "ImportSettings", "server_importer"]
