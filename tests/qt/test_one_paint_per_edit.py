"""An edit is painted once: every view that shows a changed figure is ready before the window
paints, so the first paint after the edit is final (no second pass, no repaint asked for while
painting), and the docks and the window under a changed figure are not repainted with it.
The edit is bench_gui's: a NIC placed in and removed from the HGX example's free slot."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from configurator.core.ops import Place, Remove
from configurator.core.session import Session
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog

NIC = "nvidia-cx7-mcx75310aas-neat"


@pytest.fixture(scope="module")
def real_catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


class _Paints(QObject):
    """Records, application-wide, the widgets painted."""

    def __init__(self) -> None:
        super().__init__()
        self.painted: list[str] = []

    def eventFilter(self, obj, event):  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.painted.append(type(obj).__name__ + ":" + obj.objectName())
        return False


@pytest.fixture
def hgx_window(qtbot, qapp, real_catalog):
    from configurator.qt.app import make_app
    from configurator.qt.window.main_window import MainWindow

    make_app()
    session = Session(real_catalog, load_build(paths.examples_dir() / "hgx-h100-8gpu.json"))
    win = MainWindow(session, screenshot=True)     # bench_gui's window: the default arrangement
    qtbot.addWidget(win, before_close_func=lambda w: w.session.mark_clean())
    win.resize(1600, 1000)
    win.show()
    shown = [p for p in win.panels if type(p).__name__ in ("PowerPanel", "CostPanel")]   # the raised tabs
    qtbot.waitUntil(lambda: all(p.plot is not None for p in shown))
    for i in range(4):            # the first edits mark the document modified (its tab, its title)
        win.session.apply(Place(slot="AUX1", part=NIC) if i % 2 == 0 else Remove(slot="AUX1"))
        for _ in range(5):
            qapp.processEvents()
    return win


def _passes(qapp, paints: _Paints) -> list[list[str]]:
    """The event loop's passes after an edit that painted, each as the widgets it painted."""
    passes = []
    for _ in range(6):
        paints.painted.clear()
        qapp.processEvents()
        passes.append(list(paints.painted))
    return [p for p in passes if p]


def test_an_edit_is_painted_in_one_pass(hgx_window, qapp):
    win = hgx_window
    paints = _Paints()
    QApplication.instance().installEventFilter(paints)
    try:
        for op in (Place(slot="AUX1", part=NIC), Remove(slot="AUX1")):
            before = win.summary.text()
            win.session.apply(op)
            passes = _passes(qapp, paints)
            assert win.summary.text() != before               # the status bar's total changed ...
            assert len(passes) == 1, passes                   # ... and everything is painted at once
            # the BOM's and the status bar's new totals repaint those widgets, not the window under them
            assert not {"MainWindow:MainWindow", "QDockWidget:dock_parts", "QStatusBar:"} & set(passes[0]), passes
    finally:
        QApplication.instance().removeEventFilter(paints)
