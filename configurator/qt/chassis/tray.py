"""The "Not placed" tray: parts of the build that have no slot (`Build.unplaced`), with the reason.

A chassis change puts here what the new chassis has no place for (`ops.SetChassis`). Each row
can be dragged back onto a slot of the schematic (the chassis view applies `ops.take_from_tray`),
double-clicked to go into the first free slot that takes it, or removed for good from its menu.
The tray redraws from the session's build; its dock shows itself only while it holds something.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt, QTimer, Signal
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QDockWidget, QListWidget, QListWidgetItem, QMenu

from ...core.ops import OpError, discard_from_tray, take_from_tray
from ...core.placement import first_free_slot, unplaced_reason
from ...words import say
from ...words.part_words import part_name
from .. import theme
from ..window.dock_layout import SHOWS_ITSELF
from .drag_mime import PART_MIME

if TYPE_CHECKING:
    from ...core.changes import OpChanges
    from ...core.session import SessionLike

TRAY_MIME = "application/x-configurator-tray"

__all__ = ["NotPlacedTray", "TRAY_MIME", "tray_index", "tray_mime"]


def tray_mime(index: int, part_id: str) -> QMimeData:
    """A drag of the tray's row `index`: the part (so slots highlight as for a palette drag) and the row."""
    data = QMimeData()
    data.setData(PART_MIME, part_id.encode("utf-8"))
    data.setData(TRAY_MIME, str(index).encode("ascii"))
    data.setText(part_id)
    return data


def tray_index(data: QMimeData | None) -> int | None:
    """The tray row a drag carries, or None for a drag from the palette (or anything else)."""
    if data is None or not data.hasFormat(TRAY_MIME):
        return None
    raw = bytes(data.data(TRAY_MIME).data()).decode("ascii", "replace")
    return int(raw) if raw.isdigit() else None


class NotPlacedTray(QListWidget):
    """One row per unplaced part: its name, the slot it was in and why it has no place now.
    Signal `message(str)` for the status bar."""

    message = Signal(str)

    def __init__(self, session: SessionLike, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("NotPlacedTray")
        self.setDragEnabled(True)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu_at)
        self.itemActivated.connect(self._on_activated)
        self._dock: QDockWidget | None = None
        self._shown: tuple = ()
        session.changed.connect(self._on_session_change)
        self.refresh()

    def attach(self, dock: QDockWidget) -> None:
        """The dock this tray lives in: shown while the tray holds parts, hidden when it is empty."""
        self._dock = dock
        dock.setProperty(SHOWS_ITSELF, True)     # the dock layout leaves its visibility to this tray
        self._sync_dock()
        # the window restores its saved layout after wiring: apply this again once it has
        QTimer.singleShot(0, self, self._sync_dock)

    def _sync_dock(self) -> None:
        if self._dock is None:
            return
        self._dock.setVisible(bool(self.session.build.unplaced))
        if self.session.build.unplaced:
            self._dock.raise_()

    def refresh(self) -> None:
        tray = self.session.build.unplaced
        if tray == self._shown:
            return
        grew = len(tray) > len(self._shown)
        self._shown = tray
        self.clear()
        for i, item in enumerate(tray):
            part = self.session.catalog.get(item.part)
            name = part_name(part.name) if part is not None else item.part
            reason = say(unplaced_reason(self.session.build, self.session.catalog, item))
            row = QListWidgetItem(self.tr("%1 (was in %2): %3").replace("%1", name)
                                  .replace("%2", item.slot).replace("%3", reason))
            row.setToolTip(self.tr("%1 — drag it onto a slot, or double-click to place it in the first "
                                   "free slot that takes it.").replace("%1", name))
            row.setData(Qt.ItemDataRole.UserRole, i)
            if part is not None:
                row.setForeground(theme.CATEGORY_EDGE.get(part.category, theme.INK))
            self.addItem(row)
        if self._dock is not None:
            self._dock.setVisible(bool(tray))
            if grew:
                self._dock.raise_()
        if grew:
            self.message.emit(theme.plural(self.tr("%n part(s) have no place in this chassis: see Not placed",
                                                   "", len(tray)), len(tray)))

    def _on_session_change(self, changes: OpChanges) -> None:
        if changes.touches("tray"):
            self.refresh()

    # ------------------------------------------------------------ edits (all through the session)
    def place(self, index: int, slot_id: str | None = None) -> bool:
        """Put tray row `index` into `slot_id` (None: the first free slot that takes it)."""
        build = self.session.build
        if not 0 <= index < len(build.unplaced):
            return False
        pid = build.unplaced[index].part
        part = self.session.catalog.get(pid)
        name = part_name(part.name) if part else pid
        slot = slot_id or first_free_slot(build, self.session.catalog, pid)
        if slot is None:
            self.message.emit(self.tr("No free slot takes %s") % name)
            return False
        try:
            op = take_from_tray(build, index, slot)
            self.session.apply(op, label=self.tr("Place %1 in %2").replace("%1", theme.short_name(part) if part
                                                                          else pid).replace("%2", slot))
        except OpError as exc:
            self.message.emit(say(exc.msg))
            return False
        self.message.emit(self.tr("Placed %1 in %2").replace("%1", name).replace("%2", slot))
        return True

    def discard(self, index: int) -> None:
        pid = self.session.build.unplaced[index].part
        part = self.session.catalog.get(pid)
        self.session.apply(discard_from_tray(self.session.build, index),
                           label=self.tr("Remove %s from Not placed") % (theme.short_name(part) if part else pid))

    def _on_activated(self, row: QListWidgetItem) -> None:
        # after the click's own handling: placing redraws the list and deletes `row` under Qt's feet
        index = int(row.data(Qt.ItemDataRole.UserRole))
        QTimer.singleShot(0, self, lambda: self.place(index))

    def _menu_at(self, pos) -> None:
        row = self.itemAt(pos)
        if row is None:
            return
        menu = self.row_menu(int(row.data(Qt.ItemDataRole.UserRole)))
        menu.exec(self.viewport().mapToGlobal(pos))
        menu.deleteLater()

    def row_menu(self, index: int) -> QMenu:
        menu = QMenu(self)
        menu.addAction(self.tr("Place in the first free slot"), lambda: self.place(index))
        menu.addAction(self.tr("Remove from the build"), lambda: self.discard(index))
        return menu

    def startDrag(self, actions) -> None:
        row = self.currentItem()
        if row is None:
            return
        index = int(row.data(Qt.ItemDataRole.UserRole))
        drag = QDrag(self)
        drag.setMimeData(tray_mime(index, self.session.build.unplaced[index].part))
        drag.exec(Qt.DropAction.CopyAction)
