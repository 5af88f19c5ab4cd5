"""Editors write back through the session: apply → build changed → undo restores → widget follows."""

from __future__ import annotations

from decimal import Decimal

import pytest
from fixture_catalog import make_catalog
from sample_evaluation import sample_evaluation

from configurator.core.build import Build
from configurator.core.evaluate.workload_models import ModelShape
from configurator.core.evaluator import Evaluator
from configurator.core.ops import SetOption
from configurator.core.session import Session
from configurator.qt.panels import SiteOptionsPanel, WorkloadPanel
from configurator.words.render import named

PRESETS = {
    "llama-2-7b": ModelShape(name="Llama 2 7B", layers=32, hidden=4096, heads=32, kv_heads=32, ffn=11008,
                             vocab=32000),
    "llama-3-8b": ModelShape(name="Llama 3 8B", layers=32, hidden=4096, heads=32, kv_heads=8, ffn=14336,
                             vocab=128256),
}


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.setattr(Evaluator, "evaluate",
                        lambda self, build, workload=None: sample_evaluation(currency=build.site.currency))
    return Session(make_catalog(), Build(chassis="hgx-8u"))


def undo_depth(session: Session) -> int:
    n = 0
    while session.undo():
        n += 1
    return n


# --------------------------------------------------------------------------- site & options


def test_site_spin_writes_back_and_undo_restores(qtbot, session):
    panel = SiteOptionsPanel(session)
    qtbot.addWidget(panel)
    assert panel.ambient.value() == 25.0
    panel.ambient.setValue(32.5)
    panel.ambient.editingFinished.emit()
    assert session.build.site.ambient_c == 32.5
    assert named(session.undo_text, "en") == "Set site.ambient_c"
    session.undo()
    assert session.build.site.ambient_c == 25.0
    assert panel.ambient.value() == 25.0
    session.redo()
    assert panel.ambient.value() == 32.5


def test_rapid_spin_edits_are_one_undo_step(qtbot, session):
    panel = SiteOptionsPanel(session)
    qtbot.addWidget(panel)
    for _ in range(5):
        panel.altitude.stepUp()            # a held arrow key: valueChanged five times
    assert session.build.site.altitude_m == 0     # not yet: coalescing
    qtbot.waitUntil(lambda: session.build.site.altitude_m == 500, timeout=2000)
    assert undo_depth(session) == 1
    assert panel.altitude.value() == 0


def test_decimal_options_and_rent_special_value(qtbot, session):
    panel = SiteOptionsPanel(session)
    qtbot.addWidget(panel)
    panel.price.setValue(0.2345)           # 3 decimals
    panel.writer.flush()
    assert session.build.site.electricity_price_kwh == Decimal("0.235") or \
        session.build.site.electricity_price_kwh == Decimal("0.234")
    assert panel.rent.text() == "GPU's reference cloud price"
    panel.rent.setValue(2.75)
    panel.writer.flush()
    assert session.build.commercial.rent_per_gpu_hour == Decimal("2.75")
    panel.rent.setValue(0)
    panel.writer.flush()
    assert session.build.commercial.rent_per_gpu_hour is None
    panel.support.setValue(10)
    panel.years.setValue(7)                # another option: the support edit is applied first
    panel.writer.flush()
    assert session.build.commercial.support_pct_per_year == Decimal("10.0")
    assert session.build.commercial.tco_years == 7


def test_combos_and_checkbox_write_at_once(qtbot, session):
    panel = SiteOptionsPanel(session)
    qtbot.addWidget(panel)
    modes = [panel.redundancy.itemData(i) for i in range(panel.redundancy.count())]
    assert modes == ["", "4+2", "3+3"]
    assert panel.redundancy.itemText(0) == "Chassis default (4+2)"
    panel.redundancy.setCurrentIndex(2)
    assert session.build.psu_redundancy == "3+3"
    panel.voltage.setCurrentIndex(panel.voltage.findData(208.0))
    assert session.build.site.input_voltage_v == 208.0
    panel.currency.setCurrentIndex(panel.currency.findData("EUR"))
    assert session.build.site.currency == "EUR"
    assert session.evaluation.cost.currency == "EUR"
    assert "EUR per kWh" in panel.price.suffix()
    panel.multi_node.setChecked(False)
    assert session.build.multi_node is False
    assert undo_depth(session) == 4
    assert panel.redundancy.currentData() == "" and panel.voltage.currentData() == 230.0
    assert panel.currency.currentData() == "USD" and panel.multi_node.isChecked()


