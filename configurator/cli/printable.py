"""What the command line prints is text a terminal shows, never instructions it obeys.

A build, customer, part or server name is data a third party may have written (a build file
from a customer, a BMC's model string, a user catalog). Printed raw, an escape sequence in it
clears the screen, retitles the window, writes a hyperlink or hides the lines before it. Every
command's standard output and error go through `printable()` while it runs (cli/main.py), so no
view has to remember to: C0 and C1 control characters other than tab and newline, DEL, and the
Unicode bidirectional overrides and isolates are shown as JSON-style escapes (`\\u001b`,
`\\u202e`): inside `--json` output, where the json module has escaped the C0 characters already,
the escape of a C1 character or an override is still valid JSON and reads back as the same text.
Bytes written to `.buffer` (a PDF to `-`) pass through untouched.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

_KEEP = {"\t", "\n"}
#: code point -> its escaped spelling, for every character a terminal would act on
_ESCAPES: dict[int, str] = {
    c: f"\\u{c:04x}" for c in (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), *range(0x202A, 0x202F),
                                 *range(0x2066, 0x206A)) if chr(c) not in _KEEP}


def printable(text: str) -> str:
    """`text` with every control character shown escaped (tab and newline kept)."""
    return text.translate(_ESCAPES)


class _Printable:
    """A text stream that writes `printable()` text to `stream`; everything else is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:   # flush, buffer, isatty, encoding, fileno …
        return getattr(self._stream, name)


@contextlib.contextmanager
def printable_output() -> Iterator[None]:
    """Standard output and error escape control characters while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Printable(out), _Printable(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
