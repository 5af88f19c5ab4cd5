"""Benchmark: the shipped catalogs (target well under 200 ms), then a 20,000-part user catalog:
first and second load through the validated-catalog cache (target 0.5 s for the second) and
palette search over it, per keystroke, with the real Palette widget offscreen (target 16 ms).

    PYTHONPATH=$PWD QT_QPA_PLATFORM=offscreen python bench/bench_catalog.py [--parts N]

Prints medians (wall and CPU time: on a shared machine wall time includes waiting for a core)
and each median's ratio to its target, all measured in this one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _big_catalog import write_big_catalog  # noqa: E402
from _util import measure, summary  # noqa: E402

from configurator import paths  # noqa: E402
from configurator.io.catalog_cache import CatalogCache  # noqa: E402
from configurator.io.catalog_io import load_catalog  # noqa: E402

KEYSTROKES = ["h", "h1", "h10", "h100", "h100 ", "h100 s", "h100 sx", "h100 s", "h100", "", "e", "ep", "epy",
              "epyc", "epyc 9", "", "8", "80", "80 ", "80 g", "80 gb", "", "n", "nv", "nvm", "nvme", ""]


def _timed(fn) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def _line(name: str, samples: list[tuple[float, float]], target_s: float) -> str:
    wall = statistics.median(s[0] for s in samples)
    cpu = statistics.median(s[1] for s in samples)
    return (f"{name}: median wall {wall * 1000:.1f} ms (ratio {wall / target_s:.2f}), cpu {cpu * 1000:.1f} ms "
            f"(ratio {cpu / target_s:.2f}), target {target_s * 1000:.0f} ms, n={len(samples)}")


def bench_big(work: Path, n_parts: int) -> None:
    user, cache_dir = work / "user", work / "cache"
    written = write_big_catalog(user, n_parts)
    size = sum(p.stat().st_size for p in user.iterdir())
    load = lambda: load_catalog([paths.catalog_dir(), user], [paths.price_dir()],  # noqa: E731
                                cache=CatalogCache(cache_dir))
    first = _timed(load)
    print(f"{written} generated parts in {size / 1e6:.1f} MB of TOML; first load (parse, validate, "
          f"write cache): wall {first[0]:.2f} s, cpu {first[1]:.2f} s")
    print(_line("second load (from the cache)", [_timed(load) for _ in range(5)], 0.5))
    bench_palette(load())


def bench_palette(catalog) -> None:
    from PySide6.QtWidgets import QApplication

    from configurator.core.build import Build
    from configurator.core.session import Session
    from configurator.qt.palette import Palette

    app = QApplication.instance() or QApplication([])
    t0 = time.perf_counter()
    palette = Palette(Session(catalog, Build(chassis="hgx-8u")))
    palette.resize(360, 900)
    palette.show()
    app.processEvents()
    rows = sum(palette.model.item(r).rowCount() for r in range(palette.model.rowCount()))
    print(f"palette of {rows} parts built and shown in {time.perf_counter() - t0:.2f} s")

    def key(text: str) -> None:
        palette.search.setText(text)
        app.processEvents()    # the repaint the keystroke causes

    print(_line("palette keystroke (filter + expand + paint)", [_timed(lambda t=t: key(t)) for t in KEYSTROKES],
                0.016))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", type=int, default=20_000)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    cat = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    print(f"{len(cat.parts)} parts, {len(cat.prices)} prices, {len(cat.issues)} issues")
    samples = measure(lambda: load_catalog([paths.catalog_dir()], [paths.price_dir()]), runs=30)
    print(summary("load all catalogs", samples, target_s=0.200))
    with tempfile.TemporaryDirectory(prefix="bench-catalog-") as work:
        bench_big(Path(work), args.parts)


if __name__ == "__main__":
    main()
