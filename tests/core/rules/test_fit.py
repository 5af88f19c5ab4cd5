"""Fit rules: each case breaks the clean reference build in one way."""

from __future__ import annotations

import pytest

from configurator.core.build import Build
from configurator.core.rules import check
from configurator.words.problems import english, fix_text

from ._fixture import CATALOG, make
from .helpers import apply_fix, codes, find

BREAKS = [
    ("fit.wrong-slot-kind", lambda: make(CPU1_DIMM_A1="cx7")),
    ("fit.unknown-part", lambda: make(NVME5="no-such-drive")),
    ("fit.unknown-slot", lambda: make(SLOT99="cx7")),
    ("fit.module-needs-baseboard", lambda: make(SLOT9="h100-sxm", GPU8=None)),
    ("fit.pcie-card-on-baseboard", lambda: make(GPU1="h100-pcie")),
    ("fit.baseboard-family", lambda: make(GPU1="mi300x")),
    ("fit.gpu-slot", lambda: make(SLOT9="l4", multi_node=False)),
    ("fit.card-width", lambda: make(SLOT10="l40s")),
    ("fit.card-length", lambda: make(SLOT10="cx7-fh")),
    ("fit.card-height", lambda: make(NIC1="bf3")),
    ("fit.ocp-slot", lambda: make(OCP1="cx7")),
    ("fit.ocp-slot", lambda: make(SLOT10="cx7-ocp")),
    ("fit.slot-blocked", lambda: make("pcie4", SLOT2="cx7")),
    ("fit.drive-form-factor", lambda: make(NVME5="e3s")),
    ("fit.drive-form-factor", lambda: make(M2_2="u2g5")),
    ("fit.drive-form-factor", lambda: make(SLOT10="u2g5")),
    ("fit.drive-interface", lambda: make(NVME5="u2sas")),
    ("fit.psu-model", lambda: make(PSU1="psu2k")),
    ("fit.cooling-option", lambda: make(COOLING="air-other")),
    ("fit.liquid-only", lambda: make(**{f"GPU{i}": "b-liquid" for i in range(1, 9)})),
]


@pytest.mark.parametrize("code,factory", BREAKS, ids=[f"{c}-{i}" for i, (c, _) in enumerate(BREAKS)])
def test_break_is_reported_as_error(code, factory):
    v = find(factory(), code)
    assert v.severity == "error"
    assert v.slots, "a fit violation names its slots"
    assert v.fix is not None and fix_text(v.fix, "en")


@pytest.mark.parametrize("chassis", ["hgx8", "pcie4"])
def test_reference_builds_fit(chassis):
    assert not {c for c in codes(make(chassis)) if c.startswith("fit.")}


def test_unknown_chassis_stops_checking():
    out = check(Build(chassis="nope", placements={"CPU1": "x8480"}), CATALOG)
    assert [v.code for v in out] == ["fit.unknown-chassis"]


def test_message_names_parts_and_slots():
    v = find(make("pcie4", SLOT2="cx7"), "fit.slot-blocked")
    assert "NVIDIA H100 PCIe" in english(v) and "SLOT1" in english(v) and "SLOT2" in english(v)
    assert set(v.slots) == {"SLOT1", "SLOT2"}


@pytest.mark.parametrize("code,factory", [
    ("fit.slot-blocked", lambda: make("pcie4", SLOT2="cx7", SLOT7=None)),
    ("fit.card-width", lambda: make(SLOT10="l40s", multi_node=False)),
    ("fit.ocp-slot", lambda: make(SLOT10="cx7-ocp")),
    ("fit.psu-model", lambda: make(PSU1="psu2k")),
    ("fit.cooling-option", lambda: make(COOLING="air-other")),
    ("fit.liquid-only", lambda: make(**{f"GPU{i}": "b-liquid" for i in range(1, 9)})),
    ("fit.drive-form-factor", lambda: make(M2_2="u2g5")),
    ("fit.unknown-slot", lambda: make(SLOT99="cx7")),
])
def test_fix_resolves_it(code, factory):
    build = factory()
    fixed = apply_fix(build, find(build, code))
    assert code not in codes(fixed)


def test_blocked_card_moves_to_a_free_compatible_slot():
    v = find(make("pcie4", SLOT2="cx7", SLOT7=None), "fit.slot-blocked")
    assert "Move" in fix_text(v.fix, "en") and "SLOT7" in fix_text(v.fix, "en")


def test_wide_card_in_the_covered_slot_is_fine_when_the_cover_slot_is_empty():
    assert "fit.slot-blocked" not in codes(make("pcie4", SLOT1=None, SLOT2="cx7", bridges=(("SLOT3", "SLOT6"),)))


@pytest.mark.parametrize("code,factory", BREAKS, ids=[f"{c}-{i}" for i, (c, _) in enumerate(BREAKS)])
def test_rules_report_exactly_placements_problems(code, factory):
    """The fit rules and a refused drop give the same (code, reason): one answer."""
    from configurator.core.context import resolve
    from configurator.core.placement import covered_problem, slot_problems

    build = factory()
    ctx = resolve(build, CATALOG)
    expected = set()
    for p in ctx.placed:
        problems = slot_problems(ctx.chassis, p.slot, p.part)
        # a wrong socket / DIMM type is the cpu / memory families' to report (cpu.socket, mem.type)
        expected.update(x for x in problems if x[0].startswith("fit."))
        blocked = covered_problem(ctx, p.slot.id)
        if blocked:
            expected.add(blocked)
    reported = {(v.code, v.message) for v in check(build, CATALOG)
                if v.code.startswith("fit.") and v.code not in ("fit.unknown-part", "fit.unknown-slot",
                                                               "fit.liquid-only")}
    assert reported == expected


def test_a_refused_drop_says_what_the_rule_says():
    from configurator.core.placement import can_place

    build = make("pcie4", SLOT2=None)
    ok, why = can_place(build, CATALOG, "SLOT2", "cx7")
    v = find(make("pcie4", SLOT2="cx7"), "fit.slot-blocked")
    assert not ok and why == v.message
