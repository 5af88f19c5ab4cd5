"""The figures of a build: power, PSUs, thermal, compute, memory, bandwidth, cost, TCO, workload.

`compute_figures(ctx)` gives the physical figures the rules check against; the frozen
`Evaluation` (see `result.py`) that the GUI, CLI and PDF read is produced by
`configurator.core.evaluator.Evaluator`, which joins these figures, the cost and the rules.
This package never imports the rules: they import it.
"""

from __future__ import annotations

from .figures import Figures, compute_figures
from .result import Evaluation

__all__ = ["Evaluation", "Figures", "compute_figures"]
