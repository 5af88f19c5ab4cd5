"""Help menu: documentation, problem report, About with the version, licences (issue 30)."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMenu

from configurator import __version__
from configurator.qt.window import help_menu
from configurator.store import about

ROOT = Path(__file__).resolve().parents[2]


def test_licence_file_is_apache_2_in_the_repository_and_the_metadata():
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text           # the full text, not a pointer to it
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'license = "Apache-2.0"' in pyproject and '"LICENSE"' in pyproject
    assert about.PROJECT_LICENSE == "Apache-2.0"
    assert about.licence_file() is not None


def test_third_party_lists_qt_under_the_lgpl_with_installed_versions():
    parts = {c.name: c for c in about.third_party()}
    qt = parts["PySide6-Essentials"]
    assert qt.version == metadata.version("PySide6-Essentials")
    assert "LGPL" in qt.licence
    assert parts["jc"].licence and parts["pydantic"].licence == "MIT"


def test_problem_report_names_version_platform_and_qt():
    report = about.problem_report("6.9.9")
    assert __version__ in report and "Python" in report and "Qt 6.9.9" in report


def test_help_menu_in_the_window_and_about_names_version_and_licences(make_window):
    window = make_window()
    menus = [a.menu() for a in window.menuBar().actions() if isinstance(a.menu(), QMenu)]
    helps = [m for m in menus if m.objectName() == "helpMenu"]
    assert len(helps) == 1
    texts = [a.text().replace("&", "") for a in helps[0].actions() if a.text()]
    assert any("Documentation" in t for t in texts) and any("Report a problem" in t for t in texts)
    assert any("About" in t for t in texts) and any("Licences" in t for t in texts)
    html = help_menu.about_html()
    assert __version__ in html and "Apache-2.0" in html and "LGPL" in html
    dialog = help_menu.show_licences(window)
    body = help_menu.licences_html()
    assert "PySide6-Essentials" in body and "LGPL" in body and "Apache-2.0" in body
    dialog.close()


def test_report_problem_copies_the_report(make_window, monkeypatch):
    window = make_window()
    monkeypatch.setattr(help_menu.QMessageBox, "exec", lambda self: 0)
    help_menu.report_problem(window)
    assert __version__ in QApplication.clipboard().text()
