"""The launcher's window paints its first frame before the palette's parts, the panels and the export
entries exist (`MainWindow(deferred=True)`), then builds them: once settled it is the whole window,
the same as one built at once, pixel for pixel (issue #25: first frame <= 0.6 s)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QMenu

from configurator.core.build import Build
from configurator.core.session import Session
from configurator.qt.app import make_app, settle
from configurator.qt.panels import PANELS
from configurator.qt.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def _window(qtbot, catalog, deferred: bool) -> MainWindow:
    make_app()
    session = Session(catalog, Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"}))
    win = MainWindow(session, screenshot=True, deferred=deferred)
    qtbot.addWidget(win)
    return win


def _file_menu(win: MainWindow) -> QMenu:
    return next(m for m in win.menuBar().findChildren(QMenu) if win.act_save_as in m.actions())


def test_a_deferred_window_is_built_whole_right_after_its_first_frame(qtbot, catalog):
    win = _window(qtbot, catalog, deferred=True)
    assert win.panels == [] and win.export_actions == {} and not hasattr(win.palette_widget, "model")
    assert all(win.docks[spec.key].widget().widget() is None for spec in PANELS)   # placed, empty
    win.show()
    settle(make_app())
    assert [type(p) for p in win.panels] == [spec.panel for spec in PANELS]
    for spec, panel in zip(PANELS, win.panels, strict=True):
        assert win.docks[spec.key].widget().widget() is panel
    assert win.palette_widget.visible_parts() and "h100-sxm" in win.palette_widget.visible_parts()
    assert win.documents.writers, "the dock editors' writers are found once the panels exist"
    entries = _file_menu(win).actions()
    exports = list(win.export_actions.values())
    assert exports and entries[entries.index(exports[0]):][:len(exports)] == exports
    assert entries[entries.index(exports[-1]) + 1] is win._export_tender_action   # where they always were


def test_settled_it_looks_the_same_as_a_window_built_at_once(qtbot, catalog):
    shots = []
    for deferred in (False, True):
        win = _window(qtbot, catalog, deferred)
        win.show()
        settle(make_app())
        shots.append(win.grab().toImage())
        win.close()
    assert shots[0].size() == shots[1].size()
    assert shots[0] == shots[1]


def test_the_first_frame_imports_neither_numpy_nor_pyqtgraph(tmp_path):
    """`configurator gui BUILD`, offscreen: at the first painted frame (as bench/bench_startup.py
    detects it) the palette's index, the panels' numbers and the charts are not imported yet."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CONFIGURATOR_HOME": str(tmp_path / "home"),
           "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "first_frame_child.py"),
                          str(ROOT / "examples" / "hgx-h100-8gpu.json")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    first = [line for line in out.stdout.splitlines() if line.startswith("first ")]
    assert len(first) == 1 and first[0].endswith(" heavy=-"), out.stdout + out.stderr[-2000:]
