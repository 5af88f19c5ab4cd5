"""core/upgrade/delta.py and owned parts in the BOM: an upgrade of a half-filled HGX server."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from configurator.core.evaluate.bom import OWNED_GROUP
from configurator.core.evaluator import evaluate
from configurator.core.upgrade.delta import part_changes, plan_to_json, plan_upgrade
from configurator.launch import main
from configurator.store.build_files import load_build, save_build
from configurator.store.catalogs import default_catalog
from configurator.words.problems import violation_json
from configurator.words.render import in_english, named_in_english

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hgx-h100-8gpu.json"
H100, PSU = "nvidia-h100-sxm5-80gb", "supermicro-psu-3000w-titanium"
ADDED = ("GPU5", "GPU6", "GPU7", "GPU8", "PSU5", "PSU6")


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


def _before():
    """The example as the customer runs it today: 4 GPUs, 4 PSUs, everything owned."""
    build = load_build(EXAMPLE)
    build.placements = {s: p for s, p in build.placements.items() if s not in ADDED}
    build.psu_redundancy = "N+1"
    build.owned = {**build.placements, "chassis": build.chassis}
    return build


def _after(before):
    """The upgrade: the full example, with the customer's owned list carried over."""
    build = load_build(EXAMPLE)
    build.owned = dict(before.owned)
    return build


def _price(catalog, part_id: str) -> Decimal:
    return catalog.price(part_id).price


def _cord(catalog, psu_id: str) -> Decimal:
    """The price of the power cord(s) a new PSU comes with on the quote (a companion line)."""
    cords = [a for a in catalog.by_category("accessory") if a.kind == "power-cord" and psu_id in a.companion_of]
    return sum((a.qty_per * _price(catalog, a.id) for a in cords), Decimal(0))


def test_an_owned_build_prices_nothing_but_lists_every_part(catalog):
    cost = evaluate(_before(), catalog).cost
    assert cost.subtotal_hardware == 0 and cost.total == 0
    owned = [line for line in cost.lines if line.group == OWNED_GROUP]
    assert {line.part_id for line in owned} >= {H100, "supermicro-sys-821ge-tnhr", PSU}
    gpu = next(line for line in owned if line.part_id == H100)
    assert gpu.qty == 4 and gpu.unit_price == 0 and in_english(gpu.name).endswith("(already installed)")


def test_marking_parts_owned_reprices_the_same_placements(catalog):
    build = load_build(EXAMPLE)
    full = evaluate(build, catalog).cost.subtotal_hardware
    build.owned = {"GPU1": H100}        # same placements: the BOM memo must see the owned list
    assert evaluate(build, catalog).cost.subtotal_hardware == full - _price(catalog, H100)


def test_the_upgrade_prices_only_the_new_parts(catalog):
    before = _before()
    plan = plan_upgrade(before, _after(before), catalog)
    assert [(c.action, c.slot, c.part_id) for c in plan.changes] == [
        ("add", "GPU5", H100), ("add", "GPU6", H100), ("add", "GPU7", H100), ("add", "GPU8", H100),
        ("add", "PSU5", PSU), ("add", "PSU6", PSU)]
    assert plan.cost_new_parts == 4 * _price(catalog, H100) + 2 * (_price(catalog, PSU) + _cord(catalog, PSU))
    deltas = {d.name: d for d in plan.deltas}
    assert (deltas["gpu_count"].before, deltas["gpu_count"].after) == (4, 8)
    assert (deltas["psu_count"].before, deltas["psu_count"].after) == (4, 6)
    gpu = catalog.get(H100)
    assert deltas["max_w"].change >= 4 * gpu.tdp_w        # four more GPUs at full draw, at least
    assert in_english(plan.psu_before).startswith("4 x 3000 W") and in_english(plan.psu_after).startswith("6 x 3000 W")


def test_new_and_resolved_problems_are_the_set_difference(catalog):
    before = _before()
    after = _after(before)
    after.placements = {s: p for s, p in after.placements.items() if s not in ("PSU5", "PSU6", "PSU4")}
    plan = plan_upgrade(before, after, catalog)
    old = {(v.code, v.slots) for v in evaluate(before, catalog).violations}
    new = {(v.code, v.slots) for v in evaluate(after, catalog).violations}
    assert {(v.code, v.slots) for v in plan.new_problems} == new - old
    assert {(v.code, v.slots) for v in plan.resolved_problems} == old - new
    assert any(c.action == "remove" and c.slot == "PSU4" and c.owned for c in plan.changes)


def test_a_moved_part_stays_owned_and_a_replaced_one_is_reused(catalog):
    before = _before()
    after = _after(before)
    placements = dict(after.placements)
    placements["U2A3"] = placements.pop("U2D2")                 # re-seat a drive
    placements["GPU1"] = "nvidia-h200-sxm5-141gb"               # swap an owned GPU for a new one
    after.placements = placements
    plan = plan_upgrade(before, after, catalog)
    # the H100 taken out of GPU1 goes into GPU5, where the upgrade adds an H100 anyway
    assert [(c.from_slot, c.slot, c.owned) for c in plan.of("move")] == [("GPU1", "GPU5", True), ("U2D2", "U2A3", True)]
    assert plan.of("remove") == []
    expected = (3 * _price(catalog, H100) + 2 * (_price(catalog, PSU) + _cord(catalog, PSU))
                + _price(catalog, "nvidia-h200-sxm5-141gb"))
    assert plan.cost_new_parts == expected      # neither the moved drive nor the moved GPU is bought again


def test_a_replaced_owned_part_with_no_new_home_is_removed(catalog):
    before = _before()
    after = _before()
    after.placements = {**after.placements, "GPU1": "nvidia-h200-sxm5-141gb"}
    plan = plan_upgrade(before, after, catalog)
    assert [(c.action, c.slot, c.part_id, c.owned) for c in plan.changes] == [
        ("remove", "GPU1", H100, True), ("add", "GPU1", "nvidia-h200-sxm5-141gb", False)]
    assert plan.cost_new_parts == _price(catalog, "nvidia-h200-sxm5-141gb")


def test_a_new_chassis_re_places_every_part(catalog):
    before = _before()
    after = _after(before)
    after.chassis = "dell-poweredge-xe9680"
    changes = part_changes(before, after)
    # every part leaves the old box: into the new one (a move, even to a slot of the same name) or out
    assert sum(c.action in ("add", "move") for c in changes) == len(after.placements)
    assert sum(c.action in ("remove", "move") for c in changes) == len(before.placements)
    assert sum(c.action == "add" for c in changes) == len(ADDED)


def test_cli_plan_json_and_text(tmp_path, capsys, catalog):
    before = _before()
    save_build(before, tmp_path / "before.json")
    save_build(_after(before), tmp_path / "after.json")
    assert main(["plan", str(tmp_path / "before.json"), str(tmp_path / "after.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"chassis", "changes", "deltas", "psu", "feed_loss", "new_problems", "resolved_problems", "cost"}
    assert data["deltas"]["gpu_count"] == {"before": 4.0, "after": 8.0, "change": 4.0}
    plan = plan_upgrade(before, _after(before), catalog)
    assert data == json.loads(json.dumps(plan_to_json(plan, violation_json, named_in_english), default=str))
    assert main(["plan", str(tmp_path / "before.json"), str(tmp_path / "after.json")]) == 0
    text = capsys.readouterr().out
    assert "ADD    nvidia-h100-sxm5-80gb" in text and "(owned parts are not priced)" in text
