"""The one way the app reads a text file: bounded, regular files only, UTF-8.

Every file type the app reads (build files, recovery copies, catalog TOML, price CSV,
vendor settings, the quote counter, workload files, exchange rates, model presets) goes
through `read_text`::

    text = read_text(path, max_bytes=5_000_000, what="catalog file")

It refuses, with `FileReadError` (an `InputError`: the file and the reason, a `Msg`):

* anything that is not a regular file (a folder, a FIFO, a device), without opening it in
  a way that could block;
* a file over `max_bytes`, from its size on disk before reading a byte (and again while
  reading, as the size can grow between the two);
* text that is not UTF-8 (a UTF-8 byte-order mark is accepted and dropped; UTF-16/32 is
  named as such, with the hint to save as UTF-8).

Callers turn the error into their own (`BuildFileError`, a catalog `LoadIssue`, a
`QuoteError`) using `msg` (or `reason`, its English), or let it through: it already names the file.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

from ..core.input_error import InputError, english
from ..core.library_errors import os_msg
from ..core.message import Msg

_UTF16_32 = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class FileReadError(InputError):
    """A file that could not be read as text: `msg` says why, `file` (also `path`) names it."""

    def __init__(self, path: str, msg: Msg) -> None:
        super().__init__(msg, _one_line(path))
        self.path = self.file

    @property
    def reason(self) -> str:
        """Why, in English (for a reader that still keeps a text)."""
        return english(self.msg)


def _one_line(text: str) -> str:
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in str(text))


def size_text(n_bytes: int) -> str:
    """'10 MB', '64 kB', '512 bytes' (decimal units, as the limits are written)."""
    if n_bytes >= 1_000_000:
        return f"{n_bytes / 1e6:g} MB" if n_bytes % 100_000 == 0 else f"{n_bytes / 1e6:.1f} MB"
    if n_bytes >= 1000:
        return f"{n_bytes / 1e3:g} kB" if n_bytes % 100 == 0 else f"{n_bytes / 1e3:.1f} kB"
    return f"{n_bytes} bytes"


#: the kinds of file `what` names, as messages (words/input_words.py)
_KINDS = {"build file": "file.kind-build", "catalog file": "file.kind-catalog", "cluster file": "file.kind-cluster",
          "exchange-rate file": "file.kind-fx", "inventory file": "file.kind-inventory", "logo image": "file.kind-logo",
          "model presets file": "file.kind-presets", "password file": "file.kind-password",
          "probe file": "file.kind-probe", "settings file": "file.kind-settings", "workload file": "file.kind-workload",
          "recovery file": "file.kind-recovery", "quote counter": "file.kind-counter",
          "catalog cache file": "file.kind-cache", "file to back up": "file.kind-backup",
          "CA file": "file.kind-ca"}


def too_big(path: str, size: int, max_bytes: int, what: str) -> FileReadError:
    """The one message for an oversize input (also used for text already in memory)."""
    kind = Msg(_KINDS[what]) if what in _KINDS else what
    return FileReadError(path, Msg("file.too-big", limit=size_text(max_bytes), what=kind, size=size_text(size)))


def _os_reason(exc: OSError) -> Msg:
    if isinstance(exc, FileNotFoundError):
        return Msg("file.missing")
    if isinstance(exc, IsADirectoryError):
        return Msg("file.folder")
    if isinstance(exc, PermissionError):
        return Msg("file.denied")
    return Msg("input.cannot-read", details=os_msg(exc))


def _kind(mode: int) -> Msg:
    if stat.S_ISDIR(mode):
        return Msg("file.folder")
    if stat.S_ISFIFO(mode):
        return Msg("file.fifo")
    if stat.S_ISSOCK(mode):
        return Msg("file.socket")
    return Msg("file.device")


def read_bytes(path: Path | str, *, max_bytes: int, what: str) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; raises `FileReadError`."""
    name = str(path)
    if "\x00" in name:       # os.stat would raise ValueError, not OSError
        raise FileReadError(repr(name), Msg("file.nul-name"))
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise FileReadError(name, _kind(st.st_mode))
        if st.st_size > max_bytes:
            raise too_big(name, st.st_size, max_bytes, what)
        # O_NONBLOCK: should the path have been swapped for a FIFO since the stat, opening
        # it must not wait for a writer; fstat below then refuses it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise FileReadError(name, _os_reason(exc)) from None
    with os.fdopen(fd, "rb") as fh:
        try:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise FileReadError(name, _kind(st.st_mode))
            raw = fh.read(max_bytes + 1)   # the file may have grown since the stat
        except OSError as exc:
            raise FileReadError(name, _os_reason(exc)) from None
    if len(raw) > max_bytes:
        raise too_big(name, len(raw), max_bytes, what)
    return raw


def decode_text(raw: bytes, name: str) -> str:
    """`raw` as UTF-8 text (a leading BOM dropped); raises `FileReadError` naming `name`."""
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    elif raw.startswith(_UTF16_32):
        raise FileReadError(name, Msg("file.utf16"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise FileReadError(name, Msg("file.not-utf8", byte=f"0x{raw[exc.start]:02x}", line=line)) from None


def read_text(path: Path | str, *, max_bytes: int, what: str) -> str:
    """The UTF-8 text of a regular file of at most `max_bytes` bytes.

    `what` names the kind of file in messages ("build file", "catalog file"). Raises
    `FileReadError`; never blocks on a FIFO, never reads an oversize file.
    """
    return decode_text(read_bytes(path, max_bytes=max_bytes, what=what), str(path))
