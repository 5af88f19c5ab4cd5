"""Thermal rules."""

from __future__ import annotations

import pytest

from configurator.core.build import Site
from configurator.words.problems import english, fix_text

from ._fixture import fake_figures, make
from .helpers import apply_fix, codes, find

ALL = range(1, 9)

BREAKS = [
    ("thermal.no-cooling", "error", lambda: make(COOLING=None), {}),
    ("thermal.gpu-needs-liquid", "error", lambda: make(**{f"GPU{i}": "h-800" for i in ALL}), {}),
    ("thermal.gpu-needs-liquid", "error", lambda: make("pcie4", SLOT1="hot-pcie", SLOT5="hot-pcie",
                                                       SLOT3="hot-pcie", SLOT6="hot-pcie", bridges=()), {}),
    ("thermal.gpu-tdp", "error", lambda: make(COOLING="liquid", **{f"GPU{i}": "h-1500" for i in ALL}), {}),
    ("thermal.cpu-tdp", "error", lambda: make(CPU1="x-hot", CPU2="x-hot"), {}),
    ("thermal.capacity", "error", lambda: make(), {"figures": fake_figures(heat_typ=15000, heat_max=16000)}),
    ("thermal.capacity-peak", "warning", lambda: make(), {"figures": fake_figures(heat_max=15000)}),
    ("thermal.ambient", "error", lambda: make(site=Site(ambient_c=40)), {}),
]


@pytest.mark.parametrize("code,severity,factory,kw", BREAKS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BREAKS)])
def test_break_is_reported(code, severity, factory, kw):
    assert find(factory(), code, **kw).severity == severity


@pytest.mark.parametrize("chassis", ["hgx8", "pcie4"])
def test_reference_builds_pass(chassis):
    assert not {c for c in codes(make(chassis)) if c.startswith("thermal.")}


def test_liquid_cooled_hgx_passes():
    assert not {c for c in codes(make(COOLING="liquid", **{f"GPU{i}": "h-800" for i in ALL}))
                if c.startswith(("thermal.", "gpu."))}


@pytest.mark.parametrize("code,factory", [
    ("thermal.no-cooling", lambda: make(COOLING=None)),
    ("thermal.gpu-needs-liquid", lambda: make(**{f"GPU{i}": "h-800" for i in ALL})),
    ("thermal.cpu-tdp", lambda: make(CPU1="x-hot", CPU2="x-hot")),
])
def test_fix_resolves_it(code, factory):
    build = factory()
    fixed = apply_fix(build, find(build, code))
    assert not {c for c in codes(fixed) if c.startswith("thermal.")}


def test_needs_liquid_switches_to_the_liquid_option():
    v = find(make(**{f"GPU{i}": "h-800" for i in ALL}), "thermal.gpu-needs-liquid")
    assert [(op.slot, op.part) for op in v.fix.ops] == [("COOLING", "liquid")]
    assert "800 W" in english(v) and "700 W" in english(v)


def test_needs_liquid_without_a_liquid_option_has_no_ops():
    v = find(make("pcie4", SLOT1="hot-pcie", SLOT5="hot-pcie", SLOT3="hot-pcie", SLOT6="hot-pcie", bridges=()),
             "thermal.gpu-needs-liquid")
    assert not v.fix.ops and "no cooling option" in fix_text(v.fix, "en")
