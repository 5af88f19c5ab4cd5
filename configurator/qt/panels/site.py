"""Site and options editor: PSU redundancy, input voltage, climate, energy, money inputs.

Every edit is one `SetOption` through the session (so it is undoable); when the build changes
from elsewhere (undo, open) the widgets follow with their signals blocked.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..tr_marks import QT_TRANSLATE_NOOP
from . import format as fmt
from .widgets import OptionWriter, Title, _current, blocked, subscribe

if TYPE_CHECKING:
    from ...core.changes import OpChanges
    from ...core.session import SessionLike

INPUT_VOLTAGES_V = (100, 110, 120, 200, 208, 220, 230, 240, 277)
CURRENCIES = ("USD", "EUR", "GBP", "CNY", "JPY", "CHF")


def _decimal(places: int) -> Callable[[float], Decimal]:
    return lambda v: Decimal(str(round(v, places)))


class SiteOptionsPanel(QWidget):
    """Edits `psu_redundancy`, `site.*`, `commercial.*` and `multi_node` of the session's build."""

    title = Title("SiteOptionsPanel", QT_TRANSLATE_NOOP("SiteOptionsPanel", "Site & options"))

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("SiteOptionsPanel")
        self.writer = OptionWriter(session, parent=self, on_error=self._on_write_error)
        self.fields: dict[str, QWidget] = {}
        self._convert: dict[str, Callable[[Any], Any]] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(self._power_group())
        layout.addWidget(self._site_group())
        layout.addWidget(self._money_group())
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color:{fmt.COLOURS['error']};")
        self.error.hide()
        layout.addWidget(self.error)
        layout.addStretch(1)
        self._on_build_change(None)
        subscribe(session.changed, self, "_on_build_change")

    # ------------------------------------------------------------------ layout
    @staticmethod
    def _form(title: str) -> tuple[QGroupBox, QFormLayout]:
        box = QGroupBox(title)
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        return box, form

    def _power_group(self) -> QGroupBox:
        box, form = self._form(self.tr("Power"))
        self.redundancy = QComboBox()
        self._combo("psu_redundancy", self.redundancy)
        form.addRow(self.tr("PSU redundancy"), self.redundancy)
        self.voltage = QComboBox()
        for v in INPUT_VOLTAGES_V:
            self.voltage.addItem(f"{v} V", float(v))
        self._combo("site.input_voltage_v", self.voltage)
        form.addRow(self.tr("Input voltage"), self.voltage)
        self.multi_node = QCheckBox(self.tr("Part of a multi-node training cluster"))
        self.fields["multi_node"] = self.multi_node
        self.multi_node.toggled.connect(lambda on: self.writer.set_now("multi_node", bool(on)))
        form.addRow("", self.multi_node)
        return box

    def _site_group(self) -> QGroupBox:
        box, form = self._form(self.tr("Site"))
        self.ambient = self._spin("site.ambient_c", QDoubleSpinBox(), -20, 60, 1, 0.5, " °C")
        form.addRow(self.tr("Ambient (inlet) temperature"), self.ambient)
        self.altitude = self._spin("site.altitude_m", QSpinBox(), -500, 6000, 0, 100, " m")
        form.addRow(self.tr("Altitude"), self.altitude)
        self.pue = self._spin("site.pue", QDoubleSpinBox(), 1.0, 5.0, 2, 0.05, "")
        form.addRow(self.tr("PUE"), self.pue)
        return box

    def _money_group(self) -> QGroupBox:
        box, form = self._form(self.tr("Money"))
        self.currency = QComboBox()
        for code in CURRENCIES:
            self.currency.addItem(code, code)
        self._combo("site.currency", self.currency)
        form.addRow(self.tr("Currency"), self.currency)
        self.price = self._spin("site.electricity_price_kwh", QDoubleSpinBox(), 0, 100, 3, 0.01,
                                self.tr(" per kWh"), _decimal(3))
        form.addRow(self.tr("Electricity price"), self.price)
        self.years = self._spin("commercial.tco_years", QSpinBox(), 1, 15, 0, 1, self.tr(" years"))
        form.addRow(self.tr("TCO period"), self.years)
        self.support = self._spin("commercial.support_pct_per_year", QDoubleSpinBox(), 0, 100, 1, 0.5,
                                  self.tr(" % of hardware / year"), _decimal(1))
        form.addRow(self.tr("Support"), self.support)
        self.rent = self._spin("commercial.rent_per_gpu_hour", QDoubleSpinBox(), 0, 1000, 2, 0.1,
                               self.tr(" per GPU-hour"), lambda v: None if v <= 0 else _decimal(2)(v))
        self.rent.setSpecialValueText(self.tr("GPU's reference cloud price"))
        form.addRow(self.tr("Rent price"), self.rent)
        self.utilization = self._spin("commercial.utilization_pct", QDoubleSpinBox(), 0, 100, 0, 5, " %")
        form.addRow(self.tr("Utilization"), self.utilization)
        return box

    def _combo(self, path: str, combo: QComboBox) -> None:
        self.fields[path] = combo
        combo.currentIndexChanged.connect(lambda _i: self.writer.set_now(path, combo.currentData()))

    def _spin(self, path: str, spin: Any, lo: float, hi: float, decimals: int, step: float, suffix: str,
              convert: Callable[[Any], Any] | None = None) -> Any:
        spin.setRange(lo, hi)
        if isinstance(spin, QDoubleSpinBox):
            spin.setDecimals(decimals)
        spin.setSingleStep(step)
        spin.setSuffix(suffix)
        spin.setKeyboardTracking(False)       # typing "35" is one edit, not "3" then "35"
        spin.setAccelerated(True)
        spin.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        spin.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.fields[path] = spin
        self._convert[path] = convert or (lambda v: v)
        spin.valueChanged.connect(partial(self._on_spin_edit, path))
        spin.editingFinished.connect(self.writer.flush)
        return spin

    # ------------------------------------------------------------------ edits
    def _on_spin_edit(self, path: str, value: Any) -> None:
        # held arrows and wheel turns arrive as a burst: coalesce them into one undo step
        self.writer.set_later(path, self._convert[path](value))

    def _on_write_error(self, path: str, message: str) -> None:
        self.error.setText(self.tr("Not applied: {msg}").format(msg=message))
        self.error.show()
        self._on_build_change(None)

    # ------------------------------------------------------------------ model → widgets
    def _redundancy_modes(self) -> tuple[tuple[str, ...], str]:
        catalog = getattr(self.session, "catalog", None)
        chassis = catalog.chassis(self.session.build.chassis) if catalog is not None else None
        if chassis is None:
            return (), ""
        return tuple(chassis.psu.redundancy_modes), chassis.psu.default_redundancy

    def _fill_redundancy(self) -> None:
        modes, default = self._redundancy_modes()
        wanted = [("", self.tr("Chassis default ({mode})").format(mode=default) if default
                   else self.tr("Chassis default"))] + [(m, m) for m in modes]
        current = self.session.build.psu_redundancy
        if current and current not in modes:
            wanted.append((current, self.tr("{mode} (not offered by this chassis)").format(mode=current)))
        have = [(self.redundancy.itemData(i), self.redundancy.itemText(i)) for i in range(self.redundancy.count())]
        if have != wanted:
            self.redundancy.clear()
            for data, text in wanted:
                self.redundancy.addItem(text, data)

    def _on_build_change(self, changes: OpChanges | None) -> None:
        if changes is not None and not self.writer.writing:
            self.writer.cancel()   # the build moved under us (undo, open): drop the unsent edit
            self.error.hide()
        if changes is not None and not changes.touches("site", "power", "commercial", "workload", "chassis"):
            return  # a part placed, a customer named: none of these fields moved
        build = self.session.build
        with blocked(*self.fields.values()):
            cur = build.site.currency
            # only a new currency: setSuffix re-lays-out the form even when the suffix is the same
            for box, suffix in ((self.price, self.tr(" {cur} per kWh")), (self.rent, self.tr(" {cur} per GPU-hour"))):
                if box.suffix() != suffix.format(cur=cur):
                    box.setSuffix(suffix.format(cur=cur))
            self._fill_redundancy()
            for path, widget in self.fields.items():
                self._show(widget, _current(build, path))

    @staticmethod
    def _show(widget: QWidget, value: Any) -> None:
        if isinstance(widget, QComboBox):
            index = widget.findData(value)
            if index < 0:
                label = f"{value:g} V" if isinstance(value, float) else str(value)
                widget.addItem(label, value)
                index = widget.count() - 1
            widget.setCurrentIndex(index)
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QDoubleSpinBox):
            widget.setValue(widget.minimum() if value is None else float(value))
