"""File ▸ Export tender pack…: the menu entry writes the open build's pack (the file dialogs answered
by stubs passed in), and a bad requirement file is refused without writing."""

from __future__ import annotations

from openpyxl import load_workbook
from PySide6.QtWidgets import QMessageBox

from configurator.qt.dialogs.tender_export import export_tender
from configurator.store import paths
from configurator.store.build_files import load_build

REQS = str(paths.examples_dir() / "tender-requirements.toml")


def test_the_file_menu_lists_the_tender_pack(make_window):
    window = make_window()
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert any("招标/投标" in t for t in texts)


def test_export_writes_the_open_builds_pack(make_window, tmp_path, catalog):
    build = load_build(paths.examples_dir() / "hgx-h100-8gpu.json", catalog)
    window = make_window(build)
    out = export_tender(window, window.session, ask_open=lambda *a: (REQS, ""),
                        ask_save=lambda *a: (str(tmp_path / "pack"), "Excel workbook (*.xlsx)"))
    assert out == tmp_path / "pack.xlsx"
    rows = list(load_workbook(out).worksheets[1].iter_rows(values_only=True))
    total = next(r[9] for r in rows if r[1] == "总计（含税）")
    assert f"{total:.2f}" == str(window.session.evaluation.cost.total)


def test_a_bad_requirement_file_is_one_warning_and_no_file(make_window, tmp_path, monkeypatch):
    bad = tmp_path / "bad.toml"
    bad.write_text("[[requirement]]\n", "utf-8")
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    window = make_window()
    out = export_tender(window, window.session, ask_open=lambda *a: (str(bad), ""),
                        ask_save=lambda *a: (str(tmp_path / "p.pdf"), ""))
    assert out is None and not (tmp_path / "p.pdf").exists()
    assert len(warned) == 1 and "bad.toml" in warned[0] and "requirement[1].text" in warned[0]
