"""The compare view's site options: one row per option, a column for all builds and one per build.

An empty cell keeps what the column above it says (a build's cell: the "All builds" value, else
the build's own); a typed value overrides it for that build only. Cells that are not set show
the value in force in grey, read from the compared column's build. The grid turns the cells into
`core.compare.Options` (common, per column) and says, in one line naming the build and the
option, what it could not read.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ...core.compare import Comparison, Options
from ...words.errors import error_text

SET_ROLE = Qt.ItemDataRole.UserRole + 2
INHERITED = QColor("#9ca3af")


@dataclass(frozen=True)
class Field:
    """One option: the `Options` field, how to read a typed value, and where a build keeps it."""

    name: str
    parse: Any            # str -> value; ValueError with the reason
    site_path: str        # the build attribute it overrides ("site.pue")


def _currency(text: str) -> str:
    code = text.strip().upper()
    if len(code) != 3 or not code.isalpha():
        raise ValueError(QCoreApplication.translate("OptionsGrid", "not a three-letter currency code: %s") % repr(text))
    return code


def _decimal(text: str) -> Decimal:
    try:
        value = Decimal(text.strip().replace(",", ""))
    except InvalidOperation:
        raise ValueError(QCoreApplication.translate("OptionsGrid", "not a number: %s") % repr(text)) from None
    if not value.is_finite() or value < 0:
        raise ValueError(QCoreApplication.translate("OptionsGrid", "not a price: %s") % repr(text))
    return value


def _float(text: str) -> float:
    try:
        return float(text.strip().rstrip("%").strip())
    except ValueError:
        raise ValueError(QCoreApplication.translate("OptionsGrid", "not a number: %s") % repr(text)) from None


def _int(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(QCoreApplication.translate("OptionsGrid", "not a whole number: %s") % repr(text)) from None


FIELDS = (
    Field("currency", _currency, "site.currency"),
    Field("electricity_price_kwh", _decimal, "site.electricity_price_kwh"),
    Field("pue", _float, "site.pue"),
    Field("tco_years", _int, "commercial.tco_years"),
    Field("utilization_pct", _float, "commercial.utilization_pct"),
)


def _read(build: Any, path: str) -> Any:
    obj = build
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


class OptionsGrid(QTableWidget):
    """Editable option cells. Signal: `edited()` after a cell was typed into (read `options()`)."""

    edited = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(len(FIELDS), 1, parent)
        self.setObjectName("compareOptions")
        self.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.setVerticalHeaderLabels([self.label(f.name) for f in FIELDS])
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._filling = False
        for r in range(len(FIELDS)):
            self.setItem(r, 0, self._blank())
        self.itemChanged.connect(self._on_item_change)

    def label(self, name: str) -> str:
        return {"currency": self.tr("Currency"), "electricity_price_kwh": self.tr("Electricity per kWh"),
                "pue": self.tr("PUE"), "tco_years": self.tr("Years of ownership"),
                "utilization_pct": self.tr("Utilization %")}[name]

    def _blank(self) -> QTableWidgetItem:
        item = QTableWidgetItem("")
        item.setData(SET_ROLE, False)
        return item

    def set_columns(self, labels: list[str]) -> None:
        """One column per build (after "All builds"); typed overrides of kept columns stay."""
        self._filling = True
        try:
            self.setColumnCount(1 + len(labels))
            self.setHorizontalHeaderLabels([self.tr("All builds"), *labels])
            for r in range(len(FIELDS)):
                for c in range(self.columnCount()):
                    if self.item(r, c) is None:
                        self.setItem(r, c, self._blank())
        finally:
            self._filling = False

    def drop_column(self, index: int) -> None:
        """Forget build `index`'s overrides (its document was closed)."""
        self.removeColumn(index + 1)

    def show_in_force(self, cmp: Comparison) -> None:
        """Grey text in the cells the user did not set: the value each column was compared with."""
        self._filling = True
        try:
            for r, f in enumerate(FIELDS):
                for c, col in enumerate(cmp.columns):
                    item = self.item(r, c + 1)
                    if item is not None and not item.data(SET_ROLE):
                        value = _read(col.build, f.site_path)
                        if f.name == "electricity_price_kwh":
                            value = f"{value} {col.build.site.input_currency}"
                        item.setText(str(value))
                        item.setForeground(QBrush(INHERITED))
                        font = QFont(item.font())
                        font.setItalic(True)
                        item.setFont(font)
        finally:
            self._filling = False

    def _on_item_change(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        self._filling = True
        try:
            typed = bool(item.text().strip())
            item.setData(SET_ROLE, typed)
            item.setForeground(QBrush(QColor("#111827")))
            font = QFont(item.font())
            font.setItalic(False)
            item.setFont(font)
        finally:
            self._filling = False
        self.edited.emit()

    def set_value(self, name: str, column: int, text: str) -> None:
        """Type `text` into option `name` of `column` (-1: All builds), as a user would."""
        row = [f.name for f in FIELDS].index(name)
        item = self.item(row, column + 1)
        assert item is not None, "every cell is made with the grid"
        item.setText(text)

    def options(self) -> tuple[Options, list[Options]]:
        """(common, per build) from the typed cells; ValueError naming the column and the option."""
        columns = []
        for c in range(self.columnCount()):
            values: dict[str, Any] = {}
            for r, f in enumerate(FIELDS):
                item = self.item(r, c)
                if item is None or not item.data(SET_ROLE):
                    continue
                try:
                    values[f.name] = f.parse(item.text())
                except ValueError as exc:
                    head = self.horizontalHeaderItem(c)
                    where = head.text() if head is not None else str(c)
                    raise ValueError(f"{where}: {self.label(f.name)}: {error_text(exc)}") from None
            columns.append(Options(**values))
        return columns[0], columns[1:]
