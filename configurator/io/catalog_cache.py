"""The validated catalog, cached per catalog file so that the second start does not re-parse it.

Parsing TOML and validating thousands of parts takes seconds; reading them back from JSON takes a
fraction of that. Each catalog file gets one cache entry in the user cache folder
(`paths.user_cache_dir() / "catalog"`), named by a key that hashes the file's bytes, the name the
file is reported under and the app version: an edited file, a moved file or a new release misses
the cache and is parsed again. The entry holds the validated parts' `model_dump(mode="json")` and
the file's load issues, as JSON (never pickle: a cache file is data, not code).

An entry is never trusted: it is re-validated through the same part models on reading, and one
that does not read, does not parse, names another key or fails validation is rebuilt from the
catalog file. Writing is atomic (`safe_write.atomic_write`); a cache folder that cannot be
written only costs the speed-up.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .. import __version__
from ..core import categories
from ..core.catalog import LoadIssue, Part
from .files import FileReadError, read_text
from .safe_write import atomic_write, remove_stale_temps

CACHE_FORMAT = 1
MAX_ENTRY_BYTES = 512_000_000   # a 64 MB catalog file's parts, as JSON, with room to spare
STALE_ENTRY_S = 30 * 86_400     # an entry not used for 30 days belongs to a file long gone
SUFFIX = ".json"

Parsed = tuple[list[Part], list[LoadIssue]]


def entry_key(name: str, raw: bytes) -> str:
    """The cache key of a catalog file reported as `name` whose bytes are `raw`."""
    h = hashlib.sha256(f"configurator-catalog|{CACHE_FORMAT}|{__version__}|{name}|".encode())
    h.update(raw)
    return h.hexdigest()


def _dump(key: str, parts: list[Part], issues: list[LoadIssue]) -> bytes:
    """An entry: a header line (format, version, key, category, count, issues), then the parts as a
    JSON array on the next line, so that pydantic validates them straight from the JSON text."""
    category = parts[0].category if parts else ""
    head = {"format": CACHE_FORMAT, "version": __version__, "key": key, "category": category,
            "count": len(parts), "issues": [[i.file, i.entry, i.field, i.message] for i in issues]}
    body = [p.model_dump(mode="json") for p in parts]
    return (json.dumps(head, ensure_ascii=False) + "\n"
            + json.dumps(body, ensure_ascii=False, separators=(",", ":"))).encode("utf-8")


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
        self._adapters: dict[str, TypeAdapter] = {}

    def _undump(self, key: str, text: str) -> Parsed:
        """The parts and issues of an entry, every part validated again by its category's model."""
        line, sep, body = text.partition("\n")
        category, count, issues = _header(key, line)
        if not count:
            return [], issues
        known = categories.category(category)
        if known is None or not sep:
            raise ValueError(f"unknown category {category!r}")
        if category not in self._adapters:
            self._adapters[category] = TypeAdapter(list[known.model])  # type: ignore[name-defined]
        parts = self._adapters[category].validate_json(body)
        if len(parts) != count:
            raise ValueError("part count does not match the header")
        return parts, issues

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
        except (ValueError, TypeError, KeyError, ValidationError, RecursionError):
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
