"""Small timing helpers shared by the benchmarks (medians and percentiles in one run)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def measure(fn: Callable[[], object], runs: int, warmup: int = 3) -> list[float]:
    """Wall-clock seconds of `runs` calls after `warmup` calls."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def summary(name: str, samples: list[float], target_s: float | None = None) -> str:
    samples = sorted(samples)
    med = statistics.median(samples)
    p95 = samples[min(len(samples) - 1, int(0.95 * len(samples)))]
    line = f"{name}: median {med * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms, n={len(samples)}"
    if target_s:
        line += f", target {target_s * 1000:.0f} ms, ratio {med / target_s:.2f}"
    return line
