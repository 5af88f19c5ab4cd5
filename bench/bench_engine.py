"""Benchmark `Evaluator.evaluate` (which runs the rules' `check` too) on the largest example build.

Run on demand, not a test:

    .venv/bin/python bench/bench_engine.py            # 2000 runs of the largest examples/*.json
    .venv/bin/python bench/bench_engine.py -n 5000
    .venv/bin/python bench/bench_engine.py --synthetic  # the tests' synthetic 8-GPU HGX build

Target: median ≤ 400 µs for check + evaluate in each of the first four rows (the edit with new
part counts is what a real GUI edit, placing or removing a part, costs). Reported: median and
p95 (wall clock) and the median of this thread's CPU time, for
  - evaluate with one warm evaluator (as a session has), the same build every run;
  - the same, with the electricity price changed every run: the TCO month series is recomputed,
    unchanged power/BOM lines come from the evaluator's memos;
  - as after an edit: every run's placements differ (two of the build's parts left out, a new pair
    each run), so the build is resolved afresh and no whole-build memo hits; each figure family,
    the BOM, the TCO and each rule family is recomputed unless the values it reads (the placements
    of the categories or slot kinds it reads, the part counts, the options) equal an earlier run's,
    and per-part facts (resolved placements, fits, power and BOM lines) come from the memos — the
    GUI's edit path (the lines after the table say how often each family was recomputed);
  - an edit with new part counts: as after an edit, but every run leaves out a different number of
    the three parts placed most often, so the power table, the PSU and thermal figures, the BOM and
    the TCO never repeat an earlier run's inputs (the memos of per-part facts still serve);
  - a fresh evaluator every run: a cold start, worst case (what `evaluator.evaluate()` does);
  - rules.check alone (given ctx and figures), for the split.
Only public API is used: nothing reaches into the evaluator's memos.
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

from configurator.core.build import Build  # noqa: E402
from configurator.core.catalog import Catalog  # noqa: E402
from configurator.core.context import resolve  # noqa: E402
from configurator.core.evaluate import compute_figures  # noqa: E402
from configurator.core.evaluator import Evaluator  # noqa: E402
from configurator.core.rules import check  # noqa: E402
from configurator.store import paths  # noqa: E402
from configurator.store.fx_rates import load_fx  # noqa: E402


def largest_example(only: str = "") -> tuple[str, Build, Catalog]:
    """The example with the most placements (or the one named `only`, to compare commits)."""
    from configurator.store.catalogs import load_catalog

    best = None
    for path in sorted(paths.examples_dir().glob(only or "*.json")):
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
TARGET_US = 400


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


def edited_variants(build: Build, n: int) -> list[Build]:
    """`n` builds whose placements all differ: each leaves out a different pair of the build's parts."""
    slots = sorted(build.placements)
    base = build.model_dump()
    out: list[Build] = []
    for a in range(len(slots)):
        for b in range(a + 1, len(slots)):
            place = {k: v for k, v in build.placements.items() if k not in (slots[a], slots[b])}
            out.append(Build.model_validate({**base, "placements": place}))
            if len(out) == n:
                return out
    raise SystemExit(f"the build has too few placements for {n} distinct edits; use a smaller -n")


