"""Item 1 of "the builder in real use": the window at laptop sizes, measured after show
(offscreen): schematic text size, BOM columns, dock arrangement, saved layouts, Reset layout."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QFontMetrics

from configurator.core.build import Build
from configurator.qt.window.dock_layout import CRAMPED, default_sizes, is_compact

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "pcie-l40s-8gpu.json"


def _settle(qtbot, win, size):
    win.resize(*size)
    qtbot.waitUntil(lambda: win.size().width() == size[0] and win.dock_layout.compact == is_compact(*size))
    qtbot.wait(30)        # the deferred re-arrangement and the view's fit after it


@pytest.fixture
def example_window(qtbot):
    """The main window on a shipped example with the shipped catalog (what a user opens)."""
    from configurator.qt.app import make_app, open_session
    from configurator.qt.window.main_window import MainWindow

    make_app()
    session, error = open_session(str(EXAMPLE))
    assert not error
    win = MainWindow(session)
    qtbot.addWidget(win, before_close_func=lambda w: w.session.mark_clean())
    win.show()
    return win


def test_gui_size_renders_a_screenshot_at_that_size(tmp_path):
    from configurator.launch import main

    out = tmp_path / "shot.png"
    assert main(["gui", str(EXAMPLE), "--size", "1366x768", "--screenshot", str(out)]) == 0
    head = out.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (1366, 768)


def test_gui_size_is_checked(capsys):
    from configurator.launch import main

    with pytest.raises(SystemExit) as exc:
        main(["gui", "--size", "1366by768"])
    assert exc.value.code == 2 and "not a window size WxH" in capsys.readouterr().err


@pytest.mark.parametrize("size", [(1366, 768), (1600, 1000), (1920, 1080)])
def test_schematic_text_is_at_least_9_px_with_the_default_layout(example_window, qtbot, size):
    _settle(qtbot, example_window, size)
    view = example_window.view
    assert view.text_px() >= 9.0, f"{view.text_px():.1f} px at {size}"
    # the floor is real: the fonts the slots paint with are larger than their design size
    if view.transform().m11() < 1:
        assert min(f.pixelSize() for f in view.slot_items["SLOT1"].text_fonts().values()) > 9.5


def test_bom_prices_visible_without_a_horizontal_scrollbar_at_1024x700(example_window, qtbot):
    _settle(qtbot, example_window, (1024, 700))
    example_window.docks["parts"].raise_()
    qtbot.waitUntil(lambda: example_window.parts_list.table.isVisible())
    table = example_window.parts_list.table
    head = table.horizontalHeader()
    qtbot.waitUntil(lambda: head.sectionViewportPosition(4) + head.sectionSize(4) <= table.viewport().width())
    assert not table.horizontalScrollBar().isVisible()
    metrics = QFontMetrics(table.font())
    for r in range(table.rowCount()):
        for c in (2, 3, 4):          # qty, unit price, extended: never cut
            assert metrics.horizontalAdvance(table.item(r, c).text()) + 12 <= head.sectionSize(c)


def test_bom_elides_long_names_in_the_middle_with_the_full_name_as_tooltip(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"CPU1": "xeon-8480", "SLOT1": "cx7"}))
    table = win.parts_list.table
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle and not table.wordWrap()
    row = next(r for r in range(table.rowCount()) if table.item(r, 1).text() == "Intel Xeon Platinum 8480+")
    assert table.item(row, 1).toolTip().startswith("Intel Xeon Platinum 8480+")


def test_small_window_collapses_docks_to_tabs_and_growing_restores_room(make_window, qtbot):
    win = make_window()
    power, cost = win.docks["PowerPanel"], win.docks["CostPanel"]
    assert cost not in win.tabifiedDockWidgets(power)
    _settle(qtbot, win, (1366, 768))
    assert cost in win.tabifiedDockWidgets(power)                     # one stack on the right
    assert win.docks["parts"] in win.tabifiedDockWidgets(win.docks["violations"])
    _settle(qtbot, win, (1024, 700))
    _settle(qtbot, win, (1600, 1000))
    assert cost not in win.tabifiedDockWidgets(power)
    assert win.dock_layout.cramped() == []
    want = default_sizes(1600, 1000, compact=False)
    assert win.docks["palette"].width() >= want["palette"] * CRAMPED
    assert win.docks["violations"].height() >= want["bottom"] * CRAMPED


def test_a_cramped_saved_layout_is_not_restored(make_window, qtbot):
    win = make_window()
    _settle(qtbot, win, (1600, 1000))
    win.resizeDocks([win.docks["violations"]], [40], Qt.Orientation.Vertical)
    win.resizeDocks([win.docks["palette"]], [60], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: bool(win.dock_layout.cramped()))
    win.session.mark_clean()
    win.close()
    assert QSettings().value("mainWindow/state") is not None
    # keep the size (the offscreen screen is 800×800; Qt would fit the saved geometry to it)
    QSettings().remove("mainWindow/geometry")
    again = make_window()
    qtbot.waitUntil(lambda: again.isVisible() and again.dock_layout.cramped() == [], timeout=2000)
    assert again.docks["violations"].height() >= default_sizes(1600, 1000, False)["bottom"] * CRAMPED


def test_saved_geometry_larger_than_the_screen_is_fitted_to_it(make_window):
    win = make_window()
    win.resize(1900, 1060)
    win.move(600, 400)
    win.dock_layout.fit_to(QRect(0, 0, 1366, 768))
    frame = win.frameGeometry()
    assert QRect(0, 0, 1366, 768).contains(frame)


def test_reset_layout_brings_back_closed_and_floating_docks(make_window, qtbot):
    win = make_window()
    win.docks["palette"].close()
    win.docks["CostPanel"].setFloating(True)
    assert win.act_reset_layout in win.menuBar().actions()[2].menu().actions()
    win.act_reset_layout.trigger()
    qtbot.wait(20)
    assert all(not d.isHidden() and not d.isFloating() for k, d in win.docks.items() if k != "tray")
    assert win.docks["tray"].isHidden()       # the empty Not placed tray stays out of the way
    assert win.dockWidgetArea(win.docks["CostPanel"]) == Qt.DockWidgetArea.RightDockWidgetArea


def test_half_screen_window_shows_whole_spin_box_values(example_window, qtbot):
    """Two windows side by side on a 1920 px screen: 960 px each. The panels share the palette's
    stack, as wide as they need, so no spin box is cut or pushed out of sight."""
    from PySide6.QtWidgets import QAbstractSpinBox

    win = example_window
    _settle(qtbot, win, (960, 1000))
    assert win.dock_layout.mode == "narrow"
    assert win.docks["SiteOptionsPanel"] in win.tabifiedDockWidgets(win.docks["palette"])
    assert win.view.text_px() >= 9.0
    for key in ("SiteOptionsPanel", "CostPanel", "PowerPanel"):
        dock = win.docks[key]
        dock.raise_()
        qtbot.waitUntil(lambda dock=dock: not dock.visibleRegion().isEmpty())
        scroller = dock.widget()
        assert scroller.horizontalScrollBar().maximum() == 0, key
        for spin in scroller.widget().findChildren(QAbstractSpinBox):
            if spin.isVisibleTo(scroller.widget()):
                assert spin.width() >= spin.minimumSizeHint().width(), spin.text()
                right = spin.mapTo(scroller.viewport(), spin.rect().topRight()).x()
                assert right <= scroller.viewport().width(), spin.text()
