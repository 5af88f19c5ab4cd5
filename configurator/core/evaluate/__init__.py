"""Evaluate a build: power, PSUs, thermal, compute, memory, bandwidth, cost, TCO, workload.

`evaluate(build, catalog)` returns one frozen `Evaluation` (see `result.py`); the rules call
`compute_figures(ctx)` to read the same numbers.
"""

from __future__ import annotations

from .engine import Figures, compute_figures, evaluate
from .result import Evaluation

__all__ = ["Evaluation", "Figures", "compute_figures", "evaluate"]
