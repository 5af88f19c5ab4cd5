"""The validated catalog, cached per catalog file so that the second start does not re-parse it.

Parsing TOML and validating thousands of parts takes seconds; reading them back from JSON takes a
fraction of that. Each catalog file gets one cache entry in the user cache folder
(`paths.user_cache_dir() / "catalog"`), named by a key that hashes the file's bytes, the name the
file is reported under and the app version: an edited file, a moved file or a new release misses
the cache and is parsed again. The entry holds the validated parts' `model_dump(mode="json")` and
the file's load issues, as JSON (never pickle: a cache file is data, not code).

Nested values (sources, slot specs, bay groups ...) are stored once per distinct value and
referred to by index: parts of one price list share their source, chassis of one family share
most slot specs, and each distinct value is then validated once instead of once per part.

An entry is never trusted: every part is re-validated through the same part models on reading
(each shared nested value by its own model, then each part with its nested values in place), and
one that does not read, does not parse, names another key, refers to a value it does not hold or
fails validation is rebuilt from the catalog file. Writing is atomic (`safe_write.atomic_write`);
a cache folder that cannot be written only costs the speed-up.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import from_json

from .. import __version__
from ..core import categories
from ..core.catalog import LoadIssue, Part
from .files import FileReadError, read_text
from .safe_write import atomic_write, remove_stale_temps

CACHE_FORMAT = 2
MAX_ENTRY_BYTES = 512_000_000   # a 64 MB catalog file's parts, as JSON, with room to spare
STALE_ENTRY_S = 30 * 86_400     # an entry not used for 30 days belongs to a file long gone
SUFFIX = ".json"

Parsed = tuple[list[Part], list[LoadIssue]]


def entry_key(name: str, raw: bytes) -> str:
    """The cache key of a catalog file reported as `name` whose bytes are `raw`."""
    h = hashlib.sha256(f"configurator-catalog|{CACHE_FORMAT}|{__version__}|{name}|".encode())
    h.update(raw)
    return h.hexdigest()


def nested_fields(model: type[BaseModel]) -> dict[str, tuple[type[BaseModel], bool]]:
    """Fields of `model` that hold frozen nested models: name -> (nested model, is a tuple of them).
    Their values are stored once per entry and referred to by index."""
    out: dict[str, tuple[type[BaseModel], bool]] = {}
    for name, info in model.model_fields.items():
        ann = info.annotation
        args = [a for a in typing.get_args(ann) if a is not type(None) and a is not Ellipsis]
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            out[name] = (ann, False)
        elif typing.get_origin(ann) is tuple and len(args) == 1 and isinstance(args[0], type) \
                and issubclass(args[0], BaseModel):
            out[name] = (args[0], True)
        elif len(args) == 1 and isinstance(args[0], type) and issubclass(args[0], BaseModel):  # X | None
            out[name] = (args[0], False)
    return out


def _dump(key: str, parts: list[Part], issues: list[LoadIssue]) -> bytes:
    """An entry: a header line (format, version, key, category, count, issues), then one JSON object
    on the next line: the distinct nested values per field, and the parts with indexes in their place."""
    category = parts[0].category if parts else ""
    head = {"format": CACHE_FORMAT, "version": __version__, "key": key, "category": category,
            "count": len(parts), "issues": [[i.file, i.entry, i.field, i.message] for i in issues]}
    nested = nested_fields(type(parts[0])) if parts else {}
    tables = {name: _Shared() for name in nested}
    rows = []
    for part in parts:
        row = part.model_dump(mode="json")
        for name, (_, many) in nested.items():
            value = row.get(name)
            if value is not None:
                row[name] = tables[name].group(value) if many else tables[name].value(value)
        rows.append(row)
    body = {"shared": {name: table.dump() for name, table in tables.items()}, "parts": rows}
    return (json.dumps(head, ensure_ascii=False) + "\n"
            + json.dumps(body, ensure_ascii=False, separators=(",", ":"))).encode("utf-8")


class _Shared:
    """One field's distinct nested values, and (for a tuple field) its distinct tuples of them."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self.groups: list[list[int]] = []
        self._values: dict[str, int] = {}
        self._groups: dict[tuple[int, ...], int] = {}

    def value(self, value: Any) -> int:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False)
        index = self._values.get(text)
        if index is None:
            index = self._values[text] = len(self.values)
            self.values.append(value)
        return index

    def group(self, values: list[Any]) -> int:
        refs = tuple(self.value(v) for v in values)
        index = self._groups.get(refs)
        if index is None:
            index = self._groups[refs] = len(self.groups)
            self.groups.append(list(refs))
        return index

    def dump(self) -> dict[str, Any]:
        return {"values": self.values, "groups": self.groups}


def _index(table: list[Any], ref: Any) -> Any:
    """`table[ref]` for a reference read from an entry; `ValueError` for anything but a valid index."""
    if type(ref) is not int or not 0 <= ref < len(table):
        raise ValueError(f"a reference {ref!r} outside the entry's {len(table)} shared values")
    return table[ref]


