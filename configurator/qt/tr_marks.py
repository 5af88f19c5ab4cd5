"""`QT_TRANSLATE_NOOP`, typed and with the disambiguation Qt's C++ macro takes: PySide6's own says it
returns `object` and takes no disambiguation. It returns its source text, marked for pyside6-lupdate
(which finds the mark by its name, wherever it is imported from, and reads a third argument as the
message's disambiguation, as `QT_TRANSLATE_NOOP3` in C++)."""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, source: str, disambiguation: str | None = None) -> str:  # noqa: N802 - Qt's name
    """`source`, unchanged: marked for extraction under `context` (and `disambiguation`)."""
    del context, disambiguation
    return source


__all__ = ["QT_TRANSLATE_NOOP"]
