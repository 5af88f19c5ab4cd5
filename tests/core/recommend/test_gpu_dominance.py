"""`recommend` with a big user catalog (issue 31): 5,000 GPUs took 160 s and 0.9 GB. GPUs another
GPU dominates (fits wherever it fits, no worse on any figure the search reads, no dearer) are
dropped before the sweep, so thousands of variants of a few cards sweep like a few cards, and the
recommendation is the same as without them."""

from __future__ import annotations

import json
import time
from decimal import Decimal
from pathlib import Path

import pytest

from configurator.core.catalog import Catalog
from configurator.core.evaluate.workload import Workload
from configurator.core.recommend import Request, recommend
from configurator.core.recommend.options import undominated_gpus
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator

SEED = Path(__file__).parents[3] / "examples" / "seed-7b-training.json"
H100 = "nvidia-h100-pcie-80gb"


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog()


def _with(catalog: Catalog, copies: dict[str, tuple[dict, Decimal]]) -> Catalog:
    """`catalog` plus copies of the H100 PCIe: id -> (changed fields, price)."""
    base, price = catalog.get(H100), catalog.price(H100)
    assert base is not None and price is not None
    parts, prices = dict(catalog.parts), dict(catalog.prices)
    for pid, (changes, amount) in copies.items():
        parts[pid] = base.model_copy(update={"id": pid, "name": pid, **changes})
        prices[pid] = price.model_copy(update={"part_id": pid, "price": amount})
    return Catalog(parts=parts, prices=prices)


def _gpus(catalog: Catalog) -> list:
    return [p for p in catalog.by_category("gpu") if catalog.price(p.id) is not None]


def test_dominated_variants_go_and_the_rest_stay(shipped):
    price = shipped.price(H100).price
    cat = _with(shipped, {
        "worse-dearer": ({"memory_gb": 40}, price + 1),         # less memory, dearer: dominated
        "same-dearer": ({}, price + 1),                         # identical but dearer: dominated
        "hotter": ({"tdp_w": 400}, price),                       # more power for nothing: dominated
        "cheaper": ({"memory_gb": 40}, price - 1000),           # cheaper with less memory: a trade-off, kept
        "faster": ({"memory_bandwidth_gbs": 3000}, price + 1),  # dearer but faster: kept
        "wider": ({"slot_width": 3, "memory_gb": 40}, price + 1),   # fits elsewhere: never compared
        "owned": ({"memory_gb": 40}, price + 1),                 # the customer has it: kept
    })
    kept = {g.id for g in undominated_gpus(_gpus(cat), cat, {"owned"})}
    assert {"worse-dearer", "same-dearer", "hotter"}.isdisjoint(kept)
    assert {"cheaper", "faster", "wider", "owned", H100} <= kept
    assert {g.id for g in _gpus(shipped)} <= kept          # no shipped GPU is dropped by another shipped one


def test_two_thousand_variants_recommend_the_same_in_bounded_time(shipped):
    price = shipped.price(H100).price
    copies = {f"user-gpu-{i}": ({"memory_gb": 40 + i % 40, "tdp_w": 350 + i % 50}, price + i) for i in range(2000)}
    wl = Workload.model_validate(json.loads(SEED.read_text())["workload"])
    wl = wl.model_copy(update={"train": wl.train.model_copy(update={"tokens": 1e10})})
    request = Request(workload=wl, deadline_days=14, budget=Decimal("200000"), max_servers=2)
    plain = recommend(request, default_evaluator(shipped))
    big = _with(shipped, copies)
    start = time.monotonic()
    crowded = recommend(request, default_evaluator(big))
    took = time.monotonic() - start
    assert [(r.build.placements, r.servers) for r in crowded.results] == \
        [(r.build.placements, r.servers) for r in plain.results]
    assert took < 60, took          # minutes before the pruning


def test_progress_is_reported_per_block_up_to_the_total(shipped):
    wl = Workload.model_validate(json.loads(SEED.read_text())["workload"])
    seen: list[tuple[int, int]] = []
    rec = recommend(Request(workload=wl, deadline_days=14, max_servers=1), default_evaluator(shipped),
                    lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (rec.blocks, rec.blocks) and [d for d, _ in seen] == list(range(1, rec.blocks + 1))


def test_the_cli_shows_progress_on_a_terminal_after_a_second_and_clears_it(monkeypatch, capsys):
    from configurator.cli import recommend_command

    clock = iter([0.0, 0.5, 1.5, 1.6, 2.0, 3.0])
    monkeypatch.setattr(recommend_command.time, "monotonic", lambda: next(clock))
    show = recommend_command._progress()
    for done in (1, 2, 3, 4, 5):
        show(done, 5)
    err = capsys.readouterr().err
    assert "searching: block 1 of 5" not in err          # under a second: nothing
    assert "\rsearching: block 2 of 5\r" in err and err.endswith("\r\033[K")
