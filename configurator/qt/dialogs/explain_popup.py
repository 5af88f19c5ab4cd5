"""Click a figure in a panel, see how it is worked out: the GUI face of `configurator explain`.

A panel marks a label with `explainable(label, session, "power_w.max")` (or a callable giving
the key, for rows whose meaning moves). A click or Enter/Space on the label opens
`ExplainDialog`, which asks `io.explain_cli.explain_figure` for the explanation of the session's
current evaluation, built at that moment, so evaluation stays as fast as before. A table whose
cells are figures (the Bill of materials) uses `explainable_cells(view, session, key_of)`, where
`key_of(row, column)` names the figure of a cell ('' for a cell that is not one).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QAbstractItemView, QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ...core.explain.explanation import show_value
from ...words.explain_words import ExplanationText as Explanation
from ...words.explain_words import explain_figure
from ..screen_fit import resize_to_fit

if TYPE_CHECKING:
    from ...core.session import SessionLike

FigureKey = str | Callable[[], str]
CellKey = Callable[[int, int], str]
_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


def explanation_html(exp: Explanation, estimate_word: str, source_word: str) -> str:
    """The explanation as rich text: formula, then one row per input with its source."""
    value = html.escape(f"{show_value(exp.value)} {exp.unit}".strip())
    head = f"<h3>{html.escape(exp.figure)} = {value}"
    head += f" <span style='color:#b58a3e'>({html.escape(estimate_word)})</span></h3>" if exp.estimate else "</h3>"
    rows = []
    for i in exp.inputs:
        src = html.escape(i.source)
        for word in src.split():
            if word.startswith(("https://", "http://")):
                src = src.replace(word, f"<a href='{word}'>{word}</a>", 1)
        flag = f" <i>({html.escape(estimate_word)})</i>" if i.estimate else ""
        rows.append(f"<tr><td><b>{html.escape(i.name)}</b></td><td>{html.escape(i.value)}{flag}</td></tr>"
                    f"<tr><td></td><td style='color:#666'>{html.escape(source_word)}: {src}</td></tr>")
    notes = "".join(f"<p style='color:#666'>{html.escape(n)}</p>" for n in exp.notes)
    return f"{head}<p>{html.escape(exp.formula)}</p><table cellspacing='4'>{''.join(rows)}</table>{notes}"


class ExplainDialog(QDialog):
    """The explanation of one figure of the session's current evaluation."""

    def __init__(self, session: SessionLike, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ExplainDialog")
        self.setWindowTitle(self.tr("How this figure is worked out"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        resize_to_fit(self, 720, 520)
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.explanation: Explanation | None = None
        try:
            self.explanation = explain_figure(session.build, session.catalog, session.evaluation, key)
        except KeyError:
            self.text.setPlainText(self.tr("{key} is not a figure of this build now (nothing placed "
                                           "that it counts).").format(key=key))
            return
        self.text.setHtml(explanation_html(self.explanation, self.tr("estimate"), self.tr("source")))


class _ExplainFilter(QObject):
    """Opens the explanation when its label is clicked or activated from the keyboard."""

    def __init__(self, label: QWidget, session: SessionLike, key: FigureKey) -> None:
        super().__init__(label)
        self.session, self.key = session, key
        self.dialog: ExplainDialog | None = None

    def figure(self) -> str:
        return self.key() if callable(self.key) else self.key

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind == QEvent.Type.MouseButtonRelease and isinstance(event, QMouseEvent):
            if event.button() == Qt.MouseButton.LeftButton:
                self.show_for(obj)
                return True
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and event.key() in _KEYS:
            self.show_for(obj)
            return True
        return False

    def show_for(self, obj: QObject) -> ExplainDialog | None:
        self.dialog = open_explanation(self.session, self.figure(), obj)
        return self.dialog


def open_explanation(session: SessionLike, key: str, near: QObject | None = None) -> ExplainDialog | None:
    """Show the explanation of figure `key` in a dialog over `near`'s window; None when there is
    no figure to explain (an empty key, no evaluation yet)."""
    if not key or getattr(session, "evaluation", None) is None:
        return None
    parent = near.window() if isinstance(near, QWidget) else None
    dialog = ExplainDialog(session, key, parent)
    dialog.show()
    return dialog


def explainable(label: QWidget, session: SessionLike, key: FigureKey) -> None:
    """Make `label` open the explanation of figure `key` on click, Enter or Space."""
    filt = _ExplainFilter(label, session, key)
    label.installEventFilter(filt)
    label.setProperty("explain_figure", key if isinstance(key, str) else "")
    label.setCursor(Qt.CursorShape.WhatsThisCursor)
    label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    label.setAccessibleDescription(QCoreApplication.translate(
        "ExplainDialog", "Click or press Enter to see how this figure is worked out"))


def explain_filter(label: QWidget) -> _ExplainFilter | None:
    """The explanation hook of `label` (tests and the main window's "explain" action use it)."""
    return label.findChild(_ExplainFilter, "", Qt.FindChildOption.FindDirectChildrenOnly)


class _CellExplainFilter(QObject):
    """On a table's viewport: a click on a figure cell opens its explanation, and the cursor says
    which cells are figures. On the table itself: Enter explains the current cell's figure."""

    def __init__(self, view: QAbstractItemView, session: SessionLike, key_of: CellKey) -> None:
        super().__init__(view)
        self.setObjectName("explain_cells")
        self.view, self.session, self.key_of = view, session, key_of
        self.dialog: ExplainDialog | None = None
        view.viewport().setMouseTracking(True)
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)

    def key_at(self, row: int, column: int) -> str:
        return self.key_of(row, column) if row >= 0 and column >= 0 else ""

    def show_cell(self, row: int, column: int) -> ExplainDialog | None:
        """Open the explanation of the cell's figure (the tests' and the keyboard's way in)."""
        self.dialog = open_explanation(self.session, self.key_at(row, column), self.view)
        return self.dialog

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if obj is self.view:
            if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and event.key() in _KEYS[:2]:
                index = self.view.currentIndex()
                if self.key_at(index.row(), index.column()):
                    self.show_cell(index.row(), index.column())
                    return True
            return False
        if isinstance(event, QMouseEvent) and kind in (QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease):
            index = self.view.indexAt(event.position().toPoint())
            key = self.key_at(index.row(), index.column())
            shape = Qt.CursorShape.WhatsThisCursor if key else Qt.CursorShape.ArrowCursor
            if self.view.viewport().cursor().shape() != shape:
                self.view.viewport().setCursor(shape)
            if kind == QEvent.Type.MouseButtonRelease and key and event.button() == Qt.MouseButton.LeftButton:
                self.show_cell(index.row(), index.column())   # the click still selects the row
        return False


def explainable_cells(view: QAbstractItemView, session: SessionLike, key_of: CellKey) -> None:
    """Make the figure cells of `view` open their explanation on click or Enter; `key_of(row,
    column)` names a cell's figure ('' for a cell that is not one, or has no figure now)."""
    _CellExplainFilter(view, session, key_of)


def cell_filter(view: QAbstractItemView) -> _CellExplainFilter | None:
    """The cell explanation hook of `view` (tests use it to find the dialog it opened)."""
    return view.findChild(_CellExplainFilter, "explain_cells", Qt.FindChildOption.FindDirectChildrenOnly)
