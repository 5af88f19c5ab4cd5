"""A running server's sources, by name: `configurator import NAME SOURCE` and File ▸ Import from server."""

from __future__ import annotations

from ..registry import unknown_name
from .inventory import INVENTORY
from .placing import ImportSettings, ServerImporter
from .redfish import REDFISH

#: name -> a running server's source (not a file format)
SERVER_IMPORTERS: dict[str, ServerImporter] = {i.name: i for i in (REDFISH, INVENTORY)}


def server_importer(name: str) -> ServerImporter:
    """The running-server importer called `name`; raises `UnknownFormatError`."""
    found = SERVER_IMPORTERS.get(name)
    if found is None:
        raise unknown_name("server importer", name, SERVER_IMPORTERS)
    return found


__all__ = ["SERVER_IMPORTERS", "ImportSettings", "ServerImporter", "server_importer"]
