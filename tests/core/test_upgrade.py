"""core/upgrade/found.py: an imported server (the H200 probe fixture) upgraded with GPUs, CPUs, DIMMs and
PSUs: the server as found, the deltas, only new parts priced, trade-in, and `evaluate --json`."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from configurator.core.evaluate.bom import OWNED_GROUP
from configurator.core.upgrade.found import ADD, MOVE, REMOVE, before_of, delta_bom, upgrade_of
from configurator.launch import main
from configurator.store.build_files import load_build, save_build
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"
CHASSIS = "supermicro-sys-821ge-tnhr"
H200, PSU, CPU, DIMM = ("nvidia-h200-sxm5-141gb", "supermicro-psu-3000w-titanium", "intel-xeon-platinum-8480plus",
                        "samsung-m321r8ga0bb0-cqk")
DIMM_SLOTS = [f"CPU{c}_DIMM_{ch}1" for c in (1, 2) for ch in "ABCDEFGH"]


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


@pytest.fixture(scope="module")
def evaluator(catalog):
    return default_evaluator(catalog)


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    """The probe fixture imported as the technician does it, into the HGX chassis it came from."""
    out = tmp_path_factory.mktemp("import") / "server.json"
    assert main(["import", "inventory", str(PROBE), "--chassis", CHASSIS, "-o", str(out)]) == 0
    return out


def upgraded(path: Path):
    """The imported server with 7 more H200s, two CPUs, 16 DIMMs and six PSUs."""
    build = load_build(path)
    add = {f"GPU{i}": H200 for i in range(2, 9)} | {f"PSU{i}": PSU for i in range(1, 7)}
    add |= {"CPU1": CPU, "CPU2": CPU} | dict.fromkeys(DIMM_SLOTS, DIMM)
    build.placements = {**build.placements, **add}
    return build


def test_the_imported_server_is_its_own_before(imported, evaluator):
    build = load_build(imported)
    before = before_of(build)
    assert before is not None and before.placements == build.placements and before.chassis == CHASSIS
    plan = upgrade_of(build, evaluator)
    assert plan.changes == () and all(d.change == 0 for d in plan.deltas)
    assert plan.cost_new_parts == 0
    assert before_of(load_build(Path(__file__).resolve().parents[2] / "examples" / "hgx-h100-8gpu.json")) is None


def test_the_upgrade_lists_adds_and_every_delta_comes_from_the_evaluations(imported, evaluator, catalog):
    after = upgraded(imported)
    plan = upgrade_of(after, evaluator)
    adds = {(c.part_id, c.slot) for c in plan.of("add")}
    assert len(adds) == 7 + 6 + 2 + 16 and plan.of("remove") == [] and plan.of("move") == []
    a, b = evaluator.evaluate(before_of(after)), evaluator.evaluate(after)
    deltas = {d.name: d for d in plan.deltas}
    for name, x, y in (("typical_w", a.power.typical_w, b.power.typical_w),
                       ("wall_max_w", a.power.wall_max_w, b.power.wall_max_w),
                       ("heat_btu_hr", a.thermal.heat_btu_hr, b.thermal.heat_btu_hr),
                       ("airflow_cfm", a.thermal.airflow_cfm, b.thermal.airflow_cfm),
                       ("psu_load_pct_max", a.psu.load_pct_max, b.psu.load_pct_max)):
        assert (deltas[name].before, deltas[name].after) == (x, y), name
    assert (deltas["gpu_count"].before, deltas["gpu_count"].after) == (1, 8)
    assert (deltas["psu_count"].before, deltas["psu_count"].after) == (0, 6)
    assert deltas["host_memory_gb"].after == 16 * catalog.get(DIMM).capacity_gb
    assert plan.feed_loss_pct_before is None and plan.feed_loss_pct_after == max(b.psu.feed_loss_pct.values())
    # only new parts are priced: the owned H200 is on the "already installed" line at zero
    price = {pid: catalog.price(pid).price for pid in (H200, PSU, CPU, DIMM)}
    cords = sum(ln.extended for ln in b.cost.lines if ln.kind == "companion")
    assert plan.cost_new_parts == 7 * price[H200] + 6 * price[PSU] + 2 * price[CPU] + 16 * price[DIMM] + cords
    owned = [ln for ln in b.cost.lines if ln.group == OWNED_GROUP]
    assert [(ln.part_id, ln.qty, ln.extended) for ln in owned if ln.part_id == H200] == [(H200, 1, 0)]
    assert all(ln.group != OWNED_GROUP for ln in plan.new_lines)


def test_delta_bom_and_trade_in(imported, evaluator, catalog):
    after = upgraded(imported)    # eight H100s instead: the owned H200 is taken out
    after.placements = {s: "nvidia-h100-sxm5-80gb" if p == H200 else p for s, p in after.placements.items()}
    value = Decimal("9000")
    plan = upgrade_of(after, evaluator, trade_in={H200: value})
    lines = delta_bom(plan, catalog)
    removed = [ln for ln in lines if ln.group == REMOVE]
    assert [(ln.part_id, ln.qty, ln.where, ln.extended) for ln in removed] == [(H200, 1, "GPU1", value)]
    # every line is orderable by its number or says why not (a loose SXM module: sold to server makers only)
    assert removed[0].sku_note == "oem-only" and all(ln.part_number or ln.sku_note for ln in lines)
    assert plan.trade_in_total == value and plan.net_cost == plan.cost_total - value
    bought = sum(ln.extended for ln in lines if ln.group == ADD and ln.extended is not None)
    assert bought == plan.cost_total     # no discount, tax or shipping in the build: the lines add up
    # GPU1 emptied: the owned H200 is re-seated in the first new H200 position, six are bought
    moved = upgraded(imported)
    moved.placements = {s: p for s, p in moved.placements.items() if s != "GPU1"}
    lines = delta_bom(upgrade_of(moved, evaluator), catalog)
    assert [(ln.group, ln.where) for ln in lines if ln.group == MOVE] == [(MOVE, "GPU1 → GPU2")]
    assert next(ln.qty for ln in lines if ln.group == ADD and ln.part_id == H200) == 6


def test_a_before_file_prices_an_after_without_an_owned_list(imported, evaluator, tmp_path):
    before = load_build(imported)
    after = upgraded(imported)
    after.owned = {}
    plan = upgrade_of(after, evaluator, before=before)
    assert plan.cost_new_parts == upgrade_of(upgraded(imported), evaluator).cost_new_parts


def test_evaluate_json_has_the_upgrade_object(imported, tmp_path, capsys):
    path = tmp_path / "after.json"
    save_build(upgraded(imported), path)
    assert main(["evaluate", str(path), "--json", "--trade-in", f"{H200}=100"]) == 0
    data = json.loads(capsys.readouterr().out)
    up = data["upgrade"]
    assert set(up) == {"before", "chassis", "changes", "deltas", "psu", "feed_loss", "new_problems",
                       "resolved_problems", "cost"}
    assert up["before"] == "owned" and up["deltas"]["gpu_count"] == {"before": 1.0, "after": 8.0, "change": 7.0}
    assert up["deltas"]["wall_max_w"]["after"] == pytest.approx(data["wall_power_w"]["max"], abs=0.06)
    assert up["cost"]["total"] == data["cost"]["total"] and up["cost"]["trade_in"] == "0"   # nothing removed
    assert {ln["part_id"] for ln in up["cost"]["lines"]} >= {H200, PSU, CPU, DIMM}
    assert set(up["feed_loss"]) == {"before", "after", "pct_before", "pct_after", "holds_after"}
    # a new build has no upgrade; --before gives one
    example = Path(__file__).resolve().parents[2] / "examples" / "hgx-h100-8gpu.json"
    assert main(["evaluate", str(example), "--json"]) == 0
    assert "upgrade" not in json.loads(capsys.readouterr().out)
    assert main(["evaluate", str(path), "--json", "--before", str(imported)]) == 0
    assert json.loads(capsys.readouterr().out)["upgrade"]["before"] == str(imported)
    assert main(["evaluate", str(path)]) == 0
    assert "Upgrade:" in capsys.readouterr().out


@pytest.mark.parametrize("bad", ["x", "=5", f"{H200}=-1", f"{H200}=nan", f"{H200}=1e12"])
def test_a_bad_trade_in_is_one_line(imported, capsys, bad):
    assert main(["evaluate", str(imported), "--trade-in", bad]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--trade-in" in err
