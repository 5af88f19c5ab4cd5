"""What every rule family shares: the facts indexed once per check, and violation builders.

`Facts` is built once per `check()` from the resolved `BuildContext`, so no family walks
the placements more than once for the same lookup or re-resolves the build. Violations are
built with `model_construct`: their fields are plain values we produce here, so pydantic's
validation would only cost time on every edit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ..catalog import CPU, Chassis, Cooling, CoolingOption, Part
from ..context import BuildContext, Placed
from ..message import Msg
from ..violations import Fix, Severity, Violation

if TYPE_CHECKING:   # a fix's ops are made when a rule finds one: `check` of a sound build defines no op
    from ..ops import AddBridge, Batch, Place, Remove, RemoveBridge, SetOption

T = TypeVar("T")

#: PCIe payload bandwidth per lane and direction, GB/s (after 128b/130b or FLIT encoding)
GBS_PER_LANE: dict[int, float] = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.877}


@dataclass(slots=True)
class Facts:
    """Lookups every rule family needs, computed once per check."""

    ctx: BuildContext
    chassis: Chassis
    figures: Any                                   # evaluate.figures.Figures
    at: dict[str, Part]                            # slot id -> part
    by_kind: dict[str, tuple[Placed, ...]]         # slot kind -> placed parts, chassis order
    cpu_at: dict[str, CPU]                         # socket id -> CPU (only CPUs)
    cooling: Cooling | None
    cooling_option: CoolingOption | None
    out: list[Violation] = field(default_factory=list)
    cache: dict[str, Any] = field(default_factory=dict)   # lookups one family computes for another
    #: the evaluator's memo of per-(slot, part) facts (`fit.slot_problems_of`), None outside one
    memo: Any = None

    @property
    def build(self):
        return self.ctx.build

    def add(self, severity: Severity, code: str, message: Msg, slots: Iterable[str] = (),
            fix: Msg | None = None, ops: Sequence[Any] = ()) -> None:
        """Record a violation: its code, its message (an id and parameters, words/rule_words.py),
        the slots it names, the fix and the ops that apply it."""
        fx = Fix(fix, tuple(ops)) if fix else None
        self.out.append(Violation(severity, code, message, tuple(slots), fx))


def remembered(f: Facts, key: Callable[[], Hashable], run: Callable[[], T]) -> T:
    """`run()`, which adds violations to `f`, once per `key()` (a value key of everything it reads)
    in the evaluator's memo: a later call adds the same violations again and returns the same result.
    Lets a family check what does not read the figures once per placement, not once per edit."""
    memo = f.memo
    if memo is None:
        return run()
    value_key = key()
    hit = memo.get(value_key)
    if hit is not None:
        f.out.extend(hit[0])
        return hit[1]
    start = len(f.out)
    result = run()
    memo.put(value_key, (tuple(f.out[start:]), result))
    return result


def make_facts(ctx: BuildContext, figures: Any, memo: Any = None) -> Facts:
    assert ctx.chassis is not None
    by_kind = ctx.by_kind
    cpu_at: dict[str, CPU] = {p.slot.id: p.part for p in by_kind.get("cpu", ()) if isinstance(p.part, CPU)}
    cooling = None
    for p in by_kind.get("cooling", ()):
        if isinstance(p.part, Cooling):
            cooling = p.part        # the last one, as the walk over every placement found it
    option = None
    if cooling is not None:
        for opt in ctx.chassis.cooling_options:
            if opt.cooling == cooling.id:
                option = opt
                break
    return Facts(ctx, ctx.chassis, figures, ctx.at, by_kind, cpu_at, cooling, option, memo=memo)


# --------------------------------------------------------------------------- ops


def place(slot: str, part: str) -> Place:
    from ..ops import Place

    return Place.model_construct(slot=slot, part=part)


def remove(slot: str) -> Remove:
    from ..ops import Remove

    return Remove.model_construct(slot=slot)


def add_bridge(slots: Sequence[str]) -> AddBridge:
    from ..ops import AddBridge

    return AddBridge.model_construct(slots=tuple(slots))


def remove_bridge(slots: Sequence[str]) -> RemoveBridge:
    from ..ops import RemoveBridge

    return RemoveBridge.model_construct(slots=tuple(slots))


def set_option(path: str, value: Any) -> SetOption:
    from ..ops import SetOption

    return SetOption.model_construct(path=path, value=value)


def batch(ops: Sequence[Any], label: str = "", **args: str) -> Batch:
    """The ops as one undo step named by the message `label` (words/op_words.py) with `args`."""
    from ..ops import Batch, OpLabel

    return Batch.model_construct(ops=tuple(ops), label=OpLabel.of(label, **args) if label else "")


# --------------------------------------------------------------------------- figures


def clauses(said: Sequence[Msg]) -> Msg:
    """Clauses one after another, 'A; B; C' (each '; ' the language's own)."""
    out = said[-1]
    for clause in reversed(said[:-1]):
        out = Msg("rules.clauses", first=clause, rest=out)
    return out


def link_gbs(gen: int, lanes: int) -> float:
    return GBS_PER_LANE.get(gen, 0.0) * lanes


def majority(ids: Sequence[str]) -> str:
    """The most common id; ties go to the one seen first."""
    counts: dict[str, int] = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    return max(counts, key=lambda k: counts[k])


def cooling_kind(ctx: BuildContext, option: CoolingOption) -> str:
    part = ctx.catalog.get(option.cooling)
    return part.kind if isinstance(part, Cooling) else ""
