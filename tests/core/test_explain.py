"""`configurator explain`: every figure of `evaluate --json` explains itself, with the inputs'
values and sources, and the explanation's working reproduces the figure where it is arithmetic."""

from __future__ import annotations

from pathlib import Path

import pytest
from explained import EXAMPLES, evaluated

from configurator.core.evaluate.json_shape import figures
from configurator.core.evaluate.power import efficiency_at
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words.explain_words import explain_figure


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_figure_of_every_example_explains_itself(cat, path):
    build, ev = evaluated(cat, path)
    shown = figures(ev)
    assert len(shown) > 100
    for key, value in shown.items():
        exp = explain_figure(build, cat, ev, key)
        assert exp.figure == key and exp.value == value
        assert len(exp.formula) > 10, key
        assert exp.inputs, key                      # every figure names what it is made of
        for inp in exp.inputs:
            assert inp.source and inp.value, (key, inp)
        # an estimate input makes an estimate figure
        assert exp.estimate or not any(i.estimate for i in exp.inputs), key
    assert not explain_figure(build, cat, ev, "gpu.count").estimate   # counted, not estimated


def test_unknown_figure_names_the_key_and_its_neighbours(cat):
    build, ev = evaluated(cat, EXAMPLES[0])
    with pytest.raises(KeyError, match="psu.load_pct.maxx.*psu.active"):
        explain_figure(build, cat, ev, "psu.load_pct.maxx")


def test_wall_power_explanation_reproduces_the_figure(cat):
    build, ev = evaluated(cat, Path("examples/dgx-h100-8gpu.json"))
    exp = explain_figure(build, cat, ev, "wall_power_w.max")
    inputs = {i.name: i for i in exp.inputs}
    eff = float(inputs["efficiency at this load"].value.rstrip(" %"))
    assert ev.power.max_w / (eff / 100) == pytest.approx(ev.power.wall_max_w, rel=1e-3)
    assert "clearesult.com/80plus" in inputs["80 PLUS titanium curve (230 V internal redundant)"].source


def test_catalog_inputs_carry_url_date_and_confidence(cat):
    build, ev = evaluated(cat, Path("examples/dgx-h100-8gpu.json"))
    exp = explain_figure(build, cat, ev, "power_w.typical")
    gpu_typ = next(i for i in exp.inputs if i.name == "nvidia-h100-sxm5-80gb.typical_pct")
    assert gpu_typ.value == "0.99" and gpu_typ.estimate
    assert "docs/measurements/h200-training-power.md (estimate, read 2026-12-01)" in gpu_typ.source
    assert exp.estimate


def test_airflow_says_which_delta_t_was_used(cat):
    build, ev = evaluated(cat, Path("examples/dgx-h100-8gpu.json"))
    text = explain_figure(build, cat, ev, "airflow_cfm").to_text()
    assert "published chassis airflow = 1,105.0 CFM" in text and "29 °F" in text
    build, ev = evaluated(cat, Path("examples/hgx-h100-8gpu.json"))
    exp = explain_figure(build, cat, ev, "airflow_cfm")
    assert exp.estimate and any(i.name == "ΔT" and i.value == "20 °F" for i in exp.inputs)


def test_efficiency_curve_points(cat):
    ti = cat.parts["nvidia-dgx-psu-3300w"]
    assert [round(efficiency_at(ti, f), 2) for f in (0.05, 0.1, 0.2, 0.35, 0.5, 1.0)] == [90, 90, 94, 95, 96, 91]


@pytest.mark.parametrize("chassis", ["nvidia-dgx-h100", "no-such-chassis"])
def test_empty_and_unknown_chassis_builds_explain_every_figure(cat, chassis):
    from configurator.core.build import Build

    build = Build(chassis=chassis)
    ev = default_evaluator(cat, []).evaluate(build)
    for key in figures(ev):
        exp = explain_figure(build, cat, ev, key)
        assert exp.formula and exp.inputs, key
