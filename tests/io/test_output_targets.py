"""Issue 10, class 6 (and the save-path items of class 8): outputs onto the wrong kind of file.

`atomic_write` (every save, quote and export) refuses a target that is not a regular file
(a character device, a FIFO, a socket, a folder, a symlink loop) in one line, leaving the
node in place; `-o -` writes to standard output explicitly; the new content is written
before `.bak` is touched, so a full disk leaves the previous `.bak` intact.
"""

from __future__ import annotations

import os
import re
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from configurator.store import safe_write
from configurator.store.safe_write import UnsafeTargetError, atomic_write, backup_path
from configurator.words.errors import error_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "hgx-h100-8gpu.json"


def _char_device(tmp_path: Path) -> Path:
    """A private copy of /dev/null's node (needs root), else a symlink to /dev/null itself."""
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        node.symlink_to("/dev/null")
    return node


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "out.pipe"
    os.mkfifo(path)
    return path


def _sock(tmp_path: Path) -> Path:
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return path


def _loop(tmp_path: Path) -> Path:
    path = tmp_path / "loop.pdf"
    path.symlink_to(path)
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only")
@pytest.mark.parametrize("make, reason", [
    (_char_device, "is a device, not a regular file; give a file name (or '-' for standard output)"),
    (_fifo, "is a pipe (FIFO), not a regular file"),
    (_sock, "is a socket, not a regular file"),
    (_loop, "cannot write there (Too many levels of symbolic links)"),
], ids=["char-device", "fifo", "socket", "symlink-loop"])
def test_non_regular_targets_are_refused_and_left_alone(tmp_path, make, reason):
    target = make(tmp_path)
    before = os.lstat(target)
    for backup in (False, True):
        with pytest.raises(UnsafeTargetError) as info:
            atomic_write(target, b"%PDF-1.4 x", backup=backup)
        text = str(info.value)
        assert text == f"{target}: {reason}" or (reason in text and text.startswith(str(target))), text
        assert isinstance(info.value, OSError)
        chinese = error_text(info.value, "zh_CN")        # a message: the window and the CLI word it
        assert chinese.startswith(f"{target}: ") and re.search(r"[\u4e00-\u9fff]", chinese), chinese
        assert error_text(info.value, "en") == text
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]   # no temp file left


def test_symlink_to_a_regular_file_is_written_through(tmp_path):
    real = tmp_path / "real.json"
    real.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write(link, b"new", backup=True)
    assert link.is_symlink() and real.read_bytes() == b"new" and backup_path(real).read_bytes() == b"old"


def test_dash_writes_standard_output(capfdbinary):
    atomic_write("-", b"%PDF-bytes\x00\xff")
    assert capfdbinary.readouterr().out == b"%PDF-bytes\x00\xff"


def test_full_disk_keeps_the_previous_bak(tmp_path, monkeypatch):
    path = tmp_path / "hgx.json"
    path.write_bytes(b"v2")
    backup_path(path).write_bytes(b"v1")
    real = safe_write._write_temp

    def full(folder, stem, data, mode):
        if data == b"v3":
            raise OSError(28, "No space left on device")
        return real(folder, stem, data, mode)

    monkeypatch.setattr(safe_write, "_write_temp", full)
    with pytest.raises(OSError, match="No space left"):
        atomic_write(path, b"v3", backup=True)
    assert path.read_bytes() == b"v2" and backup_path(path).read_bytes() == b"v1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hgx.json", "hgx.json.bak"]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "configurator", *args], capture_output=True, timeout=120,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"})


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only")
def test_cli_export_onto_a_fifo_exits_2(tmp_path):
    fifo = _fifo(tmp_path)
    proc = _cli("export", str(EXAMPLE), "--format", "json", "-o", str(fifo))
    err = proc.stderr.decode()
    assert proc.returncode == 2 and err.count("\n") == 1 and "is a pipe (FIFO)" in err, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_cli_export_to_dash_prints_the_file_only():
    import json
    proc = _cli("export", str(EXAMPLE), "--format", "json", "-o", "-")
    assert proc.returncode == 0, proc.stderr
    json.loads(proc.stdout)   # only the file on stdout; "wrote -" went to stderr
    assert b"wrote" in proc.stderr


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout")
def test_cli_quote_onto_dev_stdout_is_refused(tmp_path):
    proc = _cli("export", str(EXAMPLE), "--format", "json", "-o", "/dev/stdout")   # stdout is a pipe here
    err = proc.stderr.decode()
    assert proc.returncode == 2 and "/dev/stdout: is a pipe (FIFO), not a regular file" in err, err
    assert proc.stdout == b""
