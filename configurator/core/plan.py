"""The upgrade plan: what changes between the server as it is (BEFORE) and as it will be (AFTER).

Parts are compared slot by slot: a slot that gains a part is an *add*, one that loses it a
*remove*, one whose part changes both; a part id removed from one slot and added to another is
a *move* instead (the technician re-seats it, nothing is bought). Power, heat, airflow and the
PSUs are read from the two `Evaluation`s, never recomputed here; the cost of the upgrade is
AFTER's priced BOM, in which parts the customer owns (`Build.owned`) are listed at zero, so
only new parts are priced. Problems are violations AFTER has and BEFORE had not (by code and
slots), and those the upgrade resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .build import Build
from .catalog import Catalog
from .evaluate.result import Evaluation
from .evaluator import Evaluator
from .violations import Violation


@dataclass(frozen=True)
class PartChange:
    """One part added, removed or moved; `slot` is where it goes (add), was (remove), or `from_slot`→`slot`."""

    action: str             # "add", "remove", "move"
    part_id: str
    slot: str
    from_slot: str = ""
    owned: bool = False     # removed/moved parts: the customer's own (trade-in candidates)


@dataclass(frozen=True)
class Delta:
    """A figure before and after the upgrade, in the unit its name says."""

    name: str
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class UpgradePlan:
    chassis_before: str
    chassis_after: str
    changes: tuple[PartChange, ...]
    deltas: tuple[Delta, ...]
    psu_before: str             # "2 x 1100 W N+1, 41 % at peak"
    psu_after: str
    feed_loss_before: str       # the worst feed-loss load, '' without redundancy
    feed_loss_after: str
    new_problems: tuple[Violation, ...]
    resolved_problems: tuple[Violation, ...]
    cost_new_parts: Decimal     # AFTER's priced hardware: owned parts are at zero
    cost_total: Decimal         # AFTER's total with support, terms and shipping
    currency: str
    unpriced: tuple[str, ...]   # new parts with no price ("on request")

    def of(self, action: str) -> list[PartChange]:
        return [c for c in self.changes if c.action == action]


def part_changes(before: Build, after: Build) -> list[PartChange]:
    """Adds, removes and moves, slot by slot. With a new chassis every part leaves the old one:
    re-used in the new box (a move) or removed."""
    if before.chassis == after.chassis:
        removed = [(s, p) for s, p in before.placements.items() if after.placements.get(s) != p]
        added = [(s, p) for s, p in after.placements.items() if before.placements.get(s) != p]
    else:
        removed, added = list(before.placements.items()), list(after.placements.items())
    out: list[PartChange] = []
    for slot, part in list(removed):
        twin = next(((s, p) for s, p in added if p == part), None)
        if twin is not None:
            added.remove(twin)
            removed.remove((slot, part))
            out.append(PartChange("move", part, twin[0], from_slot=slot, owned=before.is_owned(slot)))
    out += [PartChange("remove", p, s, owned=before.is_owned(s)) for s, p in removed]
    out += [PartChange("add", p, s) for s, p in added]
    order = {"remove": 0, "move": 1, "add": 2}
    return sorted(out, key=lambda c: (order[c.action], c.slot))


def _deltas(a: Evaluation, b: Evaluation) -> tuple[Delta, ...]:
    pairs = [
        ("idle_w", a.power.idle_w, b.power.idle_w), ("typical_w", a.power.typical_w, b.power.typical_w),
        ("max_w", a.power.max_w, b.power.max_w), ("peak_w", a.power.peak_w, b.power.peak_w),
        ("wall_idle_w", a.power.wall_idle_w, b.power.wall_idle_w),
        ("wall_typical_w", a.power.wall_typical_w, b.power.wall_typical_w),
        ("wall_max_w", a.power.wall_max_w, b.power.wall_max_w),
        ("heat_max_w", a.thermal.heat_max_w, b.thermal.heat_max_w),
        ("airflow_cfm", a.thermal.airflow_cfm, b.thermal.airflow_cfm),
        ("psu_count", a.psu.count, b.psu.count), ("psu_usable_w", a.psu.usable_w, b.psu.usable_w),
        ("psu_load_pct_max", a.psu.load_pct_max, b.psu.load_pct_max),
        ("gpu_count", a.compute.gpu_count, b.compute.gpu_count),
        ("host_memory_gb", a.memory.capacity_gb, b.memory.capacity_gb),
    ]
    return tuple(Delta(n, float(x), float(y)) for n, x, y in pairs)


def _psu_text(ev: Evaluation) -> str:
    p = ev.psu
    if not p.count:
        return "no PSU"
    return f"{p.count} x {p.rating_w:.0f} W {p.redundancy}, {p.load_pct_max:.0f} % at peak"


def _feed_loss(ev: Evaluation) -> str:
    if not ev.psu.feed_loss_pct:
        return ""
    feed, pct = max(ev.psu.feed_loss_pct.items(), key=lambda kv: kv[1])
    verdict = "overloaded" if pct > 100 else "holds"
    return f"feed {feed} lost: {pct:.0f} % of the rest ({verdict})"


def _key(v: Violation) -> tuple[str, tuple[str, ...]]:
    return (v.code, v.slots)


def plan_upgrade(before: Build, after: Build, catalog: Catalog, *, workload: Any = None,
                 evaluator: Evaluator | None = None) -> UpgradePlan:
    """The plan from `before` to `after`, both evaluated against `catalog` (with `evaluator`'s
    exchange rates when given: the CLI's and the GUI's come from io)."""
    ev = evaluator if evaluator is not None else Evaluator(catalog)
    a, b = ev.evaluate(before, workload), ev.evaluate(after, workload)
    old = {_key(v) for v in a.violations}
    new = {_key(v) for v in b.violations}
    cost = b.cost
    return UpgradePlan(
        chassis_before=before.chassis, chassis_after=after.chassis, changes=tuple(part_changes(before, after)),
        deltas=_deltas(a, b), psu_before=_psu_text(a), psu_after=_psu_text(b),
        feed_loss_before=_feed_loss(a), feed_loss_after=_feed_loss(b),
        new_problems=tuple(v for v in b.violations if _key(v) not in old),
        resolved_problems=tuple(v for v in a.violations if _key(v) not in new),
        cost_new_parts=cost.subtotal_hardware, cost_total=cost.total, currency=cost.currency,
        unpriced=cost.missing_prices)


def plan_to_json(plan: UpgradePlan) -> dict[str, Any]:
    """The `configurator plan --json` object (keys documented in docs/import.md)."""
    return {
        "chassis": {"before": plan.chassis_before, "after": plan.chassis_after},
        "changes": [{"action": c.action, "part": c.part_id, "slot": c.slot, "from_slot": c.from_slot or None,
                     "owned": c.owned} for c in plan.changes],
        "deltas": {d.name: {"before": d.before, "after": d.after, "change": d.change} for d in plan.deltas},
        "psu": {"before": plan.psu_before, "after": plan.psu_after},
        "feed_loss": {"before": plan.feed_loss_before, "after": plan.feed_loss_after},
        "new_problems": [v.to_json() for v in plan.new_problems],
        "resolved_problems": [v.to_json() for v in plan.resolved_problems],
        "cost": {"new_parts": str(plan.cost_new_parts), "total": str(plan.cost_total), "currency": plan.currency,
                 "unpriced": list(plan.unpriced)},
    }
