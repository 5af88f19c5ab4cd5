"""Benchmark: load and validate every shipped catalog and price list (target well under 200 ms)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _util import measure, summary  # noqa: E402

from configurator import paths  # noqa: E402
from configurator.io.catalog_io import load_catalog  # noqa: E402


def main() -> None:
    cat = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    print(f"{len(cat.parts)} parts, {len(cat.prices)} prices, {len(cat.issues)} issues")
    samples = measure(lambda: load_catalog([paths.catalog_dir()], [paths.price_dir()]), runs=30)
    print(summary("load all catalogs", samples, target_s=0.200))


if __name__ == "__main__":
    main()
