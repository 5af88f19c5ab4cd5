"""Read the software-stack compatibility table: `catalogs/stack/*.toml` (docs/stack.md).

Each file names its `table` and holds arrays of rows (`[[toolkits]]`, `[[pytorch]]`, ...); the
rows are validated by `core/stack/rows.py`'s models. A file that cannot be read or a row that
does not validate raises `StackTableError`, one line naming the file, the row and the field:
the table is the basis of every pinned version, so a broken one is not silently skipped.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core import validation_text
from ..core.input_error import InputError
from ..core.library_errors import toml_msg
from ..core.message import Msg
from ..core.stack.rows import StackTable
from . import paths
from .catalogs import display_name
from .text_files import FileReadError, read_text

STACK_FOLDER = "stack"
MAX_TABLE_BYTES = 1_000_000     # a table is a few kB
TABLES = ("cuda", "drivers", "frameworks", "containers", "ascend")


class StackTableError(InputError):
    """A stack table file that cannot be used: `msg` says why (words/stack_words.py "stack.table.*"),
    `file` and `field` where; `str()` is the English line."""


def stack_dir() -> Path:
    """The shipped table folder."""
    return paths.catalog_dir() / STACK_FOLDER


def read_stack_table(folder: Path | None = None) -> StackTable:
    """Every `*.toml` of `folder` (default: the shipped one) as one `StackTable`."""
    folder = folder or stack_dir()
    merged: dict[str, Any] = {}
    origin: list[str] = []
    for path in sorted(folder.glob("*.toml")):
        name = display_name(path)
        data = _read(path, name)
        if data.get("table") not in TABLES:
            raise StackTableError(Msg("stack.table.unknown", tables=", ".join(TABLES), got=repr(data.get("table"))),
                                  name, "table")
        for key, value in data.items():
            if key == "table":
                continue
            if key in merged:
                raise StackTableError(Msg("stack.table.defined-twice"), name, key)
            merged[key] = value
        origin.append(name)
    try:
        return StackTable.model_validate({**merged, "origin": tuple(origin)})
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err.get("loc", ()))
        raise StackTableError(validation_text.msg(err), str(folder), where) from None


def _read(path: Path, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(read_text(path, max_bytes=MAX_TABLE_BYTES, what="stack table"))
    except FileReadError as exc:
        raise StackTableError(exc.msg, exc.file, exc.field, exc.entry) from None
    except tomllib.TOMLDecodeError as exc:
        raise StackTableError(Msg("input.not-toml", reason=toml_msg(exc)), name) from None
