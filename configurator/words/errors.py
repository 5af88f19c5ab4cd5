"""Input errors worded: the one line the CLI prints and the GUI shows, in the user's language.

A reader raises `core.input_error.InputError` (a message, the file, the field, the entry);
`error_text` frames the message with where it happened (`file: field 'x': …`, words/input_words.py)
and words it. A reason the app did not word (a library's, `Msg("input.as-given", text=…)`) is
shown as given inside that translated frame; tomllib's reasons and the OS's error numbers are
messages of their own (core/library_errors.py). Another error carrying a `msg` (an `OpError`, an
`InvalidValueError`) is that message worded; pydantic's `ValidationError` its first error, as the
readers word it (core/validation_text.py); an `OSError` whose number the app words (`OS_ERRORS`)
is `file: reason` in the language; an error that is not yet data (a plain `ValueError`'s English
line, an error number the app does not word) is shown as it is.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ..core import input_error, validation_text
from ..core.input_error import InputError, located
from ..core.library_errors import OS_ERRORS, os_msg
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
    errors = _validation_errors(exc)
    if errors:                       # pydantic's: its first error, as the readers word it (`field 'x': …`)
        found = validation_text.msg(errors[0])
        field = ".".join(str(part) for part in errors[0]["loc"])
        return say(located(found, field=field) or found, language)
    if isinstance(exc, OSError) and type(exc).__str__ is OSError.__str__ and exc.errno in OS_ERRORS:
        # the OS's refusal as Python words it (`[Errno 13] Permission denied: 'f'`): `f: reason`
        file = exc.filename if isinstance(exc.filename, str) else ""
        return say(located(os_msg(exc), file) or os_msg(exc), language)
    text = str(exc)
    return text.splitlines()[0] if text else type(exc).__name__


def _validation_errors(exc: BaseException) -> list[Any]:
    """pydantic's errors when `exc` is its `ValidationError` (whose first line, "1 validation error
    for Request", says nothing); else none. pydantic is not imported for it."""
    pydantic_core = sys.modules.get("pydantic_core")
    if pydantic_core is None or not isinstance(exc, pydantic_core.ValidationError):
        return []
    return list(exc.errors())


def issue_line(issue: LoadIssue) -> str:
    """'warning: …' for a skipped entry of a catalog, price-list, rate or preset file."""
    return i18n._("warning: {issue}").format(issue=say(issue.where))


def build_note_line(note: BuildNote) -> str:
    """'note: …' for a build that loaded with a finding (an unknown part, a migrated format)."""
    return i18n._("note: {note}").format(note=say(note.where))


input_error.WORDING[0] = english
