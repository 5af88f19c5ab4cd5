"""Item 5 of "the builder in real use": everything reachable from the keyboard, driven through
real QTest key events on the shown window (focus chain, Enter/Space, the Menu key, Ctrl+K)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QPushButton

from configurator.core.build import Build
from configurator.qt.palette.palette_dock import FOCUS_RING


@pytest.fixture
def fixable(monkeypatch):
    """An evaluator that adds "No CPU is installed; CPU2 needs …" (with an Apply fix) while only CPU1 holds a CPU."""
    from configurator.core.evaluator import Evaluator
    from configurator.core.message import Msg
    from configurator.core.ops import Place
    from configurator.core.violations import Fix, Violation

    real = Evaluator.evaluate

    def evaluate(self, build, workload=None):
        result = real(self, build, workload)
        if "CPU1" in build.placements and "CPU2" not in build.placements:
            fix = Fix(description=Msg("cpu.add", socket="LGA4677", slot="CPU2"),
                      ops=(Place(slot="CPU2", part="xeon-8480"),))
            extra = Violation(severity="error", code="test.cpu2", message=Msg("cpu.none", slot="CPU2", socket="LGA4677"),
                              slots=("CPU2",), fix=fix)
            result = result.model_copy(update={"violations": (extra, *result.violations)})
        return result

    monkeypatch.setattr(Evaluator, "evaluate", evaluate)


def _focus(qtbot, widget) -> None:
    widget.window().activateWindow()
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: widget.hasFocus())


def test_tab_from_the_problems_list_reaches_apply_fix(make_window, qtbot, fixable):
    win = make_window()
    win.view.place("CPU1", "xeon-8480")
    tree = win.violations.tree
    tree.setCurrentItem(tree.topLevelItem(0))
    _focus(qtbot, tree)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    button = QApplication.focusWidget()
    assert isinstance(button, QPushButton) and button.text() == "Apply fix"
    QTest.keyClick(button, Qt.Key.Key_Space)
    assert win.session.build.placements["CPU2"] == "xeon-8480"


def test_enter_or_space_on_a_problem_shows_its_slots_and_focuses_the_schematic(make_window, qtbot, fixable):
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Space):
        win = make_window()
        win.view.place("CPU1", "xeon-8480")
        tree = win.violations.tree
        tree.setCurrentItem(tree.topLevelItem(0))
        win.view.select_slots([])
        _focus(qtbot, tree)
        QTest.keyClick(tree, key)
        assert win.view.selected_slots() == ("CPU2",)
        assert win.view.hasFocus() and win.view.current_slot() == "CPU2"


def test_menu_key_and_shift_f10_open_the_focused_slots_menu(make_window, qtbot):
    win = make_window(Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"}))
    _focus(qtbot, win.view)
    win.view.set_current("GPU1")
    for key, mods in ((Qt.Key.Key_Menu, Qt.KeyboardModifier.NoModifier),
                      (Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)):
        QTest.keyClick(win.view, key, mods)
        menu = win.view.slot_menu_open
        assert isinstance(menu, QMenu) and menu.isVisible()
        texts = [a.text() for a in menu.actions() if not a.isSeparator()]
        assert "Remove" in texts and menu.activeAction() is not None
        QTest.keyClick(menu, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: win.view.slot_menu_open is None or not win.view.slot_menu_open.isVisible())
    # the menu acts on the focused slot: Enter on "Remove" empties GPU1
    QTest.keyClick(win.view, Qt.Key.Key_Menu)
    menu = win.view.slot_menu_open
    menu.setActiveAction(next(a for a in menu.actions() if a.text() == "Remove"))
    QTest.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "GPU1" not in win.session.build.placements)


def test_arrow_keys_move_the_slot_and_enter_places_the_palettes_part(make_window, qtbot):
    win = make_window()
    _focus(qtbot, win.view)
    win.view.set_current("GPU1")
    QTest.keyClick(win.view, Qt.Key.Key_Right)
    assert win.view.current_slot() == "GPU2" and win.view.selected_slots() == ("GPU2",)
    assert win.view.slot_items["GPU2"].current and not win.view.slot_items["GPU1"].current
    QTest.keyClick(win.view, Qt.Key.Key_Left)
    assert win.view.current_slot() == "GPU1"
    assert win.palette_widget.select_part("h100-sxm")
    QTest.keyClick(win.view, Qt.Key.Key_Return)
    assert win.session.build.placements == {"GPU1": "h100-sxm"}


def test_palette_shows_where_the_keyboard_is(make_window, qtbot):
    """The palette's current row gets a visible focus frame while the palette has the keyboard."""
    win = make_window()
    tree = win.palette_widget.tree
    assert win.palette_widget.select_part("h100-sxm")
    rect = tree.visualRect(tree.currentIndex())
    win.view.setFocus()
    qtbot.waitUntil(lambda: win.view.hasFocus())
    unfocused = tree.viewport().grab(rect).toImage()
    _focus(qtbot, tree)
    focused = tree.viewport().grab(rect).toImage()
    accent = FOCUS_RING.rgb()
    def accent_pixels(img):
        return sum(img.pixel(x, y) == accent for x in range(img.width()) for y in (1, 2, img.height() - 2))
    assert accent_pixels(focused) > rect.width() and accent_pixels(unfocused) == 0


