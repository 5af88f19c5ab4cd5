"""CPU rules."""

from __future__ import annotations

import pytest

from configurator.words.problems import english

from ._fixture import dimms, make
from .helpers import apply_fix, codes, find

CPU2_PARTS = {**{k: None for k in dimms("d128", sockets=("CPU2",))}, "SLOT3": None, "SLOT6": None, "SLOT7": None}

BREAKS = [
    ("cpu.none", "error", lambda: make(CPU1=None, CPU2=None)),
    ("cpu.socket", "error", lambda: make(CPU1="epyc", CPU2="epyc")),
    ("cpu.mixed-models", "error", lambda: make(CPU2="x6448")),
    ("cpu.max-sockets", "error", lambda: make(CPU1="x-1p", CPU2="x-1p")),
    ("cpu.first-socket-empty", "error", lambda: make(CPU1=None)),
    ("cpu.empty-socket-devices", "error", lambda: make(CPU2=None)),
    ("cpu.empty-socket", "info", lambda: make("pcie4", CPU2=None, bridges=(("SLOT1", "SLOT5"),), **CPU2_PARTS)),
]


@pytest.mark.parametrize("code,severity,factory", BREAKS, ids=[b[0] for b in BREAKS])
def test_break_is_reported(code, severity, factory):
    assert find(factory(), code).severity == severity


@pytest.mark.parametrize("chassis", ["hgx8", "pcie4"])
def test_reference_builds_pass(chassis):
    assert not {c for c in codes(make(chassis)) if c.startswith("cpu.")}


def test_empty_socket_names_what_stops_working():
    v = find(make(CPU2=None), "cpu.empty-socket-devices")
    assert "GPU5" in english(v) and "NVME1" in english(v) and "CPU2_DIMM_A1" in v.slots


@pytest.mark.parametrize("code,factory", [
    ("cpu.mixed-models", lambda: make(CPU2="x6448")),
    ("cpu.empty-socket-devices", lambda: make(CPU2=None)),
    ("cpu.first-socket-empty", lambda: make(CPU1=None)),
])
def test_fix_resolves_it(code, factory):
    build = factory()
    fixed = apply_fix(build, find(build, code))
    assert not {c for c in codes(fixed) if c.startswith("cpu.")}


def test_mixed_keeps_the_model_that_fits_the_socket():
    v = find(make(CPU1="epyc"), "cpu.mixed-models")
    assert [(op.slot, op.part) for op in v.fix.ops] == [("CPU1", "x8480")]
