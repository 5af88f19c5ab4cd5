"""Read the workload model presets: the shipped `catalogs/models.toml`, then the user's override.

The presets are plain `ModelShape`s (`configurator.core.evaluate.workload_models`); this module
finds and reads the files. A missing file is skipped; a broken entry is an error naming the
file, the preset and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path

from .. import paths
from ..core.evaluate.workload_models import ModelShape, parse_presets
from .catalog_io import _display, _read_text

MODELS_FILE = "models.toml"


class PresetFileError(ValueError):
    """A models.toml that cannot be used; the message names the file, preset and field."""


def preset_files() -> list[Path]:
    """Where presets are read from; a preset id in a later file replaces the earlier one."""
    return [paths.catalog_dir() / MODELS_FILE, paths.user_catalog_dir() / MODELS_FILE]


def read_presets(path: Path) -> dict[str, ModelShape]:
    """The presets in one models.toml, by id; PresetFileError when the file or an entry is broken."""
    try:
        return parse_presets(tomllib.loads(_read_text(path)))
    except tomllib.TOMLDecodeError as exc:
        raise PresetFileError(f"{_display(path)}: not valid TOML ({exc})") from None
    except ValueError as exc:
        raise PresetFileError(f"{_display(path)}: {exc}") from None


def load_presets(files: Sequence[Path] | None = None) -> dict[str, ModelShape]:
    """Presets of every existing file in `files` (default `preset_files()`), later ids winning."""
    out: dict[str, ModelShape] = {}
    for path in preset_files() if files is None else files:
        if path.is_file():
            out.update(read_presets(path))
    return out
