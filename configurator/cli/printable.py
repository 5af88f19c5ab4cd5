"""What the command line prints is text a terminal shows, never instructions it obeys.

A build, customer, part or server name is data a third party may have written (a build file
from a customer, a BMC's model string, a user catalog). Printed raw, an escape sequence in it
clears the screen, retitles the window, writes a hyperlink or hides the lines before it. Every
command's standard output and error go through the one sanitiser (words/terminal.py `for_terminal`)
while it runs (cli/main.py), so a view that prints without `print_text` is guarded too. Bytes
written to `.buffer` (a PDF to `-`) pass through untouched.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..words.terminal import for_terminal


class _Printable:
    """A text stream that writes `for_terminal()` text to `stream`; everything else is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(for_terminal(text))
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
