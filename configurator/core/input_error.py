"""Bad input as data: what is wrong (a `Msg`), in which file, at which field or entry.

A reader that refuses a file (a build, a cluster, a workload, the text of any file) raises an
`InputError`; it never words the problem. The edge words it, once, in the user's language:
`configurator.words.errors.error_text(exc)` is the one line the CLI prints,
`file: field 'x': what is wrong`.

`str(exc)` is that line in English, for what still keeps a text (a catalog issue, a wrapped
error, `--json`); the window shows `error_text(exc)`, as the CLI does. The words make `str` too:
`configurator.words` puts its English wording into `WORDING` when it is imported (the core may
not import the words). Before that, `str` shows the message id and its parameters.
"""

from __future__ import annotations

from collections.abc import Callable

from .message import Msg


class InputError(ValueError):
    """A file (or argument) that cannot be taken: `msg` says why, `file`, `field` and `entry` where."""

    def __init__(self, msg: Msg, file: str = "", field: str = "", entry: str = "") -> None:
        super().__init__(msg, file, field, entry)
        self.msg, self.file, self.field, self.entry = msg, file, field, entry

    @property
    def where(self) -> Msg | None:
        """The place as a message (`file: field 'x': …`) holding `msg`; None when there is no place."""
        return located(self.msg, self.file, self.field, self.entry)

    def __str__(self) -> str:
        return english(self.where or self.msg)


class InvalidValueError(ValueError):
    """A model validator's refusal as a message: pydantic keeps the exception (its ctx "error"),
    where `validation_text.msg` finds the message."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg)
        self.msg = msg

    def __str__(self) -> str:
        return english(self.msg)


def invalid_at(field: str, msg: Msg) -> InvalidValueError:
    """A validator's refusal of one of its fields: `field: msg`."""
    return InvalidValueError(Msg("value.at-field", field=field, details=msg))


def located(msg: Msg, file: str = "", field: str = "", entry: str = "") -> Msg | None:
    """`msg` framed by where it happened: `file: entry 'y', field 'x': msg` and the shorter forms."""
    key = "input.at" + "-file" * bool(file) + "-entry" * bool(entry) + "-field" * bool(field)
    if key == "input.at":
        return None
    if key == "input.at-file":
        return Msg(key, file=file, details=msg)
    places = {"file": file, "entry": entry, "field": field}
    return Msg(key, **{k: v for k, v in places.items() if v}, details=msg)


def _bare(msg: Msg) -> str:
    """`msg` without the words: its id and arguments, one line (`input.at-file(file='a.json', …)`)."""
    args = ", ".join(f"{k}={_bare(v) if isinstance(v, Msg) else repr(v)}" for k, v in msg.args)
    return f"{msg.id}({args})"


#: how a message reads in English; `configurator.words` puts its wording here when imported
WORDING: list[Callable[[Msg], str]] = [_bare]


def english(msg: Msg) -> str:
    """`msg` in English, by the words (for texts that are still kept as text)."""
    return WORDING[0](msg)
