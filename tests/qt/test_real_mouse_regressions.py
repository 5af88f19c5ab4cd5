"""Regressions found by driving the app with a real mouse under Xvfb (docs/manual-gui-check.md)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from configurator.core.build import Build
from configurator.qt.chassis.drag_mime import part_mime


def _events(view, slot_id: str, part_id: str):
    """Position over `slot_id`, the mime data, and the (action, mime, button, modifiers) of a plain drag."""
    pos = view.mapFromScene(view.slot_items[slot_id].rect.center())
    mime = part_mime(part_id)
    return pos, mime, (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)


def test_shift_drag_is_a_copy_and_the_palette_keeps_its_part(make_window):
    """Shift held during a drag proposed a Move: the view then deleted the part from the palette."""
    win = make_window()
    assert win.palette_widget.model.supportedDragActions() == Qt.DropAction.CopyAction
    pos, mime, (_, _, button, _) = _events(win.view, "GPU1", "h100-sxm")
    # a drag source that offers both (as the palette did), with Shift held: Qt proposes Move
    move_action = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction
    shift = Qt.KeyboardModifier.ShiftModifier
    vp = win.view.viewport()
    QApplication.sendEvent(vp, QDragEnterEvent(pos, move_action, mime, button, shift))
    move = QDragMoveEvent(pos, move_action, mime, button, shift)
    QApplication.sendEvent(vp, move)
    assert move.isAccepted() and move.dropAction() == Qt.DropAction.CopyAction
    drop = QDropEvent(pos.toPointF(), move_action, mime, button, shift)
    QApplication.sendEvent(vp, drop)
    assert drop.isAccepted() and drop.dropAction() == Qt.DropAction.CopyAction
    assert win.session.build.placements["GPU1"] == "h100-sxm"
    assert win.palette_widget.select_part("h100-sxm")


def test_cancelled_drag_clears_the_drop_hint_but_keeps_a_refusal(make_window):
    win = make_window()
    vp = win.view.viewport()
    pos, _, args = _events(win.view, "GPU1", "h100-sxm")
    QApplication.sendEvent(vp, QDragEnterEvent(pos, *args))
    QApplication.sendEvent(vp, QDragMoveEvent(pos, *args))
    assert "Drop to" in win.statusBar().currentMessage()
    QApplication.sendEvent(vp, QDragLeaveEvent())            # Esc, or the pointer left the view
    assert win.statusBar().currentMessage() == ""
    assert all(item.drag is None for item in win.view.slot_items.values())
    pos, _, args = _events(win.view, "GPU1", "h100-pcie")     # refused: the reason stays
    QApplication.sendEvent(vp, QDragEnterEvent(pos, *args))
    QApplication.sendEvent(vp, QDragMoveEvent(pos, *args))
    QApplication.sendEvent(vp, QDragLeaveEvent())
    assert "PCIe card" in win.statusBar().currentMessage()


def test_undo_and_redo_say_what_they_did(make_window):
    win = make_window()
    assert win.view.place("CPU1", "xeon-8480")
    assert "Placed" in win.statusBar().currentMessage()
    win.act_undo.trigger()
    assert win.statusBar().currentMessage().startswith("Undone:") and "CPU1" in win.statusBar().currentMessage()
    win.act_redo.trigger()
    assert win.statusBar().currentMessage().startswith("Redone:")


def test_fill_similar_reports_what_it_placed(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"CPU1": "xeon-8480"}))
    win.view.fill_similar("CPU1", "xeon-8480")
    assert "more slot" in win.statusBar().currentMessage()


def test_small_window_keeps_the_schematic_usable(make_window, qtbot):
    """At 1024 px the docks kept their widths and squeezed the schematic to a ~190 px thumbnail."""
    win = make_window()
    win.resize(1024, 700)
    qtbot.waitUntil(lambda: win.width() <= 1024)
    QApplication.processEvents()
    assert win.view.width() >= 360
    assert win.palette_widget.minimumSizeHint().width() < 300


def test_replacing_a_part_with_itself_is_not_an_edit(make_window):
    """'Replace with X' on a slot holding X (or dropping X there) marked the build modified."""
    win = make_window(Build(chassis="hgx-8u", placements={"CPU1": "xeon-8480"}))
    assert win.view.place("CPU1", "xeon-8480")
    assert not win.session.can_undo and not win.isWindowModified()
    assert "already holds" in win.statusBar().currentMessage()
