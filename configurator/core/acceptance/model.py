"""What an acceptance plan is made of: sourced reference values and ordered steps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..message import Msg

#: how a measured value is judged against the expected one
Rule = Literal["at_least", "equals", "all_pass"]
#: the plan's sections, in the order a technician runs them
GROUPS = ("inventory", "diagnostics", "bandwidth", "fabric", "storage", "memory", "burn-in")


@dataclass(frozen=True)
class Reference:
    """One expected value or ratio with its provenance (resources/acceptance/references.toml, or a
    catalog part's source): `estimate` marks a value derived rather than stated by the source."""

    key: str
    value: float | tuple[float, ...]
    unit: str
    url: str
    date: str
    confidence: str
    note: str = ""
    estimate: bool = False
    tolerance_pct: float = 0.0

    @property
    def number(self) -> float:
        """The value when it is one number."""
        if isinstance(self.value, tuple):
            raise TypeError(f"reference {self.key} holds a list")
        return self.value


@dataclass(frozen=True)
class Step:
    """One check of the plan: what is measured (`key` in the results), what is expected, how it is
    judged, which tool measures it and where the expected value comes from."""

    order: int
    group: str
    key: str
    title: Msg
    rule: Rule
    expected: float
    unit: str
    tool: str
    source: Reference
    tolerance_pct: float = 0.0
    target: str = ""

    @property
    def threshold(self) -> float:
        """The least value that passes an `at_least` step."""
        return self.expected * (1 - self.tolerance_pct / 100)

    def passes(self, value: float) -> bool:
        if self.rule == "at_least":
            return value >= self.threshold - 1e-9
        if self.rule == "equals":
            return abs(value - self.expected) < 1e-6
        return value >= 1.0


@dataclass(frozen=True)
class Plan:
    """The ordered steps for one build, and the notes on what the plan could not expect."""

    build_name: str
    chassis: str
    steps: tuple[Step, ...]
    notes: tuple[Msg, ...] = field(default=())

    def step(self, key: str) -> Step | None:
        return next((s for s in self.steps if s.key == key), None)

    def groups(self) -> list[str]:
        return [g for g in GROUPS if any(s.group == g for s in self.steps)]
