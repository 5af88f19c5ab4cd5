"""PCIe rules: lane budgets, link downgrades, shared switch uplinks."""

from __future__ import annotations

import pytest

from configurator.words.problems import english

from ._fixture import make
from .helpers import apply_fix, codes, find

BREAKS = [
    ("pcie.cpu-lanes", "error", lambda: make(CPU1="x-48", CPU2="x-48", SLOT9="cx7-fh")),
    ("pcie.switch-lanes", "error", lambda: make(SLOT11="bf3")),
    ("pcie.link-downgrade", "warning", lambda: make(SLOT10="bf3")),
    ("pcie.drive-link-downgrade", "info", lambda: make("pcie4", BAY1="u2g5")),
    ("pcie.switch-oversubscribed", "info", lambda: make()),
]


@pytest.mark.parametrize("code,severity,factory", BREAKS, ids=[b[0] for b in BREAKS])
def test_break_is_reported(code, severity, factory):
    assert find(factory(), code).severity == severity


def test_reference_builds_pass():
    assert not {c for c in codes(make("pcie4")) if c.startswith("pcie.")}
    assert {c for c in codes(make()) if c.startswith("pcie.")} == {"pcie.switch-oversubscribed"}


def test_lane_budget_at_the_limit_passes():
    # CPU2: PLX3 + PLX4 uplinks (32) + 4 NVMe x4 (16) = 48 lanes, exactly the x-48's budget
    assert "pcie.cpu-lanes" not in codes(make(CPU1="x-48", CPU2="x-48"))


def test_lane_budget_names_the_consumers():
    v = find(make(CPU1="x-48", CPU2="x-48", SLOT9="cx7-fh"), "pcie.cpu-lanes")
    assert "CPU1" in english(v) and "48" in english(v) and "56" in english(v) and "SLOT9 x16, M2_1 x4, M2_2 x4" in english(v)


def test_downgrade_states_the_bandwidth_lost():
    v = find(make(SLOT10="bf3"), "pcie.link-downgrade")
    assert english(v) == ("BlueField-3 DPU (Gen5 x16, 63 GB/s) in SLOT10 (Gen4 x16, 31.5 GB/s) loses half of "
                         "its host bandwidth.")


def test_downgrade_fix_moves_the_card_to_a_full_speed_slot():
    build = make(SLOT10="bf3")
    fixed = apply_fix(build, find(build, "pcie.link-downgrade"))
    assert fixed.placements.get("SLOT9") == "bf3" and "SLOT10" not in fixed.placements
    assert "pcie.link-downgrade" not in codes(fixed)


def test_older_device_in_newer_slot_is_fine():
    assert "pcie.link-downgrade" not in codes(make(SLOT9="cx6"))
