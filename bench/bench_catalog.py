"""Benchmark: the shipped catalogs (target well under 200 ms), then a 20,000-part user catalog:
first and second load through the validated-catalog cache (target 0.5 s for the second; this
code aims at half of it), palette search over it, per keystroke, with the real Palette widget
offscreen (target 16 ms), and the app's start with it (`bench_gui.py`'s start, target 1.5 s).

    PYTHONPATH=$PWD QT_QPA_PLATFORM=offscreen python bench/bench_catalog.py [--parts N] [--against DIR]

A load is timed until the catalog is built, plus the young-generation collection that the load
leaves to its caller (the loader pauses the cycle collector); the catalog is kept until the
clock has stopped (freeing 20,000 parts is not part of loading them). The app start is timed
from launching a fresh interpreter to the main window's first painted frame and to the end of
all painting, with the big catalog in the user catalog folder: the first start of each tree
builds its cache (reported as the cold start), the later ones read it.

The palette is timed until it is built and shown, and until the work it defers past its first
frame is done (a base tree without deferred work reports the same time twice). A keystroke,
typed after that, is timed from setting the search text until the palette's parts view has painted
the result (the event loop is run until its viewport's paint event has been delivered), so the
filter, the view's layout and its repaint are all inside the time. Each round runs in a fresh
process (no answers kept from an earlier round); with `--against DIR` (another checkout, e.g.
the base commit) rounds of that tree and this one alternate in this one run, and each line
names its tree. Prints medians and p95 (wall, and CPU: on a shared machine wall time includes
waiting for a core) and each median's ratio to its target.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
KEYSTROKES = ["h", "h1", "h10", "h100", "h100 ", "h100 s", "h100 sx", "h100 s", "h100", "", "e", "ep", "epy",
              "epyc", "epyc 9", "", "8", "80", "80 ", "80 g", "80 gb", "", "n", "nv", "nvm", "nvme", ""]
CHASSIS = "supermicro-sys-821ge-tnhr"    # a shipped HGX server: parts fit or are greyed with a reason


def _timed(fn) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def _timed_load(load) -> tuple[float, float]:
    """One load's (wall, CPU) seconds: the catalog built and the collection it leaves pending."""
    wall, cpu = time.perf_counter(), time.process_time()
    catalog = load()
    gc.collect(0)
    took = time.perf_counter() - wall, time.process_time() - cpu
    del catalog
    return took


def _p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))]


def _line(name: str, samples: list[tuple[float, float]], target_s: float) -> str:
    wall = [s[0] for s in samples]
    cpu = [s[1] for s in samples]
    mw, mc = statistics.median(wall), statistics.median(cpu)
    return (f"{name}: median wall {mw * 1000:.1f} ms (ratio {mw / target_s:.2f}), p95 {_p95(wall) * 1000:.1f} ms; "
            f"cpu {mc * 1000:.1f} ms (ratio {mc / target_s:.2f}), p95 {_p95(cpu) * 1000:.1f} ms; "
            f"target {target_s * 1000:.0f} ms, n={len(samples)}")


def child(user: Path, cache_dir: Path) -> None:
    """One round in this process (the checkout on sys.path first): load the user catalog through
    the cache (first load if there is none yet), build the palette, type KEYSTROKES; prints JSON."""
    from configurator.store import paths
    from configurator.store.catalog_cache import CatalogCache
    from configurator.store.catalogs import load_catalog

    def load():
        return load_catalog([paths.catalog_dir(), user], [paths.price_dir()], cache=CatalogCache(cache_dir))

    out: dict[str, object] = {}
    if not cache_dir.exists():
        out["first_load"] = _timed_load(load)
    out["second_load"] = [_timed_load(load) for _ in range(3)]
    out.update(_palette_round(load()))
    print(json.dumps(out))


def _palette_round(catalog) -> dict[str, object]:
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from configurator.core.build import Build
    from configurator.core.session import Session
    from configurator.qt.palette.palette_dock import Palette

    app = QApplication.instance() or QApplication([])
    t0 = time.perf_counter()
    palette = Palette(Session(catalog, Build(chassis=CHASSIS)))
    palette.resize(360, 900)
    palette.show()
    app.processEvents()
    built = time.perf_counter() - t0
    # what the palette defers past its first frame (figures, search texts, fit), done now, so the
    # keystrokes below are timed as a user typing after the start meets them
    settle = getattr(palette, "settle", None)
    if settle is not None:
        settle()
    settled = time.perf_counter() - t0

    class Paints(QObject):
        count = 0

        def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                Paints.count += 1
            return False

    paints = Paints()
    palette.tree.viewport().installEventFilter(paints)
    painted = 0

    def key(text: str) -> None:
        nonlocal painted
        before = Paints.count
        palette.search.setText(text)
        # the filter's layout runs from a 0 ms timer and its repaint is a posted event: run the loop
        # until the viewport has painted (a keystroke that changes nothing paints nothing)
        for _ in range(20):
            app.processEvents()
            if Paints.count > before:
                painted += 1
                break

    samples = [_timed(lambda t=t: key(t)) for t in KEYSTROKES]
    typed = painted

    def choose(widget, value) -> None:
        """One filter change (a combo's entry, the 'fits' box), timed like a keystroke."""
        nonlocal painted
        before = Paints.count
        if widget is palette.fits:
            widget.setChecked(value)
        else:
            widget.setCurrentIndex(max(0, widget.findData(value)))
        for _ in range(20):
            app.processEvents()
            if Paints.count > before:
                painted += 1
                break

    painted = 0
    steps = [(palette.vendor, "NVIDIA"), (palette.fits, True), (palette.form, "SXM5"), (palette.vendor, ""),
             (palette.fits, False), (palette.form, ""), (palette.vendor, "AMD"), (palette.vendor, "")]
    filters = [_timed(lambda w=w, v=v: choose(w, v)) for w, v in steps]
    return {"built_s": built, "settled_s": settled, "keys": samples, "painted": typed, "filters": filters,
            "filters_painted": painted}


