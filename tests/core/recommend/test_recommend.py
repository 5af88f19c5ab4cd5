"""The recommender end to end: the seed's 7B case, every shown build checks clean, constraints hold."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from configurator.core.evaluate.workload import Workload
from configurator.core.recommend import Request, recommend
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator

SEED = Path(__file__).parents[3] / "examples" / "seed-7b-training.json"


@pytest.fixture(scope="module")
def evaluator():
    return default_evaluator(load_catalog())


@pytest.fixture(scope="module")
def seed_case(evaluator):
    wl = Workload.model_validate(json.loads(SEED.read_text())["workload"])
    wl = wl.model_copy(update={"train": wl.train.model_copy(update={"tokens": 1e10})})
    return recommend(Request(workload=wl, deadline_days=14, budget=Decimal("200000"), max_servers=2), evaluator)


def test_seed_7b_recommends_two_80gb_among_cheapest(seed_case) -> None:
    """The seed's case: 7B, mixed-precision AdamW, ZeRO-3 — a 2 × 80 GB build among the cheapest valid ones."""
    cheapest = sorted(seed_case.results, key=lambda r: r.price)[:3]     # with a budget the front is fastest first
    assert any(r.evaluation.compute.gpu_count == 2 and r.evaluation.compute.vram_gb_per_gpu == 80
               for r in cheapest), [(r.evaluation.compute.gpu_count, r.evaluation.compute.gpu_model)
                                    for r in cheapest]


def test_every_result_checks_clean_and_meets_constraints(seed_case, evaluator) -> None:
    assert seed_case.results
    for r in seed_case.results:
        assert not [v for v in evaluator.check(r.build) if v.severity == "error"]
        assert r.price <= Decimal("200000") and r.days is not None and r.days <= 14
        assert r.evaluation.workload is not None and r.evaluation.workload.fits
        assert r.reasons


def test_budget_with_the_default_objective_gives_the_best_build_within_it(seed_case) -> None:
    """A budget asks for the best build it buys (#26): the fastest first, every one within the budget."""
    res = seed_case.results
    assert res[0].days == min(r.days for r in res) and res[0].price <= Decimal("200000")
    assert res[0].reasons[0].template == "Fastest of the builds that meet every constraint."
    assert [r.days for r in res] == sorted(r.days for r in res)


def test_front_is_pareto(seed_case) -> None:
    res = seed_case.results
    for a in res:
        assert not any(b.price <= a.price and b.days < a.days for b in res if b is not a)


def test_impossible_budget_says_why(evaluator) -> None:
    wl = Workload.model_validate(json.loads(SEED.read_text())["workload"])
    rec = recommend(Request(workload=wl, budget=Decimal("10"), max_servers=1), evaluator)
    assert not rec.results and "budget" in rec.none_reason


def test_training_gets_linked_gpus(seed_case) -> None:
    """Memory and interconnect first: multi-GPU training builds have NVLink bridges or a GPU baseboard."""
    for r in seed_case.results:
        if r.evaluation.compute.gpu_count > 1 and not r.evaluation.chassis_id.startswith(("nvidia-dgx",)):
            assert r.build.bridges or "GPU1" in r.build.placements
