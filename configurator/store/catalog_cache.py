"""The validated catalog, cached per catalog file so that the second start does not re-parse it.

Parsing TOML and validating thousands of parts takes seconds; reading them back takes a fraction of
that. Each catalog file gets one cache entry in the user cache folder
(`paths.user_cache_dir() / "catalog"`), named by a key that hashes the file's bytes, the name the
file is reported under and `catalog_entry.code_fingerprint()` (cache format, app version, the code
that validates parts): an edited file, a moved file, a new release or changed validation misses the
cache and is parsed again. The entry's format, and why its parts need not be validated again, is
`catalog_entry`'s (JSON, never pickle: a cache file is data, not code).

An entry is never trusted blindly: one that does not read, names another key, fails its checksum,
does not fit the part model or refers to a value it does not hold is rebuilt from the catalog file.
Writing is atomic (`safe_write.atomic_write`); a cache folder that cannot be written only costs the
speed-up.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from ..core.catalog import LoadIssue, Part
from .catalog_cache_entry import CACHE_FORMAT, Parsed, code_fingerprint, decode, encode
from .safe_write import atomic_write, remove_stale_temps
from .text_files import FileReadError, read_bytes

__all__ = ["CACHE_FORMAT", "CatalogCache", "Parsed", "entry_key"]

MAX_ENTRY_BYTES = 512_000_000   # a 64 MB catalog file's parts, as JSON, with room to spare
STALE_ENTRY_S = 30 * 86_400     # an entry not used for 30 days belongs to a file long gone
SUFFIX = ".json"


def entry_key(name: str, raw: bytes) -> str:
    """The cache key of a catalog file reported as `name` whose bytes are `raw`."""
    h = hashlib.sha256(f"configurator-catalog|{code_fingerprint()}|{name}|".encode())
    h.update(raw)
    return h.hexdigest()


class CatalogCache:
    """One folder of cache entries; `get_or_parse` is what the catalog loader calls per file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.hits = 0
        self.misses = 0

    def path(self, key: str) -> Path:
        return self.folder / (key + SUFFIX)

    def read(self, key: str) -> Parsed | None:
        """The entry for `key`, checked; None when absent or not to be trusted."""
        path = self.path(key)
        try:
            parsed = decode(key, read_bytes(path, max_bytes=MAX_ENTRY_BYTES, what="catalog cache file"))
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
            atomic_write(self.path(key), encode(key, parts, issues))
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
