"""Read the exchange-rate table: the shipped `catalogs/fx.toml`, then the user's override.

The table itself and its parsing are pure (`configurator.core.fx`); this module only finds and
reads the files, through the one bounded reader (`store/text_files.py`). A bad row or a broken file is
skipped and reported as a `LoadIssue` naming the file and the field; the other rows and files
still load, so one bad user file never stops an evaluation (a build in USD needs no rates at all).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..core.catalog import LoadIssue
from ..core.fx import USD_ONLY, FxTable, parse_fx
from ..core.input_error import InputError
from ..core.message import Msg
from . import paths
from .catalogs import display_name
from .text_files import FileReadError, read_text

FX_FILE = "fx.toml"
MAX_FX_BYTES = 1_000_000   # a rate table is a few kB


def fx_files() -> list[Path]:
    """Where rates are read from, later files overriding earlier ones."""
    return [paths.catalog_dir() / FX_FILE, paths.user_catalog_dir() / FX_FILE]


def read_fx(path: Path, issues: list[LoadIssue] | None = None) -> FxTable | None:
    """The rates in one fx.toml; None (with the reason in `issues`) when the file cannot be used."""
    found = issues if issues is not None else []
    name = display_name(path)
    try:
        text = read_text(path, max_bytes=MAX_FX_BYTES, what="exchange-rate file")
    except FileReadError as exc:
        found.append(LoadIssue(name, "", "", Msg("fx.rates-unused", details=Msg("input.cannot-read", details=exc.msg))))
        return None
    try:
        return parse_fx(text, name, found)
    except InputError as exc:     # not TOML at all
        found.append(LoadIssue(name, "", "", Msg("fx.rates-unused", details=exc.msg)))
        return None


def load_fx(files: Sequence[Path] | None = None, issues: list[LoadIssue] | None = None) -> FxTable:
    """USD, then the rates of each existing file in `files` (default `fx_files()`), later ones winning.

    Never raises for a bad file: what was skipped goes to `issues`."""
    table = USD_ONLY
    for path in fx_files() if files is None else files:
        if path.exists() or path.is_symlink():
            fresh = read_fx(path, issues)
            if fresh is not None:
                table = table.overridden_by(fresh)
    return table