def test_external_change_updates_widgets_without_echo(qtbot, session):
    panel = SiteOptionsPanel(session)
    qtbot.addWidget(panel)
    session.apply(SetOption(path="site.pue", value=1.25))
    session.apply(SetOption(path="site.input_voltage_v", value=215.0))   # not in the list: shown anyway
    assert panel.pue.value() == 1.25
    assert panel.voltage.currentData() == 215.0
    assert undo_depth(session) == 2        # the panel added no steps of its own
    assert panel.pue.value() == 1.4


def test_an_option_edit_re_lays_out_the_form_only_for_a_new_currency(qtbot, qapp, session):
    """setSuffix re-lays-out its form even with the same suffix: the price and rent boxes get
    theirs again only when the currency changes."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QGroupBox

    class Layouts(QObject):
        seen = 0

        def eventFilter(self, obj, event):  # noqa: N802 - Qt override
            Layouts.seen += event.type() == QEvent.Type.LayoutRequest
            return False

    panel = SiteOptionsPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    qapp.processEvents()
    spy = Layouts()
    for box in panel.findChildren(QGroupBox):
        box.installEventFilter(spy)
    session.apply(SetOption(path="site.electricity_price_kwh", value=Decimal("0.21")))
    qapp.processEvents()
    assert Layouts.seen == 0 and panel.price.value() == 0.21
    session.apply(SetOption(path="site.currency", value="EUR"))
    assert "EUR per kWh" in panel.price.suffix() and "EUR per GPU-hour" in panel.rent.suffix()


def test_rejected_edit_is_reported_and_reverted(qtbot, session):
    panel = SiteOptionsPanel(session)
    qtbot.addWidget(panel)
    panel.writer.set_now("site.currency", "usd")      # fails the model's pattern
    assert not panel.error.isHidden() and "site.currency" in panel.error.text()
    assert session.build.site.currency == "USD" and not session.can_undo


# --------------------------------------------------------------------------- workload editor


def test_workload_preset_writes_back_and_undo(qtbot, session):
    panel = WorkloadPanel(session, presets=PRESETS)
    qtbot.addWidget(panel)
    ed = panel.editor
    assert ed.preset.currentData() == "" and not ed.micro_batch.isEnabled()
    ed.preset.setCurrentIndex(ed.preset.findData("llama-3-8b"))
    spec = session.build.workload
    assert spec["preset"] == "llama-3-8b" and spec["model"]["kv_heads"] == 8 and spec["mode"] == "train"
    assert ed.shape["ffn"].value() == 14336 and ed.params.text() == "8.0 B"
    ed.micro_batch.setValue(4)
    ed.micro_batch.editingFinished.emit()
    assert session.build.workload["train"]["micro_batch"] == 4
    session.undo()
    assert ed.micro_batch.value() == 1
    session.undo()
    assert session.build.workload is None and ed.preset.currentData() == ""


def test_workload_mode_shape_and_invalid_edit(qtbot, session):
    panel = WorkloadPanel(session, presets=PRESETS)
    qtbot.addWidget(panel)
    ed = panel.editor
    ed.preset.setCurrentIndex(ed.preset.findData("llama-2-7b"))
    ed.mode.setCurrentIndex(ed.mode.findData("infer"))
    assert session.build.workload["mode"] == "infer"
    assert ed.job_form.isRowVisible(ed.batch) and not ed.job_form.isRowVisible(ed.micro_batch)
    ed.kv_dtype.setCurrentIndex(ed.kv_dtype.findData("fp8"))
    assert session.build.workload["infer"]["kv_dtype"] == "fp8"
    # editing the shape turns the preset into a custom model
    ed.shape["kv_heads"].setValue(8)
    ed.writer.flush()
    spec = session.build.workload
    assert spec["preset"] is None and spec["model"]["kv_heads"] == 8
    assert ed.preset.currentData() == "__custom__"
    steps = len(session._undo)
    ed.shape["kv_heads"].setValue(7)                  # 32 heads are not divisible by 7
    ed.writer.flush()
    assert session.build.workload["model"]["kv_heads"] == 8 and len(session._undo) == steps
    assert panel.error.isVisibleTo(panel) and "divisible" in panel.error.text()
    ed.shape["kv_heads"].setValue(4)
    ed.writer.flush()
    assert not panel.error.isVisibleTo(panel)
    assert session.build.workload["model"]["kv_heads"] == 4


def test_workload_rapid_edits_coalesce(qtbot, session):
    panel = WorkloadPanel(session, presets=PRESETS)
    qtbot.addWidget(panel)
    ed = panel.editor
    ed.preset.setCurrentIndex(ed.preset.findData("llama-2-7b"))
    for _ in range(3):
        ed.seq_len.stepUp()
    qtbot.waitUntil(lambda: session.build.workload["train"]["seq_len"] == 4096 + 3 * 1024, timeout=2000)
    assert undo_depth(session) == 2                   # preset + one seq_len step
