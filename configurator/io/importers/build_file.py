"""The app's own build file (JSON, docs/file-format.md): migrated, checked, notes kept."""

from __future__ import annotations

from ...i18n import N_
from ..build_io import read_build
from ..formats import Importer

BUILD_FILE = Importer(name="build", suffixes=(".json",), description=N_("Configurator build"), read=read_build)
