"""Read the exchange-rate table: the shipped `catalogs/fx.toml`, then the user's override.

The table itself and its parsing are pure (`configurator.core.fx`); this module only finds
and reads the files. A missing file is skipped; a broken one is an error naming the file,
the row and the field, because a quote converted at a silently dropped rate is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path

from .. import paths
from ..core.fx import USD_ONLY, FxTable, parse_fx
from .catalog_io import _display, _read_text

FX_FILE = "fx.toml"


class FxFileError(ValueError):
    """An fx.toml that cannot be used; the message names the file and the field."""


def fx_files() -> list[Path]:
    """Where rates are read from, later files overriding earlier ones."""
    return [paths.catalog_dir() / FX_FILE, paths.user_catalog_dir() / FX_FILE]


def read_fx(path: Path) -> FxTable:
    """The rates in one fx.toml; FxFileError (one line, file and field) when it is broken."""
    try:
        return parse_fx(_read_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise FxFileError(f"{_display(path)}: not valid TOML ({exc})") from None
    except ValueError as exc:
        raise FxFileError(f"{_display(path)}: {exc}") from None


def load_fx(files: Sequence[Path] | None = None) -> FxTable:
    """USD, then the rates of each existing file in `files` (default `fx_files()`), later ones winning."""
    table = USD_ONLY
    for path in fx_files() if files is None else files:
        if path.is_file():
            table = table.overridden_by(read_fx(path))
    return table
