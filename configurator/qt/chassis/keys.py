"""The chassis schematic from the keyboard: a current slot moved with the arrow keys, Enter to
place the palette's part there, Space to select it, and the Menu key or Shift+F10 for its menu.

A mixin of `ChassisView` (which supplies `slot_items`, `select_slots`, `place`, `slot_menu`,
`current_part` and the `message`/`slots_selected` signals); every edit still goes through the
view's own validated operations.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QMenu

ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}


def neighbour(rects: dict[str, QRectF], sid: str, dx: int, dy: int) -> str | None:
    """The slot nearest to `sid` in direction (dx, dy): ahead of it, off the line weighted 3×."""
    here = rects[sid].center()
    best, best_score = None, float("inf")
    for other, rect in rects.items():
        d: QPointF = rect.center() - here
        along = d.x() * dx + d.y() * dy
        if other == sid or along <= 1:
            continue
        score = along + 3 * abs(d.x() * dy + d.y() * dx)
        if score < best_score:
            best, best_score = other, score
    return best


class SlotKeys:
    """Keyboard handling of the schematic (see the module docstring)."""

    _current: str | None = None
    slot_menu_open: QMenu | None = None   # the menu opened from the keyboard, while it is open

    def current_slot(self) -> str | None:
        """The slot the keyboard is on (drawn with a focus ring while the view has focus)."""
        return self._current if self._current in self.slot_items else None  # type: ignore[attr-defined]

    def set_current(self, sid: str | None, select: bool = True) -> None:
        """Move the keyboard to `sid`; with `select`, it also becomes the selection."""
        old = self.current_slot()
        if old is not None:
            self.slot_items[old].set_current(False)  # type: ignore[attr-defined]
        self._current = sid
        item = self.slot_items.get(sid) if sid else None  # type: ignore[attr-defined]
        if item is None:
            return
        item.set_current(self.hasFocus())  # type: ignore[attr-defined]
        if select:
            self.select_slots([sid])  # type: ignore[attr-defined]
            self.slots_selected.emit((sid,))  # type: ignore[attr-defined]
        self.ensureVisible(item.rect, 20, 20)  # type: ignore[attr-defined]

    def focus_slots(self, slot_ids) -> None:
        """Select `slot_ids` and give the keyboard to the first (Enter on a problem)."""
        ids = [s for s in slot_ids if s in self.slot_items]  # type: ignore[attr-defined]
        self.select_slots(ids)  # type: ignore[attr-defined]
        if ids:
            self.setFocus(Qt.FocusReason.OtherFocusReason)  # type: ignore[attr-defined]
            self.set_current(ids[0], select=False)

    def slot_key(self, event: QKeyEvent) -> bool:
        """Handle one key press on the schematic; False when it is not ours."""
        key, mods = event.key(), event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        shift = Qt.KeyboardModifier.ShiftModifier
        if key == Qt.Key.Key_Menu or (key == Qt.Key.Key_F10 and mods == shift):
            self.open_slot_menu()
            return True
        if mods:
            return False
        current = self.current_slot() or self._first_slot()
        if current is None:
            return False
        if key in ARROWS:
            step = neighbour({s: i.rect for s, i in self.slot_items.items()},  # type: ignore[attr-defined]
                             current, *ARROWS[Qt.Key(key)]) if self.current_slot() else current
            if step is not None:
                self.set_current(step)
            return True
        if key == Qt.Key.Key_Space:
            self.set_current(current)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            part = self.current_part()  # type: ignore[attr-defined]
            if part:
                self.place(current, part)  # type: ignore[attr-defined]
            else:
                self.message.emit(QCoreApplication.translate(  # type: ignore[attr-defined]
                    "ChassisView", "Choose a part in the palette first, then press Enter here."))
            return True
        return False

    def _first_slot(self) -> str | None:
        selected = self.selected_slots()  # type: ignore[attr-defined]
        return selected[0] if selected else next(iter(self.slot_items), None)  # type: ignore[attr-defined]

    def open_slot_menu(self, sid: str | None = None) -> QMenu | None:
        """The slot menu of `sid` (default: the current slot), at the slot, from the keyboard."""
        sid = sid or self.current_slot() or self._first_slot()
        if sid is None:
            return None
        self.set_current(sid, select=sid not in self.selected_slots())  # type: ignore[attr-defined]
        item = self.slot_items[sid]  # type: ignore[attr-defined]
        menu = self.slot_menu(sid)  # type: ignore[attr-defined]
        at = self.mapFromScene(item.rect.bottomLeft() + QPointF(8, 0))  # type: ignore[attr-defined]
        menu.aboutToHide.connect(menu.deleteLater)
        menu.destroyed.connect(lambda *_: setattr(self, "slot_menu_open", None))
        self.slot_menu_open = menu
        menu.popup(self.viewport().mapToGlobal(at))  # type: ignore[attr-defined]
        if menu.actions():
            menu.setActiveAction(next((a for a in menu.actions() if a.isEnabled()), menu.actions()[0]))
        return menu

    def _on_focus(self, focused: bool, by_tab: bool = False) -> None:
        """The focus ring is drawn only while the view has the keyboard; tabbing in says how to use it."""
        current = self.current_slot()
        if focused and current is None and self.slot_items:  # type: ignore[attr-defined]
            self.set_current(self._first_slot(), select=False)
            current = self.current_slot()
        if current is not None:
            self.slot_items[current].set_current(focused)  # type: ignore[attr-defined]
        if focused and by_tab:
            self.message.emit(QCoreApplication.translate(  # type: ignore[attr-defined]
                "ChassisView", "Arrow keys choose a slot · Enter places the palette's part · Menu key or Shift+F10: slot menu"))
