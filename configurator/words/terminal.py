"""The one sanitiser for text the command line prints to a terminal.

Names come from files the user did not write (a build's name, a customer, a user catalog's part
names, a probe's output); printed raw, an escape sequence in one can clear the screen, retitle
the window, hide the lines before it or fake a line (ESC, CSI, OSC, a bare carriage return), and
a bidirectional override can show text in another order than it is. Every CLI text view prints
through `for_terminal` (`cli/command.py`'s `print_text`, the error lines of `cli/main.py`): each
such character is shown as its escape (`\\u001b`, `\\u202e`), visibly, and nothing else changes.
New lines and tabs, which the views use for layout, are kept. The escapes are JSON's, so the same
guard can sit on the whole standard output (cli/printable.py): inside `--json` output, where the
json module has escaped the C0 controls already, the escape of a C1 control or a bidi character is
valid JSON that reads back as the same text.
"""

from __future__ import annotations

import re

#: C0 controls but tab and new line, DEL, C1 controls, and the bidirectional and invisible format
#: characters that reorder or hide text (U+061C, U+200B..U+200F, U+202A..U+202E, U+2066..U+2069)
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def _shown(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def for_terminal(text: str) -> str:
    """`text` with every character that could steer a terminal shown as its escape."""
    return _UNSAFE.sub(_shown, text)


__all__ = ["for_terminal"]
