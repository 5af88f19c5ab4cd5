"""The cluster plan bare: PDU capacity, the 80 % rule, losing a feed per rack, rack limits,
cooling, and that server figures are the engine's own."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest

from configurator.core.cluster import ClusterSpec, PduSpec, RackSpec, ServerGroup, TrainingSpec, plan_cluster
from configurator.core.cluster.power import Load, feed_continuous_w, feed_report, pdu_capacity_w
from configurator.core.cluster.scaling import curve, point, servers_for, step_inputs
from configurator.core.cluster.server_figures import server_figures, site_build
from configurator.core.evaluator import evaluate
from configurator.core.message import Msg
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog

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


def test_racks_fill_to_the_kw_limit_and_one_feed(catalog, hgx):
    plan = plan_cluster(_spec(hgx, 16, kw_limit=40), catalog)
    # the engine's wall max plus 8 compute-fabric NIC optics at 9 W: ~10.1 kW, so 4 would be 40.5 kW
    wall = plan.servers[0].wall_max_w + 8 * 9.0
    per_rack = math.floor(min(40_000, feed_continuous_w(PduSpec())) / wall)
    compute = [r for r in plan.racks if r.role == "compute"]
    assert [r.servers for r in compute] == [per_rack] * (16 // per_rack) + ([16 % per_rack] if 16 % per_rack else [])
    assert compute[0].max_w == pytest.approx(per_rack * wall)
    assert plan.total("max_w") == pytest.approx(16 * wall + sum(r.max_w for r in plan.racks if r.role == "network"))
    assert not [v for v in plan.violations if v.code in ("cluster.rack-over-kw", "cluster.feed-loss-overload")]
    assert plan.gpus == 128 and plan.fabric is not None and plan.fabric.leaves == 8


def test_small_feeds_mean_fewer_servers_per_rack(catalog, hgx):
    pdu = PduSpec(voltage_v=230, phases=1, breaker_a=32, per_feed=2)    # 2 x 7.2 kW x 0.98 x 0.8 = 11.5 kW
    plan = plan_cluster(_spec(hgx, 4, kw_limit=40, pdu=pdu), catalog)
    assert [r.servers for r in plan.racks if r.role == "compute"] == [1, 1, 1, 1]
    assert not [v for v in plan.violations if v.code.startswith("cluster.feed")]


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
    plan = plan_cluster(_spec(hgx, 2, kw_limit=40, servers_per_rack=2, pdu=pdu), catalog)
    assert any(v.code == "cluster.feed-over-continuous" for v in plan.violations)   # 10.1 kW a feed
    alone = plan_cluster(_spec(hgx, 1, kw_limit=40, pdu=pdu), catalog)              # too big for any rack:
    assert [r.servers for r in alone.racks if r.role == "compute"] == [1]                                # placed alone, and said
    assert any(v.code == "cluster.feed-loss-overload" for v in alone.violations)


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
    assert Msg("cluster.item.pdu") in plan.cost.on_request       # no unit price in the spec: on request, not in the total
    assert plan.cost.tco == plan.cost.capex + 5 * (plan.cost.energy_cost_per_year + plan.cost.support_per_year)


def _seed(catalog, gbps: float = 400.0):
    build = load_build(EX / "seed-7b-training.json")
    fig = server_figures(build, catalog, _spec(build, 1))
    return fig, step_inputs(fig, gbps, 1.0)     # as if on `gbps` of NICs per GPU


def test_scaling_adds_the_gradient_all_reduce(catalog):
    fig, inp = _seed(catalog)
    assert inp is not None and fig.train_days is not None
    one = point(inp, 1, TrainingSpec())
    assert one.comm_s == 0 and one.days == pytest.approx(fig.train_days)
    four = point(inp, 4, TrainingSpec())
    # ring all-reduce of each GPU's 1/g shard: 2 (S-1)/S x G/g bytes at 50 GB/s, x1.5 for ZeRO-3
    g = fig.gpus
    expect = 2 * 3 / 4 * inp.grad_bytes / g * 1.5 / 50e9
    assert four.comm_s == pytest.approx(expect) and four.efficiency == pytest.approx(four.compute_s / four.step_s)
    assert four.days == pytest.approx(fig.train_days / 4 / four.efficiency)
    hidden = point(inp, 4, TrainingSpec(overlap_pct=100))
    assert hidden.efficiency == 1.0


def test_fixed_global_batch_shows_diminishing_returns(catalog):
    _, inp = _seed(catalog, 100.0)
    assert inp is not None
    pts = curve(inp, 16, TrainingSpec(global_batch_tokens=4e6))
    effs = [p.efficiency for p in pts]
    assert effs == sorted(effs, reverse=True) and effs[-1] < 0.9 * effs[1]
    speedups = [pts[0].days / p.days for p in pts]
    assert all(b > a for a, b in zip(speedups, speedups[1:], strict=False))    # still faster ...
    assert speedups[-1] < pts[-1].servers * 0.9                                 # ... but far from linear


def test_servers_for_a_deadline(catalog):
    fig, inp = _seed(catalog, 100.0)
    assert inp is not None and fig.train_days is not None
    training = TrainingSpec(global_batch_tokens=4e6)
    n = servers_for(inp, 10.0, training)
    assert n is not None and point(inp, n, training).days <= 10.0 < point(inp, n - 1, training).days
    assert n > math.ceil(fig.train_days / 10.0)           # more than perfect scaling would need
    hgx = load_build(EX / "hgx-h100-8gpu.json")
    assert step_inputs(server_figures(hgx, catalog, _spec(hgx, 1)), 400.0, 1.0) is None   # no workload
