"""`QT_TRANSLATE_NOOP`, typed: PySide6's stub says it returns `object`, but it returns its source
text, marked for pyside6-lupdate (which finds the mark by its name, wherever it is imported from)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    def QT_TRANSLATE_NOOP(context: str, source: str, disambiguation: str | None = None) -> str: ...
else:
    from PySide6.QtCore import QT_TRANSLATE_NOOP

__all__ = ["QT_TRANSLATE_NOOP"]
