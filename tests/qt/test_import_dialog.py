"""File ▸ Import from server…: the dialog runs the Redfish import off the GUI thread."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from configurator.qt.dialogs.import_server import ImportServerDialog, import_from_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "io"))
from redfish_test_servers import sushy  # noqa: E402


@pytest.fixture(scope="module")
def tower():
    with sushy() as url:
        yield url


def _click_import(qtbot, dialog: ImportServerDialog) -> None:
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def test_import_runs_off_the_gui_thread_and_returns_the_result(qtbot, catalog, tower):
    dialog = ImportServerDialog(catalog)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.url, tower)
    qtbot.keyClicks(dialog.user, "admin")
    qtbot.keyClicks(dialog.password, "secret")
    _click_import(qtbot, dialog)
    assert not dialog.url.isEnabled()           # busy while the worker reads the BMC
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=15000)
    assert len(dialog.result_.inventory.of("cpu")) == 8
    assert dialog.options().password == "secret" and dialog.options().user == "admin"


def test_a_failed_import_shows_one_line_and_keeps_the_dialog(qtbot, catalog):
    dialog = ImportServerDialog(catalog)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.url, "http://127.0.0.1:1")
    _click_import(qtbot, dialog)
    qtbot.waitUntil(lambda: "cannot connect" in dialog.status.text(), timeout=15000)
    assert "\n" not in dialog.status.text() and dialog.isVisible() and dialog.url.isEnabled()
    assert dialog.result_ is None


def test_bare_address_means_https(catalog, qtbot):
    dialog = ImportServerDialog(catalog)
    qtbot.addWidget(dialog)
    dialog.url.setText("10.0.0.42")
    assert dialog.options().url == "https://10.0.0.42" and not dialog.options().insecure


def test_menu_import_replaces_the_build_unsaved(make_window, qtbot, tower, monkeypatch):
    win = make_window()

    def run(self: ImportServerDialog) -> int:
        self.url.setText(tower)
        self.start()
        qtbot.waitUntil(lambda: self.result_ is not None, timeout=15000)
        return 1

    monkeypatch.setattr(ImportServerDialog, "exec", run)
    import_from_server(win)
    build = win.session.build
    assert build.meta.name == "Contoso 3500" and "CPU1: cpu" in build.meta.notes
    assert not win.session.is_clean and win.session.path is None
    assert "Imported" in win.statusBar().currentMessage()


PROBE_H200 = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"


def test_a_probe_folder_is_imported_and_its_report_lists_matches_and_notes(make_window, qtbot, monkeypatch):
    from PySide6.QtWidgets import QApplication

    from configurator.qt.dialogs.import_report import ImportReport

    win = make_window()

    def run(self: ImportServerDialog) -> int:
        self.url.setText(str(PROBE_H200))
        assert self.options().url == str(PROBE_H200)      # a local path, not https://
        self.start()
        qtbot.waitUntil(lambda: self.result_ is not None, timeout=15000)
        return 1

    monkeypatch.setattr(ImportServerDialog, "exec", run)
    import_from_server(win)
    reports = win.findChildren(ImportReport)
    assert len(reports) == 1 and reports[0].isVisible()
    report = reports[0]
    # the small test catalog has no H200: every item is unidentified, each with the server's words
    assert report.missing_table.rowCount() == len(report.unidentified) >= 3
    assert all(report.missing_table.item(r, 3).text() for r in range(report.missing_table.rowCount()))
    lines = report.notes.toPlainText().splitlines()
    assert lines and all(line.strip() for line in lines) and report.notes.isReadOnly()
    copy = next(b for b in report.findChild(QDialogButtonBox).buttons() if b.text() == "Copy notes")
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == report.notes.toPlainText()
    assert not win.session.is_clean


def test_edits_after_closing_the_import_report_reach_every_view(make_window, qtbot, monkeypatch):
    """Seen with a real window: after the report was closed (deleted), each edit raised
    'Internal C++ object (ImportReport) already deleted' in its evaluated callback, which stopped
    the signal, so the schematic kept showing a dropped GPU's slot empty."""
    import shiboken6

    from configurator.core.ops import Place
    from configurator.qt.dialogs.import_report import ImportReport

    win = make_window()

    def run(self: ImportServerDialog) -> int:
        self.url.setText(str(PROBE_H200))
        self.start()
        qtbot.waitUntil(lambda: self.result_ is not None, timeout=15000)
        return 1

    monkeypatch.setattr(ImportServerDialog, "exec", run)
    import_from_server(win)
    report = win.findChildren(ImportReport)[0]
    report.close()
    qtbot.waitUntil(lambda: not shiboken6.isValid(report), timeout=5000)
    seen: list[object] = []
    win.session.evaluated.connect(seen.append)           # a view connected after the report
    slot, part = next(iter(win.session.build.placements.items()))
    win.session.apply(Place(slot=slot, part=part))       # any edit re-evaluates
    assert seen
