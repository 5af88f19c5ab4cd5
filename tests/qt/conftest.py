"""GUI test set-up: offscreen Qt, a throwaway user folder and QSettings, a small fixed catalog."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if "CONFIGURATOR_HOME" not in os.environ:
    os.environ["CONFIGURATOR_HOME"] = tempfile.mkdtemp(prefix="configurator-qt-home-")
os.environ.setdefault("CONFIGURATOR_AUTOSAVE_MS", "100000")
_HERE = Path(__file__).resolve().parent
for _p in (str(_HERE.parent.parent), str(_HERE)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import pytest  # noqa: E402
from fixture_catalog import make_catalog  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEvent, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from configurator.qt import pin_none  # noqa: E402

pin_none()  # PySide6 6.12 + CPython 3.11 drops a ref to None per void call; see app.pin_none


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch, qapp):
    """Every test gets its own CONFIGURATOR_HOME and its own QSettings file."""
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    QCoreApplication.setOrganizationName("configurator-test")
    QCoreApplication.setApplicationName(f"qt-test-{tmp_path.name}")
    yield
    _destroy_what_the_test_closed()


def _destroy_what_the_test_closed() -> None:
    """Run now the deletes the test's close left pending, and hide any window it left open.

    pytest-qt closes each registered widget and calls deleteLater() on it before the fixtures
    tear down; Qt runs such deletes only inside a later event loop, i.e. in some later test's
    waitUntil or dialog, while that test's own windows paint. Windows then piled up (a main window
    is ~650 widgets, pyqtgraph views among them) and died mid-way through another test's events,
    and a window left visible kept getting paints after its session was gone. Here they die at a
    quiet point, right after their own test."""
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible():
            widget.hide()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(scope="session")
def catalog():
    return make_catalog()


@pytest.fixture
def example_session():
    """Factory: a session on a shipped example (`examples/NAME`), the shipped catalog and its
    evaluator with the shipped rates and presets, as the app opens it."""
    import json

    from configurator.core.build import Build
    from configurator.core.session import Session
    from configurator.store import paths
    from configurator.store.catalogs import load_catalog
    from configurator.store.loaded_evaluator import default_evaluator

    def factory(name: str) -> Session:
        cat = load_catalog()
        data = json.loads((paths.examples_dir() / name).read_text(encoding="utf-8"))
        data.pop("format"), data.pop("kind")
        return Session(cat, Build.model_validate(data), evaluator=default_evaluator(cat))

    return factory


@pytest.fixture
def make_window(qtbot, catalog):
    """Factory: a shown MainWindow on a fresh session of `build` (default: empty HGX chassis)."""
    from configurator.core.build import Build
    from configurator.core.session import Session
    from configurator.qt.app import make_app
    from configurator.qt.window.main_window import MainWindow

    make_app()
    made = []

    def factory(build: Build | None = None, path: Path | None = None) -> MainWindow:
        session = Session(catalog, build or Build(chassis="hgx-8u"), path)
        win = MainWindow(session)
        # never prompt about unsaved changes while pytest-qt closes the window
        qtbot.addWidget(win, before_close_func=_mark_all_clean)
        win.show()
        made.append(win)
        return win

    yield factory
    for win in made:
        _mark_all_clean(win)


def _mark_all_clean(win) -> None:
    """Every open build of `win` (one tab each) counts as saved: closing it asks nothing."""
    for doc in win.documents.documents:
        doc.session.mark_clean()
