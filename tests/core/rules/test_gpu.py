"""GPU rules: models, count, baseboard, NVLink bridges."""

from __future__ import annotations

import pytest

from configurator.words.problems import english

from ._fixture import make
from .helpers import apply_fix, codes, find

BREAKS = [
    ("gpu.mixed-models", "error", lambda: make(GPU8="h-800")),
    ("gpu.mixed-models", "warning", lambda: make("pcie4", SLOT6="l40s", bridges=(("SLOT1", "SLOT5"),))),
    ("gpu.too-many", "error", lambda: make("pcie4", SLOT7="l4")),
    ("gpu.partial-baseboard", "warning", lambda: make(GPU8=None)),
    ("gpu.bridge-invalid", "error", lambda: make("pcie4", bridges=(("SLOT1", "SLOT3", "SLOT5"),))),
    ("gpu.bridge-invalid", "error", lambda: make("pcie4", bridges=(("SLOT1", "SLOT5"), ("SLOT5", "SLOT6")))),
    ("gpu.bridge-invalid", "error", lambda: make("pcie4", bridges=(("SLOT1", "SLOT2"),))),
    ("gpu.bridge-invalid", "error", lambda: make("pcie4", SLOT6="l40s", bridges=(("SLOT3", "SLOT6"),))),
    ("gpu.bridge-invalid", "error", lambda: make(bridges=(("GPU1", "GPU2"),))),
    ("gpu.not-bridged", "info", lambda: make("pcie4", bridges=())),
]


@pytest.mark.parametrize("code,severity,factory", BREAKS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BREAKS)])
def test_break_is_reported(code, severity, factory):
    assert find(factory(), code).severity == severity


@pytest.mark.parametrize("chassis", ["hgx8", "pcie4"])
def test_reference_builds_pass(chassis):
    assert not {c for c in codes(make(chassis)) if c.startswith("gpu.")}


def test_mixed_message_names_both_models_and_slots():
    v = find(make("pcie4", SLOT6="l40s", bridges=(("SLOT1", "SLOT5"),)), "gpu.mixed-models")
    assert "SLOT6 holds the NVIDIA L40S" in english(v) and "NVIDIA H100 PCIe" in english(v)


@pytest.mark.parametrize("code,factory", [
    ("gpu.mixed-models", lambda: make(GPU8="h-800")),
    ("gpu.too-many", lambda: make("pcie4", SLOT7="l4")),
    ("gpu.partial-baseboard", lambda: make(GPU8=None)),
    ("gpu.bridge-invalid", lambda: make("pcie4", bridges=(("SLOT1", "SLOT3", "SLOT5"),))),
])
def test_fix_resolves_it(code, factory):
    build = factory()
    assert code not in codes(apply_fix(build, find(build, code)))


def test_unbridged_pairs_get_bridges():
    build = make("pcie4", bridges=())
    v = find(build, "gpu.not-bridged")
    # pairs on one CPU's risers (SLOT1 and SLOT5 on CPU1, SLOT3 and SLOT6 on CPU2), not across the sockets
    assert [op.slots for op in v.fix.ops] == [("SLOT1", "SLOT5"), ("SLOT3", "SLOT6")]
    assert not {c for c in codes(apply_fix(build, v)) if c.startswith("gpu.")}


def test_a_bridge_across_cpu_sockets_is_invalid():
    """An NVLink bridge joins cards side by side on one riser (2- or 3-slot spacing, NVIDIA A100/H100 PCIe
    product briefs); SLOT1 (CPU1) and SLOT3 (CPU2) sit on different sockets' risers (the R760's slots 1 and 7)."""
    v = find(make("pcie4", bridges=(("SLOT1", "SLOT3"), ("SLOT5", "SLOT6"))), "gpu.bridge-invalid")
    assert "different CPUs (CPU1 and CPU2)" in english(v)


def test_one_unbridged_card_is_not_reported():
    assert "gpu.not-bridged" not in codes(make("pcie4", SLOT3=None, SLOT5=None, SLOT6=None, bridges=()))