def _run_child(tree: Path, user: Path, cache_dir: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(tree), str(user),
                           str(cache_dir)], env=env, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"bench child for {tree} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _run_start(tree: Path, home: Path) -> tuple[float, float, float]:
    """(first frame, settled, CPU) seconds of one app start of `tree` with CONFIGURATOR_HOME `home`
    (CPU: the whole process, user + system, up to its exit just after it settled)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    env.update(CONFIGURATOR_HOME=str(home), QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               PYTHONPYCACHEPREFIX=str(home.parent / f"pycache-{home.name}"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    done = subprocess.run([sys.executable, str(tree / "bench" / "bench_gui.py"), "--child-start"], env=env, cwd=tree,
                          capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    marks = dict(line.split() for line in done.stdout.splitlines() if line.startswith(("first", "settled")))
    if done.returncode or "settled" not in marks:
        raise SystemExit(f"app start of {tree} failed:\n{done.stderr[-2000:]}")
    return float(marks["first"]) - t0, float(marks["settled"]) - t0, cpu


def bench_big(work: Path, n_parts: int, trees: dict[str, Path], rounds: int) -> None:
    from _big_catalog import write_big_catalog

    user = work / "user"
    written = write_big_catalog(user, n_parts)
    size = sum(p.stat().st_size for p in user.iterdir())
    print(f"{written} generated parts in {size / 1e6:.1f} MB of TOML; {rounds} rounds per tree, alternating")
    results: dict[str, list[dict]] = {name: [] for name in trees}
    starts: dict[str, list[tuple[float, float, float]]] = {name: [] for name in trees}
    for name in trees:
        (work / f"home-{name}" / "data").mkdir(parents=True)
        (work / f"home-{name}" / "data" / "catalogs").symlink_to(user, target_is_directory=True)
    for _ in range(rounds):
        for name, tree in trees.items():
            results[name].append(_run_child(tree, user, work / f"cache-{name}"))
            starts[name].append(_run_start(tree, work / f"home-{name}"))
    for name, runs in results.items():
        print(f"[{name}] app start, cold (no cache): first frame {starts[name][0][0]:.2f} s, "
              f"settled {starts[name][0][1]:.2f} s, process CPU {starts[name][0][2]:.2f} s")
        if rounds > 1:
            warm = starts[name][1:]
            first = statistics.median(s[0] for s in warm)
            print(f"[{name}] app start from the cache: median first frame {first:.2f} s (ratio {first / 1.5:.2f}), "
                  f"settled {statistics.median(s[1] for s in warm):.2f} s, process CPU "
                  f"{statistics.median(s[2] for s in warm):.2f} s; target 1.5 s, n={len(warm)}")
        first = next(r["first_load"] for r in runs if "first_load" in r)
        print(f"[{name}] first load (parse, validate, write cache): wall {first[0]:.2f} s, cpu {first[1]:.2f} s")
        print(f"[{name}] " + _line("second load (from the cache)", [s for r in runs for s in r["second_load"]], 0.5))
        built = statistics.median(r["built_s"] for r in runs)
        settled = statistics.median(r.get("settled_s", r["built_s"]) for r in runs)
        print(f"[{name}] palette built and shown: median {built:.2f} s; with its deferred work done {settled:.2f} s")
        keys = [s for r in runs for s in r["keys"]]
        print(f"[{name}] " + _line("palette keystroke (filter + layout + paint)", keys, 0.016)
              + f", painted {sum(r['painted'] for r in runs)} of {len(keys)}")
        filters = [s for r in runs for s in r["filters"]]
        print(f"[{name}] " + _line("palette vendor / form / fits change", filters, 0.016)
              + f", painted {sum(r['filters_painted'] for r in runs)} of {len(filters)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", type=int, default=20_000, help="size of the generated user catalog")
    parser.add_argument("--rounds", type=int, default=3, help="fresh-process rounds per tree")
    parser.add_argument("--against", type=Path, help="another checkout (e.g. the base commit) measured alongside")
    parser.add_argument("--child", nargs=3, type=Path, metavar=("TREE", "USER", "CACHE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.child:
        sys.path.insert(0, str(args.child[0]))
        child(args.child[1], args.child[2])
        return
    here = HERE.parent
    sys.path[:0] = [str(here), str(HERE)]
    from _util import measure, summary

    from configurator.store import paths
    from configurator.store.catalogs import load_catalog

    cat = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    print(f"{len(cat.parts)} parts, {len(cat.prices)} prices, {len(cat.issues)} issues")
    samples = measure(lambda: load_catalog([paths.catalog_dir()], [paths.price_dir()]), runs=30)
    print(summary("load all catalogs", samples, target_s=0.200))
    trees = {"this": here} if args.against is None else {"base": args.against.resolve(), "this": here}
    with tempfile.TemporaryDirectory(prefix="bench-catalog-") as work:
        bench_big(Path(work), args.parts, trees, args.rounds)


if __name__ == "__main__":
    main()