def test_ctrl_k_reaches_commands_and_parts_by_fuzzy_typing(make_window, qtbot):
    win = make_window()
    _focus(qtbot, win.view)
    QTest.keyClick(win.view, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    palette = _palette(qtbot)
    texts = {e.text for e in palette.entries}
    assert "Edit ▸ Change chassis…" in texts and "View ▸ Reset layout" in texts
    assert {"NVIDIA H100 SXM5 80GB", "3000W Titanium PSU", "ConnectX-7 400G"} <= texts
    QTest.keyClicks(palette.search, "h1 sxm")         # fuzzy: a part by two fragments
    assert palette.shown[0].text == "NVIDIA H100 SXM5 80GB"
    QTest.keyClick(palette.search, Qt.Key.Key_Return)
    assert win.session.build.placements == {"GPU1": "h100-sxm"}
    QTest.keyClick(win.view, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    palette = _palette(qtbot)
    QTest.keyClicks(palette.search, "undo plc")       # a command, its live text ("Undo Place …")
    assert palette.shown[0].text.startswith("Edit ▸ Undo Place")
    QTest.keyClick(palette.search, Qt.Key.Key_Return)
    assert win.session.build.placements == {}


def test_ctrl_k_shift_enter_selects_a_part(make_window, qtbot):
    win = make_window(Build(chassis="hgx-8u", placements={"CPU1": "xeon-8480"}))
    _focus(qtbot, win.parts_list.table)
    QTest.keyClick(win.parts_list.table, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    palette = _palette(qtbot)
    QTest.keyClicks(palette.search, "xeon 8480")
    QTest.keyClick(palette.search, Qt.Key.Key_Down)    # the list follows the arrow keys…
    QTest.keyClick(palette.search, Qt.Key.Key_Up)      # …while typing stays in the search line
    QTest.keyClick(palette.search, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert win.palette_widget.current_part() == "xeon-8480"
    assert win.view.selected_slots() == ("CPU1",)
    assert win.session.build.placements == {"CPU1": "xeon-8480"}   # selected, nothing added


def test_fuzzy_ranking():
    from configurator.qt.dialogs.command_palette import fuzzy_score

    assert fuzzy_score("rst lay", "View ▸ Reset layout") is not None
    assert fuzzy_score("xyz", "View ▸ Reset layout") is None
    assert fuzzy_score("save", "File ▸ Save") > fuzzy_score("save", "File ▸ Save As…")
    assert fuzzy_score("h100", "NVIDIA H100 PCIe 80GB") > fuzzy_score("h100", "Huawei 1000 W PSU 0")


def _palette(qtbot):
    from configurator.qt.dialogs.command_palette import CommandPalette

    found = []
    qtbot.waitUntil(lambda: bool(found.extend(w for w in QApplication.topLevelWidgets()
                                              if isinstance(w, CommandPalette) and w.isVisible()) or found))
    return found[-1]


def test_a_part_listed_in_chinese_is_found_by_its_english_name_too():
    """Ctrl+K lists a shipped descriptive part name in the user's language (words/part_words.py) and
    still finds it by the catalog's English name."""
    from configurator.qt.dialogs.command_palette import Entry, ranked

    cooling = Entry("风冷, 8U GPU 服务器 (前后风扇墙)", "散热", lambda: None,
                    also="Air cooling, 8U GPU server (front + rear fan walls)")
    other = Entry("NVIDIA H100 SXM5 80GB", "GPU", lambda: None)
    assert ranked([other, cooling], "air cool") == [cooling]
    assert ranked([other, cooling], "风冷") == [cooling]
