"""Atomic writes and safe file names."""

from __future__ import annotations

import os
import time

import pytest

from configurator.store import safe_write
from configurator.store.safe_write import atomic_write, backup_path, sanitize_filename


def test_atomic_write_creates_and_replaces(tmp_path):
    path = tmp_path / "a.txt"
    atomic_write(path, b"one")
    atomic_write(path, b"two", backup=True)
    assert path.read_bytes() == b"two"
    assert backup_path(path).read_bytes() == b"one"
    atomic_write(path, b"three", backup=True)
    assert backup_path(path).read_bytes() == b"two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "a.txt.bak"]


def test_interrupted_write_leaves_old_content(tmp_path, monkeypatch):
    path = tmp_path / "a.txt"
    atomic_write(path, b"old")

    def fail_fsync(fd):
        raise OSError(5, "I/O error")

    monkeypatch.setattr(os, "fsync", fail_fsync)
    with pytest.raises(OSError):
        atomic_write(path, b"new", backup=True)
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_stale_temp_files_are_cleaned(tmp_path):
    path = tmp_path / "a.json"
    stale = tmp_path / ".a.json.deadbeef.tmp"
    fresh = tmp_path / ".a.json.cafebabe.tmp"
    other = tmp_path / ".b.json.deadbeef.tmp"
    for p in (stale, fresh, other):
        p.write_bytes(b"partial")
    old = time.time() - safe_write.STALE_TMP_S - 10
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    atomic_write(path, b"x")
    assert not stale.exists()
    assert fresh.exists()   # might belong to a write in progress in another process
    assert other.exists()   # another file's


def test_write_into_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    atomic_write("plain.txt", b"x")
    assert (tmp_path / "plain.txt").read_bytes() == b"x"


@pytest.mark.parametrize("name, expected", [
    ("HGX H100 quote", "HGX H100 quote"),
    ("../../etc/passwd", "etc_passwd"),
    ("a/b\\c", "a_b_c"),
    ('what? <now> "quoted" | star*', "what_ _now_ _quoted_ _ star_"),
    ("CON", "_CON"),
    ("con.pdf", "_con.pdf"),
    ("Lpt9.txt", "_Lpt9.txt"),
    ("console", "console"),
    ("  .hidden. ", "hidden"),
    ("tab\there\nnew", "tab_here_new"),
    ("bidi\u202egnp.exe", "bidignp.exe"),
    ("", "untitled"),
    ("...", "untitled"),
    ("/", "untitled"),
    ("训练服务器 🚀", "训练服务器 🚀"),
    ("e\u0301", "é"),
])
def test_sanitize_filename(name, expected):
    assert sanitize_filename(name) == expected


def test_sanitize_filename_caps_length_in_chars_and_bytes():
    assert len(sanitize_filename("x" * 1000)) == 120
    assert len(sanitize_filename("x" * 1000, max_length=20)) == 20
    cjk = sanitize_filename("训" * 200)
    assert len(cjk.encode("utf-8")) <= 240
    emoji = sanitize_filename("🚀" * 100)
    assert len(emoji.encode("utf-8")) <= 240 and set(emoji) == {"🚀"}


def test_sanitized_names_can_be_written(tmp_path):
    for name in ["CON", "a/b", "x" * 500, "\x00\x01", "训练 🚀", "NUL.txt", ". .", "COM1"]:
        safe = sanitize_filename(name)
        assert os.sep not in safe and "/" not in safe
        (tmp_path / safe).write_text("ok")
        assert (tmp_path / safe).parent == tmp_path


@pytest.mark.skipif(os.name == "nt", reason="symlinks need privileges on Windows")
def test_write_through_symlink(tmp_path):
    real = tmp_path / "shared" / "quote.json"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write(link, b"new", backup=True)
    assert link.is_symlink() and real.read_bytes() == b"new"
    assert (real.parent / "quote.json.bak").read_bytes() == b"old"


def test_refuses_to_replace_a_folder(tmp_path):
    folder = tmp_path / "hgx.json"
    folder.mkdir()
    with pytest.raises(OSError, match="is a folder, not a file"):
        atomic_write(folder, b"{}", backup=True)
    assert folder.is_dir()
