"""The acceptance test's reference values: resources/acceptance/references.toml, read once per call.

Each table is one `Reference` (core/acceptance/model.py): its value, unit, source URL, date and
confidence, `estimate = true` where the value is derived. A file that misses a field is refused
with one line naming the file and the field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from ..core.acceptance.model import Reference
from ..core.input_error import InputError
from ..core.library_errors import toml_msg
from ..core.message import Msg
from .paths import resources_dir
from .text_files import read_text

REQUIRED = ("value", "unit", "url", "date", "confidence")


def references_path() -> Path:
    return resources_dir() / "acceptance" / "references.toml"


def load_references(path: Path | None = None) -> dict[str, Reference]:
    """Every reference by key; raises `InputError` naming the file and the field."""
    path = path or references_path()
    try:
        data = tomllib.loads(read_text(path, max_bytes=1_000_000, what="reference table"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(Msg("input.not-toml", reason=toml_msg(exc)), str(path)) from None
    refs = {}
    for key, row in data.items():
        if not isinstance(row, dict):
            raise InputError(Msg("input.not-table"), str(path), key)
        for name in REQUIRED:
            if name not in row:
                raise InputError(Msg("input.missing"), str(path), f"{key}.{name}")
        value = row["value"]
        if not (_number(value) or isinstance(value, list) and value and all(_number(v) for v in value)):
            raise InputError(Msg("accept.reference.value"), str(path), f"{key}.value")
        if not _number(row.get("tolerance_pct", 0)):
            raise InputError(Msg("accept.reference.number"), str(path), f"{key}.tolerance_pct")
        refs[key] = Reference(key=key, value=tuple(float(v) for v in value) if isinstance(value, list) else float(value),
                              unit=str(row["unit"]), url=str(row["url"]), date=str(row["date"]),
                              confidence=str(row["confidence"]), note=str(row.get("note", "")),
                              estimate=bool(row.get("estimate", False)),
                              tolerance_pct=float(row.get("tolerance_pct", 0)))
    return refs


def _number(value: object) -> bool:
    """A TOML integer or float (true/false is not a number here)."""
    return isinstance(value, int | float) and not isinstance(value, bool)
