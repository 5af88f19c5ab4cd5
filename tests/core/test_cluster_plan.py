"""The cluster plan bare: PDU capacity, the 80 % rule, losing a feed per rack, rack limits,
cooling, and that server figures are the engine's own."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest

from configurator import paths
from configurator.core.cluster import ClusterSpec, PduSpec, RackSpec, ServerGroup, plan_cluster, servers_for_deadline
from configurator.core.cluster.power import Load, feed_continuous_w, feed_report, pdu_capacity_w
from configurator.core.cluster.servers import server_figures, site_build
from configurator.core.evaluate import evaluate
from configurator.io.build_io import load_build
from configurator.io.catalog_io import load_catalog

EX = paths.examples_dir()


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


@pytest.fixture(scope="module")
def hgx():
    return load_build(EX / "hgx-h100-8gpu.json")


def _spec(build, count: int, **rack) -> ClusterSpec:
    return ClusterSpec(servers=(ServerGroup(build=build, count=count, source="hgx"),), rack=RackSpec(**rack))


def test_pdu_capacity_and_the_80_percent_rule():
    three = PduSpec(voltage_v=415, phases=3, breaker_a=60, power_factor=1.0)
    assert pdu_capacity_w(three) == pytest.approx(415 * 60 * math.sqrt(3))   # 43.1 kW
    assert feed_continuous_w(three) == pytest.approx(0.8 * 415 * 60 * math.sqrt(3))
    single = PduSpec(voltage_v=230, phases=1, breaker_a=32, per_feed=2, power_factor=1.0)
    assert feed_continuous_w(single) == pytest.approx(2 * 230 * 32 * 0.8)
    assert three.outlet_voltage_v == pytest.approx(239.6, abs=0.1)


def test_losing_a_feed_moves_the_whole_load():
    pdu = PduSpec(voltage_v=230, phases=1, breaker_a=32, power_factor=1.0)
    rep = feed_report([Load("s1", 6000, {"A": 3, "B": 3}), Load("s2", 3000, {"A": 2}), Load("sw", 1000, {"A": 1, "B": 1})], pdu)
    assert rep.normal_w == {"A": 3000 + 3000 + 500, "B": 3000 + 500}
    assert rep.after_loss_w == {"A": 6000 + 1000, "B": 10000}   # losing A stops s2 (all its PSUs on A)
    assert rep.stopped == {"A": ("s2",)}


def test_server_figures_are_the_engines(catalog, hgx):
    spec = _spec(hgx, 1)
    fig = server_figures(hgx, catalog, spec)
    ev = evaluate(site_build(hgx, spec), catalog)
    assert fig.wall_max_w == ev.power.wall_max_w and fig.hardware == ev.cost.subtotal_hardware
    assert fig.psu_feeds == ev.psu.feeds and fig.heat_to_air_w == ev.thermal.heat_to_air_w


def test_racks_fill_to_the_kw_limit(catalog, hgx):
    plan = plan_cluster(_spec(hgx, 16, kw_limit=40), catalog)
    wall = plan.servers[0].wall_max_w            # ~10.03 kW: 4 would be 40.1 kW
    per_rack = math.floor(40_000 / wall)
    compute = [r for r in plan.racks if r.role == "compute"]
    assert [r.servers for r in compute] == [per_rack] * (16 // per_rack) + ([16 % per_rack] if 16 % per_rack else [])
    assert plan.total("max_w") == pytest.approx(16 * wall + sum(r.max_w for r in plan.racks if r.role == "network"))
    assert not [v for v in plan.violations if v.code == "cluster.rack-over-kw"]
    assert plan.gpus == 128 and plan.fabric is not None and plan.fabric.leaves == 8


def test_fixed_per_rack_over_kw_and_feed_loss_named_per_rack(catalog, hgx):
    pdu = PduSpec(voltage_v=415, phases=3, breaker_a=50, per_feed=1)    # 33.8 kW x 0.8 = 28.2 kW a feed
    plan = plan_cluster(_spec(hgx, 6, kw_limit=40, servers_per_rack=4, pdu=pdu), catalog)
    codes = {(v.code, v.slots) for v in plan.violations}
    assert ("cluster.rack-over-kw", ("Rack 01",)) in codes             # 4 x 10.03 kW > 40 kW
    assert ("cluster.feed-loss-overload", ("Rack 01",)) in codes       # 40.1 kW on one 28.2 kW feed
    assert ("cluster.feed-loss-overload", ("Rack 02",)) not in codes   # 2 servers: 20.1 kW holds
    assert ("cluster.feed-over-continuous", ("Rack 01",)) not in codes  # 20 kW a feed normally is fine
    assert plan.errors


def test_normal_feed_over_80_percent(catalog, hgx):
    pdu = PduSpec(voltage_v=230, phases=1, breaker_a=32, per_feed=1)    # 7.2 kW x 0.8 = 5.8 kW a feed
    plan = plan_cluster(_spec(hgx, 2, kw_limit=40, pdu=pdu), catalog)
    assert any(v.code == "cluster.feed-over-continuous" for v in plan.violations)


def test_air_cooling_limit(catalog, hgx):
    from configurator.core.cluster import CoolingSpec

    plan = plan_cluster(_spec(hgx, 3, kw_limit=40, cooling=CoolingSpec(kind="air", air_kw=20)), catalog)
    assert any(v.code == "cluster.rack-air-over" and v.slots == ("Rack 01",) for v in plan.violations)


def test_cost_adds_server_boms_and_fabric(catalog, hgx):
    spec = _spec(hgx, 4).model_copy(update={"prices": {}})
    plan = plan_cluster(spec, catalog)
    fig = plan.servers[0]
    switch = catalog.price("nvidia-qm9700-ndr").price
    assert plan.cost.capex == 4 * fig.hardware + plan.fabric.switches * switch + (
        plan.storage.switches * catalog.price(plan.storage.switch_id).price if plan.storage else Decimal(0))
    assert "Rack PDU" in plan.cost.on_request       # no unit price in the spec: on request, not in the total
    assert plan.cost.tco == plan.cost.capex + 5 * (plan.cost.energy_cost_per_year + plan.cost.support_per_year)


def test_servers_for_a_deadline(catalog):
    build = load_build(EX / "seed-7b-training.json")
    fig = server_figures(build, catalog, _spec(build, 1))
    assert fig.train_days is not None
    n = servers_for_deadline(fig, fig.train_days / 3.5)
    assert n == 4
    with pytest.raises(ValueError, match="no training workload"):
        hgx = load_build(EX / "hgx-h100-8gpu.json")
        servers_for_deadline(server_figures(hgx, catalog, _spec(hgx, 1)), 30)
