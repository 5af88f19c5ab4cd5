"""Benchmark `evaluate` (which runs the rules' `check` too) on the largest example build.

Run on demand, not a test:

    .venv/bin/python bench/bench_engine.py            # 2000 runs of the largest examples/*.json
    .venv/bin/python bench/bench_engine.py -n 5000
    .venv/bin/python bench/bench_engine.py --synthetic  # the tests' synthetic 8-GPU HGX build

Target: median ≤ 1 ms for check + evaluate. Reported: median and p95 (wall clock) and the
median of this thread's CPU time, for
  - evaluate (resolve + figures + cost/TCO + rules.check), the same build every run;
  - the same, with the electricity price changed every run: the TCO month series is recomputed,
    unchanged power/BOM lines come from their memos — the closest proxy for an edit in the GUI;
  - as after a one-slot edit: family results and the TCO series recomputed, per-part power
    and BOM lines from their memos;
  - the same build with every memo cleared before each run: a cold start, worst case
    (per-chassis slot/topology caches stay warm);
  - evaluate without the rules, and rules.check alone (given ctx and figures), for the split.
Rows take turns in blocks (`--block`, default 100 runs) so background load on the shared
machine hits them alike.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from configurator import paths  # noqa: E402
from configurator.core.build import Build  # noqa: E402
from configurator.core.catalog import Catalog  # noqa: E402
from configurator.core.context import resolve  # noqa: E402
from configurator.core.evaluate import compute_figures, engine, evaluate  # noqa: E402
from configurator.core.evaluate import cost as cost_module  # noqa: E402
from configurator.core.evaluate._fast import clear_memos  # noqa: E402


def largest_example() -> tuple[str, Build, Catalog]:
    from configurator.io.catalog_io import load_catalog

    best = None
    for path in sorted(paths.examples_dir().glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "chassis" not in data:
            continue
        data.pop("format", None)
        data.pop("kind", None)
        try:
            build = Build.model_validate(data)
        except ValueError:
            continue
        if best is None or len(build.placements) > len(best[1].placements):
            best = (path.name, build)
    if best is None:
        raise SystemExit("no example builds in examples/ yet; try --synthetic")
    return best[0], best[1], load_catalog([paths.catalog_dir()], [paths.price_dir()])


def synthetic() -> tuple[str, Build, Catalog]:
    sys.path.insert(0, str(ROOT / "tests" / "core" / "evaluate"))
    from _evalparts import hgx_placements, make_catalog

    build = Build.model_validate({"chassis": "hgx-test", "placements": hgx_placements()})
    return "synthetic 8-GPU HGX (tests/core/evaluate/_evalparts.py)", build, make_catalog()


Row = tuple[str, Callable[[int], object], Callable[[], None]]


def measure(rows: list[Row], n: int, block: int = 100) -> list[tuple[str, float, float, float]]:
    """(label, wall median, wall p95, CPU-time median) in µs for each row, over `n` runs each.

    Rows take turns in blocks of `block` runs (row 1 × 100, row 2 × 100, …, then again), so a
    burst of background load on the shared 2-core machine hits every row alike while each block
    still runs with warm caches, as a burst of edits in the GUI does. `block=1` interleaves run by
    run: the pessimistic, cache-cold figure. CPU time is this thread's (it leaves out time other
    processes held the CPU, not the cache and frequency effects they cause).
    """
    for i in range(50):
        for _, fn, prepare in rows:
            prepare()
            fn(i)
    wall: list[list[float]] = [[] for _ in rows]
    cpu: list[list[float]] = [[] for _ in rows]
    gc.collect()
    for start in range(0, n, block):
        for k, (_, fn, prepare) in enumerate(rows):
            prepare()
            for i in range(start, min(n, start + block)):
                c0 = time.thread_time()
                t0 = time.perf_counter()
                fn(i)
                wall[k].append(time.perf_counter() - t0)
                cpu[k].append(time.thread_time() - c0)
    out = []
    for k, (label, _, _) in enumerate(rows):
        w = sorted(wall[k])
        out.append((label, statistics.median(w) * 1e6, w[int(0.95 * (len(w) - 1))] * 1e6,
                    statistics.median(cpu[k]) * 1e6))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=2000, help="runs per measurement (≥ 1000)")
    ap.add_argument("--synthetic", action="store_true", help="use the tests' synthetic HGX build")
    ap.add_argument("--block", type=int, default=100,
                    help="runs per row before the next row takes a turn (1 = fully interleaved, cache-cold)")
    args = ap.parse_args()
    n = max(1000, args.n)
    name, build, catalog = synthetic() if args.synthetic else largest_example()
    ev = evaluate(build, catalog)
    print(f"build: {name}: {len(build.placements)} placements, {ev.compute.gpu_count} GPUs, "
          f"{len(ev.violations)} violations, {ev.power.wall_max_w / 1000:.2f} kW max at the wall")

    base = build.model_dump()
    variants = [Build.model_validate({**base, "site": {**base["site"], "electricity_price_kwh":
                                                       Decimal("0.10") + Decimal(i) / 100000}})
                for i in range(n + 50)]
    ctx = resolve(build, catalog)
    figures = compute_figures(ctx)
    rules = engine._optional_module("configurator.core.rules")
    real_rules = engine.run_rules

    def with_rules() -> None:
        engine.run_rules = real_rules

    def without_rules() -> None:
        engine.run_rules = lambda *a: ()

    def cold(i: int) -> object:
        clear_memos()   # inside the timed call (it costs ~1 µs): every run starts cold
        return evaluate(build, catalog)

    def edited(i: int) -> object:
        # what a one-slot edit leaves warm: per-part power and BOM lines; the family results and
        # the TCO series are computed afresh (the changed part's own lines would be too: ~2 of ~10)
        engine._FAMILIES._data.clear()
        engine._TOKENS.clear()
        cost_module._SERIES.clear()
        return evaluate(build, catalog)

    rows: list[Row] = [
        ("check + evaluate, same build", lambda i: evaluate(build, catalog), with_rules),
        ("check + evaluate, price changes every run", lambda i: evaluate(variants[i], catalog), with_rules),
        ("check + evaluate, as after a one-slot edit", edited, with_rules),
        ("check + evaluate, memos cleared every run", cold, with_rules),
        ("evaluate without the rules", lambda i: evaluate(build, catalog), without_rules),
    ]
    if rules is not None and hasattr(rules, "check"):
        rows.append(("rules.check alone (ctx + figures given)",
                     lambda i: rules.check(build, catalog, ctx=ctx, figures=figures), with_rules))
    try:
        results = measure(rows, n, max(1, args.block))
    finally:
        engine.run_rules = real_rules
    print(f"{'':44s} {'median':>10s} {'p95':>10s} {'CPU median':>11s}   "
          f"({n} runs each, rows taking turns every {max(1, args.block)} runs)")
    for label, med, p95, cpu_med in results:
        print(f"{label:44s} {med:7.0f} µs {p95:7.0f} µs {cpu_med:8.0f} µs")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    worst = max(results[0][1], results[1][1], results[2][1])
    verdict = "OK" if worst <= 1000 else "OVER"
    print(f"target: median ≤ 1000 µs for check + evaluate (same build, price edit, one-slot edit): {verdict}; "
          f"cold start {results[3][1]:.0f} µs (load average {load:.1f} on {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
