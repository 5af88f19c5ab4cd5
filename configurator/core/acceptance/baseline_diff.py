"""Later results against the server's baseline and its plan: what disappeared, what appeared,
what got slower beyond the step's tolerance, what passed then and fails now.

Parts are matched by serial number (by kind and place where a part reports none); values by the
plan's step key. A value within the tolerance of its baseline is no finding: the comparison names
only what changed enough to act on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..message import Msg
from .model import Plan
from .results import Results, Seen

FindingKind = Literal["missing", "added", "slower", "now-fails", "not-measured"]
#: a value with no plan step (or an `equals` step) is a finding when it moves by more than this
DEFAULT_TOLERANCE_PCT = 10.0


@dataclass(frozen=True)
class Finding:
    """One difference: its kind, what it concerns (a part's identity or a step key), the values
    before and after where there are values, and the message that says it."""

    kind: FindingKind
    subject: str
    message: Msg
    before: float | None = None
    after: float | None = None

    @property
    def delta_pct(self) -> float | None:
        if self.before in (None, 0) or self.after is None:
            return None
        assert self.before is not None
        return (self.after - self.before) / self.before * 100


@dataclass(frozen=True)
class Comparison:
    """The findings of one run against the baseline; `unchanged` when there are none."""

    baseline: Results
    results: Results
    findings: tuple[Finding, ...]

    @property
    def unchanged(self) -> bool:
        return not self.findings


def _where(seen: Seen) -> Msg:
    return Msg("accept.part", kind=seen.kind, location=seen.location, serial=seen.serial or "-")


def _parts(baseline: Results, results: Results) -> list[Finding]:
    before = {s.identity: s for s in baseline.seen}
    after = {s.identity: s for s in results.seen}
    found = [Finding("missing", key, Msg("accept.compare.missing", part=_where(s)))
             for key, s in before.items() if key not in after]
    found += [Finding("added", key, Msg("accept.compare.added", part=_where(s)))
              for key, s in after.items() if key not in before]
    return found


def _values(baseline: Results, results: Results, plan: Plan) -> list[Finding]:
    found = []
    for old in baseline.measured:
        step = plan.step(old.key)
        if step is not None and step.group == "inventory":
            continue        # counts follow from the parts, which are compared one by one
        new = results.value(old.key)
        title = step.title if step else Msg("accept.key", key=old.key)
        if new is None:
            found.append(Finding("not-measured", old.key, Msg("accept.compare.not-measured", step=title), old.value))
            continue
        if step is not None and step.rule == "all_pass":
            if old.value >= 1 > new.value:
                found.append(Finding("now-fails", old.key, Msg("accept.compare.now-fails", step=title),
                                     old.value, new.value))
            continue
        tolerance = step.tolerance_pct if step is not None and step.tolerance_pct else DEFAULT_TOLERANCE_PCT
        if old.value > 0 and new.value < old.value * (1 - tolerance / 100):
            found.append(Finding("slower", old.key, Msg("accept.compare.slower", step=title, before=old.value,
                                                        after=new.value, pct=(new.value / old.value - 1) * 100,
                                                        tolerance=tolerance), old.value, new.value))
    return found


def compare(baseline: Results, results: Results, plan: Plan) -> Comparison:
    """The findings of `results` against `baseline`, judged by the steps of `plan`."""
    return Comparison(baseline, results, tuple(_parts(baseline, results) + _values(baseline, results, plan)))
