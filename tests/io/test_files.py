"""The one bounded UTF-8 reader: regular files only, size refused before reading, one-line errors."""

from __future__ import annotations

import codecs
import os
import threading

import pytest

from configurator.store import text_files as files
from configurator.store.text_files import FileReadError, read_text


def _read(path, max_bytes: int = 1000) -> str:
    return read_text(path, max_bytes=max_bytes, what="test file")


def test_reads_utf8_and_drops_a_bom(tmp_path):
    path = tmp_path / "a.toml"
    path.write_bytes(codecs.BOM_UTF8 + "名前 = 1\n".encode())
    assert _read(path) == "名前 = 1\n"


@pytest.mark.parametrize("raw, reason", [
    ("x = 1\n".encode("utf-16"), "is UTF-16/UTF-32 text; save it as UTF-8"),
    (b"ok\n\xfc\n", "not UTF-8 text (byte 0xfc at line 2)"),
])
def test_refuses_other_encodings_naming_the_file(tmp_path, raw, reason):
    path = tmp_path / "b.csv"
    path.write_bytes(raw)
    with pytest.raises(FileReadError) as info:
        _read(path)
    assert str(info.value) == f"{path}: {reason}"
    assert info.value.reason == reason and info.value.path == str(path)


def test_oversize_is_refused_from_stat_without_reading(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(50_000_000)           # sparse: 50 MB on paper, nothing to read
    opened = []
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(a) or pytest.fail("opened"))
    with pytest.raises(FileReadError, match=r"larger than the 1 kB limit for test files \(50 MB or more\)"):
        _read(path)
    assert opened == []


def test_a_file_that_grows_after_the_stat_is_still_bounded(tmp_path, monkeypatch):
    path = tmp_path / "grows.txt"
    path.write_bytes(b"x" * 5000)
    real_stat = os.stat
    small = real_stat(tmp_path / "grows.txt")

    class Shrunk:  # what the first stat saw: a small file
        st_mode = small.st_mode
        st_size = 10

    monkeypatch.setattr(os, "stat", lambda p, *a, **k: Shrunk() if str(p) == str(path) else real_stat(p, *a, **k))
    with pytest.raises(FileReadError, match="larger than the 1 kB limit"):
        _read(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "build.json"
    os.mkfifo(fifo)
    result: list[object] = []
    reader = threading.Thread(target=lambda: result.append(_catch(fifo)), daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():           # unblock the reader before failing the test
        with open(fifo, "wb"):
            pass
        pytest.fail("read_text blocked on a FIFO")
    assert isinstance(result[0], FileReadError) and "FIFO" in str(result[0])


def _catch(path) -> object:
    try:
        return _read(path)
    except FileReadError as exc:
        return exc


@pytest.mark.parametrize("make, reason", [
    (lambda p: p.mkdir(), "is a folder, not a file"),
    (lambda p: None, "no such file"),
])
def test_folders_and_missing_files(tmp_path, make, reason):
    path = tmp_path / "x.json"
    make(path)
    with pytest.raises(FileReadError) as info:
        _read(path)
    assert str(info.value) == f"{path}: {reason}"


def test_hostile_file_name_stays_one_line(tmp_path):
    path = tmp_path / "evil\nname\x1b.json"
    with pytest.raises(FileReadError) as info:
        _read(path)
    assert "\n" not in str(info.value) and "\x1b" not in str(info.value)


def test_size_text():
    assert [files.size_text(n) for n in (10_000_000, 1_000_000, 50_000_055, 64_000, 1500, 12)] == \
        ["10 MB", "1 MB", "50.0 MB", "64 kB", "1.5 kB", "12 bytes"]


def _fifo_build(path):
    from configurator.store.build_files import load_build
    load_build(path)


def _fifo_recovery(path):
    from configurator.store.autosave import RecoveryStore
    RecoveryStore(path.parent).load(path)


def _fifo_catalog(path):
    from configurator.store.catalogs import load_part_file, load_price_file
    for loader in (load_part_file, load_price_file):
        _, issues = loader(path)
        raise ValueError(str(issues[0]))


def _fifo_workload(path):
    from configurator.cli.workload_command import load_workload_file
    load_workload_file(path)


def _fifo_vendor_settings(path):
    from configurator.store.vendor_settings import load_settings
    load_settings(path)


def _fifo_quote_counter(path, monkeypatch):
    from configurator.store import quote_counter as numbering
    monkeypatch.setattr(numbering, "counter_path", lambda: path)
    numbering.next_quote_number()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("load", [_fifo_build, _fifo_recovery, _fifo_catalog, _fifo_workload,
                                  _fifo_vendor_settings, _fifo_quote_counter], ids=lambda f: f.__name__[6:])
def test_every_file_type_reads_through_the_bounded_reader(tmp_path, monkeypatch, load):
    """A FIFO in place of any file the app reads is refused in one line, without blocking."""
    fifo = tmp_path / "input.file"
    os.mkfifo(fifo)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            load(fifo, monkeypatch) if load is _fifo_quote_counter else load(fifo)
        except ValueError as exc:
            errors.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():
        with open(fifo, "wb"):
            pass
        pytest.fail(f"{load.__name__} blocked on a FIFO")
    assert len(errors) == 1
    text = str(errors[0])
    assert "\n" not in text and str(fifo) in text and "pipe (FIFO)" in text, text
