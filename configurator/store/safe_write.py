"""Crash-safe file writing and safe file names.

`atomic_write` never leaves a half-written file behind: the bytes go to a temporary file
in the same folder, are flushed and fsynced, and only then renamed over the target with
`os.replace` (atomic on POSIX and Windows). A kill or power cut at any moment leaves either
the old file or the new one. With `backup=True` the previous content is kept as
`<name>.bak` (e.g. `hgx.json.bak`), itself replaced atomically.

`sanitize_filename` turns user text (a build or customer name) into a file name that is
safe on Windows, macOS and Linux.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import sys
import time
import unicodedata
from pathlib import Path

from ..core.input_error import english
from ..core.library_errors import os_msg
from ..core.message import Msg
from .text_files import read_bytes

BACKUP_SUFFIX = ".bak"
TMP_SUFFIX = ".tmp"
MAX_BACKUP_BYTES = 200_000_000   # far above any file the app writes (builds: 10 MB)
STALE_TMP_S = 3600.0  # temp files older than this are left-overs of a killed write
_REPLACE_TRIES = 5   # Windows: a virus scanner or indexer may hold the target open briefly


def backup_path(path: Path) -> Path:
    """Where `atomic_write(..., backup=True)` keeps the previous version of `path`."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable. Directories cannot be opened on Windows; skip there."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _replace(src: Path, dst: Path) -> None:
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if os.name != "nt" or attempt == _REPLACE_TRIES - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def _write_temp(folder: Path, stem: str, data: bytes, mode: int | None) -> Path:
    """Write `data` to a fresh temporary file in `folder`, fsynced; returns its path."""
    tmp = folder / f".{stem}.{secrets.token_hex(4)}{TMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    written = False
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        written = True
    finally:
        if not written:          # a half-written temp file never stays behind
            tmp.unlink(missing_ok=True)
    return tmp


def remove_stale_temps(folder: Path, stem: str = "*", older_than_s: float = STALE_TMP_S) -> None:
    """Remove temp files that killed earlier writes (of target `stem`, or of any) left behind."""
    now = time.time()
    pattern = "*" if stem == "*" else _glob_escape(stem)
    for old in folder.glob(f".{pattern}.*{TMP_SUFFIX}"):
        try:
            if now - old.stat().st_mtime > older_than_s:
                old.unlink()
        except OSError:
            pass


def _glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


STDOUT = "-"   # the output name that means standard output (`quote -o -`)


class UnsafeTargetError(OSError):
    """An output path that must not be replaced: a device, a FIFO, a folder, a symlink loop.

    `reason` says why (a message, words/input_words.py), `msg` is ``<path>: <reason>``, worded in the
    user's language by `words.errors.error_text`; `str()` is that line in English."""

    def __init__(self, path: Path | str, reason: Msg) -> None:
        super().__init__(errno.EINVAL, english(reason), str(path))
        self.path, self.reason = str(path), reason
        self.msg = Msg("input.at-file", file=str(path), details=reason)

    def __str__(self) -> str:
        return english(self.msg)


def _target(path: Path) -> tuple[Path, os.stat_result | None]:
    """Where writing `path` really lands (through a symlink) and its stat (None: not there yet).

    Refuses anything that is not a regular file: replacing a device node (`/dev/null`,
    `/dev/stdout`), a FIFO or a socket with a regular file would break whatever uses it."""
    real = Path(os.path.realpath(path)) if path.is_symlink() else path   # realpath: no RuntimeError on loops
    try:
        st = os.stat(path)   # the kernel follows /proc magic links (/dev/stdout -> pipe) that realpath cannot
    except FileNotFoundError:
        if path.is_symlink() and not real.parent.is_dir():
            raise UnsafeTargetError(path, Msg("file.symlink-nowhere")) from None
        return real, None
    except OSError as exc:   # ELOOP: a symlink loop at the save path
        raise UnsafeTargetError(path, Msg("file.cannot-write-there", details=os_msg(exc))) from None
    if stat.S_ISDIR(st.st_mode):
        raise UnsafeTargetError(path, Msg("file.folder"))
    if not stat.S_ISREG(st.st_mode):
        kind = "file.fifo" if stat.S_ISFIFO(st.st_mode) else "file.socket" if stat.S_ISSOCK(st.st_mode) else "file.device"
        raise UnsafeTargetError(path, Msg("file.not-an-output", reason=Msg(kind)))
    return real, st


