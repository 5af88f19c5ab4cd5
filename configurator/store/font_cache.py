"""Parsed quote fonts, cached per font file: a quote does not parse its TrueType fonts again.

Parsing DejaVu Sans takes ~10 ms a face (the fallback CJK face ~60 ms), on every quote. The
report (report/fonts.py) turns a parsed face into bytes and back; this module keeps those bytes
in the user cache folder (`paths.user_cache_dir() / "fonts"`), one entry per font file, named by
a key of the file's resolved path, size and modification time and the reader's `version` (the
app's cache format and reportlab's): an edited, replaced or moved font file, or a new reportlab,
misses the cache and is parsed again.

An entry is a line with the SHA-256 of the rest, a line with its key, then the payload. One that
does not read, names another key or fails its checksum is ignored (the caller parses the font and
writes over it). Writing is atomic; the folder keeps at most `MAX_ENTRIES` entries (the least
recently used go) of at most `MAX_ENTRY_BYTES` each; a folder that cannot be written only costs
the speed-up. The checksum guards against damage, not against someone who rewrites an entry on
purpose: the cache folder is the user's own, as are the app's settings.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from . import paths
from .safe_write import atomic_write
from .text_files import FileReadError, read_bytes

MAX_ENTRIES = 8                 # the quote's three faces, with room for a font update or two
MAX_ENTRY_BYTES = 8_000_000     # the CJK face's tables are ~1.5 MB
MAX_FONT_BYTES = 64_000_000     # the shipped CJK face is 4 MB
SUFFIX = ".font"


def folder() -> Path:
    return paths.user_cache_dir() / "fonts"


def entry_key(font_file: Path, version: str) -> str | None:
    """The key of `font_file` as it is now, read by a reader of `version`; None when it cannot be stat'ed."""
    try:
        st = os.stat(font_file)
        where = font_file.resolve()
    except (OSError, ValueError):
        return None
    return f"{where}|{st.st_size}|{st.st_mtime_ns}|{version}"


def font_file_bytes(font_file: Path) -> bytes:
    """The bytes of `font_file` (a cached face subsets from them); raises `FileReadError`."""
    return read_bytes(font_file, max_bytes=MAX_FONT_BYTES, what="font file")


def _path(key: str) -> Path:
    return folder() / (hashlib.sha256(key.encode()).hexdigest()[:32] + SUFFIX)


def read(key: str) -> bytes | None:
    """The payload stored under `key`, intact; None when absent, foreign or damaged."""
    path = _path(key)
    try:
        raw = read_bytes(path, max_bytes=MAX_ENTRY_BYTES, what="font cache file")
    except FileReadError:
        return None
    checksum, _, rest = raw.partition(b"\n")
    stored_key, sep, payload = rest.partition(b"\n")
    if not sep or hashlib.sha256(rest).hexdigest().encode("ascii") != checksum or stored_key != key.encode():
        return None
    try:
        os.utime(path)   # the least recently used entries are the ones pruned
    except OSError:
        pass
    return payload


def write(key: str, payload: bytes) -> None:
    """Store `payload` under `key` and prune the folder to `MAX_ENTRIES`; never raises for a folder
    that cannot be written."""
    rest = key.encode() + b"\n" + payload
    if len(rest) + 65 > MAX_ENTRY_BYTES:
        return
    try:
        folder().mkdir(parents=True, exist_ok=True)
        atomic_write(_path(key), hashlib.sha256(rest).hexdigest().encode("ascii") + b"\n" + rest)
        entries = sorted(folder().glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in entries[MAX_ENTRIES:]:
            old.unlink()
    except OSError:
        pass
