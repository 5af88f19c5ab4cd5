"""Network, storage and boot rules."""

from __future__ import annotations

import pytest

from configurator.words.problems import english, fix_text, text

from ._fixture import fake_figures, make
from .helpers import apply_fix, codes, find

NO_NICS = {f"NIC{i}": None for i in range(1, 9)}
NO_DATA = {f"NVME{i}": None for i in range(1, 5)}

BREAKS = [
    ("net.no-fabric-nic", "warning", lambda: make(**NO_NICS, SLOT10="e810"), {}),
    ("net.low-bandwidth-per-gpu", "warning", lambda: make(**{f"NIC{i}": None for i in range(3, 9)}), {}),
    ("net.nic-not-near-gpu", "info", lambda: make(NIC8=None, SLOT9="cx7"), {}),
    ("storage.none", "warning", lambda: make(**NO_DATA, M2_1=None, M2_2=None), {}),
    ("storage.no-boot", "warning", lambda: make(M2_1=None, M2_2=None), {}),
    ("storage.boot-not-mirrored", "info", lambda: make(M2_2=None), {}),
    ("storage.no-local-data", "info", lambda: make(**NO_DATA), {}),
    ("storage.throughput", "info", lambda: make(**{**NO_DATA, "NVME1": "u2g4"}), {}),
    ("storage.throughput-low", "warning", lambda: make(), {"figures": fake_figures(storage_gbs=1.0)}),
]


@pytest.mark.parametrize("code,severity,factory,kw", BREAKS, ids=[b[0] for b in BREAKS])
def test_break_is_reported(code, severity, factory, kw):
    assert find(factory(), code, **kw).severity == severity


@pytest.mark.parametrize("chassis", ["hgx8", "pcie4"])
def test_reference_builds_pass(chassis):
    assert not {c for c in codes(make(chassis)) if c.startswith(("net.", "storage."))}


def test_single_node_builds_skip_the_fabric_rules():
    assert not {c for c in codes(make(**NO_NICS, multi_node=False)) if c.startswith("net.")}


def test_low_bandwidth_states_the_numbers():
    v = find(make(**{f"NIC{i}": None for i in range(3, 9)}), "net.low-bandwidth-per-gpu")
    assert "800 Gb/s" in english(v) and "100 Gb/s per GPU" in english(v)


@pytest.mark.parametrize("code,factory", [
    ("net.nic-not-near-gpu", lambda: make(NIC8=None, SLOT9="cx7")),
    ("storage.no-boot", lambda: make(M2_1=None, M2_2=None)),
    ("storage.boot-not-mirrored", lambda: make(M2_2=None)),
])
def test_fix_resolves_it(code, factory):
    build = factory()
    assert code not in codes(apply_fix(build, find(build, code)))


def test_a_lone_boot_drive_gets_its_twin_in_the_free_bay():
    v = find(make(M2_2=None), "storage.boot-not-mirrored")
    assert v.slots == ("M2_1",) and fix_text(v.fix, "en") == "Add a second M.2 boot 960GB in M2_2 and mirror the two (RAID 1)."
    assert "boot drive" in english(v) and v.fix.applicable
    assert "启动盘" in text(v, "zh_CN") and "RAID 1" in fix_text(v.fix, "zh_CN")


def test_a_lone_boot_drive_is_fine_without_a_free_bay_and_in_a_tower():
    assert "storage.boot-not-mirrored" not in codes(make("pcie4"))     # its only M.2 bay is taken
    assert "storage.boot-not-mirrored" not in codes(make())            # two mirrored boot drives


def test_nic_moves_next_to_the_gpus():
    v = find(make(NIC8=None, SLOT9="cx7"), "net.nic-not-near-gpu")
    assert "NIC8" in fix_text(v.fix, "en") and "PLX4" in fix_text(v.fix, "en")


def test_no_storage_fix_adds_the_boot_drive_and_the_nvme_drives_it_names():
    """"Add a boot drive (M.2) and NVMe drives" placed only the boot drive (issue 30): the fix places
    both, and afterwards the build has neither storage.none nor a data-drive note."""
    build = make(**NO_DATA, M2_1=None, M2_2=None)
    v = find(build, "storage.none")
    fixed = apply_fix(build, v)
    from configurator.core.catalog import Drive

    from .helpers import CATALOG
    drives = [CATALOG.get(p) for p in fixed.placements.values()]
    drives = [d for d in drives if isinstance(d, Drive)]
    assert any(d.form_factor == "m2" for d in drives)
    assert any(d.interface == "nvme" and d.form_factor != "m2" and d.tier != "boot" for d in drives)
    left = codes(fixed)
    assert "storage.none" not in left and "storage.no-local-data" not in left and "storage.throughput-low" not in left
