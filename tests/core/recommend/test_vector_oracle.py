"""The vectorised evaluator against the scalar `Evaluator` on random candidates: verdicts exactly,
figures to 1e-9 relative (money exactly, in minor units)."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest

from configurator.core.cluster.scaling import job_inputs, point
from configurator.core.cluster.spec import TrainingSpec
from configurator.core.evaluate.workload import Workload, evaluate_workload
from configurator.core.recommend.lookup import block_table, build_tables
from configurator.core.recommend.options import Choice, blocks, build_of
from configurator.core.recommend.request import Request
from configurator.core.recommend.sweep import SUPPORT_PCT, Sweep, choice_candidates
from configurator.core.recommend.vector import WorkTable, energy_price, evaluate
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator

SEED = Path(__file__).parents[3] / "examples" / "seed-7b-training.json"
REL = 1e-9


@pytest.fixture(scope="module")
def world():
    cat = load_catalog()
    ev = default_evaluator(cat)
    wl = Workload.model_validate(json.loads(SEED.read_text())["workload"])
    req = Request(workload=wl, ambient_c=30.0, owned={"nvidia-h100-pcie-80gb": 1})
    found = list(blocks(req, cat))
    t = build_tables(found, cat, ev.fx, req)
    bt = block_table(found, t, req, cat, ev.fx)
    sweep = Sweep(t, bt, WorkTable(wl, list(t.parts)), req, energy_price(ev.fx, req.electricity_price_kwh_usd,
                                                                         req.currency))
    return ev, req, found, sweep


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= REL * max(abs(a), abs(b), 1e-12)


def _check(world, n: int, seed: int) -> None:
    ev, req, found, sweep = world
    rng = random.Random(seed)
    picks = []
    for _ in range(n):
        i = rng.randrange(len(found))
        b = found[i]
        servers = rng.choice((1, 1, 2, 4))
        picks.append((i, Choice(*(rng.randrange(k) for k in b.shape)), servers))
    c = choice_candidates(sweep, found, picks)
    fig = evaluate(sweep.tables, sweep.btab, c, sweep.work, support_pct=SUPPORT_PCT, years=req.tco_years,
                   energy_price=sweep.energy_price, target_is_train=True)
    scale = sweep.tables.scale
    for row, (i, choice, servers) in enumerate(picks):
        build = build_of(found[i], choice, req, servers)
        e = ev.evaluate(build)
        codes = {v.code for v in e.violations if v.severity == "error"}
        where = f"{build.chassis} {choice} x{servers}"
        assert bool(fig.psu_ok[row]) == ("power.insufficient" not in codes and "power.feed-capacity" not in codes), where
        assert bool(fig.thermal_ok[row]) == ("thermal.capacity" not in codes), where
        for name, want in (("idle_w", e.power.idle_w), ("typical_w", e.power.typical_w), ("max_w", e.power.max_w),
                           ("peak_w", e.power.peak_w), ("wall_max_w", e.power.wall_max_w),
                           ("usable_w", e.psu.usable_w), ("host_gb", e.memory.capacity_gb),
                           ("vram_gb", e.compute.vram_gb)):
            assert _close(float(getattr(fig, name)[row]), want), (where, name)
        assert Decimal(int(fig.hardware[row])) / scale == e.cost.subtotal_hardware, where
        assert Decimal(int(fig.price[row])) / scale == e.cost.total, where
        assert _close(int(fig.tco[row]) / scale, float(e.tco.total)), where
        if servers == 1:
            w = e.workload
        else:   # the job spread over every server's GPUs, as the cluster trains it
            c1 = e.compute
            w = evaluate_workload(req.workload, gpu_memory_gb=c1.vram_gb_per_gpu, n_gpus=c1.gpu_count * servers,
                                  gpu_bf16_tflops=c1.bf16_tflops_per_gpu, gpu_fp8_tflops=c1.fp8_tflops_per_gpu or None,
                                  gpu_bandwidth_gbs=c1.hbm_bandwidth_gbs_per_gpu)
        assert w is not None
        assert bool(fig.fits[row]) == w.fits, where
        days = w.train_days
        if servers > 1:     # as `configurator cluster --from` trains it (cluster/scaling.py), at the fastest
            net = e.bandwidth.network_gbps_per_gpu / 8.0   # pipeline depth dividing the servers and the layers
            single = e.workload.train_days if e.workload is not None else 0.0
            inp = job_inputs(req.workload, e.compute.gpu_count, w.train_flops, single, net)
            depths = [p for p in (1, 2, 4, 8, 16) if servers % p == 0 and req.workload.model.layers % p == 0]
            days = min(point(inp, servers, TrainingSpec(pipeline_stages=p)).days for p in depths) if net > 0 \
                else float("inf")
        assert float(fig.days[row]) == days or _close(float(fig.days[row]), days), where


def test_vector_matches_scalar_small(world) -> None:
    _check(world, 300, seed=1)


@pytest.mark.slow
def test_vector_matches_scalar_10k(world) -> None:
    _check(world, 10_000, seed=2)


def test_grid_equals_rows(world) -> None:
    """A block's broadcast grid gives the same figures as its rows gathered one by one."""
    ev, req, found, sweep = world
    from configurator.core.recommend.sweep import block_candidates
    i = next(k for k, b in enumerate(found) if b.n_gpu == 2)
    b = found[i]
    grid = sweep.evaluate(block_candidates(i, b, sweep.tables))
    rows = [(i, Choice(*map(int, idx)), 1) for idx in np.ndindex(*b.shape)][:500]
    fig = sweep.evaluate(choice_candidates(sweep, found, rows))
    for name in ("peak_w", "price", "tco", "host_gb"):
        full = np.broadcast_to(getattr(grid, name), b.shape).reshape(-1)[:500]
        assert np.array_equal(full, getattr(fig, name)), name


def test_pruning_keeps_each_blocks_cheapest(world) -> None:
    """Dominance pruning never loses a block's cheapest valid server (so never a front build)."""
    from configurator.core.recommend.prune import keep_axes, sub_block
    from configurator.core.recommend.sweep import block_candidates, money, server_ok
    ev, req, found, sweep = world
    for i in range(0, len(found), max(1, len(found) // 12)):
        b = found[i]
        costs = []
        for block in (b, sub_block(b, keep_axes(b, sweep.tables))):
            c = block_candidates(i, block, sweep.tables)
            fig = sweep.evaluate(c)
            ok = np.broadcast_to(server_ok(fig, req, c), block.shape)
            cost = np.broadcast_to(money(fig, req), block.shape)
            costs.append(int(cost[ok].min()) if ok.any() else None)
        assert costs[0] == costs[1], (b.chassis.id, b.gpu.id, b.n_gpu)
