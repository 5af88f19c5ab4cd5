"""Candidates per second of the vectorised recommender evaluator against the scalar `Evaluator`, in one
run, and the full sweep over the shipped catalog (seconds, candidate count).

    PYTHONPATH=. python bench/bench_recommend.py [--scalar N] [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from configurator.core.evaluate.workload import Workload
from configurator.core.recommend import Request, recommend
from configurator.core.recommend.lookup import block_table, build_tables
from configurator.core.recommend.options import Choice, blocks, build_of
from configurator.core.recommend.sweep import Sweep, block_candidates
from configurator.core.recommend.vector import WorkTable, energy_price
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator

SEED = Path(__file__).parents[1] / "examples" / "seed-7b-training.json"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scalar", type=int, default=300, help="scalar evaluations timed")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cat = load_catalog()
    ev = default_evaluator(cat)
    req = Request(workload=Workload.model_validate(json.loads(SEED.read_text())["workload"]))
    found = list(blocks(req, cat))
    t = build_tables(found, cat, ev.fx, req)
    sweep = Sweep(t, block_table(found, t, req, cat, ev.fx), WorkTable(req.workload, list(t.parts)), req,
                  energy_price(ev.fx, req.electricity_price_kwh_usd, req.currency))
    vec = []    # the unpruned grids: the vectorised path's own speed
    for _ in range(args.repeat):
        start, n = time.perf_counter(), 0
        for i, b in enumerate(found):
            c = block_candidates(i, b, t)
            sweep.evaluate(c)
            n += len(c)
        vec.append(n / (time.perf_counter() - start))
    rng = random.Random(0)
    builds = []
    for _ in range(args.scalar):
        b = rng.choice(found)
        builds.append(build_of(b, Choice(*(rng.randrange(k) for k in b.shape)), req))
    start = time.perf_counter()
    for build in builds:
        ev.evaluate(build)
    scalar = args.scalar / (time.perf_counter() - start)
    sweeps = []
    for _ in range(args.repeat):
        rec = recommend(req, ev)
        sweeps.append(rec.seconds)
    v = statistics.median(vec)
    print(f"vectorised: {v:,.0f} candidates/s (median of {args.repeat})")
    print(f"scalar:     {scalar:,.0f} candidates/s ({args.scalar} evaluations)")
    print(f"ratio:      {v / scalar:,.0f}x")
    print(f"full sweep: {statistics.median(sweeps):.2f} s median, {rec.enumerated:,} valid servers in {rec.blocks} "
          f"blocks, {rec.candidates:,} scored after dominance pruning, {len(rec.results)} on the front")


if __name__ == "__main__":
    main()
