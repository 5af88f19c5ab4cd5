"""Benchmark: one PDF quote of the HGX example (target: median ≤ 300 ms).

    .venv/bin/python bench/bench_quote.py [--runs 10]

Loads examples/hgx-h100-8gpu.json, evaluates it once with the shipped catalog and times
`write_quote` only (fonts are registered once per process, so the first call is a warm-up).
Quote numbers are fixed so the run does not advance the user's quote counter.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._util import measure, summary  # noqa: E402

TARGET_S = 0.300


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    os.environ.setdefault("CONFIGURATOR_HOME", tempfile.mkdtemp(prefix="bench-quote-"))

    from configurator.core.build import Build
    from configurator.formats.exporters.pdf_quote import write_quote
    from configurator.store import paths
    from configurator.store.catalogs import default_catalog
    from configurator.store.loaded_evaluator import default_evaluator

    src = paths.examples_dir() / "hgx-h100-8gpu.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data.pop("format", None)
    data.pop("kind", None)
    build = Build.model_validate(data)
    catalog = default_catalog()
    ev = default_evaluator(catalog).evaluate(build)
    out = Path(tempfile.mkdtemp(prefix="bench-quote-out-")) / "quote.pdf"

    t0 = time.perf_counter()
    write_quote([(build, ev)], out, catalog=catalog, quote_number="Q-BENCH-0001", sources=[src.name])
    first = time.perf_counter() - t0

    samples = measure(lambda: write_quote([(build, ev)], out, catalog=catalog, quote_number="Q-BENCH-0001",
                                          sources=[src.name]), runs=args.runs, warmup=1)
    print(f"first call (font registration included): {first * 1000:.0f} ms; PDF {out.stat().st_size / 1024:.0f} KiB")
    print(summary("write_quote HGX example", samples, TARGET_S))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
