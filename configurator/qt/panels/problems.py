"""Errors, warnings and notes about the build, each with its fix; "Apply fix" is one undo step.

A violation carries a message id and parameters; each row words it in the app's language
(`words.problems.text` / `fix_text`, from the entries of words/rule_words.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPushButton,
    QStyledItemDelegate,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.ops import Batch, OpError
from ...core.violations import SEVERITY_ORDER
from ...words import say
from ...words.problems import fix_text, text
from .. import theme

if TYPE_CHECKING:
    from ...core.session import SessionLike

INDEX_ROLE = Qt.ItemDataRole.UserRole + 1
SEVERITY_ROLE = Qt.ItemDataRole.UserRole + 2


class ViolationsPanel(QWidget):
    """Bottom dock. Signals: `slots_selected(tuple)` when a row is clicked, `message(str)`,
    `activated(tuple)` when Enter or Space is pressed on a row (its slots; the window takes the
    keyboard to them). Tab from a row goes to its Apply fix button, Shift+Tab back."""

    slots_selected = Signal(tuple)
    activated = Signal(tuple)
    message = Signal(str)

    def __init__(self, session: SessionLike, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.violations: tuple = ()
        self._shown: tuple | None = None
        self.setAutoFillBackground(True)   # opaque: a changed row repaints the dock's content, not the window under it
        self.summary = QLabel()
        self.summary.setContentsMargins(6, 2, 6, 2)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Problem and how to fix it"), ""])
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setAlternatingRowColors(True)
        head = self.tree.header()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        # rows as tall as their wrapped text at the column's width (Qt's own hint stops at two
        # lines, cutting long messages and hiding the fix); measured again when the column changes
        self.tree.setItemDelegateForColumn(0, _WrappedRows(self.tree))
        head.sectionResized.connect(lambda *_: self.tree.scheduleDelayedItemsLayout())
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.setSpacing(2)
        lay.addWidget(self.summary)
        lay.addWidget(self.tree, 1)
        self.tree.itemSelectionChanged.connect(self._on_row_change)
        self.tree.installEventFilter(self)
        session.evaluated.connect(self._on_evaluated)
        if session.evaluation is not None:
            self._on_evaluated(session.evaluation)

    def _on_evaluated(self, evaluation) -> None:
        found = tuple(sorted(getattr(evaluation, "violations", ()), key=lambda v: SEVERITY_ORDER[v.severity]))
        if found == self._shown:
            return
        self.violations = self._shown = found
        # rows are updated in place, not cleared and rebuilt: an edit usually changes one
        # number in one message, and a rebuilt tree (new items, new buttons) re-lays-out and
        # repaints the whole dock
        tree = self.tree
        while tree.topLevelItemCount() > len(found):
            tree.takeTopLevelItem(tree.topLevelItemCount() - 1)
        counts = {"error": 0, "warning": 0, "info": 0}
        for i, v in enumerate(found):
            counts[v.severity] += 1
            item = tree.topLevelItem(i)
            if item is None:
                item = QTreeWidgetItem(["", ""])
                item.setData(0, INDEX_ROLE, i)
                tree.addTopLevelItem(item)
            self._show_row(item, i, v)
        summary = self._summary(counts)
        if self.summary.text() != summary:
            self.summary.setText(summary)

    def _show_row(self, item: QTreeWidgetItem, i: int, v) -> None:
        """Row `i` shows violation `v`; only what differs from the row's current content is set."""
        message, fix = _words(v)
        text = message + (f"\n→ {fix}" if fix else "")
        if item.text(0) != text:
            item.setText(0, text)
        if item.data(0, SEVERITY_ROLE) != v.severity:
            item.setData(0, SEVERITY_ROLE, v.severity)
            item.setIcon(0, theme.severity_icon(v.severity))
        tip = (f"<b>{v.code}</b>: {message}" + (f"<br>→ {fix}" if fix else "")
               + (f"<br><i>{', '.join(v.slots)}</i>" if v.slots else ""))
        if item.toolTip(0) != tip:
            item.setToolTip(0, tip)
        button = self.tree.itemWidget(item, 1)
        if v.fix and v.fix.ops:
            if button is None:
                button = QPushButton(self.tr("Apply fix"))
                # keyboard focus must show on it (Tab from the list reaches it): a highlight ring
                button.setStyleSheet(FOCUS_RING)
                button.clicked.connect(lambda _=False, i=i: self.apply_fix(i))
                button.installEventFilter(self)
                self.tree.setItemWidget(item, 1, button)
            if button.toolTip() != fix:
                button.setToolTip(fix)
        elif button is not None:
            self.tree.removeItemWidget(item, 1)

    def _summary(self, counts: dict[str, int]) -> str:
        if not any(counts.values()):
            return "<span style='color:#1f9d55'>✓ </span>" + self.tr("No problems found by the checks.")
        parts = [theme.plural(self.tr("%n error(s)", "", counts["error"]), counts["error"]),
                 theme.plural(self.tr("%n warning(s)", "", counts["warning"]), counts["warning"]),
                 theme.plural(self.tr("%n note(s)", "", counts["info"]), counts["info"])]
        return " · ".join(parts) + "  <span style='color:#6b7785'>" + \
            self.tr("(checks are not exhaustive)") + "</span>"

    def apply_fix(self, index: int) -> bool:
        """Apply the fix of violation `index` as one undoable step."""
        if not 0 <= index < len(self.violations):
            return False
        v = self.violations[index]
        if not (v.fix and v.fix.ops):
            return False
        fix = _words(v)[1]
        try:
            self.session.apply(Batch(ops=tuple(v.fix.ops)), label=self.tr("Fix: %s") % fix)
        except OpError as exc:
            self.message.emit(self.tr("The fix could not be applied: %s") % say(exc.msg))
            return False
        self.message.emit(self.tr("Applied: %s") % fix)
        return True

    def fix_button(self, item: QTreeWidgetItem | None) -> QPushButton | None:
        """The Apply fix button of row `item`, if it has one."""
        widget = self.tree.itemWidget(item, 1) if item is not None else None
        return widget if isinstance(widget, QPushButton) else None

    def activate(self, item: QTreeWidgetItem | None) -> None:
        """Enter/Space on a problem: show its slots and hand them to the keyboard (`activated`)."""
        if item is None:
            return
        v = self.violations[item.data(0, INDEX_ROLE)]
        self.slots_selected.emit(tuple(v.slots))
        self.activated.emit(tuple(v.slots))
        if self.fix_button(item) is not None:
            self.message.emit(self.tr("Tab goes to Apply fix: %s") % _words(v)[1])

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt override
        """Keys the tree does not know: Tab into a row's Apply fix, Enter/Space to activate."""
        if event.type() != QEvent.Type.KeyPress:
            return False
        key = event.key()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if obj is self.tree and plain:
            current = self.tree.currentItem()
            button = self.fix_button(current)
            if key == Qt.Key.Key_Tab and button is not None and button.isEnabled():
                button.setFocus(Qt.FocusReason.TabFocusReason)
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and current is not None:
                self.activate(current)
                return True
        elif isinstance(obj, QPushButton) and key == Qt.Key.Key_Backtab:
            self.tree.setFocus(Qt.FocusReason.BacktabFocusReason)
            return True
        return False

    def _on_row_change(self) -> None:
        items = self.tree.selectedItems()
        if items:
            v = self.violations[items[0].data(0, INDEX_ROLE)]
            self.slots_selected.emit(tuple(v.slots))


