"""The compare view's table: one column per build, rows grouped, each cell the value, its delta to
the baseline and a best mark; tooltips say the formula and inputs.

It only displays a `core.compare.Comparison`: every value, delta, best mark and explanation is the
core's (the CLI and the exports print the same ones). This module formats them for the locale.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ...core.compare import CATALOG_PRICES, GROUPS, Comparison, Delta, Row, Value
from ...core.message import Msg
from ...formats.exporters.comparison_source import value_words
from ...words.i18n import _
from ...words.render import say
from .. import theme
from ..panels.format import number

BEST = QColor("#dcfce7")
BEST_INK = QColor("#166534")
GROUP_BG = QColor("#eef2f7")
BASELINE_BG = QColor("#f8fafc")
MUTED = QColor("#6b7280")
KEY_ROLE = Qt.ItemDataRole.UserRole + 1


def decimals_for(value: float) -> int:
    """Enough decimals to tell values apart on screen: 0 from 100 up, 1 from 10, else 2."""
    size = abs(value)
    return 0 if size >= 100 or float(value).is_integer() else 1 if size >= 10 else 2


def format_value(row: Row, value: Value, currency: str = "") -> str:
    """A cell's value in the locale with its unit; '—' where the row does not apply. A money row
    whose columns are in different currencies has no unit: `currency` is the column's own."""
    if value is None:
        return "—"
    if isinstance(value, str | Msg):
        return value_words(value)
    if row.kind == "money" and (row.unit or currency):
        return theme.money(Decimal(value), row.unit or currency, digits=abs(Decimal(value)) < 100)
    shown = number(float(value), decimals_for(float(value)))
    unit = _(row.unit) if row.unit else ""
    return f"{shown} {unit}".strip()


def worded(text: str | Msg) -> str:
    """A working's formula or input name: a message said, a static word looked up (data stays as it is)."""
    return say(text) if isinstance(text, Msg) else _(text)


def format_delta(row: Row, delta: Delta | None) -> str:
    """'+1,200 W (+12 %)' to the baseline; '' for the baseline column and rows without deltas."""
    if delta is None:
        return ""
    absolute = delta.absolute
    if not absolute:
        return "±0"
    sign = "+" if absolute > 0 else "−"
    magnitude: Value = -absolute if absolute < 0 else absolute
    text = sign + format_value(row, magnitude)
    if delta.percent is not None:
        text += f" ({'+' if delta.percent >= 0 else '−'}{number(abs(delta.percent), 1 if abs(delta.percent) < 10 else 0)} %)"
    return text


def column_title(cmp: Comparison, index: int, baseline_mark: str, prices_mark: str) -> str:
    """A column's header: the build's label, its price list, and the baseline mark."""
    col = cmp.columns[index]
    prices = _(CATALOG_PRICES) if col.price_list == CATALOG_PRICES else col.price_list
    title = f"{col.label}\n{prices_mark % prices}"
    return f"{title}\n{baseline_mark}" if index == cmp.baseline else title


