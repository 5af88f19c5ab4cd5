"""A seeded random user for the main window: every edit goes through the window's own widgets.

Used by the soak test (thousands of steps in-process) and by `gui_kill_child.py` (a real window
in a process that gets SIGKILLed). Drops are synthetic drag events on the chassis view, the
context menu is opened with a real `QContextMenuEvent` (only `QMenu.exec` is replaced, by a
choice among the menu's enabled actions), keyboard placement presses Enter in the palette,
editors get typed values and Enter, and files go through the File actions with the modal
dialogs answered by `answer_dialogs`. Nothing here calls `Session.apply` directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QMenu,
    QMessageBox,
    QPushButton,
    QSpinBox,
)

from configurator.qt.chassis.drag_mime import part_mime

CTRL = Qt.KeyboardModifier.ControlModifier
NO_MOD = Qt.KeyboardModifier.NoModifier


class Dialogs:
    """Scripted answers for the modal dialogs the File and Edit actions open."""

    def __init__(self, rng: random.Random, save_dir: Path | None) -> None:
        self.rng = rng
        self.save_dir = save_dir
        self.chassis: str | None = None         # when set: the chassis every ChassisPicker picks
        self.answer: QMessageBox.StandardButton | None = None   # when set: every question's answer
        self.opened: list[str] = []             # files a save wrote, offered by "Open"
        self.asked: list[str] = []              # titles of the questions answered

    def question(self, _parent, title, *_args, **_kw):
        self.asked.append(title)
        S = QMessageBox.StandardButton
        return self.answer if self.answer is not None else self.rng.choice([S.Save, S.Discard, S.Discard, S.Cancel])

    def save_name(self, *_args, **_kw) -> tuple[str, str]:
        if self.save_dir is None or self.rng.random() < 0.1:
            return "", ""                       # the user cancels the dialog
        name = str(self.save_dir / f"soak-{self.rng.randrange(4)}")   # ".json" is added by save_as
        self.opened.append(name + ".json")
        return name, ""

    def open_name(self, *_args, **_kw) -> tuple[str, str]:
        existing = [p for p in dict.fromkeys(self.opened) if Path(p).exists()]
        if not existing or self.rng.random() < 0.1:
            return "", ""
        return self.rng.choice(existing), ""

    def picker_exec(self, picker: QDialog) -> int:
        """ChassisPicker.exec: click a row (the user's choice) and press OK, or cancel."""
        from configurator.qt.dialogs.chassis_picker import ID_ROLE

        table = picker.table
        if self.chassis is None and self.rng.random() < 0.1:
            return QDialog.DialogCode.Rejected
        rows = [r for r in range(table.rowCount()) if self.chassis in (None, table.item(r, 0).data(ID_ROLE))]
        table.selectRow(self.rng.choice(rows))
        return QDialog.DialogCode.Accepted


@contextmanager
def answer_dialogs(dialogs: Dialogs, patch: Callable[[object, str, object], None]) -> Iterator[Dialogs]:
    """Route the window's modal dialogs to `dialogs`; `patch(obj, name, value)` is e.g. monkeypatch.setattr."""
    from configurator.qt.window import main_window

    patch(QMessageBox, "question", dialogs.question)
    patch(QMessageBox, "warning", lambda *a, **k: dialogs.asked.append(f"warning: {a[1]}"))
    patch(QFileDialog, "getSaveFileName", dialogs.save_name)
    patch(QFileDialog, "getOpenFileName", dialogs.open_name)
    patch(main_window.ChassisPicker, "exec", lambda picker, *_a: dialogs.picker_exec(picker))
    yield dialogs


class GuiMonkey:
    """Random edits, undos, redos, fixes, option changes and file actions on one MainWindow."""

    #: action name -> relative weight; `only` in __init__ picks a subset
    WEIGHTS = {
        "drop": 14, "palette_enter": 8, "slot_menu": 12, "delete_key": 3, "undo": 14, "redo": 8,
        "apply_fix": 5, "site_option": 10, "workload": 7, "change_chassis": 1, "new": 0.4, "open": 0.3,
        "save": 2, "save_as": 1, "zoom": 1, "bom_select": 1,
    }

    def __init__(self, window, rng: random.Random, dialogs: Dialogs, only: tuple[str, ...] | None = None) -> None:
        self.win = window
        self.rng = rng
        self.dialogs = dialogs
        names = [n for n in self.WEIGHTS if only is None or n in only]
        self._names = names
        self._weights = [self.WEIGHTS[n] for n in names]
        catalog = window.session.catalog
        self.parts = sorted(p.id for p in catalog.parts.values() if p.category != "chassis")
        self.counts: dict[str, int] = {n: 0 for n in names}
        #: called before New and Open, which clear the undo history (the soak test checks it then)
        self.before_history_reset: Callable[[], None] = lambda: None

    # ------------------------------------------------------------------ driving
    def step(self) -> str:
        name = self.rng.choices(self._names, self._weights)[0]
        getattr(self, "do_" + name)()
        self.counts[name] += 1
        return name

    def _random_part(self) -> str:
        return "no-such-part" if self.rng.random() < 0.02 else self.rng.choice(self.parts)

    def _random_slot(self):
        items = self.win.view.slot_items
        return items[self.rng.choice(sorted(items))]

    def _slot_pos(self, item) -> QPoint:
        return self.win.view.mapFromScene(item.rect.center())

    def _focus_view(self) -> None:
        self.win.view.setFocus()

    # ------------------------------------------------------------------ placement
    def do_drop(self) -> None:
        """Drag a part from outside, hover one slot, then drop on it (or leave without dropping)."""
        view = self.win.view
        port = view.viewport()
        mime = part_mime(self._random_part())
        pos = self._slot_pos(self._random_slot())
        action, button = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton
        QApplication.sendEvent(port, QDragEnterEvent(pos, action, mime, button, NO_MOD))
        QApplication.sendEvent(port, QDragMoveEvent(pos, action, mime, button, NO_MOD))
        if self.rng.random() < 0.1:
            QApplication.sendEvent(port, QDragLeaveEvent())
            return
        QApplication.sendEvent(port, QDropEvent(QPointF(pos), action, mime, button, NO_MOD))

    def do_palette_enter(self) -> None:
        pal = self.win.palette_widget
        if pal.select_part(self.rng.choice(self.parts)):
            pal.tree.setFocus()
            QTest.keyClick(pal.tree, Qt.Key.Key_Return)

    def do_slot_menu(self) -> None:
        """Right-click a slot; the menu 'clicks' one of its enabled entries (or is dismissed)."""
        pal = self.win.palette_widget
        roll = self.rng.random()
        if roll < 0.5:
            pal.select_part(self.rng.choice(self.parts))       # "Replace with" / "Fill with" this part
        elif roll < 0.7:
            pal.tree.setCurrentIndex(pal.tree.rootIndex())     # no palette part: "Fill with this part"
        chosen: list[str] = []
        rng = self.rng

        def exec_(menu: QMenu):
            enabled = [a for a in menu.actions() if a.isEnabled() and not a.isSeparator()]
            if not enabled or rng.random() < 0.05:
                return None                                    # Escape
            act = rng.choice(enabled)
            chosen.append(act.text())
            act.trigger()
            return act

        view = self.win.view
        build_menu = view.slot_menu

        def slot_menu(sid: str) -> QMenu:
            # PySide ignores a patched QMenu.exec on the class; an instance attribute is honoured
            menu = build_menu(sid)
            menu.exec = lambda *_args: exec_(menu)
            return menu

        pos = self._slot_pos(self._random_slot())
        view.slot_menu = slot_menu
        try:
            event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos), NO_MOD)
            QApplication.sendEvent(view.viewport(), event)
        finally:
            del view.slot_menu

    def do_delete_key(self) -> None:
        """Click a slot (Ctrl+click a second one sometimes) and press Delete."""
        view = self.win.view
        port = view.viewport()
        QTest.mouseClick(port, Qt.MouseButton.LeftButton, NO_MOD, self._slot_pos(self._random_slot()))
        if self.rng.random() < 0.3:
            QTest.mouseClick(port, Qt.MouseButton.LeftButton, CTRL, self._slot_pos(self._random_slot()))
        if self.rng.random() < 0.5:
            self._focus_view()
            QTest.keyClick(port, Qt.Key.Key_Delete)
        else:
            self.win.act_remove.trigger()

    # ------------------------------------------------------------------ history
    def do_undo(self) -> None:
        if self.rng.random() < 0.05:
            self._focus_view()
            QTest.keyClick(self.win.view.viewport(), Qt.Key.Key_Z, CTRL)
        else:
            self.win.act_undo.trigger()

    def do_redo(self) -> None:
        if self.rng.random() < 0.05:
            self._focus_view()
            QTest.keyClick(self.win.view.viewport(), Qt.Key.Key_Y, CTRL)
        else:
            self.win.act_redo.trigger()

    def do_apply_fix(self) -> None:
        tree = self.win.violations.tree
        buttons = [tree.itemWidget(tree.topLevelItem(i), 1) for i in range(tree.topLevelItemCount())]
        buttons = [b for b in buttons if isinstance(b, QPushButton)]
        if buttons:
            self.rng.choice(buttons).click()
        elif tree.topLevelItemCount():
            tree.setCurrentItem(tree.topLevelItem(self.rng.randrange(tree.topLevelItemCount())))

    # ------------------------------------------------------------------ editors
    def _panel(self, name: str):
        return next(p for p in self.win.panels if type(p).__name__ == name)

    def _type_into(self, spin, value: float) -> None:
        """Select the text, type the number, press Enter (like a user; out-of-range is corrected)."""
        spin.setFocus()
        spin.lineEdit().selectAll()
        if isinstance(spin, QDoubleSpinBox):
            text = f"{value:.{spin.decimals()}f}"
        else:
            text = str(int(value))
        QTest.keyClicks(spin.lineEdit(), text)
        QTest.keyClick(spin, Qt.Key.Key_Enter)

    def _edit(self, widget) -> None:
        rng = self.rng
        if not widget.isEnabled():
            return
        if isinstance(widget, QComboBox):
            if widget.count():
                widget.setCurrentIndex(rng.randrange(widget.count()))
        elif isinstance(widget, QCheckBox):
            widget.click()
        elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
            if rng.random() < 0.3:                            # arrow keys, then Enter
                widget.setFocus()
                for _ in range(rng.randrange(1, 4)):
                    QTest.keyClick(widget, rng.choice([Qt.Key.Key_Up, Qt.Key.Key_Down]))
                QTest.keyClick(widget, Qt.Key.Key_Enter)
            else:
                lo, hi = widget.minimum(), widget.maximum()
                span = hi - lo
                self._type_into(widget, rng.uniform(lo - 0.05 * span, lo + min(span, 200) * 1.05))

    def do_site_option(self) -> None:
        panel = self._panel("SiteOptionsPanel")
        self._edit(panel.fields[self.rng.choice(sorted(panel.fields))])
        self._focus_view()

    def do_workload(self) -> None:
        editor = self._panel("WorkloadPanel").editor
        roll = self.rng.random()
        if roll < 0.5 or not editor.mode.isEnabled():
            self._edit(editor.preset)                         # preset change (incl. None and Custom)
        elif roll < 0.6:
            self._edit(editor.mode)
        elif roll < 0.8:
            self._edit(editor.shape[self.rng.choice(sorted(editor.shape))])
        else:
            self._edit(self.rng.choice(editor.inputs))
        self._focus_view()

    # ------------------------------------------------------------------ chassis and files
    def do_change_chassis(self) -> None:
        self.win.act_chassis.trigger()

    def do_new(self) -> None:
        self.before_history_reset()
        self.win.act_new.trigger()

    def do_open(self) -> None:
        self.before_history_reset()
        self.win.act_open.trigger()

    def do_save(self) -> None:
        if self.rng.random() < 0.5:
            self._focus_view()
            QTest.keyClick(self.win.view.viewport(), Qt.Key.Key_S, CTRL)
        else:
            self.win.act_save.trigger()

    def do_save_as(self) -> None:
        self.win.act_save_as.trigger()

    def do_zoom(self) -> None:
        self.rng.choice([self.win.act_zoom_in, self.win.act_zoom_out, self.win.act_fit]).trigger()

    def do_bom_select(self) -> None:
        table = self.win.parts_list.table
        if table.rowCount():
            table.selectRow(self.rng.randrange(table.rowCount()))
