"""Power rules, with the evaluation's real figures and with chosen numbers."""

from __future__ import annotations

import pytest

from configurator.core.build import Site
from configurator.words.problems import english, fix_text

from ._fixture import fake_figures, make
from .helpers import apply_fix, codes, find

NO_PSU = {f"PSU{i}": None for i in range(1, 9)}
ALL_ON_A = {f"PSU{i}": "A" for i in range(1, 9)}
FOUR_ON_A = {"PSU1": "A", "PSU2": "A", "PSU3": "A", "PSU4": "A", "PSU5": "B", "PSU6": "B"}

BREAKS = [
    ("power.no-psu", "error", lambda: make(**NO_PSU), {}),
    ("power.mixed-psu", "error", lambda: make(PSU6="psu3k-b"), {}),
    ("power.redundancy-mode", "error", lambda: make(psu_redundancy="N+2"), {}),
    ("power.redundancy-count", "error", lambda: make(PSU6=None), {}),
    ("power.redundancy-count", "error", lambda: make(PSU7="psu3k", psu_redundancy="N+N"), {}),
    ("power.insufficient", "error", lambda: make(), {"figures": fake_figures(peak_w=13000, usable_w=12000)}),
    ("power.single-feed", "error", lambda: make(psu_feeds=ALL_ON_A), {}),
    ("power.feed-capacity", "error",
     lambda: make(psu_redundancy="N+N", psu_feeds={"PSU1": "A", "PSU2": "A", "PSU3": "A", "PSU4": "A",
                                                    "PSU5": "B", "PSU6": "B"}), {}),
    ("power.low-load", "info", lambda: make(), {"figures": fake_figures(typical_pct=20)}),
    ("power.low-line-unsupported", "error", lambda: make(site=Site(input_voltage_v=120)), {}),
    ("power.low-line-derated", "warning",
     lambda: make("pcie4", PSU1="psu2k", PSU2="psu2k", site=Site(input_voltage_v=120)), {}),
    ("power.input-voltage", "error", lambda: make(site=Site(input_voltage_v=277)), {}),
    ("power.feed-loss-overload", "warning", lambda: make(psu_redundancy="N+1", psu_feeds=FOUR_ON_A), {}),
    ("power.feed-loss-overload", "warning", lambda: make(), {"figures": fake_figures(feed_loss={"A": 116.0})}),
]


@pytest.mark.parametrize("code,severity,factory,kw", BREAKS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BREAKS)])
def test_break_is_reported(code, severity, factory, kw):
    assert find(factory(), code, **kw).severity == severity


@pytest.mark.parametrize("chassis", ["hgx8", "pcie4"])
def test_reference_builds_pass(chassis):
    assert not {c for c in codes(make(chassis)) if c.startswith("power.")}


def test_no_psu_fix_adds_enough_psus_for_the_default_mode():
    build = make(**NO_PSU)
    v = find(build, "power.no-psu")
    assert [op.slot for op in v.fix.ops] == [f"PSU{i}" for i in range(1, 7)]   # 4+2
    assert not {c for c in codes(apply_fix(build, v)) if c.startswith("power.")}


def test_insufficient_fix_adds_psus_of_the_same_model_into_empty_bays():
    build = make(psu_redundancy="N+1")
    v = find(build, "power.insufficient", figures=fake_figures(peak_w=16500, usable_w=15000))
    # 16.5 kW / 3 kW -> 6 carrying + 1 spare = 7 PSUs: one more, in the first empty bay
    assert [(op.slot, op.part) for op in v.fix.ops] == [("PSU7", "psu3k")]
    assert "16.5 kW" in english(v) and "15.0 kW" in english(v)


def test_insufficient_with_a_fixed_mode_and_no_bigger_psu_says_so():
    v = find(make(), "power.insufficient", figures=fake_figures(peak_w=13000, usable_w=12000))
    assert not v.fix.ops and fix_text(v.fix, "en")


