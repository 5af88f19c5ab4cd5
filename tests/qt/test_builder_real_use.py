"""Issue 15, items 2-4 and 6: what a new user tripped over, through the window's own actions and events."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from configurator.core.build import Build
from configurator.core.ops import SetChassis, SetOption
from configurator.qt.chassis.drag_mime import part_mime
from configurator.qt.chassis.tray import tray_mime
from configurator.qt.window.status_summary import SEPARATOR

M13 = {"name": "13B", "layers": 40, "hidden": 5120, "heads": 40, "kv_heads": 40, "ffn": 13824, "vocab": 32000}


def _hgx(psus: int = 6) -> Build:
    placements = {f"GPU{i}": "h100-sxm" for i in range(1, 9)}
    placements.update({"CPU1": "xeon-8480", "CPU2": "xeon-8480", "COOLING": "air-hgx",
                       "CPU1_DIMM_A1": "ddr5-64", "CPU2_DIMM_A1": "ddr5-64"})
    placements.update({f"PSU{i}": "psu-3000" for i in range(1, psus + 1)})
    return Build(chassis="hgx-8u", placements=placements)


def _problem_rows(win) -> list[str]:
    tree = win.violations.tree
    return [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]


def _fix_button(win, code: str):
    tree = win.violations.tree
    i = next(i for i, v in enumerate(win.violations.violations) if v.code == code)
    return tree.itemWidget(tree.topLevelItem(i), 1)


# ---------------------------------------------------------------- item 2: workload fit is a problem
def test_a_workload_that_does_not_fit_is_in_problems_and_the_status_bar_and_its_fix_applies(make_window, qtbot):
    win = make_window(_hgx())
    assert "error" not in win.summary.text()
    # the workload editor writes the workload with this same op
    win.session.apply(SetOption(path="workload", value={"model": M13, "mode": "train",
                                                        "train": {"zero_stage": 0, "checkpointing": False}}))
    row = next(r for r in _problem_rows(win) if "does not fit" in r)
    assert "GB per GPU" in row and "each GPU has 80.0 GB" in row and "→ Use ZeRO-3" in row
    assert "1 error" in win.summary.text() and "no problems" not in win.summary.text()
    assert "1 error" in win.violations.summary.text()
    button = _fix_button(win, "workload.does-not-fit")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert win.session.evaluation.workload.fits
    assert "error" not in win.summary.text()
    assert win.statusBar().currentMessage().startswith("Applied: Use ZeRO-3")
    win.act_undo.trigger()
    assert "1 error" in win.summary.text()


def test_a_feed_that_cannot_carry_the_peak_alone_is_in_problems_and_the_status_bar(make_window):
    win = make_window(_hgx(psus=4))
    assert "power.feed-loss-overload" in {v.code for v in win.session.evaluation.violations}
    row = next(r for r in _problem_rows(win) if r.startswith("If feed"))
    assert "140 % of their capacity at peak" in row and "→ " in row
    assert "warning" in win.summary.text()


# ---------------------------------------------------------------- item 3: the Not placed tray
def _tray_window(make_window):
    build = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie", "SLOT3": "h100-pcie", "BAY1": "sata-1.92"})
    win = make_window(build)
    win.session.apply(SetChassis(chassis="hgx-8u"), label="Change chassis to Test HGX 8U")
    return win


def test_change_chassis_puts_what_has_no_place_in_a_visible_tray(make_window, qtbot, monkeypatch):
    from configurator.qt.dialogs import chassis_picker as dialogs
    from configurator.qt.window import main_window

    win = make_window(Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie", "BAY1": "sata-1.92"}))
    assert not win.docks["tray"].isVisibleTo(win)

    class Picker:                  # the chassis picker, answered as a user would
        def __init__(self, *a, **k): pass
        def exec(self): return True
        def chosen(self): return "hgx-8u"
        def deleteLater(self): pass

    monkeypatch.setattr(main_window, "ChassisPicker", Picker)
    assert dialogs.ChassisPicker is not Picker
    win.act_chassis.trigger()
    assert win.session.build.chassis == "hgx-8u"
    assert {u.part for u in win.session.build.unplaced} == {"h100-pcie", "sata-1.92"}
    assert win.docks["tray"].isVisibleTo(win) and win.tray.count() == 2
    texts = [win.tray.item(i).text() for i in range(win.tray.count())]
    assert any("NVIDIA H100 PCIe 80GB (was in SLOT1)" in t for t in texts), texts
    assert "not placed" in win.statusBar().currentMessage().lower() or "Not placed" in win.statusBar().currentMessage()
    assert win.act_undo.text() == "&Undo Change chassis to Test HGX 8U"     # the name, not the id
    assert "fit.not-placed" in {v.code for v in win.session.evaluation.violations}
    win.act_undo.trigger()
    assert not win.session.build.unplaced and not win.docks["tray"].isVisibleTo(win)


def test_a_tray_part_dragged_onto_a_slot_goes_there_and_the_tray_shrinks(make_window):
    win = _tray_window(make_window)
    index = next(i for i, u in enumerate(win.session.build.unplaced) if u.part == "sata-1.92")
    refused = next(i for i, u in enumerate(win.session.build.unplaced) if u.part == "h100-pcie")
    view, vp = win.view, win.view.viewport()
    # a PCIe GPU has no place on the HGX board: the drop is refused and the tray keeps it
    pos = view.mapFromScene(view.slot_items["GPU1"].rect.center())
    mime = tray_mime(refused, "h100-pcie")
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, QDragEnterEvent(pos, *args))
    QApplication.sendEvent(vp, QDropEvent(pos.toPointF(), *args))
    assert len(win.session.build.unplaced) == 3
    # the SATA drive: the HGX has U.2 NVMe bays only, so it stays too; a U.2 drive would go.
    # Put a drive that fits in the tray by discarding and re-adding through the ops the window uses:
    assert "GPU1" not in win.session.build.placements
    win.tray.discard(index)
    assert len(win.session.build.unplaced) == 2 and win.tray.count() == 2


def test_a_tray_drop_onto_a_slot_that_takes_it_places_it(make_window):
    win = make_window(Build(chassis="hgx-8u", unplaced=[{"part": "u2-3.84", "slot": "BAY3", "reason": "x"}]))
    assert win.docks["tray"].isVisibleTo(win) and win.tray.count() == 1
    view, vp = win.view, win.view.viewport()
    pos = view.mapFromScene(view.slot_items["NVME2"].rect.center())
    mime = tray_mime(0, "u2-3.84")
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, QDragEnterEvent(pos, *args))
    QApplication.sendEvent(vp, QDragMoveEvent(pos, *args))
    drop = QDropEvent(pos.toPointF(), *args)
    QApplication.sendEvent(vp, drop)
    assert drop.isAccepted()
    assert win.session.build.placements["NVME2"] == "u2-3.84" and not win.session.build.unplaced
    assert not win.docks["tray"].isVisibleTo(win)
    win.act_undo.trigger()
    assert win.session.build.unplaced and "NVME2" not in win.session.build.placements


def test_double_click_on_a_tray_row_places_it_in_the_first_free_slot(make_window, qtbot):
    win = make_window(Build(chassis="hgx-8u", unplaced=[{"part": "u2-3.84", "slot": "BAY3", "reason": "x"}]))
    row = win.tray.item(0)
    rect = win.tray.visualItemRect(row)
    # a real double-click: press and release, then the double-click event
    QTest.mouseClick(win.tray.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(win.tray.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not win.session.build.unplaced)
    assert win.session.build.placements["NVME1"] == "u2-3.84"


# ---------------------------------------------------------------- item 4: a double-width card is one target
def test_a_double_width_card_is_one_target_for_drops_and_the_menu(make_window, monkeypatch):
    win = make_window(Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie"}))
    view, vp = win.view, win.view.viewport()
    covered = view.mapFromScene(view.slot_items["SLOT2"].rect.center())     # the card's lower half
    assert view._slot_at(covered).slot.id == "SLOT1"
    args = (Qt.DropAction.CopyAction, part_mime("fh-nic"), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, QDragEnterEvent(covered, *args))
    move = QDragMoveEvent(covered, *args)
    QApplication.sendEvent(vp, move)
    assert view.slot_items["SLOT1"].hover and not view.slot_items["SLOT2"].hover
    assert "SLOT2" not in win.statusBar().currentMessage() and "Slot 2" not in win.statusBar().currentMessage()
    assert move.isAccepted()
    QApplication.sendEvent(vp, QDropEvent(covered.toPointF(), *args))
    assert win.session.build.placements == {"SLOT1": "fh-nic"}
    win.act_undo.trigger()
    # right-click over the covered half opens the card's slot menu
    asked = []
    monkeypatch.setattr(view, "slot_menu", lambda sid: asked.append(sid) or _NoMenu())
    QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, covered, vp.mapToGlobal(covered)))
    assert asked == ["SLOT1"] and view.selected_slots() == ("SLOT1",)
    # a refusal over the covered half names the card's slot
    args = (Qt.DropAction.CopyAction, part_mime("u2-3.84"), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, QDragEnterEvent(covered, *args))
    QApplication.sendEvent(vp, QDragMoveEvent(covered, *args))
    assert "SLOT1" in win.statusBar().currentMessage() and "SLOT2" not in win.statusBar().currentMessage()



class _NoMenu:
    def exec(self, *_):
        return None

    def deleteLater(self):
        return None


# ---------------------------------------------------------------- item 6: the smaller things
def test_fill_similar_on_a_nic_warns_when_nics_outnumber_gpus(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm", "GPU2": "h100-sxm"}))
    win.view.fill_similar("NIC1", "cx7")
    placed = {s for s, p in win.session.build.placements.items() if p == "cx7"}
    assert placed == {f"NIC{i}" for i in range(1, 9)}          # not OCP1: another shape
    assert "8 network cards for 2 GPUs" in win.statusBar().currentMessage()


def test_fill_similar_keeps_to_slots_of_the_same_role():
    from configurator.core.ops import fill_similar
    from configurator.store.catalogs import default_catalog

    cat = default_catalog()
    ops = fill_similar(Build(chassis="supermicro-sys-821ge-tnhr"), cat, "NIC1", "nvidia-cx7-mcx755106as-heat").ops
    assert [op.slot for op in ops] == [f"NIC{i}" for i in range(1, 9)]      # no DPU1, AUX1, AUX2


def test_clear_build_is_not_in_a_psu_menu(make_window):
    win = make_window(_hgx())
    psu = [a.text() for a in win.view.slot_menu("PSU1").actions()]
    assert "Feed B" in psu and "Clear build" not in psu
    assert "Clear build" in [a.text() for a in win.view.slot_menu("GPU1").actions()]


def test_the_chassis_picker_counts_slots_for_a_2_wide_gpu_and_shows_the_whole_summary(qtbot):
    from configurator.qt.dialogs.chassis_picker import ChassisPicker, gpu_positions
    from configurator.store.catalogs import default_catalog

    cat = default_catalog()
    r760 = cat.chassis("dell-poweredge-r760")
    wide = [s for s in r760.pcie_slots if s.gpu_capable and s.max_width >= 2]
    assert gpu_positions(r760) == f"{len(wide)}× PCIe double-width"
    picker = ChassisPicker(cat, "dell-poweredge-r760")
    qtbot.addWidget(picker)
    picker.show()
    table = picker.table
    need = sum(table.columnWidth(c) for c in range(table.columnCount()))
    assert table.viewport().width() >= need or picker.width() >= picker.screen().availableGeometry().width() - 60


def test_the_chassis_summary_says_air_or_liquid_and_is_worded_in_chinese(qapp):
    """The summary's cooling read 'cooling' for every chassis (the first word of the part id), and
    its words stayed English in the Chinese window."""
    from configurator.qt.dialogs.chassis_picker import chassis_summary
    from configurator.qt.window import language_menu
    from configurator.store.catalogs import default_catalog

    cat = default_catalog()
    hgx, liquid = cat.chassis("supermicro-sys-821ge-tnhr"), cat.chassis("supermicro-sys-421ge-tnhr2-lcc")
    assert chassis_summary(hgx, cat).endswith(" · air") and chassis_summary(liquid, cat).endswith("liquid")
    assert "DIMMs" in chassis_summary(hgx, cat) and "cooling" not in chassis_summary(hgx, cat)
    try:
        language_menu.install(qapp, "zh_CN")
        zh = chassis_summary(hgx, cat)
        assert zh.endswith("风冷") and "DIMMs" not in zh and "bays" not in zh, zh
    finally:
        language_menu.install(qapp, "en")


def test_group_headers_count_what_the_filter_shows(make_window, catalog):
    win = make_window()
    pal = win.palette_widget
    heads = {text.split("  ")[0]: text for text in pal.category_rows()}
    nics = len(catalog.by_category("nic"))
    assert heads["Network"].endswith(f"({nics})")
    QTest.keyClicks(pal.search, "OCP")
    texts = pal.category_rows()
    assert f"Network  (1 of {nics})" in texts, texts
    pal.search.clear()
    assert any(t.endswith(f"({nics})") and t.startswith("Network") for t in pal.category_rows())


def test_the_form_factor_filter_has_one_pcie_entry(make_window):
    pal = make_window().palette_widget
    forms = [pal.form.itemText(i) for i in range(pal.form.count())]
    assert "PCIe card" in forms and "PCIe" not in forms


def test_part_tooltips_show_a_clean_source_line_with_a_link():
    from configurator.qt.palette.palette_dock import _provenance
    from configurator.store.catalogs import default_catalog

    cat = default_catalog()
    text = _provenance(cat.get("nvidia-l40s-48gb"), cat)
    assert "Source: <a href='https://github.com/stas00/ml-engineering" in text and ">github.com</a>" in text
    assert "[V]" not in text and "UNVERIFIED" not in text and "catalogs/" not in text and "From " not in text
    assert "Price: estimate (2026-11-30)" in text


def test_cost_per_pflops_names_its_currency(make_window):
    win = make_window(_hgx())
    cost = next(p for p in win.panels if p.objectName() == "CostPanel")
    assert cost.grid.captions["per_pflops"].text() == "TCO per dense BF16 PFLOPS (USD)"
    assert " over " not in cost.grid.text("total") and cost.grid.text("total").startswith("$")


def test_at_120_v_the_psu_headline_says_there_is_no_output(make_window):
    win = make_window(_hgx())
    win.session.apply(SetOption(path="site.input_voltage_v", value=120))
    power = next(p for p in win.panels if p.objectName() == "PowerPanel")
    text = power.headline.text()
    assert "0 W installed" not in text and "6 × 3000W Titanium PSU installed: no output" in text


def test_a_long_gpu_name_is_elided_in_the_status_bar(make_window):
    win = make_window(_hgx())
    ev = win.session.evaluation
    long = ev.model_copy(update={"compute": ev.compute.model_copy(update={"gpu_model": "NVIDIA " + "Very " * 20 + "Long"})})
    text = SEPARATOR.join(win.summary.parts(long).values())
    assert "…" in text and len(text.split(" · ")[0]) < 40
