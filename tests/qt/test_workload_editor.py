"""The workload editor's optimizer-implementation, fp32-gradient and max-tokens-per-step inputs:
widget → build through SetOption, undo → widget, and the panel's model-states / serving rows."""

from __future__ import annotations

import pytest
from fixture_catalog import make_catalog
from sample_evaluation import sample_evaluation

import configurator.core.evaluate as evaluate_pkg
from configurator.core.build import Build
from configurator.core.evaluate.workload_models import ModelShape
from configurator.core.session import Session
from configurator.qt.panels import WorkloadPanel

PRESETS = {"llama-2-7b": ModelShape(name="Llama 2 7B", layers=32, hidden=4096, heads=32, kv_heads=32,
                                    ffn=11008, vocab=32000)}


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.setattr(evaluate_pkg, "evaluate",
                        lambda build, catalog, *a, **k: sample_evaluation(currency=build.site.currency),
                        raising=False)
    return Session(make_catalog(), Build(chassis="hgx-8u"))


def test_optimizer_impl_and_step_tokens_round_trip(qtbot, session):
    panel = WorkloadPanel(session, presets=PRESETS)
    qtbot.addWidget(panel)
    ed = panel.editor
    ed.preset.setCurrentIndex(ed.preset.findData("llama-2-7b"))
    assert session.build.workload["train"]["optimizer_impl"] == "fused"
    ed.optimizer_impl.setCurrentIndex(ed.optimizer_impl.findData("foreach"))
    ed.grad_fp32.setChecked(True)
    train = session.build.workload["train"]
    assert train["optimizer_impl"] == "foreach" and train["grad_fp32"] is True
    ed.mode.setCurrentIndex(ed.mode.findData("infer"))
    assert session.build.workload["infer"]["max_tokens_per_step"] == 8192
    assert ed.job_form.isRowVisible(ed.max_step_tokens) and not ed.job_form.isRowVisible(ed.optimizer_impl)
    ed.max_step_tokens.setValue(0)                    # "whole batch at once"
    ed.writer.flush()
    assert session.build.workload["infer"]["max_tokens_per_step"] is None
    session.undo()
    assert ed.max_step_tokens.value() == 8192
    session.undo()                                    # mode
    session.undo()
    assert not ed.grad_fp32.isChecked()
    session.undo()
    assert ed.optimizer_impl.currentData() == "fused"


def test_panel_shows_model_states_and_serving_rate(qtbot, session):
    from configurator.core.evaluate.workload import InferJob, TrainJob, Workload, evaluate_workload

    panel = WorkloadPanel(session, presets=PRESETS)
    qtbot.addWidget(panel)
    gpu = dict(gpu_memory_gb=80, gpu_bf16_tflops=989, gpu_fp8_tflops=1979, gpu_bandwidth_gbs=3350)
    train = Workload(model=PRESETS["llama-2-7b"], mode="train", train=TrainJob(zero_stage=3, checkpointing=True))
    panel._on_evaluation_change(sample_evaluation(workload=evaluate_workload(train, n_gpus=2, **gpu)))
    assert "16 B/param" in panel.figures.values["states"].text()
    infer = Workload(model=PRESETS["llama-2-7b"], mode="infer", infer=InferJob(batch=8))
    panel._on_evaluation_change(sample_evaluation(workload=evaluate_workload(infer, n_gpus=1, **gpu)))
    assert panel.figures.captions["states"].text() == "Serving throughput"
    assert "output tokens/s" in panel.figures.values["states"].text()


def test_narrow_dock_reflows_instead_of_scrolling(qtbot, session):
    """Below about 1600 px the panel's dock is ~420 px wide: the panel must fit it (no sideways
    scroll), the model shape in one pair per row; a wide dock keeps two pairs per row."""
    from PySide6.QtWidgets import QScrollArea

    panel = WorkloadPanel(session, presets=PRESETS)
    panel.editor.preset.setCurrentIndex(panel.editor.preset.findData("llama-2-7b"))
    scroller = QScrollArea()
    scroller.setWidgetResizable(True)
    scroller.setWidget(panel)
    qtbot.addWidget(scroller)
    grid = panel.editor.shape_grid
    scroller.resize(440, 700)
    scroller.show()
    qtbot.waitUntil(lambda: grid.columns == 1)
    assert panel.minimumSizeHint().width() <= 420
    assert scroller.horizontalScrollBar().maximum() == 0
    spin = panel.editor.shape["vocab"]
    assert spin.width() >= spin.fontMetrics().horizontalAdvance("2,000,000")   # the value stays readable
    scroller.resize(900, 700)
    qtbot.waitUntil(lambda: grid.columns == 2)
    assert scroller.horizontalScrollBar().maximum() == 0


def test_mfu_default_says_what_the_evaluation_uses(qtbot, session):
    """Training's default MFU falls with the model's size and the GPU count (0.40 holds only up to one 8-GPU server;
    docs/workload-model.md "Default MFU"), inference's is the flat DEFAULT_MFU: the spin box's default says which."""
    from configurator.core.evaluate.workload_models import DEFAULT_MFU

    panel = WorkloadPanel(session, presets=PRESETS)
    qtbot.addWidget(panel)
    ed = panel.editor
    ed.preset.setCurrentIndex(ed.preset.findData("llama-2-7b"))
    assert "model size" in ed.mfu.specialValueText() and "40" not in ed.mfu.specialValueText()
    ed.mode.setCurrentIndex(ed.mode.findData("infer"))
    assert ed.mfu.specialValueText() == f"default ({round(DEFAULT_MFU * 100)} %)"
    ed.mode.setCurrentIndex(ed.mode.findData("train"))
    assert "model size" in ed.mfu.specialValueText()
