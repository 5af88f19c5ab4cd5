"""Click a figure in any panel and its explanation opens: the same one `configurator explain` prints."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from configurator.core.evaluate.json_shape import figures
from configurator.core.session import Session
from configurator.qt.dialogs.explain_popup import ExplainDialog, explain_filter
from configurator.qt.panels import BandwidthPanel, CostPanel, PowerPanel, ThermalPanel, WorkloadPanel
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.words.explain_words import explain_figure

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def shipped():
    return load_catalog()


def _session(shipped, name: str) -> Session:
    path = ROOT / "examples" / name
    return Session(shipped, load_build(path, shipped), path)


def _explainable(panel: QWidget) -> list[QWidget]:
    return [w for w in panel.findChildren(QWidget) if explain_filter(w) is not None]


@pytest.mark.parametrize("example", ["dgx-h100-8gpu.json", "seed-7b-training.json"])
@pytest.mark.parametrize("panel_cls", [PowerPanel, ThermalPanel, BandwidthPanel, CostPanel, WorkloadPanel])
def test_clicking_each_figure_opens_its_explanation(qtbot, shipped, example, panel_cls):
    session = _session(shipped, example)
    panel = panel_cls(session)
    qtbot.addWidget(panel)
    panel.show()
    labels = [w for w in _explainable(panel) if w.isVisibleTo(panel)]
    assert len(labels) >= 3
    shown = figures(session.evaluation)
    for label in labels:
        hook = explain_filter(label)
        key = hook.figure()
        qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
        dialog = hook.dialog
        assert isinstance(dialog, ExplainDialog) and dialog.isVisible(), key
        if key in shown:      # the same explanation as the CLI's, on screen
            expected = explain_figure(session.build, session.catalog, session.evaluation, key)
            assert dialog.explanation == expected
            assert expected.formula[:40] in dialog.text.toPlainText()
            assert all(i.name in dialog.text.toPlainText() for i in expected.inputs)
        else:                 # e.g. a rent figure the build has none of: said, not crashed
            assert key in dialog.text.toPlainText()
        dialog.close()


def test_keyboard_enter_opens_the_explanation_too(qtbot, shipped):
    session = _session(shipped, "dgx-h100-8gpu.json")
    panel = ThermalPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    label = next(w for w in _explainable(panel) if explain_filter(w).figure() == "airflow_cfm")
    assert isinstance(label, QLabel) and label.focusPolicy() == Qt.FocusPolicy.StrongFocus
    qtbot.keyClick(label, Qt.Key.Key_Return)
    dialog = explain_filter(label).dialog
    text = dialog.text.toPlainText()
    assert "published chassis airflow" in text and "1,105" in text and "docs.nvidia.com" in text
    dialog.close()


def test_an_edit_is_explained_from_the_new_evaluation(qtbot, shipped):
    session = _session(shipped, "dgx-h100-8gpu.json")
    panel = PowerPanel(session)
    qtbot.addWidget(panel)
    label = panel.level_draw["max"]
    before = explain_filter(label).show_for(label).explanation.value
    from configurator.core.ops import Remove
    session.apply(Remove(slot="GPU8"))
    after = explain_filter(label).show_for(label).explanation.value
    assert after == pytest.approx(before - 700, abs=1)   # one 700 W GPU fewer
