"""The upgrade plan: what changes between the server as it is (BEFORE) and as it will be (AFTER).

Parts are compared slot by slot: a slot that gains a part is an *add*, one that loses it a
*remove*, one whose part changes both; a part id removed from one slot and added to another is
a *move* instead (the technician re-seats it, nothing is bought). Power, heat, airflow and the
PSUs are read from the two `Evaluation`s, never recomputed here; the cost of the upgrade is
AFTER's priced BOM, in which parts the customer owns (`Build.owned`) are listed at zero, so
only new parts are priced (an AFTER without an owned list is priced as if BEFORE's parts were
its owned ones). Problems are violations AFTER has and BEFORE had not (by code and slots), and
those the upgrade resolves. Removed parts the customer owns may carry a trade-in value (per
part id, in AFTER's currency), which the net cost subtracts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from ..build import OWNED_CHASSIS, Build
from ..catalog import Catalog
from ..evaluate.bom import OWNED_GROUP
from ..evaluate.result import CostLine, Evaluation
from ..evaluator import Evaluator
from ..message import Msg, Num
from ..violations import Violation


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
    psu_before: Msg             # "2 x 1100 W N+1, 41 % at peak" (words/upgrade_words.py)
    psu_after: Msg
    feed_loss_before: Msg | None   # the worst feed-loss load, None without redundancy
    feed_loss_after: Msg | None
    new_problems: tuple[Violation, ...]
    resolved_problems: tuple[Violation, ...]
    cost_new_parts: Decimal     # AFTER's priced hardware: owned parts are at zero
    cost_total: Decimal         # AFTER's total with support, terms and shipping
    currency: str
    unpriced: tuple[str, ...]   # new parts with no price ("on request")
    #: AFTER's BOM lines that are bought: new parts, their companions, services (owned lines left out)
    new_lines: tuple[CostLine, ...] = ()
    feed_loss_pct_before: float | None = None   # worst feed-loss load, % of the remaining feeds
    feed_loss_pct_after: float | None = None
    trade_in: tuple[tuple[str, Decimal], ...] = ()  # (part id, unit value) for removed owned parts
    trade_in_total: Decimal = Decimal(0)
    #: what the upgrade asks of the software stack (core/stack/upgrade_needs.py); empty without a stack table
    stack_needs: tuple[Msg, ...] = ()

    @property
    def net_cost(self) -> Decimal:
        """What the upgrade costs the customer: AFTER's total less the trade-in of removed parts."""
        return self.cost_total - self.trade_in_total

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
        ("heat_typical_w", a.thermal.heat_typical_w, b.thermal.heat_typical_w),
        ("heat_max_w", a.thermal.heat_max_w, b.thermal.heat_max_w),
        ("heat_btu_hr", a.thermal.heat_btu_hr, b.thermal.heat_btu_hr),
        ("airflow_cfm", a.thermal.airflow_cfm, b.thermal.airflow_cfm),
        ("psu_count", a.psu.count, b.psu.count), ("psu_usable_w", a.psu.usable_w, b.psu.usable_w),
        ("psu_load_pct_typical", a.psu.load_pct_typical, b.psu.load_pct_typical),
        ("psu_load_pct_max", a.psu.load_pct_max, b.psu.load_pct_max),
        ("gpu_count", a.compute.gpu_count, b.compute.gpu_count),
        ("host_memory_gb", a.memory.capacity_gb, b.memory.capacity_gb),
    ]
    return tuple(Delta(n, float(x), float(y)) for n, x, y in pairs)


def _psu_text(ev: Evaluation) -> Msg:
    p = ev.psu
    if not p.count:
        return Msg("upgrade.no-psu")
    return Msg("upgrade.psu", n=p.count, rating=Num(p.rating_w, ".0f"), mode=p.redundancy, pct=Num(p.load_pct_max, ".0f"))


def worst_feed_loss(ev: Evaluation) -> tuple[str, float] | None:
    """(feed, % of the remaining feeds' capacity at peak) for the worst single feed lost; None
    without redundancy or with every PSU on one feed (`PsuResult.feed_loss_pct`)."""
    if not ev.psu.feed_loss_pct:
        return None
    return max(ev.psu.feed_loss_pct.items(), key=lambda kv: kv[1])


def _feed_loss(ev: Evaluation) -> Msg | None:
    worst = worst_feed_loss(ev)
    if worst is None:
        return None
    feed, pct = worst
    return Msg("upgrade.feed-loss.overloaded" if pct > 100 else "upgrade.feed-loss.holds", feed=feed, pct=Num(pct, ".0f"))


def _key(v: Violation) -> tuple[str, tuple[str, ...]]:
    return (v.code, v.slots)


def priced_after(before: Build, after: Build) -> Build:
    """`after` as the upgrade is priced: unchanged when it lists owned parts; otherwise a copy
    whose owned list is what `before` holds (its placements and chassis), so that parts the
    customer already has are not sold to them again."""
    if after.owned:
        return after
    owned = {**before.placements, OWNED_CHASSIS: before.chassis}
    return Build.model_validate({**after.snapshot(), "owned": owned})


def _trade_in(changes: tuple[PartChange, ...], values: Mapping[str, Decimal]) -> tuple[tuple[str, Decimal], ...]:
    return tuple((c.part_id, values[c.part_id]) for c in changes
                 if c.action == "remove" and c.owned and c.part_id in values)


