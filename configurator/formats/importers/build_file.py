"""The app's own build file (JSON, docs/file-format.md): migrated, checked, notes kept."""

from __future__ import annotations

from ...store.build_files import read_build
from ...words.i18n import N_
from ..registry import Importer

BUILD_FILE = Importer(name="build", suffixes=(".json",), description=N_("Configurator build"), read=read_build)
