"""What the commands read: the catalog, the evaluator with its rates and presets, a build file.

Findings that do not stop a command (a skipped exchange-rate row, a migrated build file) are
printed on stderr, one line each, in the user's language. Imported by a command's `run` only.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.build import Build
from ..core.catalog import Catalog
from ..core.evaluator import Evaluator
from ..words.errors import build_note_line, issue_line
from ..words.i18n import _
from .command import print_text


def catalog() -> Catalog:
    """The shipped catalog and the user's (cached per file: store/catalog_cache.py)."""
    from ..store.catalogs import default_catalog
    from .command import slow_step

    with slow_step(_("loading the catalog")):     # a cold cache of a large user catalog: seconds
        return default_catalog()


def evaluator(cat: Catalog) -> Evaluator:
    """The evaluator with the shipped and user exchange rates and model presets; what was skipped
    in a bad rate file is a warning on stderr (the rest still works)."""
    from ..store.loaded_evaluator import default_evaluator

    issues: list = []
    found = default_evaluator(cat, issues)
    for issue in issues:
        print_text(issue_line(issue), file=sys.stderr)
    return found


def checker(cat: Catalog) -> Evaluator:
    """The evaluator `check` needs: the rules read no price, exchange rate or model preset (a
    build's workload is its own), so fx.toml and models.toml are not read (nor warned about)."""
    return Evaluator(cat)


def load(path: str) -> Build:
    """Read a build file; non-fatal findings (migrated format, unknown ids) go to stderr."""
    from ..formats.importers import importer_for

    loaded = importer_for(path).read(Path(path), catalog())
    for note in loaded.notes:
        print_text(build_note_line(note), file=sys.stderr)
    return loaded.build