#: the Apply fix button's look while it has keyboard focus (the native focus frame was invisible)
FOCUS_RING = "QPushButton:focus { border: 2px solid palette(highlight); border-radius: 3px; padding: 2px 8px; }"


def _words(v) -> tuple[str, str]:
    """(message, fix) of violation `v` in the app's language; the fix is "" when there is none."""
    return text(v), fix_text(v.fix)


class _WrappedRows(QStyledItemDelegate):
    """Column 0's rows sized to the message and fix wrapped at the column's current width."""

    ICON_AND_MARGINS = 36   # severity icon, its gap and the cell's margins, px

    def __init__(self, parent: QTreeWidget) -> None:
        super().__init__(parent)
        self._tree = parent
        # (text, width, line height) -> hint: the view asks for every row's hint whenever it
        # lays the rows out, and measuring wrapped text costs ~0.5 ms a row
        self._hints: dict[tuple[str, int, int], QSize] = {}

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 - Qt override
        width = max(80, self._tree.header().sectionSize(0) - self.ICON_AND_MARGINS)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        key = (text, width, option.fontMetrics.height())
        hint = self._hints.get(key)
        if hint is None:
            if len(self._hints) > 512:   # rows come and go with edits; keep the memo small
                self._hints.clear()
            base = super().sizeHint(option, index)
            box = option.fontMetrics.boundingRect(QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap), text)
            hint = self._hints[key] = QSize(base.width(), max(base.height(), box.height() + 8))
        return QSize(hint)
