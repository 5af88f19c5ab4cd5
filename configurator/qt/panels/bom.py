"""The bill of materials: the priced BOM of `session.evaluation.cost`, as the customer is quoted.

One row per line (placed parts, companion parts, the support line) with quantity, unit and
extended price, then the subtotal, discount, tax, shipping and the total the customer signs.
It only renders the core's figures, so it always agrees with the PDF quote and the CLI. Each
quantity, price and total explains itself on click or Enter (`explain_popup`): the same
explanation as `configurator explain BUILD cost.lines.N.extended` / `cost.total`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.evaluate.result import CostLine, CostResult
from ...core.money import format_pct
from ...core.ops import SetOption
from ...words import i18n
from ...words.alternative_words import alternatives_text
from ...words.render import named
from .. import theme
from ..dialogs.explain_popup import explainable, explainable_cells
from .widgets import SteadyLabel

if TYPE_CHECKING:
    from ...core.session import SessionLike

PART_ROLE = Qt.ItemDataRole.UserRole + 1
_CELL_PAD = 18          # a cell's margins and a little air, px
_MIN_PART_W, _MIN_CATEGORY_W = 90, 48
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
TOTAL_ROWS = ("subtotal", "discount", "tax", "shipping", "total")
# the figure (`evaluate --json` path under cost.lines.N) each column shows
CELL_FIGURES = {2: "qty", 3: "unit_price", 4: "extended"}


class PartsList(QWidget):
    """Bottom dock. Signal `part_selected(str)` (the part id of the selected row, '' for none)."""

    part_selected = Signal(str)

    def __init__(self, session: SessionLike, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self._syncing = False
        self._shown: CostResult | None = None
        self._widths: dict[str, dict[str, int]] = {}   # font key -> text -> width, px (`_advance`)
        self._cells: dict[tuple[int, int], str] = {}    # (row, column) -> the text the table shows there
        self.setAutoFillBackground(True)   # opaque: a new total repaints the dock's content, not the window under it
        self.table = self._make_table()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.setSpacing(2)
        lay.addWidget(self.table, 1)
        lay.addWidget(self._make_totals(), 0)
        self.table.itemSelectionChanged.connect(self._on_row_change)
        # a companion line with alternatives (a user catalog's rail kit, cord, ...): right-click to use one instead
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._companion_menu)
        explainable_cells(self.table, session, self.cell_figure)
        for key, (_caption, value) in self.rows.items():
            explainable(value, session, f"cost.{key}")
        session.evaluated.connect(self._on_evaluated)
        if session.evaluation is not None:
            self._on_evaluated(session.evaluation)

    def _make_table(self) -> QTableWidget:
        table = _BomTable(0, 5)
        table.setHorizontalHeaderLabels([self.tr("Category"), self.tr("Part"), self.tr("Qty"),
                                         self.tr("Unit price"), self.tr("Extended")])
        table.verticalHeader().hide()
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setAlternatingRowColors(True)
        table.setShowGrid(False)
        table.verticalHeader().setDefaultSectionSize(24)
        head = table.horizontalHeader()
        # fixed widths: ResizeToContents re-measures every row on each edit (≈1 ms per changed cell)
        head.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for col, width in ((0, 96), (2, 40), (3, 96), (4, 104)):
            head.resizeSection(col, width)
        # long names lose their middle, where two drives or CPUs rarely differ; the tooltip has it all
        table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        table.setWordWrap(False)   # a wrapped cell is cut at its end, whatever the elide mode
        # amounts are never behind a scrollbar: the columns are fitted to the table instead
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.resized.connect(self._fit_columns)
        return table

    def _make_totals(self) -> QWidget:
        """Caption/amount rows under the amount columns; rows that do not apply stay hidden."""
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(0)
        grid.setColumnStretch(0, 1)
        self.note = QLabel()                      # lines on request
        self.note.setStyleSheet(f"color:{theme.INVALID.name()};")
        grid.addWidget(self.note, len(TOTAL_ROWS) - 1, 0, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.rows: dict[str, tuple[QLabel, SteadyLabel]] = {}
        for r, key in enumerate(TOTAL_ROWS):
            # fixed-size amounts: a new total does not re-lay-out the dock
            caption, value = QLabel(), SteadyLabel(min_width=104)
            value.setAlignment(_RIGHT)
            if key == "total":
                caption.setObjectName("totalLabel")
                value.setObjectName("totalLabel")
            grid.addWidget(caption, r, 1, _RIGHT)
            grid.addWidget(value, r, 2, _RIGHT)
            self.rows[key] = (caption, value)
        self.total = self.rows["total"][1]
        return box

    def _on_evaluated(self, evaluation) -> None:
        cost = getattr(evaluation, "cost", None)
        if cost is None or cost == self._shown:
            return  # an option edit that did not change the BOM: nothing to redraw
        shown, self._shown = self._shown, cost
        # rows whose line is unchanged (and in the same currency) are skipped, not re-compared cell by cell
        same = shown.lines if shown is not None and shown.currency == cost.currency else ()
        selected = self.selected_part()
        self._syncing = True
        # no setUpdatesEnabled(False/True) around this: re-enabling repaints the whole table,
        # while the cells that change repaint on their own (and most do not change)
        if self.table.rowCount() != len(cost.lines):
            self.table.setRowCount(len(cost.lines))
            self._cells = {rc: text for rc, text in self._cells.items() if rc[0] < len(cost.lines)}
        for r, line in enumerate(cost.lines):
            if r < len(same) and same[r] == line:
                continue
            name = named(line.name)
            if line.alternatives:    # a companion line: the other accessories of its role (a user catalog's)
                name += " — " + self._alternatives(line, cost.currency)
            cells = [self._category(line), name, str(line.qty),
                     theme.money(line.unit_price, cost.currency, digits=True) if line.unit_price is not None
                     else self.tr("on request"),
                     theme.money(line.extended, cost.currency, digits=True) if line.extended is not None
                     else self.tr("on request")]
            for c, text in enumerate(cells):
                self._set_cell(r, c, text, line)
        self._show_totals(cost)
        self._fit_columns()
        self._syncing = False
        if selected:
            self.select_part(selected)

    def cell_figure(self, row: int, column: int) -> str:
        """The figure a cell shows (`cost.lines.3.extended`), '' for text and prices on request."""
        lines = self._shown.lines if self._shown is not None else ()
        field = CELL_FIGURES.get(column)
        if field is None or not 0 <= row < len(lines) or getattr(lines[row], field) is None:
            return ""
        return f"cost.lines.{row}.{field}"

    def _companion_menu(self, pos) -> None:
        """'Use … instead' for each alternative of the companion line under the pointer."""
        row = self.table.rowAt(pos.y())
        lines = self._shown.lines if self._shown is not None else ()
        if not 0 <= row < len(lines) or not lines[row].alternatives:
            return
        menu = QMenu(self.table)
        for alt in lines[row].alternatives:
            action = menu.addAction(self.tr("Use %s instead") % named(alt.name))
            action.triggered.connect(lambda _checked=False, a=alt.part_id, ln=lines[row]: self.use_companion(ln, a))
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def use_companion(self, line: CostLine, part_id: str) -> None:
        """Name `part_id` in `Build.companions` for the role of `line` (one undo step): the accessories
        that line offers, its own included, give way to it."""
        role = {line.part_id, *(a.part_id for a in line.alternatives)}
        kept = tuple(c for c in self.session.build.companions if c not in role)
        self.session.apply(SetOption(path="companions", value=(*kept, part_id)))

    def _alternatives(self, line: CostLine, currency: str) -> str:
        """'alternatives: …' for a companion line with some (words/alternative_words.py), else ''."""
        def money(value) -> str:
            return theme.money(value, currency, digits=True) if value is not None else self.tr("on request")
        return alternatives_text(line.alternatives, money, i18n._, named)

    def _category(self, line: CostLine) -> str:
        if line.kind == "hardware":
            return theme.category_title(line.category)
        return i18n._(line.group)

    def _show_totals(self, cost: CostResult) -> None:
        """The rows of the quote's totals block, in the same words and amounts as the PDF."""
        def money(value) -> str:
            return theme.money(value, cost.currency, digits=True)

        tax_rate = format_pct(cost.tax_pct)
        rows = {
            "subtotal": (self.tr("Subtotal"), money(cost.subtotal),
                         bool(cost.discount or cost.tax or cost.shipping)),
            "discount": (self.tr("Discount (%s)") % format_pct(cost.discount_pct), money(-cost.discount), bool(cost.discount)),
            "tax": (self.tr("Included tax / VAT (%s)") % tax_rate if cost.tax_included
                    else self.tr("Tax / VAT (%s)") % tax_rate, money(cost.tax), cost.tax_pct > 0),
            "shipping": (self.tr("Shipping"), money(cost.shipping), bool(cost.shipping)),
            "total": (self.tr("Total (%s, incl. tax)") % cost.currency if cost.total_includes_tax
                      else self.tr("Total (%s, excl. tax)") % cost.currency, money(cost.total), True),
        }
        for key, (caption, amount, shown) in rows.items():
            label, value = self.rows[key]
            if label.text() != caption:
                label.setText(caption)
            value.setText(amount)   # a SteadyLabel: an unchanged amount is not set again
            label.setVisible(shown)
            value.setVisible(shown)
        n = len(cost.on_request)
        self.note.setText(theme.plural(self.tr("%n part(s) on request, not in the total", "", n), n) if n else "")
        tip = "\n".join(named(line.name) for line in cost.on_request)
        if self.note.toolTip() != tip:   # each call sends the label an event, changed or not
            self.note.setToolTip(tip)

    def _set_cell(self, r: int, c: int, text: str, line: CostLine) -> None:
        """Reuse the existing cell; touch it only when its text or part changed (edits stay cheap)."""
        item = self.table.item(r, c)
        if item is not None and item.text() == text and item.data(PART_ROLE) == line.part_id:
            return
        if item is None:
            item = QTableWidgetItem()
            if c >= 2:
                item.setTextAlignment(_RIGHT)
            self.table.setItem(r, c, item)
        item.setText(text)
        item.setData(PART_ROLE, line.part_id)
        self._cells[(r, c)] = text
        if c == 0:
            item.setToolTip(text)    # cut when the dock is narrow
        if c == 1:
            alternatives = self._alternatives(line, self._shown.currency) if self._shown is not None else ""
            item.setToolTip("\n".join(x for x in (named(line.name), line.part_number, line.price_source, alternatives) if x))
        if c == 4:
            missing = line.extended is None
            item.setToolTip(self.tr("No price in the price list") if missing else "")
            item.setForeground(theme.INVALID if missing else theme.INK)

    def _fit_columns(self) -> None:
        """Quantity and amount columns as wide as their widest text, so that no price is ever cut;
        the part name takes what is left, and in a narrow dock the category gives way first."""
        table = self.table
        head = table.horizontalHeader()
        bold = QFont(head.font())   # section captions are bold (theme.STYLESHEET)
        bold.setBold(True)
        cells, heads = self._advance(table.font()), self._advance(bold)
        # the cells' texts as `_set_cell` wrote them: asking the table for each item's text cost ~0.1 ms
        widest = dict.fromkeys((0, 2, 3, 4), 0)
        for (_row, column), text in self._cells.items():
            if column in widest:
                widest[column] = max(widest[column], cells(text))
        need = {}
        for c in (0, 2, 3, 4):
            head_item = table.horizontalHeaderItem(c)
            title = head_item.text() if head_item is not None else ""
            need[c] = max(widest[c], heads(title)) + _CELL_PAD
        room = table.viewport().width() - need[2] - need[3] - need[4] - _MIN_PART_W
        need[0] = max(_MIN_CATEGORY_W, min(need[0], room))
        for c, width in need.items():
            if head.sectionSize(c) != width:
                head.resizeSection(c, width)

    def _advance(self, font: QFont) -> Callable[[str], int]:
        """Text width in `font`, remembered: an edit changes a line or two, and measuring every
        cell again cost ~0.3 ms."""
        metrics, widths = QFontMetrics(font), self._widths.setdefault(font.key(), {})
        if len(widths) > 2048:
            widths.clear()

        def advance(text: str) -> int:
            width = widths.get(text)
            if width is None:
                width = widths[text] = metrics.horizontalAdvance(text)
            return width
        return advance

    def selected_part(self) -> str:
        rows = self.table.selectionModel().selectedRows()
        item = self.table.item(rows[0].row(), 0) if rows else None
        return item.data(PART_ROLE) if item is not None else ""

    def select_part(self, part_id: str) -> None:
        """Select the row of `part_id` (or nothing) without echoing `part_selected`."""
        self._syncing = True
        try:
            self.table.clearSelection()
            for r in range(self.table.rowCount()):
                item = self.table.item(r, 0)
                if item is not None and item.data(PART_ROLE) == part_id:
                    self.table.selectRow(r)
                    break
        finally:
            self._syncing = False

    def _on_row_change(self) -> None:
        if not self._syncing:
            self.part_selected.emit(self.selected_part())



class _BomTable(QTableWidget):
    """The BOM table; says when it is resized, so the columns can be fitted to it."""

    resized = Signal()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.resized.emit()