def atomic_write(path: Path | str, data: bytes, *, backup: bool = False) -> None:
    """Replace `path` with `data` atomically; with `backup`, keep the old file as `<name>.bak`.

    At every instant `path` holds either the complete old or the complete new content, and
    `<name>.bak` holds a complete earlier version (never a partial one). The new content is
    written first, so a full disk fails before the old `.bak` is touched. A `path` of ``-``
    writes `data` to standard output; a target that is not a regular file raises
    `UnsafeTargetError` (an `OSError`) and nothing is written.
    """
    if str(path) == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    path, st = _target(Path(path))   # write through a link, as an in-place write would, not over it
    folder = path.parent if str(path.parent) else Path(".")
    remove_stale_temps(folder, path.name)
    mode = st.st_mode & 0o7777 if st is not None else None
    try:
        tmp = _write_temp(folder, path.name, data, mode)
    except OSError as exc:     # a folder that is missing or cannot be written: name the file saved, not its temporary
        if type(exc).__str__ is not OSError.__str__ or exc.filename is None:
            raise
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        if backup and st is not None:
            _keep_backup(path, folder, mode)
        _replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)   # gone already when the rename succeeded
    _fsync_dir(folder)


def _keep_backup(path: Path, folder: Path, mode: int | None) -> None:
    """Copy the current `path` to `<name>.bak`, itself atomically."""
    old = read_bytes(path, max_bytes=MAX_BACKUP_BYTES, what="file to back up")
    bak_tmp = _write_temp(folder, path.name + BACKUP_SUFFIX, old, mode)
    try:
        _replace(bak_tmp, backup_path(path))
    finally:
        bak_tmp.unlink(missing_ok=True)   # gone already when the rename succeeded


# --------------------------------------------------------------------------- file names

_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                     *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10)),
                     "COM¹", "COM²", "COM³", "LPT¹", "LPT²", "LPT³"}
_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f-\x9f]')


def sanitize_filename(name: str, *, max_length: int = 120, fallback: str = "untitled") -> str:
    """A file name made from user text: no folders, control characters or reserved names.

    Path separators join the remaining components with `_` (`.` and `..` are dropped);
    characters Windows forbids become `_`; control and format characters (incl. bidi
    overrides) are dropped; leading/trailing dots and spaces go;
    reserved device names (`CON`, `nul.txt`, `COM1`) get a `_` prefix; the result is at
    most `max_length` characters and 240 UTF-8 bytes (file systems count bytes), cut on a
    character boundary. Returns `fallback` when nothing usable is left.
    """
    text = unicodedata.normalize("NFC", str(name))
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cf", "Cs", "Co", "Cn"))
    text = "_".join(part for part in re.split(r"[/\\]+", text) if part.strip(" .") != "")
    text = _FORBIDDEN.sub("_", text)
    text = re.sub(r"\s+", " ", text).strip(" .")
    text = re.sub(r"_{2,}", "_", text)
    if not text or set(text) <= {"_", " ", "."}:
        text = fallback
    stem = text.split(".", 1)[0].rstrip(" ").upper()
    if stem in _WINDOWS_RESERVED:
        text = "_" + text
    text = text[:max_length]
    while len(text.encode("utf-8")) > 240:
        text = text[:-1]
    text = text.rstrip(" .")
    return text or fallback


def make_readable(path: Path) -> None:
    """A quote is sent to customers: the usual file mode (0644 under umask 022), not the
    private 0600 a temporary file is created with."""
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(path, 0o666 & ~umask)
    except OSError:   # a file system without modes (some network shares): the file is written
        pass
