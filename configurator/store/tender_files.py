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

A file that cannot be taken is one `ValueError` line naming the file and the field.
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
    where = f"{path}: field 'requirement[{n}]"
    if not isinstance(row, dict):
        raise ValueError(f"{where}': not a table")
    for name in ("text", "field", "comparator", "value"):
        if name not in row:
            raise ValueError(f"{where}.{name}': missing")
    field, comparator, value = row["field"], row["comparator"], row["value"]
    if field not in FIELDS:
        raise ValueError(f"{where}.field': unknown field {field!r} (choose from {', '.join(FIELDS)})")
    if comparator not in COMPARATORS:
        raise ValueError(f"{where}.comparator': {comparator!r} is not one of {', '.join(COMPARATORS)}")
    if not isinstance(value, bool | int | float | str) or isinstance(value, float) and value != value:
        raise ValueError(f"{where}.value': a number, true/false or a text")
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, str) and comparator != "contains" or comparator == "contains" and not isinstance(value, str):
        raise ValueError(f"{where}.comparator': a text value needs 'contains', and 'contains' a text value")
    return Requirement(text=str(row["text"]), field=field, comparator=comparator, value=value,
                       unit=str(row.get("unit", "")))


def load_tender(path: Path | str) -> Tender:
    """The tender file at `path`; raises ValueError naming the file and the field."""
    path = Path(path)
    try:
        data = tomllib.loads(read_text(path, max_bytes=1_000_000, what="tender requirements"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(Msg("input.not-toml", reason=toml_msg(exc)), str(path)) from None
    rows = data.get("requirement", [])
    if not isinstance(rows, list) or not rows:
        raise ValueError(f"{path}: field 'requirement': at least one [[requirement]] table is needed")
    if len(rows) > MAX_REQUIREMENTS:
        raise ValueError(f"{path}: field 'requirement': more than {MAX_REQUIREMENTS} requirements")
    head = data.get("tender", {})
    if not isinstance(head, dict):
        raise ValueError(f"{path}: field 'tender': not a table")
    reqs = tuple(_requirement(path, n, row) for n, row in enumerate(rows, 1))
    return Tender(str(head.get("title", "")), str(head.get("number", "")), reqs)
