"""The one way the app reads a text file: bounded, regular files only, UTF-8.

Every file type the app reads (build files, recovery copies, catalog TOML, price CSV,
vendor settings, the quote counter, workload files, exchange rates, model presets) goes
through `read_text`::

    text = read_text(path, max_bytes=5_000_000, what="catalog file")

It refuses, with `FileReadError` (a `ValueError` whose `str` is one line,
``<path>: <reason>``):

* anything that is not a regular file (a folder, a FIFO, a device), without opening it in
  a way that could block;
* a file over `max_bytes`, from its size on disk before reading a byte (and again while
  reading, as the size can grow between the two);
* text that is not UTF-8 (a UTF-8 byte-order mark is accepted and dropped; UTF-16/32 is
  named as such, with the hint to save as UTF-8).

Callers turn the error into their own (`BuildFileError`, a catalog `LoadIssue`, a
`QuoteError`) using `reason`, or let it through: it already names the file.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

_UTF16_32 = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class FileReadError(ValueError):
    """A file that could not be read as text; `str()` is ``<path>: <reason>`` on one line."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = _one_line(path)
        self.reason = _one_line(reason)
        super().__init__(f"{self.path}: {self.reason}")


def _one_line(text: str) -> str:
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in str(text))


def size_text(n_bytes: int) -> str:
    """'10 MB', '64 kB', '512 bytes' (decimal units, as the limits are written)."""
    if n_bytes >= 1_000_000:
        return f"{n_bytes / 1e6:g} MB" if n_bytes % 100_000 == 0 else f"{n_bytes / 1e6:.1f} MB"
    if n_bytes >= 1000:
        return f"{n_bytes / 1e3:g} kB" if n_bytes % 100 == 0 else f"{n_bytes / 1e3:.1f} kB"
    return f"{n_bytes} bytes"


def too_big(path: str, size: int, max_bytes: int, what: str) -> FileReadError:
    """The one message for an oversize input (also used for text already in memory)."""
    return FileReadError(path, f"larger than the {size_text(max_bytes)} limit for {what}s "
                               f"({size_text(size)} or more); not a {what}?")


def _os_reason(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return f"cannot read: {exc.strerror or exc}"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is a device, not a regular file"


def read_bytes(path: Path | str, *, max_bytes: int, what: str) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; raises `FileReadError`."""
    name = str(path)
    if "\x00" in name:       # os.stat would raise ValueError, not OSError
        raise FileReadError(repr(name), "a file name cannot contain a NUL character")
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
        raise FileReadError(name, "is UTF-16/UTF-32 text; save it as UTF-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise FileReadError(name, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line})") from None


def read_text(path: Path | str, *, max_bytes: int, what: str) -> str:
    """The UTF-8 text of a regular file of at most `max_bytes` bytes.

    `what` names the kind of file in messages ("build file", "catalog file"). Raises
    `FileReadError`; never blocks on a FIFO, never reads an oversize file.
    """
    return decode_text(read_bytes(path, max_bytes=max_bytes, what=what), str(path))
