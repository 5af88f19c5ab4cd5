"""A user catalog of N parts made from the shipped ones (new ids), for the scale test and bench.

A distributor's price list or a vendor catalog holds thousands of SKUs; this writes copies of
every shipped part, each with an id and name of its own, one TOML file per category, into a
user catalog folder (`write_big_catalog`), or one file of one category up to a size
(`write_big_file`, for the 64 MB limit).
"""

from __future__ import annotations

import re
from pathlib import Path

from configurator.store import paths
from configurator.store.catalogs import NON_PART_FILES

_HEAD = "\n[[parts]]\n"
_ID = re.compile(r'^id = "([^"]+)"', re.MULTILINE)
_NAME = re.compile(r'^name = "([^"]+)"', re.MULTILINE)


def _copy(chunk: str, n: int) -> str:
    """One shipped part's TOML with a new id and name (the first of each in the part's own table)."""
    chunk = _ID.sub(lambda m: f'id = "{m.group(1)}-u{n}"', chunk, count=1)
    return _NAME.sub(lambda m: f'name = "{m.group(1)} u{n}"', chunk, count=1)


def _shipped() -> list[tuple[str, str, list[str]]]:
    """(file name, text before the first part, each part's TOML) of every shipped catalog file."""
    files = []
    for path in sorted(paths.catalog_dir().glob("*.toml")):
        if path.name in NON_PART_FILES:
            continue
        head, *chunks = path.read_text(encoding="utf-8").split(_HEAD)
        files.append((path.name, head, chunks))
    return files


def write_big_file(path: Path, shipped_file: str, max_bytes: int) -> int:
    """Write copies of the parts of the shipped `shipped_file` to `path`, as many as fit in
    `max_bytes` of UTF-8, then pad it with comment lines to within 100 bytes of it; returns the count."""
    name, head, chunks = next(f for f in _shipped() if f[0] == shipped_file)
    body, size, written = [head], len(head.encode()), 0
    while True:
        copies = [(_HEAD + _copy(c, written // len(chunks))).encode() for c in chunks]
        if size + sum(map(len, copies)) > max_bytes:
            break
        body.extend(c.decode() for c in copies)
        size += sum(map(len, copies))
        written += len(chunks)
    pad = max_bytes - size - 100
    body.append("\n" + ("#" * 99 + "\n") * (pad // 100))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(body), encoding="utf-8")
    return written


def write_big_catalog(folder: Path, n_parts: int = 20_000) -> int:
    """Write about `n_parts` parts (copies of the shipped ones) into `folder`; returns the count."""
    folder.mkdir(parents=True, exist_ok=True)
    files = _shipped()
    shipped = sum(len(chunks) for _, _, chunks in files)
    copies = -(-n_parts // shipped)
    written = 0
    for name, head, chunks in files:
        body = [head]
        for n in range(copies):
            body.extend(_HEAD + _copy(c, n) for c in chunks)
        written += copies * len(chunks)
        (folder / f"big-{name}").write_text("".join(body), encoding="utf-8")
    return written
