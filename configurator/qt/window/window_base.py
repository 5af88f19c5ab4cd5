"""What the main window's mixins (`FileActions`, `DocumentActions`) use of the window and of each
other, spelled out for mypy: at run time the base is `object`, and `MainWindow` provides it all."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

    from ...core.build import Build
    from ...core.session import SessionLike
    from ...store.autosave import RecoveryStore
    from .documents import Documents

    class MainWindowBase(QMainWindow):
        session: SessionLike
        documents: Documents
        panels: list[QWidget]
        recent_menu: QMenu
        act_save_as: QAction
        _autosave_store: RecoveryStore | None

        def show_message(self, text: str) -> None: ...
        def _action(self, text: str, slot: Callable[[], object], shortcut: str | QKeySequence | None = None,
                    tip: str = "") -> QAction: ...
        # DocumentActions'
        def open_build(self, build: Build, path: Path | None, clean: bool = True,
                       reuse_blank: bool = True) -> bool: ...
        # FileActions'
        def maybe_save(self) -> bool: ...
        def add_recent(self, path: Path) -> None: ...
        def discard_recovery(self, path: Path | None = None) -> None: ...
else:
    MainWindowBase = object
