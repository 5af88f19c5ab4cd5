"""Small things seen in real use (issue 30 "Also seen"): the upgrade plan closes with Esc and names
its two heat rows apart; build tabs show the file's name, not "hgx…son"."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt

from configurator.qt.views import upgrade_plan

ROOT = Path(__file__).resolve().parents[2]


def test_upgrade_plan_closes_with_escape(make_window, qtbot):
    win = make_window()
    dialog = upgrade_plan.show_upgrade_view(win)
    qtbot.waitExposed(dialog)
    assert dialog.isVisible()
    dialog.activateWindow()
    focus = dialog.focusWidget() or dialog
    qtbot.keyClick(focus, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_upgrade_plan_rows_have_distinct_labels():
    labels = [label for _name, label, _unit in upgrade_plan.FIGURES]
    assert len(labels) == len(set(labels))


def test_build_tabs_show_the_name_without_eliding_the_middle(make_window, tmp_path):
    win = make_window()
    paths = []
    for name in ("hgx-h100-8gpu.json", "dgx-h100-8gpu.json", "gigabyte-g593-sd1-8x-h200.json", "pcie-l40s-8gpu.json"):
        shutil.copy(ROOT / "examples" / name, tmp_path / name)
        paths.append(tmp_path / name)
    win.open_paths(paths)
    win.resize(1024, 700)
    tabs = win.documents.tabs
    assert tabs.elideMode() != Qt.TextElideMode.ElideMiddle
    assert tabs.tabText(0) == "hgx-h100-8gpu"               # the stem; the full path is the tooltip
    assert tabs.tabToolTip(0).endswith("hgx-h100-8gpu.json")


def test_apply_fix_is_a_command_palette_entry_and_shows_focus(make_window):
    from configurator.core.build import Build
    from configurator.qt.dialogs.command_palette import fix_entries
    from configurator.qt.panels import problems

    win = make_window(Build(chassis="hgx-8u"))
    fixable = [v for v in win.violations.violations if v.fix and v.fix.ops]
    entries = fix_entries(win)
    assert entries and len(entries) == len(fixable) and all(e.text.startswith("Apply fix: ") for e in entries)
    entries[0].run()
    assert win.session.can_undo                  # the fix was applied, one undoable step
    assert "focus" in problems.FOCUS_RING