def plan_upgrade(before: Build, after: Build, catalog: Catalog, *, workload: Any = None,
                 evaluator: Evaluator | None = None, trade_in: Mapping[str, Decimal] | None = None) -> UpgradePlan:
    """The plan from `before` to `after`, both evaluated against `catalog` (with `evaluator`'s
    exchange rates when given: the CLI's and the GUI's come from io). `trade_in`: part id → what
    the vendor pays for one removed owned part, in AFTER's currency."""
    ev = evaluator if evaluator is not None else Evaluator(catalog)
    a, b = ev.evaluate(before, workload), ev.evaluate(priced_after(before, after), workload)
    return plan_from(before, after, a, b, trade_in=trade_in, stack_needs=stack_needs_of(before, after, ev))


def stack_needs_of(before: Build, after: Build, evaluator: Evaluator) -> tuple[Msg, ...]:
    """What going from `before` to `after` asks of the software stack, as of today; empty when the
    evaluator has no stack table (a test's bare evaluator)."""
    from ..stack.pinning import plan_stack
    from ..stack.upgrade_needs import stack_needs

    table = evaluator.stack_table()
    if table is None:
        return ()
    cat, today = evaluator.catalog, date.today()
    return stack_needs(plan_stack(before, cat, table, today), plan_stack(after, cat, table, today), table)


def plan_from(before: Build, after: Build, a: Evaluation, b: Evaluation, *,
              trade_in: Mapping[str, Decimal] | None = None, stack_needs: tuple[Msg, ...] = ()) -> UpgradePlan:
    """The plan from evaluations already made (the GUI has AFTER's); `b` must be of
    `priced_after(before, after)`."""
    old = {_key(v) for v in a.violations}
    new = {_key(v) for v in b.violations}
    cost = b.cost
    changes = tuple(part_changes(before, after))
    traded = _trade_in(changes, trade_in or {})
    worst_a, worst_b = worst_feed_loss(a), worst_feed_loss(b)
    return UpgradePlan(
        chassis_before=before.chassis, chassis_after=after.chassis, changes=changes,
        deltas=_deltas(a, b), psu_before=_psu_text(a), psu_after=_psu_text(b),
        feed_loss_before=_feed_loss(a), feed_loss_after=_feed_loss(b),
        new_problems=tuple(v for v in b.violations if _key(v) not in old),
        resolved_problems=tuple(v for v in a.violations if _key(v) not in new),
        cost_new_parts=cost.subtotal_hardware, cost_total=cost.total, currency=cost.currency,
        unpriced=cost.missing_prices, new_lines=tuple(ln for ln in cost.lines if ln.group != OWNED_GROUP),
        feed_loss_pct_before=None if worst_a is None else worst_a[1],
        feed_loss_pct_after=None if worst_b is None else worst_b[1],
        trade_in=traded, trade_in_total=sum((v for _, v in traded), Decimal(0)), stack_needs=stack_needs)


def _money(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def plan_to_json(plan: UpgradePlan, violation_json: Callable[[Violation], dict[str, Any]],
                 english: Callable[[Msg | str], str]) -> dict[str, Any]:
    """The `configurator plan --json` object, also `evaluate --json`'s `upgrade` (keys in docs/cli.md);
    `violation_json` words each problem (`configurator.words.problems.violation_json`) and `english` the
    PSU and feed-loss verdicts and the lines' names (`configurator.words.render.named_in_english`);
    `stack` (codes and parameters) only when the upgrade changes the software stack."""
    data = _plan_json(plan, violation_json, english)
    if plan.stack_needs:
        data["stack"] = [{"code": m.id, "params": {k: v.id if isinstance(v, Msg) else str(v)
                                                   for k, v in m.params.items()}} for m in plan.stack_needs]
    return data


def _plan_json(plan: UpgradePlan, violation_json: Callable[[Violation], dict[str, Any]],
               english: Callable[[Msg | str], str]) -> dict[str, Any]:
    def loss(msg: Msg | None) -> str:
        return "" if msg is None else english(msg)

    return {
        "chassis": {"before": plan.chassis_before, "after": plan.chassis_after},
        "changes": [{"action": c.action, "part": c.part_id, "slot": c.slot, "from_slot": c.from_slot or None,
                     "owned": c.owned} for c in plan.changes],
        "deltas": {d.name: {"before": d.before, "after": d.after, "change": d.change} for d in plan.deltas},
        "psu": {"before": english(plan.psu_before), "after": english(plan.psu_after)},
        "feed_loss": {"before": loss(plan.feed_loss_before), "after": loss(plan.feed_loss_after),
                      "pct_before": plan.feed_loss_pct_before, "pct_after": plan.feed_loss_pct_after,
                      "holds_after": None if plan.feed_loss_pct_after is None else plan.feed_loss_pct_after <= 100},
        "new_problems": [violation_json(v) for v in plan.new_problems],
        "resolved_problems": [violation_json(v) for v in plan.resolved_problems],
        "cost": {"new_parts": str(plan.cost_new_parts), "total": str(plan.cost_total), "currency": plan.currency,
                 "unpriced": list(plan.unpriced), "trade_in": str(plan.trade_in_total), "net": str(plan.net_cost),
                 "lines": [{"group": ln.group, "kind": ln.kind, "part_id": ln.part_id, "part_number": ln.part_number,
                            "sku_note": ln.sku_note,
                            "name": english(ln.name), "qty": ln.qty, "unit_price": _money(ln.unit_price),
                            "extended": _money(ln.extended)} for ln in plan.new_lines],
                 "trade_in_lines": [{"part_id": pid, "unit_value": str(v)} for pid, v in plan.trade_in]},
    }
