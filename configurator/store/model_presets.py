"""Read the workload model presets: the shipped `catalogs/models.toml`, then the user's override.

The presets are plain `ModelShape`s (`configurator.core.evaluate.workload_models`); this module
finds and reads the files through the one bounded reader (`store/text_files.py`). A missing file is
skipped. A broken file or entry raises `PresetFileError` naming the file, the preset and the
field, or, when the caller passes an `issues` list (the app and the CLI do), is skipped and
reported there so the other presets and every other figure still work.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path

from ..core.catalog import LoadIssue
from ..core.evaluate.workload_models import ModelShape, parse_presets
from ..core.input_error import InputError, InvalidValueError
from ..core.library_errors import toml_msg
from ..core.message import Msg
from . import paths
from .catalogs import display_name
from .text_files import FileReadError, read_text

MODELS_FILE = "models.toml"
MAX_MODELS_BYTES = 1_000_000   # a preset table is a few kB


class PresetFileError(InputError):
    """A models.toml that cannot be used; the message names the file, preset and field."""


def preset_files() -> list[Path]:
    """Where presets are read from; a preset id in a later file replaces the earlier one."""
    return [paths.catalog_dir() / MODELS_FILE, paths.user_catalog_dir() / MODELS_FILE]


def read_presets(path: Path, issues: list[LoadIssue] | None = None) -> dict[str, ModelShape]:
    """The presets in one models.toml, by id. A broken file or entry raises PresetFileError,
    or with `issues` is skipped (the file's good entries still load) and reported there."""
    name = display_name(path)
    problems: list[Msg] | None = [] if issues is not None else None
    try:
        text = read_text(path, max_bytes=MAX_MODELS_BYTES, what="model presets file")
        presets = parse_presets(tomllib.loads(text), problems)
    except FileReadError as exc:
        return _refused(name, exc.msg, issues)
    except tomllib.TOMLDecodeError as exc:
        return _refused(name, Msg("presets.not-toml", reason=toml_msg(exc)), issues)
    except InvalidValueError as exc:
        return _refused(name, exc.msg, issues)
    if issues is not None:
        issues.extend(LoadIssue(name, "", "", Msg("presets.skipped", details=why)) for why in problems or ())
    return presets


def _refused(name: str, why: Msg, issues: list[LoadIssue] | None) -> dict[str, ModelShape]:
    if issues is None:
        raise PresetFileError(why, name)
    issues.append(LoadIssue(name, "", "", Msg("presets.unused", details=why)))
    return {}


def load_presets(files: Sequence[Path] | None = None,
                 issues: list[LoadIssue] | None = None) -> dict[str, ModelShape]:
    """Presets of every existing file in `files` (default `preset_files()`), later ids winning."""
    out: dict[str, ModelShape] = {}
    for path in preset_files() if files is None else files:
        if path.exists() or path.is_symlink():
            out.update(read_presets(path, issues))
    return out
