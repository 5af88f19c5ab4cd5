"""The evaluator: never crashes, wires the rules and the workload, is frozen, and memoises by value."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest
from pydantic import ValidationError

from configurator.core import evaluator as evaluator_module
from configurator.core.build import Build
from configurator.core.context import resolve
from configurator.core.evaluate import Evaluation, compute_figures
from configurator.core.evaluate import workload as workload_module
from configurator.core.evaluate.workload import Workload
from configurator.core.evaluator import Evaluator, evaluate
from configurator.core.fx import FxTable
from configurator.core.message import Msg, Num
from configurator.core.rules import check
from configurator.core.slots import chassis_slots
from configurator.store import paths

FX = FxTable({"USD": Decimal(1), "EUR": Decimal("0.86")}, {"USD": 2, "EUR": 2}, "test rates")


def test_full_build(hgx, catalog):
    ev = evaluate(hgx, catalog, fx=FX)
    assert isinstance(ev, Evaluation)
    assert (ev.chassis_id, ev.chassis_name, ev.rack_units, ev.weight_kg) == ("hgx-test", "Test HGX 8U", 8, 130)
    assert ev.cost.total == sum(line.extended for line in ev.cost.lines)
    assert ev.tco.capex == ev.cost.subtotal_hardware
    assert any(a.id == "assume.airflow" and a["delta_f"] == Num(20, "g") for a in ev.assumptions)
    with pytest.raises(ValidationError):
        ev.rack_units = 4  # frozen


def test_empty_build(make_build, catalog):
    ev = evaluate(make_build("hgx-test", {}), catalog)
    assert ev.compute.gpu_count == 0 and ev.memory.capacity_gb == 0
    assert ev.psu.count == 0 and ev.psu.usable_w == 0
    assert ev.power.max_w == 600 + 300          # chassis base + baseboard
    assert ev.power.efficiency_assumed
    assert ev.bandwidth.chain == () and ev.thermal.cooling_id == ""
    assert [line.part_id for line in ev.cost.lines if line.kind == "hardware"] == ["hgx-test"]


def test_unknown_chassis(make_build, catalog):
    ev = evaluate(make_build("no-such-chassis", {"GPU1": "gpu-sxm"}), catalog)
    assert (ev.chassis_name, ev.rack_units, ev.power.max_w, ev.cost.total) == ("", 0, 0, Decimal(0))
    assert ev.compute.gpu_count == 0 and ev.psu.bays == 0
    assert [v.code for v in ev.violations] == ["fit.unknown-chassis"]


def test_unknown_parts_and_slots(make_build, catalog):
    b = make_build("hgx-test", {"GPU1": "gpu-sxm", "GPU2": "not-a-part", "NOPE9": "gpu-sxm"})
    ev = evaluate(b, catalog)
    assert ev.compute.gpu_count == 1


def test_never_crashes_on_random_builds(make_build, catalog):
    rng = random.Random(7)
    part_ids = sorted(catalog.parts)
    for n in range(150):
        chassis = rng.choice(["hgx-test", "pcie-test"])
        slots = [s.id for s in chassis_slots(catalog.chassis(chassis))] + ["BOGUS1"]
        place = {rng.choice(slots): rng.choice(part_ids + ["missing-part"]) for _ in range(rng.randint(0, 40))}
        site = {"input_voltage_v": rng.choice([100, 120, 208, 230, 277, 400]),
                "ambient_c": rng.uniform(-20, 60), "altitude_m": rng.uniform(-500, 6000),
                "currency": rng.choice(["USD", "EUR", "JPY", "XYZ"])}
        com = {"utilization_pct": rng.uniform(0, 100), "tco_years": rng.randint(1, 15)}
        mode = rng.choice(["", "N", "N+1", "N+N", "4+2", "2+2", "zz"])
        b = make_build(chassis, place, site=site, commercial=com, psu_redundancy=mode,
                       workload=rng.choice([None, {}, {"bogus": 1}]))
        ev = evaluate(b, catalog)
        assert ev.power.peak_w >= ev.power.max_w >= ev.power.typical_w >= 0
        assert ev.cost.total == sum((line.extended for line in ev.cost.lines if line.extended is not None),
                                    Decimal(0))


def test_compute_figures_is_pure(hgx, catalog):
    f = compute_figures(resolve(hgx, catalog))
    assert compute_figures(resolve(hgx, catalog)) == f
    assert f.power.max_w > 0 and f.bandwidth.bottleneck


def test_violations_are_the_rules_on_the_same_figures(hgx, catalog, monkeypatch):
    seen = {}

    def spy(build, catalog_, *, ctx=None, figures=None, memo=None):
        seen.update(build=build, ctx=ctx, figures=figures)
        return check(build, catalog_, ctx=ctx, figures=figures, memo=memo)

    monkeypatch.setattr(evaluator_module, "check_rules", spy)
    hgx.placements = {**hgx.placements, "PSU6": "nope"}   # something to report
    ev = Evaluator(catalog).evaluate(hgx)
    assert seen["build"] is hgx and seen["figures"].power is ev.power and seen["ctx"].chassis.id == "hgx-test"
    assert ev.violations == check(hgx, catalog) and ev.violations
    assert Evaluator(catalog).check(hgx) == ev.violations


def test_workload_wiring(hgx, catalog, monkeypatch):
    calls: list = []

    def spy(wl, **kw):
        calls.append((wl, kw))
        return "result"

    monkeypatch.setattr(workload_module, "evaluate_workload", spy)   # the evaluator imports it when it runs one
    spec = {"model": {"name": "m", "layers": 2, "hidden": 64, "heads": 4, "kv_heads": 4, "ffn": 128,
                      "vocab": 100}, "mode": "train"}
    ev = evaluate(hgx, catalog, workload=spec)
    assert ev.workload == "result"
    wl, kw = calls[0]
    assert wl == Workload.model_validate(spec)
    assert kw == {"gpu_memory_gb": 80, "n_gpus": 8, "gpu_bf16_tflops": 989, "gpu_fp8_tflops": 1979,
                  "gpu_bandwidth_gbs": 3350, "tp_link": None}     # training: no tensor-parallel all-reduces charged
    hgx.workload = {**spec, "mode": "infer"}
    evaluate(hgx, catalog)
    assert calls[-1][0].mode == "infer"
    # serving on the HGX board: the tensor-parallel group's all-reduces cross its fabric
    link = calls[-1][1]["tp_link"]
    assert link is not None and link.kind == "scaleup" and link.gbs > 0
    hgx.workload = {"wrong": 1}   # invalid: no crash, no result
    assert evaluate(hgx, catalog).workload is None


def test_real_workload_model(hgx, catalog):
    spec = {"model": {"name": "m", "layers": 2, "hidden": 64, "heads": 4, "kv_heads": 4, "ffn": 128,
                      "vocab": 100}, "mode": "train"}
    ev = evaluate(hgx, catalog, workload=spec)
    assert ev.workload.fits and ev.workload.max_batch > 1
    assert evaluate(hgx, catalog, workload={"anything": 1}).workload is None


def test_fx_is_injected(make_build, catalog):
    from _evalparts import hgx_placements
    build = make_build("hgx-test", hgx_placements(), site={"currency": "EUR"})
    usd_only = evaluate(build, catalog)
    assert usd_only.cost.missing_prices and not any(a.id == "assume.fx" for a in usd_only.assumptions)
    fx = FxTable({"USD": Decimal(1), "EUR": Decimal("0.5")}, {"USD": 2, "EUR": 2}, "test rates (estimate)")
    ev = Evaluator(catalog, fx).evaluate(build)
    assert not ev.cost.missing_prices and Msg("assume.fx", fx_note="test rates (estimate)") in ev.assumptions


def test_presets_are_injected_read_only(catalog):
    shape = Workload.model_fields["model"].annotation
    ev = Evaluator(catalog, presets={"tiny": shape(name="t", layers=1, hidden=8, heads=2, kv_heads=2, ffn=8,
                                                   vocab=10)})
    assert list(ev.presets) == ["tiny"] and Evaluator(catalog).presets == {}
    with pytest.raises(TypeError):
        ev.presets["other"] = ev.presets["tiny"]  # type: ignore[index]


def _example(name):
    path = paths.examples_dir() / name
    if not path.exists():
        pytest.skip(f"examples/{name} not written yet")
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("format", None)
    data.pop("kind", None)
    return Build.model_validate(data)


@pytest.fixture(scope="module")
def shipped():
    from configurator.store.catalogs import load_catalog
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def test_example_hgx_h100_is_plausible(shipped):
    ev = evaluate(_example("hgx-h100-8gpu.json"), shipped)
    assert ev.compute.gpu_count == 8
    assert 6000 <= ev.power.wall_max_w <= 11000          # an 8-GPU HGX draws roughly 6–11 kW at max
    assert ev.power.typical_w < ev.power.max_w <= ev.power.peak_w
    assert ev.psu.usable_w > ev.power.peak_w and ev.thermal.capacity_w > ev.thermal.heat_max_w
    assert ev.bandwidth.gpu_gpu_gbs == pytest.approx(450)   # NVLink 4: 900 GB/s bidirectional
    assert ev.bandwidth.bottleneck in ("storage", "host-memory", "pcie")
    assert ev.bandwidth.network_gbps_per_gpu >= 400        # one 400G NIC per GPU, as in a DGX


@pytest.mark.parametrize("name", sorted(p.name for p in paths.examples_dir().glob("*.json")))
def test_every_example_evaluates(name, shipped):
    ev = evaluate(_example(name), shipped)
    assert ev.chassis_name and ev.power.max_w > 0
    assert ev.cost.total == sum((line.extended for line in ev.cost.lines if line.extended is not None),
                                Decimal(0))
    if ev.tco.own_by_month:
        assert ev.tco.own_by_month[-1] == ev.tco.total


def test_misplaced_parts_do_not_act_as_cpus_psus_or_cooling(make_build, catalog):
    # a hand-edited file may put a part in a slot of the wrong kind; the rules report it
    b = make_build("hgx-test", {"CPU1_DIMM_A1": "cpu-spr", "CPU1": "cpu-spr", "NIC1": "psu-3000",
                                "NVME1": "air-hgx", "X1": "dimm-64-4800"})
    ev = evaluate(b, catalog)
    assert ev.memory.dimm_count == 0 and ev.psu.count == 0 and ev.thermal.cooling_id == ""
    assert ev.memory.sockets_populated == 1


def test_unvalidated_results_would_pass_validation(hgx, catalog):
    # results are built without validation for speed; they must hold exactly what validation would give
    ev = evaluate(hgx, catalog)
    for family in (ev.power, ev.psu, ev.thermal, ev.compute, ev.memory, ev.bandwidth, ev.cost, ev.tco,
                   ev.power.lines[0], ev.cost.lines[0], ev.bandwidth.chain[0]):
        # from its fields' values: a dump would turn a message (`Msg`, words made at the edge) into a dict
        again = type(family).model_validate(dict(family))
        assert again == family
        assert list(family.__dict__) == list(type(family).model_fields)   # field order kept
    assert list(ev.__dict__) == list(Evaluation.model_fields)


def test_memos_follow_every_input(make_build, catalog):
    from _evalparts import hgx_placements, make_catalog
    place = hgx_placements()
    ev_ = Evaluator(catalog)

    def evaluate(build, catalog_):   # one evaluator, as in a session: its memos carry over
        return ev_.evaluate(build) if catalog_ is catalog else Evaluator(catalog_).evaluate(build)
    base = evaluate(make_build("hgx-test", place), catalog)
    again = evaluate(make_build("hgx-test", dict(place)), catalog)
    assert again.power is base.power and again.bandwidth is base.bandwidth     # memo hit
    hot = evaluate(make_build("hgx-test", place, site={"ambient_c": 40}), catalog)
    assert hot.power is base.power and hot.thermal.capacity_w < base.thermal.capacity_w
    low = evaluate(make_build("hgx-test", place, site={"input_voltage_v": 120}), catalog)
    assert low.psu.rating_w == 1350 and low.thermal is base.thermal
    nn = evaluate(make_build("hgx-test", place, psu_redundancy="N+N",
                             psu_feeds={"PSU1": "A", "PSU2": "A", "PSU3": "A", "PSU4": "A"}), catalog)
    assert nn.psu.feeds == {"A": 5, "B": 1} and nn.psu.active == 1   # PSU5 alternates to A
    eur = evaluate(make_build("hgx-test", place, site={"currency": "EUR"}), catalog)
    assert eur.cost.currency == "EUR" and eur.tco.currency == "EUR" and eur.cost.total != base.cost.total
    dear = evaluate(make_build("hgx-test", place, site={"electricity_price_kwh": "0.30"}), catalog)
    assert dear.cost is base.cost and dear.tco.energy_cost_per_year > base.tco.energy_cost_per_year
    rent = evaluate(make_build("hgx-test", place, commercial={"rent_per_gpu_hour": "9"}), catalog)
    assert rent.tco.rent_per_gpu_hour == 9
    repriced = make_catalog({**__import__("_evalparts").PRICES, "gpu-sxm": ("1", "USD")})
    assert evaluate(make_build("hgx-test", place), repriced).cost.total < base.cost.total
    fewer = dict(place)
    del fewer["GPU8"]
    assert evaluate(make_build("hgx-test", fewer), catalog).compute.gpu_count == 7


def test_memoised_equals_fresh(make_build, catalog):
    rng = random.Random(11)
    part_ids = sorted(catalog.parts)
    builds = []
    for _ in range(40):
        chassis = rng.choice(["hgx-test", "pcie-test"])
        slots = [s.id for s in chassis_slots(catalog.chassis(chassis))]
        place = {rng.choice(slots): rng.choice(part_ids) for _ in range(rng.randint(0, 30))}
        builds.append(make_build(chassis, place, site={"ambient_c": rng.choice([20, 35]),
                                                       "currency": rng.choice(["USD", "JPY"])}))
    warm_evaluator = Evaluator(catalog)
    warm = [warm_evaluator.evaluate(b).model_dump() for b in builds + builds]
    fresh = [Evaluator(catalog).evaluate(b).model_dump() for b in builds + builds]
    assert warm == fresh


def test_memos_are_bounded_and_per_evaluator(make_build, catalog):
    from _evalparts import hgx_placements
    a, b = Evaluator(catalog), Evaluator(catalog)
    place = hgx_placements()
    first = a.evaluate(make_build("hgx-test", place))
    assert a.evaluate(make_build("hgx-test", dict(place))).power is first.power   # equal value: a hit
    assert b.evaluate(make_build("hgx-test", place)).power is not first.power      # nothing shared
    for ambient in range(-20, 60):
        for volts in (208, 230):
            a.evaluate(make_build("hgx-test", place, site={"ambient_c": ambient, "input_voltage_v": volts}))
    assert len(a._families) <= 1024 and len(a._rule_facts) <= 4096


def test_rules_read_only_the_inputs_their_memo_is_keyed_on():
    # the evaluator memoises the violations on RULE_INPUTS; a rule reading another build field
    # (e.g. build.commercial) would be served stale violations, so it must be added to the key
    import re
    from pathlib import Path

    import configurator.core.rules as rules_pkg
    read = set()
    for path in Path(rules_pkg.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        read |= {m.group(1) + (f".{m.group(2)}" if m.group(1) == "site" else "")
                 for m in re.finditer(r"\bbuild\.([a-z_]+)(?:\.([a-z_]+))?", text)}
    assert read and read <= evaluator_module.RULE_INPUTS, read - evaluator_module.RULE_INPUTS


def test_violations_follow_the_options_they_read(make_build, catalog):
    from _evalparts import hgx_placements
    ev = Evaluator(catalog)
    place = hgx_placements()
    base = ev.evaluate(make_build("hgx-test", place))
    low = ev.evaluate(make_build("hgx-test", place, site={"input_voltage_v": 120}))
    assert {v.code for v in low.violations} != {v.code for v in base.violations}
    assert low.violations == check(make_build("hgx-test", place, site={"input_voltage_v": 120}), catalog)
    priced = ev.evaluate(make_build("hgx-test", place, site={"electricity_price_kwh": "0.5"}))
    assert priced.violations is base.violations   # the rules do not read prices: memo hit
