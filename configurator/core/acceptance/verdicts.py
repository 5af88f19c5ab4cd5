"""The results against the plan: one row per step, pass, fail or not run (with why)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..message import Msg
from .model import Plan, Step
from .results import Results

Verdict = Literal["pass", "fail", "not-run"]


@dataclass(frozen=True)
class Row:
    """One step's outcome: the measured value (None when not run), the verdict and what explains it."""

    step: Step
    measured: float | None
    verdict: Verdict
    detail: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class Report:
    """Every step's row; `accepted` only when every step ran and passed."""

    plan: Plan
    results: Results
    rows: tuple[Row, ...]

    @property
    def failed(self) -> list[Row]:
        return [r for r in self.rows if r.verdict == "fail"]

    @property
    def not_run(self) -> list[Row]:
        return [r for r in self.rows if r.verdict == "not-run"]

    @property
    def accepted(self) -> bool:
        return not self.failed and not self.not_run

    @property
    def outcome(self) -> Literal["accepted", "rejected", "incomplete"]:
        return "rejected" if self.failed else "incomplete" if self.not_run else "accepted"


def _skip_reason(step: Step, results: Results) -> tuple[Msg, ...]:
    for tool, why in results.skipped:
        if tool == step.tool:
            return (Msg("accept.detail.skipped", tool=tool, why=why),)
    return (Msg("accept.detail.no-result", tool=step.tool),)


def check(plan: Plan, results: Results) -> Report:
    """Judge every step of `plan` against `results`."""
    rows = []
    for step in plan.steps:
        got = results.value(step.key)
        if got is None:
            rows.append(Row(step, None, "not-run", _skip_reason(step, results)))
            continue
        verdict: Verdict = "pass" if step.passes(got.value) else "fail"
        rows.append(Row(step, got.value, verdict, got.detail))
    return Report(plan, results, tuple(rows))
