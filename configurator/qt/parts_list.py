"""The bill of materials: one row per part with quantity, unit and extended price, and a total.

Rendered from `session.evaluation.cost` alone, so it always agrees with the PDF quote and CLI.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from ..core.session import Session
from . import theme
from .palette import CATEGORY_TITLES
from .panels.widgets import SteadyLabel

PART_ROLE = Qt.ItemDataRole.UserRole + 1


class PartsList(QWidget):
    """Bottom dock. Signal `part_selected(str)` (the part id of the selected row, '' for none)."""

    part_selected = Signal(str)

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self._syncing = False
        self._shown: tuple | None = None
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels([self.tr("Category"), self.tr("Part"), self.tr("Qty"),
                                              self.tr("Unit price"), self.tr("Extended")])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        head = self.table.horizontalHeader()
        # fixed widths: ResizeToContents re-measures every row on each edit (≈1 ms per changed cell)
        head.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for col, width in ((0, 96), (2, 40), (3, 96), (4, 104)):
            head.resizeSection(col, width)
        self.total = SteadyLabel(objectName="totalLabel")   # a new total does not re-lay-out the dock
        self.total.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.setSpacing(2)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.total, 0, Qt.AlignmentFlag.AlignRight)
        self.table.itemSelectionChanged.connect(self._on_row_change)
        session.evaluated.connect(self._on_evaluated)
        if session.evaluation is not None:
            self._on_evaluated(session.evaluation)

    def _on_evaluated(self, evaluation) -> None:
        cost = getattr(evaluation, "cost", None)
        if cost is None:
            return
        key = (cost.lines, cost.total, cost.currency)
        if key == self._shown:
            return  # an option edit that did not change the BOM: nothing to redraw
        self._shown = key
        selected = self.selected_part()
        self._syncing = True
        # no setUpdatesEnabled(False/True) around this: re-enabling repaints the whole table,
        # while the cells that change repaint on their own (and most do not change)
        if self.table.rowCount() != len(cost.lines):
            self.table.setRowCount(len(cost.lines))
        for r, line in enumerate(cost.lines):
            category = QCoreApplication.translate("Palette", CATEGORY_TITLES.get(line.category, line.category))
            cells = [category, line.name, str(line.qty),
                     theme.money(line.unit_price, cost.currency, digits=True),
                     theme.money(line.extended, cost.currency, digits=True)]
            for c, text in enumerate(cells):
                self._set_cell(r, c, text, line)
        missing = len(cost.missing_prices)
        text = self.tr("Total  %s") % theme.money(cost.total, cost.currency, digits=True)
        if missing:
            text = theme.plural(self.tr("%n part(s) without a price · ", "", missing), missing) + text
        self.total.setText(text)
        self._syncing = False
        if selected:
            self.select_part(selected)

    def _set_cell(self, r: int, c: int, text: str, line) -> None:
        """Reuse the existing cell; touch it only when its text or part changed (edits stay cheap)."""
        item = self.table.item(r, c)
        if item is not None and item.text() == text and item.data(PART_ROLE) == line.part_id:
            return
        if item is None:
            item = QTableWidgetItem()
            if c >= 2:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(r, c, item)
        item.setText(text)
        item.setData(PART_ROLE, line.part_id)
        if c == 1:
            item.setToolTip("\n".join(x for x in (line.name, line.part_number, line.price_source) if x))
        if c == 4:
            missing = line.extended is None
            item.setToolTip(self.tr("No price in the price list") if missing else "")
            item.setForeground(theme.INVALID if missing else theme.INK)

    def selected_part(self) -> str:
        rows = self.table.selectionModel().selectedRows()
        return self.table.item(rows[0].row(), 0).data(PART_ROLE) if rows else ""

    def select_part(self, part_id: str) -> None:
        """Select the row of `part_id` (or nothing) without echoing `part_selected`."""
        self._syncing = True
        try:
            self.table.clearSelection()
            for r in range(self.table.rowCount()):
                if self.table.item(r, 0).data(PART_ROLE) == part_id:
                    self.table.selectRow(r)
                    break
        finally:
            self._syncing = False

    def _on_row_change(self) -> None:
        if not self._syncing:
            self.part_selected.emit(self.selected_part())
