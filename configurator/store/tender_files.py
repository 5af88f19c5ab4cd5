"""A tender's requirement list (docs/tender.md): a TOML file read into `core.tender.Requirement`s.

    [tender]
    title = "某大学 AI 训练服务器采购"       # optional, printed on the documents
    number = "ZB-2026-017"                # optional, the tender (招标) number

    [[requirement]]
    text = "GPU 显存 ≥ 80 GB"             # the requirement as the tender words it
    field = "gpu.memory_gb"               # a key of core/tender/deviations.py FIELDS
    comparator = ">="                     # >=, <=, = or contains
    value = 80                            # a number, true/false or a text
    unit = "GB"                           # optional, printed after the values

A file that cannot be taken is an `InputError` (a ValueError): why, as a message (words/input_words.py
"tender-file.*"), the file and the field; the CLI prints it as one line in the user's language.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..core.input_error import InputError
from ..core.library_errors import toml_msg
from ..core.message import Msg
from ..core.tender import COMPARATORS, FIELDS, Requirement
from .text_files import read_text

MAX_REQUIREMENTS = 500


@dataclass(frozen=True)
class Tender:
    """The tender's title and number and its requirements, in the file's order."""

    title: str
    number: str
    requirements: tuple[Requirement, ...]


def _requirement(path: Path, n: int, row: object) -> Requirement:
    file, where = str(path), f"requirement[{n}]"
    if not isinstance(row, dict):
        raise InputError(Msg("input.not-table"), file, where)
    for name in ("text", "field", "comparator", "value"):
        if name not in row:
            raise InputError(Msg("input.missing"), file, f"{where}.{name}")
    field, comparator, value = row["field"], row["comparator"], row["value"]
    if field not in FIELDS:
        raise InputError(Msg("tender-file.unknown-field", field=repr(field), fields=", ".join(FIELDS)),
                         file, f"{where}.field")
    if comparator not in COMPARATORS:
        raise InputError(Msg("tender-file.comparator", comparator=repr(comparator), comparators=", ".join(COMPARATORS)),
                         file, f"{where}.comparator")
    if not isinstance(value, bool | int | float | str) or isinstance(value, float) and value != value:
        raise InputError(Msg("tender-file.value"), file, f"{where}.value")
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, str) and comparator != "contains" or comparator == "contains" and not isinstance(value, str):
        raise InputError(Msg("tender-file.contains"), file, f"{where}.comparator")
    return Requirement(text=str(row["text"]), field=field, comparator=comparator, value=value,
                       unit=str(row.get("unit", "")))


def load_tender(path: Path | str) -> Tender:
    """The tender file at `path`; raises `InputError` naming the file and the field."""
    path = Path(path)
    try:
        data = tomllib.loads(read_text(path, max_bytes=1_000_000, what="tender requirements"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(Msg("input.not-toml", reason=toml_msg(exc)), str(path)) from None
    rows = data.get("requirement", [])
    if not isinstance(rows, list) or not rows:
        raise InputError(Msg("tender-file.none"), str(path), "requirement")
    if len(rows) > MAX_REQUIREMENTS:
        raise InputError(Msg("tender-file.too-many", most=MAX_REQUIREMENTS), str(path), "requirement")
    head = data.get("tender", {})
    if not isinstance(head, dict):
        raise InputError(Msg("input.not-table"), str(path), "tender")
    reqs = tuple(_requirement(path, n, row) for n, row in enumerate(rows, 1))
    return Tender(str(head.get("title", "")), str(head.get("number", "")), reqs)
