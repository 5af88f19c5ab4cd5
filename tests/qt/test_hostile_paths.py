"""Issue 10, class 8, in the window: hostile build names and save paths.

Save As never pre-fills a path taken from the raw build name; a symlink loop at the save
path is one warning and autosave keeps working; part names are never rich text in the
status bar.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.core.build import Build
from configurator.core.ops import SetOption
from configurator.store.autosave import RecoveryStore


def test_save_as_prefills_a_safe_name_from_a_hostile_build_name(make_window, monkeypatch):
    win = make_window(Build(chassis="hgx-8u"))
    win.session.apply(SetOption(path="meta.name", value="../../../etc/cron.d/evil"))
    offered: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda _p, _t, start, *a: offered.append(start) or ("", ""))
    win.save_as()
    start = Path(offered[0])
    assert start.parent == Path.home() and ".." not in start.parts and "/" not in start.name
    assert start.name == "etc_cron.d_evil.json"


def test_symlink_loop_at_the_save_path_is_one_warning_and_autosave_goes_on(make_window, monkeypatch, tmp_path):
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    win = make_window(Build(chassis="hgx-8u"), loop)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: warnings.append(text))
    win.session.apply(SetOption(path="meta.notes", value="unsaved"))
    assert win.save() is False
    assert len(warnings) == 1 and "loop.json: cannot write there" in warnings[0], warnings
    win.write_recovery()          # the autosave tick: the path's key must not raise either
    entries = RecoveryStore().list()
    assert [RecoveryStore().load(e).meta.notes for e in entries] == ["unsaved"]


def test_part_names_are_plain_text_in_the_status_bar(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"}))
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in win.summary.labels.values())
