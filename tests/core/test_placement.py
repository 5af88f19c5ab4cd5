"""`can_place` / `first_free_slot`: the one placement check behind drag, keyboard and menus."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from configurator.core.build import Build
from configurator.core.placement import can_place, first_free_slot, fits_chassis
from configurator.words import say


def _en(verdict):
    """(fits, the reason in English, "" when it fits)."""
    ok, why = verdict
    return ok, say(why, "en") if why is not None else ""

_spec = importlib.util.spec_from_file_location(
    "qt_fixture_catalog", Path(__file__).resolve().parent.parent / "qt" / "fixture_catalog.py")
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)


@pytest.fixture(scope="module")
def catalog():
    return _mod.make_catalog()


HGX = Build(chassis="hgx-8u")
PCIE = Build(chassis="pcie-2u")


@pytest.mark.parametrize("build, slot, part, ok, words", [
    (HGX, "GPU1", "h100-sxm", True, ""),
    (HGX, "GPU1", "mi300x", False, "amd-ubb"),
    (HGX, "GPU1", "h100-pcie", False, "PCIe card"),
    (HGX, "CPU1", "xeon-8480", True, ""),
    (HGX, "CPU1", "epyc-9654", False, "SP5"),
    (HGX, "CPU1", "ddr5-64", False, "CPU socket"),
    (HGX, "CPU1_DIMM_A1", "ddr4-32", False, "DDR4"),
    (HGX, "NIC1", "cx7", True, ""),
    (HGX, "NIC1", "fh-nic", False, "low-profile"),
    (HGX, "NIC1", "h100-pcie", False, "GPU power"),
    (HGX, "OCP1", "ocp-100g", True, ""),
    (HGX, "OCP1", "cx7", False, "OCP 3.0"),
    (HGX, "NIC1", "ocp-100g", False, "OCP 3.0"),
    (HGX, "NVME1", "sata-1.92", False, "U.2 bay"),
    (HGX, "NVME1", "u2-3.84", True, ""),
    (HGX, "PSU1", "psu-1600", False, "supported PSU"),
    (HGX, "COOLING", "air-2u", False, "cooling option"),
    (PCIE, "SLOT1", "h100-sxm", False, "PCIe slots only"),
    (PCIE, "SLOT1", "h100-pcie", True, ""),
    (PCIE, "SLOT2", "h100-pcie", False, "GPU power"),
    (PCIE, "SLOT4", "fh-nic", False, "low-profile"),
    (PCIE, "BAY1", "u2-3.84", False, "U.2 drive"),
    (PCIE, "SLOT1", "u2-3.84", False, "drive bay"),
    (HGX, "NOPE", "cx7", False, "no slot"),
    (HGX, "NIC1", "no-such-part", False, "not in the catalog"),
])
def test_can_place(catalog, build, slot, part, ok, words):
    got, why = _en(can_place(build, catalog, slot, part))
    assert got is ok
    assert (why == "") if ok else (words in why and why.endswith("."))


def test_occupied_slot_is_not_a_refusal(catalog):
    build = Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"})
    assert can_place(build, catalog, "GPU1", "h100-sxm") == (True, None)


def test_wide_card_blocks_and_is_blocked(catalog):
    covered = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie"})
    ok, why = _en(can_place(covered, catalog, "SLOT2", "cx7"))
    assert not ok and "covered by" in why and "SLOT1" in why
    holding = Build(chassis="pcie-2u", placements={"SLOT2": "cx7"})
    ok, why = _en(can_place(holding, catalog, "SLOT1", "h100-pcie"))
    assert not ok and "SLOT2" in why and "remove it first" in why
    assert can_place(holding, catalog, "SLOT3", "h100-pcie")[0]


def test_first_free_slot_follows_chassis_order_and_skips_used(catalog):
    assert first_free_slot(HGX, catalog, "h100-sxm") == "GPU1"
    used = Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm", "GPU2": "h100-sxm"})
    assert first_free_slot(used, catalog, "h100-sxm") == "GPU3"
    assert first_free_slot(HGX, catalog, "ocp-100g") == "OCP1"
    assert first_free_slot(PCIE, catalog, "h100-pcie") == "SLOT1"
    assert first_free_slot(HGX, catalog, "h100-pcie") is None
    full = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie", "SLOT3": "h100-pcie"})
    assert first_free_slot(full, catalog, "h100-pcie") is None
    assert first_free_slot(full, catalog, "cx7") == "SLOT4"      # SLOT2 is covered by SLOT1's card
    assert first_free_slot(Build(chassis="missing"), catalog, "cx7") is None


def test_fits_chassis_explains_the_most_relevant_reason(catalog):
    pcie, hgx = catalog.chassis("pcie-2u"), catalog.chassis("hgx-8u")
    ok, why = _en(fits_chassis(catalog, pcie, catalog.get("h100-sxm")))
    assert not ok and "needs a GPU baseboard" in why and "PCIe slots only" in why
    ok, why = _en(fits_chassis(catalog, hgx, catalog.get("h100-pcie")))
    assert not ok and "GPU power" in why
    assert fits_chassis(catalog, hgx, catalog.get("cx7")) == (True, None)


def triple_slot_catalog(catalog):
    """The fixture catalog with pcie-2u's SLOT1 made triple-width room over SLOT2 and SLOT3."""
    from configurator.core.catalog import Catalog

    ch = catalog.chassis("pcie-2u")
    slots = tuple(s.model_copy(update={"max_width": 3, "blocks": ("SLOT2", "SLOT3")}) if s.id == "SLOT1" else s
                  for s in ch.pcie_slots)
    return Catalog(parts={**catalog.parts, "pcie-2u": ch.model_copy(update={"pcie_slots": slots})},
                   prices=catalog.prices)


def test_a_double_width_card_covers_only_its_nearest_blocked_slot(catalog):
    from configurator.core.context import resolve
    from configurator.core.rules import check

    cat = triple_slot_catalog(catalog)
    build = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie"})
    assert resolve(build, cat).covered_slots == {"SLOT2": "SLOT1"}
    assert not can_place(build, cat, "SLOT2", "cx7")[0]
    assert can_place(build, cat, "SLOT3", "cx7") == (True, None)
    busy = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie", "SLOT3": "cx7"})
    assert "fit.slot-blocked" not in {v.code for v in check(busy, cat)}
    covered = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie", "SLOT2": "cx7"})
    [v] = [v for v in check(covered, cat) if v.code == "fit.slot-blocked"]
    assert v.message == can_place(build, cat, "SLOT2", "cx7")[1]


def test_accepting_slots_agrees_with_can_place(catalog):
    from configurator.core.placement import accepting_slots

    build = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie", "BAY1": "sata-1.92"})
    for part in ("cx7", "h100-pcie", "u2-3.84", "sata-1.92"):
        got = accepting_slots(build, catalog, part)
        assert got == {sid: can_place(build, catalog, sid, part) for sid in got}