@pytest.mark.parametrize("code,factory", [
    ("power.mixed-psu", lambda: make(PSU6="psu3k-b")),
    ("power.redundancy-mode", lambda: make(psu_redundancy="N+2")),
    ("power.redundancy-count", lambda: make(PSU6=None)),
    ("power.single-feed", lambda: make(psu_feeds=ALL_ON_A)),
    ("power.feed-capacity", lambda: make(psu_redundancy="N+N", psu_feeds={
        "PSU1": "A", "PSU2": "A", "PSU3": "A", "PSU4": "A", "PSU5": "B", "PSU6": "B"})),
    ("power.feed-loss-overload", lambda: make(psu_redundancy="N+1", psu_feeds=FOUR_ON_A)),
    ("power.feed-loss-overload", lambda: make(psu_redundancy="N+1", PSU5=None, PSU6=None)),
])
def test_fix_resolves_it(code, factory):
    build = factory()
    fixed = apply_fix(build, find(build, code))
    assert not {c for c in codes(fixed) if c.startswith("power.")}


def test_single_feed_message_names_the_mistake():
    v = find(make(psu_feeds=ALL_ON_A), "power.single-feed")
    assert "feed A" in english(v) and "4+2" in english(v) and "PSU1" in v.slots


def test_balanced_n_plus_n_passes():
    assert not {c for c in codes(make(psu_redundancy="N+N")) if c.startswith("power.")}


def test_single_feed_is_fine_without_redundancy():
    assert "power.single-feed" not in codes(make("pcie4", psu_redundancy="N", psu_feeds={"PSU1": "A", "PSU2": "A"}))


def test_feed_loss_states_the_evaluations_figure():
    from configurator.core.context import resolve
    from configurator.core.evaluate.figures import compute_figures

    from ._fixture import CATALOG

    build = make(psu_redundancy="N+1", psu_feeds=FOUR_ON_A)
    loss = compute_figures(resolve(build, CATALOG)).psu.feed_loss_pct
    v = find(build, "power.feed-loss-overload")
    assert loss["A"] > 100 >= loss["B"]
    assert "If feed A fails" in english(v) and f"{loss['A']:.0f} %" in english(v) and "PSU5" in english(v)
    assert "alternately" in fix_text(v.fix, "en")


def test_feed_loss_fix_adds_psus_when_the_feeds_are_already_even():
    v = find(make(psu_redundancy="N+1", PSU5=None, PSU6=None), "power.feed-loss-overload")
    assert [op.slot for op in v.fix.ops if hasattr(op, "part")] == ["PSU5", "PSU6"]


def test_feed_loss_is_not_judged_without_redundancy():
    build = make("pcie4", psu_redundancy="N", psu_feeds={"PSU1": "A", "PSU2": "B"})
    # 2 x 4 kW on two feeds, N: losing a feed overloads the other, but N promises nothing,
    # so the evaluation leaves feed_loss_pct empty and the rule (which reads only it) is quiet
    assert "power.feed-loss-overload" not in codes(build)


def test_two_n_is_n_plus_n():
    from configurator.core.context import resolve
    from configurator.core.evaluate.figures import compute_figures

    from ._fixture import CATALOG

    psu = compute_figures(resolve(make(psu_redundancy="2N"), CATALOG)).psu
    assert psu.active == 3 and psu.usable_w == 9000


def test_feed_loss_fix_switches_to_a_mode_that_takes_the_added_psus():
    # 6 x 3 kW under 4+2, 3 per feed, 10.4 kW peak: each feed needs 4 PSUs -> 8, which 4+2 does not take
    v = find(make(), "power.feed-loss-overload",
             figures=fake_figures(peak_w=10400, feed_loss={"A": 116.0, "B": 116.0}))
    placed = [op.slot for op in v.fix.ops if hasattr(op, "part")]
    options = {op.path: op.value for op in v.fix.ops if hasattr(op, "path")}
    assert placed == ["PSU7", "PSU8"] and options["psu_redundancy"] == "4+4"
    assert sorted(options["psu_feeds"].values()) == ["A"] * 4 + ["B"] * 4
