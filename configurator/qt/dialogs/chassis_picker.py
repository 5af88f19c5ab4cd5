"""Dialogs: the chassis picker for File ▸ New (and Change chassis), and opening a window's
non-modal tool windows (View ▸ Upgrade plan…, Cluster plan…) once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from ...core.catalog import Catalog, Chassis
from ...words.part_words import part_name
from .. import theme
from ..screen_fit import resize_to_fit

ID_ROLE = Qt.ItemDataRole.UserRole + 1
D = TypeVar("D", bound=QDialog)


def show_once(window: Any, attr: str, make: Callable[[], D]) -> D:
    """Open (or raise) the window's one dialog kept as `window.<attr>`, made by `make` the first time."""
    dialog = getattr(window, attr, None)
    if dialog is None:
        dialog = make()
        setattr(window, attr, dialog)
    dialog.show()
    dialog.raise_()
    return dialog


def gpu_positions(chassis: Chassis) -> str:
    """'8× SXM5 (HGX H100 8-GPU)', '2× PCIe double-width' (only the slots that take a 2-wide GPU:
    an R760's four single-width GPU slots take an L4, not an L40S) or '4× PCIe single-width'."""
    if chassis.gpu_baseboard:
        bb = chassis.gpu_baseboard
        return f"{bb.positions}× {bb.label or bb.family}"
    capable = [s for s in chassis.pcie_slots if s.gpu_capable]
    if not capable:
        return "—"
    wide = [s for s in capable if s.max_width >= 2]
    shown = wide or capable
    n = min(len(shown), chassis.max_gpus or len(shown))
    width = (QCoreApplication.translate("ChassisPicker", "double-width") if wide
             else QCoreApplication.translate("ChassisPicker", "single-width"))
    return QCoreApplication.translate("ChassisPicker", "%1× PCIe %2").replace("%1", str(n)).replace("%2", width)


def chassis_summary(chassis: Chassis, catalog: Catalog | None = None) -> str:
    """'2× LGA4677 · 32 DIMMs · 11 PCIe · 21 bays · 6 PSU (4+2) · air' in the user's language; the
    cooling is the kind of the chassis' cooling options (with no catalog: none said)."""
    sockets = len(chassis.sockets)
    dimms = sockets * chassis.memory.channels_per_socket * chassis.memory.dpc
    bays = sum(g.count for g in chassis.drive_bays)
    kinds = {getattr(catalog.get(c.cooling), "kind", "") for c in chassis.cooling_options} if catalog else set()
    words = {"air": QCoreApplication.translate("ChassisPicker", "air"),
             "liquid": QCoreApplication.translate("ChassisPicker", "liquid")}
    cooling = "/".join(words[k] for k in ("air", "liquid") if k in kinds)
    text = (QCoreApplication.translate("ChassisPicker", "%1× %2 · %3 DIMMs · %4 PCIe · %5 bays · %6 PSU (%7)")
            .replace("%1", str(sockets)).replace("%2", chassis.sockets[0].socket).replace("%3", str(dimms))
            .replace("%4", str(len(chassis.pcie_slots))).replace("%5", str(bays))
            .replace("%6", str(chassis.psu.count)).replace("%7", chassis.psu.default_redundancy))
    return f"{text} · {cooling}" if cooling else text


class ChassisPicker(QDialog):
    """Lists every chassis with RU, GPU positions and a one-line summary; returns the chosen id."""

    def __init__(self, catalog: Catalog, current: str | None = None, parent=None, title: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title or self.tr("New build — choose a chassis"))
        resize_to_fit(self, 900, 420)
        chassis = sorted((c for c in catalog.by_category("chassis") if isinstance(c, Chassis)),
                         key=lambda c: (c.vendor, c.name))
        self.table = QTableWidget(len(chassis), 5)
        self.table.setHorizontalHeaderLabels([self.tr("Chassis"), self.tr("Vendor"), self.tr("RU"),
                                              self.tr("GPU positions"), self.tr("Summary")])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        for r, c in enumerate(chassis):
            price = catalog.price(c.id)
            name = part_name(c.name)     # "(8U HGX H100/H200, 风冷)"
            cells = [name, c.vendor, f"{c.rack_units}U", gpu_positions(c), chassis_summary(c, catalog)]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(ID_ROLE, c.id)
                tip = (c.description or name) + "\n" + chassis_summary(c, catalog)
                if price:
                    tip += "\n" + theme.money(price.price, price.currency)
                item.setToolTip(tip)
                self.table.setItem(r, col, item)
            if c.id == current:
                self.table.selectRow(r)
        if self.table.currentRow() < 0 and chassis:
            self.table.selectRow(0)
        self._fit_width()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.table.doubleClicked.connect(self.accept)
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(self.tr("Pick the server chassis; parts are added afterwards.")))
        lay.addWidget(self.table, 1)
        lay.addWidget(buttons)

    def _fit_width(self) -> None:
        """As wide as the columns need (the Summary was cut at 900 px), up to the screen's width."""
        self.table.resizeColumnsToContents()
        need = sum(self.table.columnWidth(c) for c in range(self.table.columnCount()))
        need += self.table.frameWidth() * 2 + self.table.verticalScrollBar().sizeHint().width() + 40
        resize_to_fit(self, max(900, need), 420)   # never wider than the screen (a 1024 px laptop)

    def chosen(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        item = self.table.item(rows[0].row(), 0) if rows else None
        return item.data(ID_ROLE) if item is not None else None
