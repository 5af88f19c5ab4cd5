"""Memory rules."""

from __future__ import annotations

import pytest

from configurator.words.problems import english

from ._fixture import dimms, fake_figures, make
from .helpers import apply_fix, codes, find

NO_DIMMS = {k: None for k in dimms("d128", dpc=2)}

BREAKS = [
    ("mem.none", "error", lambda: make(**NO_DIMMS)),
    ("mem.type", "error", lambda: make(**dimms("ddr4"))),
    ("mem.mixed", "warning", lambda: make(CPU1_DIMM_A1="d64")),
    ("mem.mixed-types", "error", lambda: make(CPU1_DIMM_A1="d128-3ds")),
    ("mem.unbalanced", "warning", lambda: make(CPU2_DIMM_H1=None)),
    ("mem.cpu-without-memory", "error", lambda: make(**{k: None for k in dimms("d128", sockets=("CPU2",))})),
    ("mem.speed-below-cpu", "info", lambda: make(**dimms("d128-4400"))),
    ("mem.speed-above-cpu", "info", lambda: make(**dimms("d128-5600"))),
    ("mem.2dpc-speed", "info", lambda: make(**dimms("d64", dpc=2))),
    ("mem.host-ram-low", "warning", lambda: make(**dimms("d32"))),
    ("mem.host-ram-below-2x", "info", lambda: make(**dimms("d64"))),
]


@pytest.mark.parametrize("code,severity,factory", BREAKS, ids=[b[0] for b in BREAKS])
def test_break_is_reported(code, severity, factory):
    assert find(factory(), code).severity == severity


@pytest.mark.parametrize("chassis", ["hgx8", "pcie4"])
def test_reference_builds_pass(chassis):
    assert not {c for c in codes(make(chassis)) if c.startswith("mem.")}


def test_unbalanced_fix_fills_the_channel_with_the_same_dimm():
    build = make(CPU2_DIMM_H1=None, CPU2_DIMM_G1=None)
    v = find(build, "mem.unbalanced")
    assert {(op.slot, op.part) for op in v.fix.ops} == {("CPU2_DIMM_G1", "d128"), ("CPU2_DIMM_H1", "d128")}
    assert "CPU2 G" in english(v) and "CPU2 H" in english(v)
    assert not {c for c in codes(apply_fix(build, v)) if c.startswith("mem.")}


@pytest.mark.parametrize("code,factory", [
    ("mem.mixed", lambda: make(CPU1_DIMM_A1="d64")),
    ("mem.cpu-without-memory", lambda: make(**{k: None for k in dimms("d128", sockets=("CPU2",))})),
])
def test_fix_resolves_it(code, factory):
    build = factory()
    assert code not in codes(apply_fix(build, find(build, code)))


def test_2dpc_states_the_speed():
    assert "4400 MT/s" in english(find(make(**dimms("d64", dpc=2)), "mem.2dpc-speed"))


def test_host_ratio_states_the_numbers_and_uses_the_figures():
    v = find(make(), "mem.host-ram-low", figures=fake_figures(host_gb=512, vram_gb=640))
    assert "512 GB" in english(v) and "640 GB" in english(v) and "0.80×" in english(v)
    assert "mem.host-ram-below-2x" not in codes(make(), figures=fake_figures(host_gb=1280, vram_gb=640))


def test_unbalanced_moves_toward_the_count_most_channels_hold():
    build = make(CPU1_DIMM_A1=None, CPU2_DIMM_A2="d128")
    v = find(build, "mem.unbalanced")
    assert {(op.op, op.slot) for op in v.fix.ops} == {("place", "CPU1_DIMM_A1"), ("remove", "CPU2_DIMM_A2")}
    assert not {c for c in codes(apply_fix(build, v)) if c.startswith("mem.")}
