"""The main window driven like a user: drag and drop, keyboard, undo, fixes, files, closing."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.core.build import Build
from configurator.qt.chassis.drag_mime import part_mime
from configurator.words.problems import violation_json
from configurator.words.render import in_english


def _drag_to(view, slot_id: str, part_id: str):
    """Synthetic drag enter → move → drop of `part_id` over `slot_id`; returns the move event."""
    item = view.slot_items[slot_id]
    pos = view.mapFromScene(item.rect.center())
    mime = part_mime(part_id)
    action, button, mods = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos, action, mime, button, mods)
    QApplication.sendEvent(view.viewport(), enter)
    states = {sid: it.drag for sid, it in view.slot_items.items()}
    move = QDragMoveEvent(pos, action, mime, button, mods)
    QApplication.sendEvent(view.viewport(), move)
    accepted = move.isAccepted()
    QApplication.sendEvent(view.viewport(), QDropEvent(pos.toPointF(), action, mime, button, mods))
    return states, accepted


def test_drop_on_accepting_slot_places_part_and_updates_panels(make_window):
    win = make_window()
    states, accepted = _drag_to(win.view, "GPU3", "h100-sxm")
    assert states["GPU3"] == "ok" and states["GPU1"] == "ok"       # every accepting slot lights up
    assert states["CPU1"] == "no" and states["PSU1"] == "no"       # the others are marked
    assert accepted
    assert win.session.build.placements["GPU3"] == "h100-sxm"
    assert all(item.drag is None for item in win.view.slot_items.values())   # highlight cleared
    assert win.view.slot_items["GPU3"].part_id == "h100-sxm"
    bom = [win.parts_list.table.item(r, 1).text() for r in range(win.parts_list.table.rowCount())]
    assert "NVIDIA H100 SXM5 80GB" in bom
    assert "1× NVIDIA H100 SXM5 80GB" in win.summary.text()
    assert win.isWindowModified()


def test_drop_on_refusing_slot_changes_nothing_and_says_why(make_window):
    win = make_window()
    before = win.session.build.snapshot()
    states, accepted = _drag_to(win.view, "GPU1", "h100-pcie")
    assert states["GPU1"] == "no" and not accepted
    assert win.session.build.snapshot() == before
    assert not win.session.can_undo and not win.isWindowModified()
    assert "PCIe card" in win.statusBar().currentMessage()


def test_drop_onto_occupied_slot_replaces_undoably(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"NIC1": "cx7"}))
    _drag_to(win.view, "OCP1", "ocp-100g")
    assert win.session.build.placements["OCP1"] == "ocp-100g"
    win.session.undo()
    assert "OCP1" not in win.session.build.placements


def test_keyboard_placement_uses_first_free_compatible_slot(make_window, qtbot):
    win = make_window()
    assert win.palette_widget.select_part("xeon-8480")
    qtbot.keyClick(win.palette_widget.tree, Qt.Key.Key_Return)
    qtbot.keyClick(win.palette_widget.tree, Qt.Key.Key_Return)
    assert win.session.build.placements.get("CPU1") == "xeon-8480"
    assert win.session.build.placements.get("CPU2") == "xeon-8480"
    qtbot.keyClick(win.palette_widget.tree, Qt.Key.Key_Return)    # no socket left: refused, says why
    assert "in use" in win.statusBar().currentMessage()
    assert win.palette_widget.select_part("epyc-9654")
    qtbot.keyClick(win.palette_widget.tree, Qt.Key.Key_Return)
    assert "SP5" in win.statusBar().currentMessage()
    assert len(win.session.build.placements) == 2


def test_context_menu_actions_use_the_same_validation(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"CPU1_DIMM_A1": "ddr5-64"}))
    win.palette_widget.select_part("ddr4-32")
    menu = win.view.slot_menu("CPU1_DIMM_B1")
    texts = {a.text(): a for a in menu.actions()}
    place = next(a for t, a in texts.items() if t.startswith("Place"))
    assert not place.isEnabled() and "DDR4" in place.toolTip()
    win.view.fill_similar("CPU1_DIMM_A1", "ddr5-64")
    dimms = [s for s, p in win.session.build.placements.items() if p == "ddr5-64"]
    assert len(dimms) == 32
    win.session.undo()
    assert list(win.session.build.placements) == ["CPU1_DIMM_A1"]
    win.view.set_feed("PSU1", "B")
    assert win.session.build.psu_feeds == {"PSU1": "B"} and win.view.slot_items["PSU1"].spec.endswith("B")


def test_undo_redo_round_trip_and_action_text(make_window):
    win = make_window()
    assert win.view.place("GPU1", "h100-sxm")
    assert win.view.place("GPU1", "h100-sxm") and win.view.place("CPU1", "xeon-8480")
    assert "CPU1" in win.act_undo.text()
    win.act_undo.trigger()
    assert "CPU1" not in win.session.build.placements and "CPU1" in win.act_redo.text()
    win.act_undo.trigger()
    win.act_undo.trigger()
    assert win.session.build.placements == {} and not win.isWindowModified()
    assert not win.act_undo.isEnabled()
    for _ in range(3):
        win.act_redo.trigger()
    assert win.session.build.placements == {"GPU1": "h100-sxm", "CPU1": "xeon-8480"}
    assert win.view.slot_items["CPU1"].part_id == "xeon-8480"


def test_apply_fix_resolves_violation(make_window, monkeypatch):
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
    win = make_window()
    win.view.place("CPU1", "xeon-8480")
    panel = win.violations
    index = next(i for i, v in enumerate(panel.violations) if v.code == "test.cpu2")
    assert win.view.slot_items["CPU2"].badge == "error"
    panel.tree.setCurrentItem(panel.tree.topLevelItem(index))
    assert win.view.selected_slots() == ("CPU2",)                 # clicking selects the slots involved
    button = panel.tree.itemWidget(panel.tree.topLevelItem(index), 1)
    button.click()
    assert win.session.build.placements["CPU2"] == "xeon-8480"
    assert all(v.code != "test.cpu2" for v in panel.violations)
    assert "Add a LGA4677 CPU to CPU2" in win.act_undo.text()
    win.session.undo()
    assert "CPU2" not in win.session.build.placements


def test_save_then_open_restores_the_same_build(make_window, tmp_path):
    win = make_window()
    win.view.place("GPU1", "h100-sxm")
    win.view.set_feed("PSU2", "A")
    saved = win.session.build.snapshot()
    target = tmp_path / "hgx.json"
    assert win.save_to(target)
    assert not win.isWindowModified() and "hgx.json" in win.windowTitle()
    win.view.clear()
    win.session.mark_clean()
    assert win.open_path(target)
    assert win.session.build.snapshot() == saved
    assert win.recent_files()[0] == str(target.resolve())
    assert not win.session.can_undo


def test_bad_file_keeps_current_work_and_shows_one_line(make_window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    win = make_window()
    win.view.place("GPU1", "h100-sxm")
    win.session.mark_clean()
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": 1, "chassis": 5', "utf-8")
    assert not win.open_path(bad)
    assert win.session.build.placements == {"GPU1": "h100-sxm"}
    assert len(shown) == 1 and "\n" not in shown[0] and "broken.json" in shown[0]


def test_recent_files_deduplicated_and_capped(make_window, tmp_path):
    win = make_window()
    for i in range(12):
        win.add_recent(tmp_path / f"b{i}.json")
    win.add_recent(tmp_path / "b5.json")
    files = win.recent_files()
    assert len(files) == 10 and files[0].endswith("b5.json") and len(set(files)) == 10


@pytest.mark.parametrize("answer, closes", [(QMessageBox.StandardButton.Cancel, False),
                                            (QMessageBox.StandardButton.Discard, True)])
def test_closing_with_unsaved_changes_prompts(make_window, monkeypatch, answer, closes):
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[1]) or answer)
    win = make_window()
    win.view.place("GPU1", "h100-sxm")
    assert win.close() is closes
    assert asked == ["Unsaved changes"]


def test_clean_window_closes_without_prompt(make_window, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: pytest.fail("must not ask"))
    assert make_window().close()


def test_selection_syncs_between_bom_and_chassis(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm", "GPU2": "h100-sxm",
                                                          "CPU1": "xeon-8480"}))
    win.parts_list.select_part("h100-sxm")
    win.parts_list.part_selected.emit("h100-sxm")
    assert set(win.view.selected_slots()) == {"GPU1", "GPU2"}
    win.view.select_slots(["CPU1"])
    win.view.slots_selected.emit(("CPU1",))
    assert win.parts_list.selected_part() == "xeon-8480"


def test_palette_greys_parts_that_cannot_fit_and_filters(make_window):
    from configurator.qt.palette.roles import FITS_ROLE

    win = make_window(Build(chassis="pcie-2u"))
    pal = win.palette_widget
    rows = {part: pal.model.index_of(part) for part in pal.visible_parts()}
    assert not rows["h100-sxm"].data(FITS_ROLE)
    assert "PCIe slots only" in rows["h100-sxm"].data(Qt.ItemDataRole.ToolTipRole)
    assert rows["h100-pcie"].data(FITS_ROLE)
    pal.search.setText("h100 80")
    assert sorted(pal.visible_parts()) == ["h100-pcie", "h100-sxm"]
    pal.fits.setChecked(True)
    assert pal.visible_parts() == ["h100-pcie"] and len(pal.category_rows()) == 1


def test_chassis_change_redraws_and_is_undoable(make_window):
    from configurator.core.ops import SetChassis

    win = make_window(Build(chassis="hgx-8u", placements={"CPU1": "xeon-8480", "GPU1": "h100-sxm"}))
    win.session.apply(SetChassis(chassis="pcie-2u"))
    assert "SLOT1" in win.view.slot_items and "GPU1" not in win.view.slot_items
    assert win.view.slot_items["CPU1"].part_id == "xeon-8480"
    win.session.undo()
    assert win.view.slot_items["GPU1"].part_id == "h100-sxm"


def test_wide_card_covers_its_neighbour(make_window):
    win = make_window(Build(chassis="pcie-2u"))
    assert win.view.place("SLOT1", "h100-pcie")
    assert "covered by" in win.view.slot_items["SLOT2"].covered_by
    assert not win.view.place("SLOT2", "cx7")
    assert "covered" in win.statusBar().currentMessage()


def test_autosave_writes_and_discards_recovery_copy(make_window, tmp_path):
    win = make_window()
    win.view.place("GPU1", "h100-sxm")
    win.write_recovery()
    assert len(win._autosave_store.list()) == 1
    win.save_to(tmp_path / "x.json")
    assert win._autosave_store.list() == []


def test_layout_is_restored_on_next_launch(make_window):
    win = make_window()
    win.docks["palette"].hide()
    win.session.mark_clean()
    win.close()
    again = make_window()
    assert again.docks["palette"].isHidden()


def test_screenshot_mode_writes_png(tmp_path, monkeypatch, catalog):
    import configurator.store.catalogs as cio
    from configurator.qt.app import run_gui

    monkeypatch.setattr(cio, "_DEFAULT", catalog)
    build = tmp_path / "b.json"
    build.write_text(json.dumps(Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"}).to_file_dict()))
    out = tmp_path / "shot.png"
    assert run_gui(str(build), screenshot=str(out), size=(1200, 800)) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_registered_panel_gets_a_dock_in_its_group(make_window):
    from configurator.qt.panels import PANELS

    win = make_window()
    assert [type(p) for p in win.panels] == [spec.panel for spec in PANELS]
    for spec, panel in zip(PANELS, win.panels, strict=True):
        dock = win.docks[spec.key]
        assert dock.widget().widget() is panel and dock.windowTitle() == spec.title.replace("&", "&&")
        assert win.dockWidgetArea(dock) == spec.area
    for group in {spec.group for spec in PANELS}:
        docks = [win.docks[s.key] for s in PANELS if s.group == group]
        assert all(win.tabifiedDockWidgets(docks[0]).count(d) == 1 for d in docks[1:]), group


def test_file_menu_exports_through_the_registry(make_window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from configurator.core.evaluate.json_shape import evaluation_to_json
    from configurator.formats.exporters import EXPORTERS

    win = make_window()
    win.view.place("GPU1", "h100-sxm")
    assert list(win.export_actions) == list(EXPORTERS)
    target = tmp_path / "evaluation"          # no suffix typed: the format's own is added
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), a[3]))
    win.export_actions["json"].trigger()
    written = tmp_path / "evaluation.json"
    assert json.loads(written.read_text("utf-8")) == json.loads(json.dumps(
        evaluation_to_json(win.session.evaluation, violation_json, in_english), default=str))
    assert "evaluation.json" in win.statusBar().currentMessage()


def test_export_failure_is_one_line_and_keeps_the_window(make_window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "no-such-folder" / "x" / "q.json"), ""))
    (tmp_path / "no-such-folder").write_text("a file, not a folder")
    win = make_window()
    assert not win.export_as("json")
    assert len(shown) == 1 and "\n" not in shown[0]


def test_open_reports_the_first_note(make_window, tmp_path):
    win = make_window()
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(Build(chassis="hgx-8u", placements={"GPU1": "no-such-gpu"}).to_file_dict()))
    assert win.open_path(path)
    assert win.session.build.placements == {"GPU1": "no-such-gpu"}   # kept, not dropped
    assert "no-such-gpu" in win.statusBar().currentMessage()


def test_export_never_overwrites_the_open_build_file(make_window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    win = make_window()
    build_file = tmp_path / "hgx.json"
    assert win.save_to(build_file)
    before = build_file.read_bytes()
    suggested, shown = [], []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: suggested.append(a[2]) or (a[2], ""))
    assert win.export_as("json")                          # the suggested name is not the build file
    assert suggested == [str(tmp_path / "hgx-json.json")] and (tmp_path / "hgx-json.json").exists()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(build_file), ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    assert not win.export_as("json")
    assert build_file.read_bytes() == before and "own file" in shown[0]