class CompareTable(QTableWidget):
    """Rows of the comparison; a click on a build's header emits `column_clicked(index)`."""

    column_clicked = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("compareTable")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setWordWrap(False)
        self.setAlternatingRowColors(False)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.horizontalHeader()
        header.setSectionsClickable(True)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        header.sectionClicked.connect(lambda i: self.column_clicked.emit(i - 1) if i > 0 else None)
        self.comparison: Comparison | None = None
        self.shown_rows: list[str] = []   # row keys in table order ('' for a group heading)

    def show_comparison(self, cmp: Comparison, hide_equal: bool) -> None:
        """Fill the table from `cmp` (all rows, or those that differ)."""
        self.comparison = cmp
        groups = cmp.grouped(hide_equal)
        self.setUpdatesEnabled(False)
        try:
            self.clear()
            self.setColumnCount(1 + len(cmp.columns))
            self.setRowCount(sum(1 + len(rows) for _, rows in groups))
            self._headers(cmp)
            self.shown_rows = []
            r = 0
            for group, rows in groups:
                self._group_row(r, group)
                r += 1
                for row in rows:
                    self._figure_row(r, cmp, row)
                    r += 1
            self._size_columns()
        finally:
            self.setUpdatesEnabled(True)

    def _headers(self, cmp: Comparison) -> None:
        baseline, prices = self.tr("baseline"), "%s"
        self.setHorizontalHeaderItem(0, QTableWidgetItem(self.tr("Figure")))
        for i, col in enumerate(cmp.columns):
            item = QTableWidgetItem(column_title(cmp, i, baseline, prices))
            item.setToolTip(self.tr("%1\nClick to open this build in the builder")
                            .replace("%1", col.source or col.label))
            if i == cmp.baseline:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.setHorizontalHeaderItem(i + 1, item)

    def _group_row(self, r: int, group: str) -> None:
        item = QTableWidgetItem(_(GROUPS.get(group, group)))
        font = QFont(item.font())
        font.setBold(True)
        item.setFont(font)
        item.setBackground(QBrush(GROUP_BG))
        self.setItem(r, 0, item)
        self.setSpan(r, 0, 1, self.columnCount())
        self.shown_rows.append("")

    def _figure_row(self, r: int, cmp: Comparison, row: Row) -> None:
        label = _(row.label)
        head = QTableWidgetItem(label)
        head.setData(KEY_ROLE, row.key)
        head.setToolTip(self._row_tip(cmp, row))
        self.setItem(r, 0, head)
        for i, value in enumerate(row.values):
            self.setItem(r, i + 1, self._cell(cmp, row, i, value))
        self.shown_rows.append(row.key)

    def _cell(self, cmp: Comparison, row: Row, i: int, value: Value) -> QTableWidgetItem:
        text = format_value(row, value, cmp.columns[i].currency)
        delta = format_delta(row, row.deltas[i])
        if row.best[i]:
            text = "★ " + text
        item = QTableWidgetItem(f"{text}\n{delta}" if delta else text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        item.setData(KEY_ROLE, row.key)
        if row.best[i]:
            item.setBackground(QBrush(BEST))
            item.setForeground(QBrush(BEST_INK))
            font = QFont(item.font())
            font.setBold(True)
            item.setFont(font)
        elif i == cmp.baseline:
            item.setBackground(QBrush(BASELINE_BG))
        item.setToolTip(self._cell_tip(cmp, row, i))
        return item

    def _row_tip(self, cmp: Comparison, row: Row) -> str:
        """What the row is and how it is computed (the baseline column's explanation)."""
        bits = [_(row.label)]
        if row.better:
            bits.append(self.tr("higher is better") if row.better == "higher" else self.tr("lower is better"))
        explanation = row.explain(cmp.baseline)
        if explanation is not None:
            bits.append(worded(explanation.formula))
        return "\n".join(bits)

    def _cell_tip(self, cmp: Comparison, row: Row, i: int) -> str:
        """The formula with this build's inputs and their sources; the delta to the baseline."""
        col = cmp.columns[i]
        lines = [f"{col.label} — {_(row.label)}: {format_value(row, row.values[i], col.currency)}"]
        explanation = row.explain(i)
        if explanation is not None:
            lines.append(worded(explanation.formula))
            lines += [f"  {worded(name)} = {say(value) if isinstance(value, Msg) else value}"
                      for name, value in explanation.inputs]
            if explanation.sources:
                lines.append(self.tr("Sources:"))
                lines += [f"  {_(src)}" for src in explanation.sources[:6]]
        delta = format_delta(row, row.deltas[i])
        if delta:
            lines.append(self.tr("Compared with %1: %2").replace("%1", cmp.columns[cmp.baseline].label)
                         .replace("%2", delta))
        if row.best[i]:
            lines.append(self.tr("Best in this row"))
        return "\n".join(lines)

    def _size_columns(self) -> None:
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        for i in range(1, self.columnCount()):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.Stretch)
        self.resizeRowsToContents()
