"""Input errors worded: the one line the CLI prints, in the user's language (the GUI still shows `str()`, English).

A reader raises `core.input_error.InputError` (a message, the file, the field, the entry);
`error_text` frames the message with where it happened (`file: field 'x': …`, words/input_words.py)
and words it. A reason the app did not word (a library's, `Msg("input.as-given", text=…)`) is
shown as given inside that translated frame; tomllib's reasons and the OS's error numbers are
messages of their own (core/library_errors.py). Another error carrying a `msg` (an `OpError`, an
`InvalidValueError`) is that message worded; an error that is not yet data (a plain `ValueError`'s
English line) is shown as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import input_error
from ..core.input_error import InputError
from ..core.message import Msg
from . import i18n
from .render import say

if TYPE_CHECKING:      # the words load with every command: the catalog and the build reader only when used
    from ..core.catalog import LoadIssue
    from ..store.build_files import BuildNote


def english(msg: Msg) -> str:
    """`msg` in English: what `str()` of an input error gives (core/input_error.py `WORDING`)."""
    return say(msg, "en")


def error_text(exc: BaseException, language: str | None = None) -> str:
    """The first line of `exc` in `language` (default: the current one)."""
    if isinstance(exc, InputError):
        return say(exc.where or exc.msg, language)
    msg = getattr(exc, "msg", None)
    if isinstance(msg, Msg):         # an edit refused (core/ops.py `OpError`), a validator's refusal
        return say(msg, language)
    text = str(exc)
    return text.splitlines()[0] if text else type(exc).__name__


def issue_line(issue: LoadIssue) -> str:
    """'warning: …' for a skipped entry of a catalog, price-list, rate or preset file."""
    return i18n._("warning: {issue}").format(issue=say(issue.where))


def build_note_line(note: BuildNote) -> str:
    """'note: …' for a build that loaded with a finding (an unknown part, a migrated format)."""
    return i18n._("note: {note}").format(note=say(note.where))


input_error.WORDING[0] = english
