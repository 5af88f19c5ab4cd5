"""The acceptance test of a delivered server: the plan a build calls for, the results a technician
brings back, the verdicts against the plan, and the comparison with the server's baseline.

`plan_for(build, catalog, references)` → `Plan` (ordered steps with expected values, tolerances
and the source of each value); `check(plan, results)` → `Report`; `compare(baseline, results,
plan)` → `Comparison`. Everything here is data: the words are in words/acceptance_words.py.
"""

from __future__ import annotations

from .baseline_diff import Comparison, Finding, compare
from .checklist import plan_for
from .model import Plan, Reference, Step
from .results import Measured, Results, Seen
from .verdicts import Report, Row, check

__all__ = ["Comparison", "Finding", "Measured", "Plan", "Reference", "Report", "Results", "Row", "Seen", "Step",
           "check", "compare", "plan_for"]