def recounted_variants(build: Build, n: int) -> list[Build]:
    """`n` builds whose part counts all differ: of the three parts placed most often, each leaves out
    a different (a, b, c) count (first slots first), so no run's power table or BOM repeats."""
    by_part: dict[str, list[str]] = {}
    for slot, part in sorted(build.placements.items()):
        by_part.setdefault(part, []).append(slot)
    top = sorted(by_part.values(), key=len, reverse=True)[:3]
    while len(top) < 3:
        top.append([])
    base = build.model_dump()
    out: list[Build] = []
    for a in range(len(top[0]) + 1):
        for b in range(len(top[1]) + 1):
            for c in range(len(top[2]) + 1):
                gone = set(top[0][:a] + top[1][:b] + top[2][:c])
                place = {k: v for k, v in build.placements.items() if k not in gone}
                out.append(Build.model_validate({**base, "placements": place}))
                if len(out) == n:
                    return out
    raise SystemExit(f"the build has too few repeated parts for {n} distinct part counts; use a smaller -n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=2000, help="runs per measurement (≥ 1000)")
    ap.add_argument("--synthetic", action="store_true", help="use the tests' synthetic HGX build")
    ap.add_argument("--example", default="", help="an examples/ file name instead of the largest example")
    ap.add_argument("--block", type=int, default=100,
                    help="runs per row before the next row takes a turn (1 = fully interleaved, cache-cold)")
    args = ap.parse_args()
    n = max(1000, args.n)
    name, build, catalog = synthetic() if args.synthetic else largest_example(args.example)
    fx = load_fx()
    warm = Evaluator(catalog, fx)
    ev = warm.evaluate(build)
    print(f"build: {name}: {len(build.placements)} placements, {ev.compute.gpu_count} GPUs, "
          f"{len(ev.violations)} violations, {ev.power.wall_max_w / 1000:.2f} kW max at the wall")

    base = build.model_dump()
    variants = [Build.model_validate({**base, "site": {**base["site"], "electricity_price_kwh":
                                                       Decimal("0.10") + Decimal(i) / 100000}})
                for i in range(n + 50)]
    edits = edited_variants(build, n + 50)
    recounts = recounted_variants(build, n + 50)
    ctx = resolve(build, catalog)
    figures = compute_figures(ctx)

    def nothing() -> None:
        pass

    rows: list[Row] = [
        ("check + evaluate, same build", lambda i: warm.evaluate(build), nothing),
        ("check + evaluate, price changes every run", lambda i: warm.evaluate(variants[i]), nothing),
        ("check + evaluate, as after an edit", lambda i: warm.evaluate(edits[i]), nothing),
        ("check + evaluate, edit with new part counts", lambda i: warm.evaluate(recounts[i]), nothing),
        ("check + evaluate, fresh evaluator every run", lambda i: Evaluator(catalog, fx).evaluate(build), nothing),
        ("rules.check alone (ctx + figures given)",
         lambda i: check(build, catalog, ctx=ctx, figures=figures), nothing),
    ]
    results = measure(rows, n, max(1, args.block))
    print(f"{'':44s} {'median':>10s} {'p95':>10s} {'CPU median':>11s}   "
          f"({n} runs each, rows taking turns every {max(1, args.block)} runs)")
    for label, med, p95, cpu_med in results:
        print(f"{label:44s} {med:7.0f} µs {p95:7.0f} µs {cpu_med:8.0f} µs")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    # a real edit (a part placed or removed) changes the part counts: that row is the edit figure
    worst = max(results[0][1], results[1][1], results[2][1], results[3][1])
    verdict = "OK" if worst <= TARGET_US else "OVER"
    print(f"target: median ≤ {TARGET_US} µs for check + evaluate (same build, price edit, after an edit, "
          f"edit with new part counts): {verdict}; after an edit {results[2][1]:.0f} µs, "
          f"with new part counts {results[3][1]:.0f} µs, cold start {results[4][1]:.0f} µs "
          f"(load average {load:.1f} on {os.cpu_count()} CPUs)")
    print(recomputed(catalog, fx, edits[:n]))
    print(recomputed(catalog, fx, recounts[:n]).replace("edits", "edits with new part counts", 1))


def recomputed(catalog: Catalog, fx: object, edits: list[Build]) -> str:
    """How often, over the edit row's builds in order, each figure family, the BOM/TCO and each rule
    family was computed rather than remembered (counted through public functions, on a fresh
    evaluator, outside the timing)."""
    from configurator.core import evaluator as evaluator_module
    from configurator.core.evaluate import figures
    from configurator.core.rules import FAMILIES

    counts: dict[str, int] = {}
    patched: list[tuple[object, str, object]] = []

    def count(module: object, name: str, label: str) -> None:
        original = getattr(module, name, None)
        if original is None:        # an older tree without this step
            return

        def counted(*args: object, **kw: object) -> object:
            counts[label] = counts.get(label, 0) + 1
            return original(*args, **kw)
        patched.append((module, name, original))
        setattr(module, name, counted)

    for name in ("compute_power", "psu_setup", "compute_psu", "compute_compute", "compute_memory", "cooling_of",
                 "compute_thermal", "bandwidth_feeds", "compute_bandwidth"):
        count(figures, name, name.removeprefix("compute_"))
    count(evaluator_module, "compute_cost", "BOM")
    count(evaluator_module, "compute_tco", "TCO")
    for family in FAMILIES:
        count(family, "check", "rules." + family.__name__.rsplit(".", 1)[1])
    try:
        ev = Evaluator(catalog, fx)  # type: ignore[arg-type]
        for build in edits:
            ev.evaluate(build)
    finally:
        for module, name, original in reversed(patched):
            setattr(module, name, original)
    return (f"recomputed over the {len(edits)} edits (a fresh evaluator; the rest were remembered): "
            + ", ".join(f"{k} {v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