def _issue(row: Any) -> LoadIssue:
    if not (isinstance(row, list) and len(row) == 4 and all(isinstance(x, str) for x in row)):
        raise ValueError("a cached issue is not four strings")
    return LoadIssue(*row)


def _header(key: str, line: str) -> tuple[str, int, list[LoadIssue]]:
    """(category, part count, issues) of an entry's first line; `ValueError` unless exactly ours."""
    head = json.loads(line)
    if not isinstance(head, dict):
        raise ValueError("not an object")
    if (head.get("format"), head.get("version"), head.get("key")) != (CACHE_FORMAT, __version__, key):
        raise ValueError("written for another file, format or version")
    category, count, issues = head.get("category"), head.get("count"), head.get("issues")
    if not isinstance(category, str) or not isinstance(count, int) or not isinstance(issues, list):
        raise ValueError("category, count or issues missing")
    return category, count, [_issue(i) for i in issues]


class CatalogCache:
    """One folder of cache entries; `get_or_parse` is what the catalog loader calls per file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.hits = 0
        self.misses = 0
        self._adapters: dict[type, TypeAdapter] = {}

    def _validate(self, model: type[BaseModel], rows: Any) -> list[Any]:
        if not isinstance(rows, list):
            raise ValueError("not a list of entries")
        if model not in self._adapters:
            self._adapters[model] = TypeAdapter(list[model])  # type: ignore[valid-type]
        return self._adapters[model].validate_python(rows)

    def _undump(self, key: str, text: str) -> Parsed:
        """The parts and issues of an entry: every shared nested value validated by its model, then
        every part by its category's model with those values in place."""
        line, sep, body = text.partition("\n")
        category, count, issues = _header(key, line)
        if not count:
            return [], issues
        known = categories.category(category)
        if known is None or not sep:
            raise ValueError(f"unknown category {category!r}")
        data = from_json(body)
        if not isinstance(data, dict) or not isinstance(data.get("shared"), dict):
            raise ValueError("not a cache body")
        rows = data.get("parts")
        if not isinstance(rows, list) or len(rows) != count:
            raise ValueError("part count does not match the header")
        for name, (model, many) in nested_fields(known.model).items():
            table = self._shared(model, many, data["shared"].get(name))
            for row in rows:
                ref = row.get(name) if isinstance(row, dict) else None
                if ref is not None:
                    row[name] = _index(table, ref)
        return self._validate(known.model, rows), issues

    def _shared(self, model: type[BaseModel], many: bool, stored: Any) -> list[Any]:
        """One field's shared values, validated; for a tuple field, its tuples of them."""
        if stored is None:
            return []
        if not isinstance(stored, dict) or not isinstance(stored.get("groups"), list):
            raise ValueError("not a table of shared values")
        values = self._validate(model, stored.get("values"))
        if not many:
            return values
        groups = []
        for refs in stored["groups"]:
            if not isinstance(refs, list):
                raise ValueError("a group is not a list of references")
            groups.append(tuple(_index(values, r) for r in refs))
        return groups

    def path(self, key: str) -> Path:
        return self.folder / (key + SUFFIX)

    def read(self, key: str) -> Parsed | None:
        """The entry for `key`, validated; None when absent or not to be trusted."""
        path = self.path(key)
        try:
            text = read_text(path, max_bytes=MAX_ENTRY_BYTES, what="catalog cache file")
            parsed = self._undump(key, text)
        except FileReadError:
            return None
        except (ValueError, TypeError, KeyError, IndexError, ValidationError, RecursionError):
            return None  # corrupt or foreign: the caller rebuilds it and writes over it
        try:
            os.utime(path)   # keeps a used entry from being pruned as stale
        except OSError:
            pass
        return parsed

    def write(self, key: str, parts: list[Part], issues: list[LoadIssue]) -> None:
        """Store an entry; a folder that cannot be written is not an error (only slower)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path(key), _dump(key, parts, issues))
        except OSError:
            pass

    def get_or_parse(self, name: str, raw: bytes, parse: Callable[[str, bytes], Parsed]) -> Parsed:
        """The parts and issues of catalog file `name` with bytes `raw`: cached, or parsed and cached."""
        key = entry_key(name, raw)
        cached = self.read(key)
        if cached is not None:
            self.hits += 1
            return cached
        self.misses += 1
        parts, issues = parse(name, raw)
        self.write(key, parts, issues)
        return parts, issues

    def prune(self, older_than_s: float = STALE_ENTRY_S) -> None:
        """Remove entries not used for `older_than_s` and temp files of killed writes."""
        if not self.folder.is_dir():
            return
        cutoff = time.time() - older_than_s
        for path in self.folder.glob("*" + SUFFIX):
            try:
                if path.stat().st_mtime < cutoff:
                    path.unlink()
            except OSError:
                pass
        remove_stale_temps(self.folder)
