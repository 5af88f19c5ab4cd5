"""The parsed-font cache (store/font_cache.py, report/fonts.py `face_bytes`/`face_from`): a face read
back from the cache is the parsed face, attribute by attribute and type by type, and draws the same
PDF bytes; a damaged entry, a changed font file or another reportlab is parsed again."""

from __future__ import annotations

import os
import shutil

import pytest
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from configurator.report import fonts
from configurator.store import font_cache

TEXT = "Total € 1,234.00 — 8× H100 SXM5 80 GB · ¥ 5 µs"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def font_file(home):
    copy = home / "DejaVuSans.ttf"
    shutil.copyfile(fonts.font_dir() / "DejaVuSans.ttf", copy)
    return copy


def _pdf(font: TTFont, name: str) -> bytes:
    pdfmetrics.registerFont(font)
    rl_config.invariant = 1
    try:
        canvas = Canvas(None)   # no file: getpdfdata() returns the bytes
        canvas.setFont(name, 11)
        canvas.drawString(40, 700, TEXT)
        return canvas.getpdfdata()
    finally:
        rl_config.invariant = 0


def test_a_cached_face_is_the_parsed_face_and_draws_the_same_pdf(font_file):
    key = font_cache.entry_key(font_file, fonts.CACHE_VERSION)
    parsed = TTFont("CacheTestParsed", str(font_file))
    assert fonts._cached("CacheTestCached", font_file, key) is None          # nothing stored yet
    fonts._remember(parsed, key)
    cached = fonts._cached("CacheTestCached", font_file, key)
    assert cached is not None and cached.face is not parsed.face
    assert fonts._same(fonts._state(cached.face), fonts._state(parsed.face))
    assert sorted(vars(cached)) == sorted(vars(parsed))
    assert cached.face._ttf_data == parsed.face._ttf_data
    assert [cached.face._pdfScale(v) for v in (0, 1, 2048)] == [parsed.face._pdfScale(v) for v in (0, 1, 2048)]
    a, b = _pdf(parsed, "CacheTestParsed"), _pdf(cached, "CacheTestCached")
    assert a.replace(b"CacheTestParsed", b"CacheTestCached") == b


def test_load_parses_once_then_reads_the_cache(home, monkeypatch):
    parses = []
    real = TTFont.__init__

    def counting(self, name, *args, **kwargs):
        parses.append(name)
        real(self, name, *args, **kwargs)

    monkeypatch.setattr(TTFont, "__init__", counting)
    first = fonts._load(fonts.SANS)
    second = fonts._load(fonts.SANS)
    assert parses == [fonts.SANS]
    assert fonts._same(fonts._state(first.face), fonts._state(second.face))
    assert len(list((home / "cache" / "fonts").glob("*.font"))) == 1


def test_a_damaged_entry_is_parsed_again(font_file):
    key = font_cache.entry_key(font_file, fonts.CACHE_VERSION)
    fonts._remember(TTFont("CacheTestDamaged", str(font_file)), key)
    entry = next(font_cache.folder().glob("*.font"))
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    assert font_cache.read(key) is None and fonts._cached("CacheTestDamaged", font_file, key) is None
    entry.write_bytes(b"not an entry")
    assert fonts._cached("CacheTestDamaged", font_file, key) is None
    entry.write_bytes(b"")
    assert fonts._cached("CacheTestDamaged", font_file, key) is None


def test_a_checksummed_entry_that_does_not_decode_is_parsed_again(font_file):
    key = font_cache.entry_key(font_file, fonts.CACHE_VERSION)
    font_cache.write(key, b'{"attrs": {}, "arrays": [["q", 5]]}\n\x00')    # intact, but not a face
    assert font_cache.read(key) is not None
    assert fonts._cached("CacheTestForeign", font_file, key) is None


def test_another_font_file_or_reportlab_misses(font_file):
    key = font_cache.entry_key(font_file, fonts.CACHE_VERSION)
    fonts._remember(TTFont("CacheTestMiss", str(font_file)), key)
    assert font_cache.read(key) is not None
    assert font_cache.read(font_cache.entry_key(font_file, "1|reportlab 0.0")) is None
    st = font_file.stat()
    os.utime(font_file, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))   # replaced (same size)
    assert font_cache.read(font_cache.entry_key(font_file, fonts.CACHE_VERSION)) is None
    assert font_cache.entry_key(font_file.with_name("gone.ttf"), fonts.CACHE_VERSION) is None


def test_the_folder_keeps_the_most_recent_entries(home, monkeypatch):
    for n in range(4):
        font_cache.write(f"key {n}", b"payload")
        past = font_cache._path(f"key {n}").stat().st_mtime_ns - (10 - n) * 1_000_000_000   # key 3 the newest
        os.utime(font_cache._path(f"key {n}"), ns=(past, past))
    monkeypatch.setattr(font_cache, "MAX_ENTRIES", 2)
    font_cache.write("key 4", b"payload")
    kept = sorted(p.name for p in font_cache.folder().glob("*.font"))
    assert kept == sorted(font_cache._path(k).name for k in ("key 3", "key 4"))
    assert font_cache.read("key 3") == b"payload"


def test_a_folder_that_cannot_be_written_costs_only_the_speed_up(home, monkeypatch):
    (home / "cache").mkdir()
    (home / "cache" / "fonts").write_text("a file where the folder should be")
    font_cache.write("key", b"payload")           # no exception
    assert font_cache.read("key") is None
    assert fonts._load(fonts.SANS_BOLD).face.name   # parsed, as before the cache
