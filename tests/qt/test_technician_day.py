"""The technician's day in the GUI (issue 30), on the shipped catalog: import a probe folder, read the
import report, answer what it could not identify (map the CPU to a catalog part; the virtual drives
are present and stay), add the parts the probe cannot see by hand and mark them already installed,
plan the upgrade (seven more GPUs), export the upgrade quote, verify against the probe. The upgrade
quote prices only the new parts."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.core.build import Build
from configurator.core.ops import fill_similar
from configurator.core.session import Session
from configurator.formats.importers.inventory import read_inventory
from configurator.formats.registry import ExportRequest

PROBE_H200 = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"
H200 = "nvidia-h200-sxm5-141gb"
CPU = "intel-xeon-platinum-8480plus"
DIMM = "samsung-m321r4ga3bb6-cqk"
PSU = "artesyn-ds3000pe-3000w"


@pytest.fixture(scope="module")
def shipped():
    from configurator.store.catalogs import default_catalog

    return default_catalog()


@pytest.fixture
def window(qtbot, shipped):
    from configurator.qt.app import make_app
    from configurator.qt.window.main_window import MainWindow

    make_app()
    win = MainWindow(Session(shipped, Build(chassis="gigabyte-g593-sd1")))

    def clean() -> None:
        for doc in win.documents.documents:
            doc.session.mark_clean()

    qtbot.addWidget(win, before_close_func=lambda _w: clean())
    win.show()
    return win


def _import_probe(win, qtbot, monkeypatch):
    from configurator.qt.dialogs.import_server import ImportServerDialog, import_from_server

    def run(self: ImportServerDialog) -> int:
        self.url.setText(str(PROBE_H200))
        self.start()
        qtbot.waitUntil(lambda: self.result_ is not None, timeout=15000)
        return 1

    monkeypatch.setattr(ImportServerDialog, "exec", run)
    import_from_server(win)
    return win.import_report


def _fill_owned(win, slot: str, part: str) -> list[str]:
    """Put `part` in `slot` and every similar empty slot, select them, mark them already installed
    (the slot menu's action); the slots it filled."""
    session = win.session
    ops = fill_similar(session.build, session.catalog, slot, part).ops
    session.apply(type(fill_similar(session.build, session.catalog, slot, part))(ops=ops))
    slots = [op.slot for op in ops]
    win.view.select_slots(slots)
    win.view.mark_owned(slots[0], True)
    return slots


def test_the_part_chooser_takes_the_first_part_that_fits_what_is_typed(qtbot, shipped):
    from configurator.qt.dialogs.import_report import PartChooser

    chooser = PartChooser(shipped, ("cpu",), "cpu Intel Xeon (cores=16)")
    qtbot.addWidget(chooser)
    assert chooser.chosen() is not None                    # a part is chosen from the start
    qtbot.keyClicks(chooser.filter, "8480")
    assert chooser.chosen() == CPU
    qtbot.keyClicks(chooser.filter, "zzz")
    assert chooser.chosen() is None                        # nothing fits: nothing is mapped


def test_the_technicians_day(window, qtbot, monkeypatch, tmp_path, shipped):
    win = window
    report = _import_probe(win, qtbot, monkeypatch)
    # the report: what matched, with its evidence; what did not, with the server's own words
    assert report.isVisible()
    assert report.matched_table.rowCount() == 1
    assert report.matched_table.item(0, 1).text() == shipped.get(H200).name
    assert "model" in report.matched_table.item(0, 3).text()          # the evidence
    kinds = [m.item.kind for m in report.unidentified]
    assert sorted(kinds) == ["cpu", "drive", "drive"]
    cpu_row, drive_rows = kinds.index("cpu"), [i for i, k in enumerate(kinds) if k == "drive"]
    assert "Xeon" in report.missing_table.item(cpu_row, 3).text()      # the raw description
    assert "Memory" in report.blind.text() and "PSU" in report.blind.text()   # what the probe cannot see

    # answer each: the CPU is a catalog part (owned); the virtual drives are present and stay out
    assert report.map_row(cpu_row, CPU)
    cpu_slot = report.mapped[cpu_row]
    assert win.session.build.placements[cpu_slot] == CPU and win.session.build.is_owned(cpu_slot)
    for row in drive_rows:
        report.missing_table.selectRow(row)
        assert report.present_button.isEnabled()
        report.present_button.click()
    assert [report.status(r) for r in range(3)].count("present") == 2 and report.status(cpu_row) == "mapped"
    assert "Present, already installed (not priced): lsblk.json: vda" in win.session.build.meta.notes
    assert not report.present_button.isEnabled()          # answered rows offer nothing more
    assert "0 still to answer" in report.summary.text()

    # what the probe could not see, added by hand and marked already installed
    session = win.session
    second_cpu = _fill_owned(win, cpu_slot, CPU)
    assert not report.blind_button.isEnabled()              # nothing placed by hand yet
    dimms = _fill(session, next(s for s in _slots(session, "dimm")), DIMM)
    psus = _fill(session, next(s for s in _slots(session, "psu")), PSU)
    assert dimms and psus and not any(session.build.is_owned(s) for s in dimms + psus)
    assert sorted(report.blind_slots()) == sorted(dimms + psus) and report.blind_button.isEnabled()
    report.blind_button.click()                             # "Mark them owned": one undoable edit
    assert not report.blind_slots() and not report.blind_button.isEnabled()
    for slot in [*second_cpu, *dimms, *psus]:
        assert session.build.is_owned(slot)

    # the upgrade: seven more H200s, bought new
    gpu_slot = next(s for s, p in session.build.placements.items() if p == H200)
    ops = fill_similar(session.build, session.catalog, gpu_slot, H200).ops
    assert len(ops) == 7
    session.apply(type(fill_similar(session.build, session.catalog, gpu_slot, H200))(ops=ops))
    assert not session.evaluation.errors, [v.code for v in session.evaluation.errors]

    from configurator.qt.views.upgrade_plan import show_upgrade_view

    plan = show_upgrade_view(win).view.plan
    assert plan is not None
    adds = {c.part_id for c in plan.changes if c.action == "add"}
    assert adds == {H200}                  # the CPUs, DIMMs and PSUs were already there
    hardware = [ln for ln in plan.new_lines if ln.kind == "hardware" and ln.extended]
    assert {ln.part_id for ln in hardware} <= {H200} | _companions(plan)
    h200 = next(ln for ln in plan.new_lines if ln.part_id == H200)
    assert h200.qty == 7
    assert not any(ln.part_id in (CPU, DIMM, PSU) for ln in plan.new_lines)

    # the upgrade quote: written, and priced from the same plan (only the new parts)
    target = tmp_path / "upgrade.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    monkeypatch.setattr(QMessageBox, "exec", lambda self: pytest.fail("refused: " + self.text()))
    assert win.export_as("upgrade-pdf")
    assert target.exists() and target.read_bytes().startswith(b"%PDF")
    from configurator.formats.exporters.upgrade_request import request_plan

    job = request_plan(ExportRequest(options=((session.build, session.evaluation),), catalog=shipped, sources=(None,)))
    assert job.plan.cost_new_parts == plan.cost_new_parts
    assert h200.unit_price is not None and h200.extended == 7 * h200.unit_price > 0
    assert plan.cost_new_parts == sum((ln.extended or Decimal(0)) for ln in plan.new_lines if ln.kind != "service")
    owned_lines = [ln for ln in job.after_eval.cost.lines if ln.part_id in (CPU, DIMM, PSU)]
    assert owned_lines and all(ln.extended == 0 for ln in owned_lines)

    # verify after the work, against the probe (which still shows one GPU): seven missing
    from configurator.qt.views.verify_panel import show_verification

    result = show_verification(win, read_inventory(PROBE_H200))
    panel = win.verify_panel
    assert win.docks["verify"].isVisible()
    missing = [f for f in result.findings if f.kind == "missing" and f.part_id == H200]
    assert missing and missing[0].count == 7
    # the report's answers hold: the CPU the technician named is that CPU, the virtual drives are present
    assert not [f for f in result.findings if f.kind == "unidentified"], result.findings
    cpu = [f for f in result.findings if f.category == "cpu"]
    assert [(f.kind, f.part_id, f.count) for f in cpu] == [("missing", CPU, 1)]   # the hand-added second one
    texts = [panel.findings.item(r, 2).text() for r in range(panel.findings.rowCount())]
    assert any("7 of 8" in t and H200 in t for t in texts)
    assert "difference" in panel.verdict.text()


def _fill(session, slot: str, part: str) -> list[str]:
    batch = fill_similar(session.build, session.catalog, slot, part)
    session.apply(batch)
    return [op.slot for op in batch.ops]


def _slots(session, kind: str) -> list[str]:
    from configurator.core.slots import slot_map

    chassis = session.catalog.chassis(session.build.chassis)
    return [s.id for s in slot_map(chassis).values() if s.kind == kind and s.id not in session.build.placements]


def _companions(plan) -> set[str]:
    return {ln.part_id for ln in plan.new_lines if ln.part_id != H200}


def test_verify_in_chinese_lists_counts_and_differences(qapp, window, qtbot):
    """The verification dock in the user's language: the verdict, the counts line and each difference
    come out of the .ts / .po translations (issue 30: verify was CLI-only)."""
    from configurator.qt.views.verify_panel import show_verification
    from configurator.qt.window import language_menu as language

    language.install(qapp, "zh_CN")
    try:
        result = show_verification(window, read_inventory(PROBE_H200))
        panel = window.verify_panel
        assert not result.ok and window.docks["verify"].isVisible()
        assert "处差异" in panel.verdict.text() and "服务器" in panel.counts.text()
        assert panel.findings.rowCount() == len(result.findings)
        kinds = {panel.findings.item(r, 0).text() for r in range(panel.findings.rowCount())}
        assert kinds <= {"缺失", "多出", "无法识别", "降级", "未核对", "状态异常"} and kinds, kinds
    finally:
        language.install(qapp, "en")
