"""Input errors worded: the one line the CLI prints, in the user's language (the GUI still shows `str()`, English).

A reader raises `core.input_error.InputError` (a message, the file, the field, the entry);
`error_text` frames the message with where it happened (`file: field 'x': …`, words/input_words.py)
and words it. Errors that are not yet data (a plain `ValueError`'s English line) are shown
through the catalog's templates (`i18n.translate_error`).
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
    catalog = i18n.current_catalog() if language is None else i18n.load_catalog(language)
    if isinstance(exc, InputError):
        return say(_given(exc.where or exc.msg, catalog), catalog.language)
    text = str(exc)
    first = text.splitlines()[0] if text else type(exc).__name__
    return i18n.translate_error(first) if language is None else catalog.translate(first)


def issue_line(issue: LoadIssue) -> str:
    """'warning: …' for a skipped entry of a catalog, price-list, rate or preset file."""
    catalog = i18n.current_catalog()
    return i18n._("warning: {issue}").format(issue=say(_given(issue.where, catalog), catalog.language))


def build_note_line(note: BuildNote) -> str:
    """'note: …' for a build that loaded with a finding (an unknown part, a migrated format)."""
    catalog = i18n.current_catalog()
    return i18n._("note: {note}").format(note=say(_given(note.where, catalog), catalog.language))


def _given(msg: Msg, catalog: i18n.Catalog) -> Msg:
    """`msg` with each text it holds as given (a validator's or a library's English, not yet a
    message of its own) read through the catalog's templates, as such text always was."""
    if msg.id == AS_GIVEN:
        return Msg(AS_GIVEN, text=_translated(str(msg["text"]), catalog))
    if not any(isinstance(v, Msg) for _, v in msg.args):
        return msg
    return Msg(msg.id, **{k: _given(v, catalog) if isinstance(v, Msg) else v for k, v in msg.args})


def _translated(text: str, catalog: i18n.Catalog) -> str:
    """`text` through the catalog's templates, each `<where>: ` in front kept or translated on its own
    (as `i18n.translate_error` does for the current language)."""
    where, sep, what = text.partition(": ")
    if sep:
        done = _translated(what, catalog)
        if done != what:
            place = catalog.translate(where)
            return f"{place}{'：' if place != where else ': '}{done}"
    return catalog.translate(text)


#: the message of a text the app did not word (words/input_words.py)
AS_GIVEN = "input.as-given"


input_error.WORDING[0] = english
