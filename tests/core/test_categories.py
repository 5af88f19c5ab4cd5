"""The category registry is the one description of each kind of part."""

from __future__ import annotations

from typing import get_args

import pytest

from configurator.core import categories
from configurator.core.slots import SlotKind
from configurator.store import paths
from configurator.store.catalogs import load_catalog
from configurator.words.problems import english


@pytest.fixture(scope="module")
def shipped():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def test_each_entry_matches_its_model():
    for cat in categories.REGISTRY:
        assert cat.model.model_fields["category"].default == cat.key
    assert len(categories.KEYS) == len(set(categories.KEYS))


def test_every_shipped_part_has_a_category(shipped):
    unknown = {p.category for p in shipped.parts.values()} - set(categories.KEYS)
    assert not unknown


def test_every_slot_kind_takes_some_category():
    for kind in get_args(SlotKind):
        assert categories.accepts(kind), kind


def test_pcie_cards_declare_their_link():
    for cat in categories.REGISTRY:
        if cat.pcie_card:
            assert {"pcie_gen", "pcie_lanes"} <= set(cat.model.model_fields), cat.key
            assert "pcie" in cat.slot_kinds


def test_power_is_ordered_for_every_shipped_part(shipped):
    for part in shipped.parts.values():
        idle, typical, top, peak = categories.part_draw(part)
        assert 0 <= idle <= typical <= top <= peak, part.id


def test_power_model_formulas():
    gpu = categories.BY_KEY["gpu"].power
    cpu = categories.BY_KEY["cpu"].power
    nic = categories.BY_KEY["nic"].power
    assert gpu is not None and cpu is not None and nic is not None

    class Card:
        idle_w, tdp_w, typical_pct, transient_factor = 50.0, 700.0, 0.8, 1.2

    assert gpu.draw(Card()) == pytest.approx((50, 560, 700, 840))   # typical = 0.8 × TDP, peak 1.2 × TDP

    class Chip:
        idle_w, tdp_w = 100.0, 350.0

    assert cpu.draw(Chip()) == pytest.approx((100, 210, 350, 350))  # max(idle, 0.6 × TDP)

    class Nic:
        idle_w, tdp_w = 10.0, 30.0

    assert nic.draw(Nic()) == pytest.approx((10, 24, 30, 30))       # idle + 0.7 × (max − idle)


def test_bom_groups_cover_every_category():
    assert {c.bom_group for c in categories.REGISTRY} <= set(categories.BOM_GROUPS)
    assert categories.BOM_GROUPS[-3:] == ("Services", "Other", "Already installed")


def test_unknown_category_is_not_guessed():
    assert categories.category("retimer") is None
    assert categories.noun("retimer") == "retimer"


def test_a_new_category_is_placed_powered_priced_and_lane_counted(shipped):
    """The storage-controller category was added as a model, a catalog file and one registry entry:
    it goes into PCIe slots, draws power, prints under Storage and takes PCIe lanes."""
    from dataclasses import replace

    from configurator.core.build import Build
    from configurator.core.evaluator import evaluate
    from configurator.core.placement import can_place

    hba = shipped.get("lenovo-thinksystem-440-8i-hba")
    assert hba is not None and categories.pcie_link(hba) == (4, 8)
    base = shipped.chassis("supermicro-sys-421ge-tnrt")
    assert base is not None
    slot = base.pcie_slots[0]
    narrow = base.model_copy(update={"pcie_slots": (slot.model_copy(update={"gen": 3, "lanes": 4}),
                                                     *base.pcie_slots[1:])})
    catalog = replace(shipped, parts={**shipped.parts, base.id: narrow})
    build = Build(chassis=base.id, placements={slot.id: hba.id})
    assert can_place(Build(chassis=base.id), catalog, slot.id, hba.id)[0]
    ev = evaluate(build, catalog)
    assert [line.max_w for line in ev.power.lines if line.category == "hba"] == [hba.tdp_w]
    assert [line.group for line in ev.cost.lines if line.category == "hba"] == ["Storage"]
    downgrade = [v for v in ev.violations if v.code == "pcie.link-downgrade"]
    assert downgrade and "Gen4 x8" in english(downgrade[0]) and slot.id in downgrade[0].slots


def test_every_placeable_part_has_key_figures_from_its_category(shipped):
    """The palette's and tooltips' key figures come from the registry: every part a slot takes
    has them, and a PCIe card without its own form label is filtered as 'PCIe card'."""
    for part in shipped.parts.values():
        cat = categories.category(part.category)
        if not cat.slot_kinds and part.category != "chassis":
            continue
        assert cat.describe(part), part.id
        if cat.pcie_card and cat.form is None:
            assert cat.form_label(part) == "PCIe card"
    drive = next(p for p in shipped.parts.values() if p.category == "drive" and p.form_factor == "u2")
    assert categories.category("drive").form_label(drive) == "U.2"
    assert " U.2 " in categories.category("drive").describe(drive)
