"""The vendor.toml corpus (issue 10, class 8): every bad settings file is one QuoteError line."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest
from io_helpers import CORPUS, corpus_cases

from configurator.store.vendor_settings import QuoteError, load_settings

CASES = corpus_cases()
REPO = CORPUS.parents[1]


def _bomb_png(path: Path, width: int = 20000, height: int = 20000) -> None:
    """A valid PNG header claiming width x height (the pixels need not be there to be refused)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
                     + chunk(b"IEND", b""))


@pytest.mark.parametrize("case", CASES["settings"], ids=lambda c: Path(c["file"]).name)
def test_bad_settings_are_one_line(case, monkeypatch):
    monkeypatch.chdir(REPO)   # messages name the logo relative to the settings file, as given
    path = Path("tests/corpus") / case["file"]
    if case.get("generated"):
        _bomb_png(path.parent / case["generated"], *case.get("size", (20000, 20000)))
    try:
        with pytest.raises(QuoteError) as info:
            load_settings(path)
    finally:
        if case.get("generated"):
            os.unlink(path.parent / case["generated"])
    text = str(info.value)
    assert "\n" not in text and text.startswith(f"{path}: ") and case["expect"] in text, text


def test_every_settings_file_is_listed():
    listed = {c["file"] for c in CASES["settings"]}
    on_disk = {str(p.relative_to(CORPUS)) for p in (CORPUS / "settings").glob("*.toml")}
    assert on_disk == listed
