"""An upgrade of a server the customer already runs: the server as found, and the delta BOM.

An imported server (`io.importers`) lists every part it held in `Build.owned`, by the slot it was
in, plus the chassis. `before_of` turns that list back into the build as the technician found
it, so that any edit after the import is an upgrade `core.plan.plan_upgrade` can describe: the
GUI's upgrade view, `evaluate --json`'s `upgrade` object and the upgrade exports all start here.
`delta_bom` is the one list of what changes hands that the CSV, XLSX and PDF exports print.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..build import OWNED_CHASSIS, Build
from ..catalog import Catalog
from ..evaluate.result import Evaluation
from ..evaluator import Evaluator
from ..message import Msg
from .delta import UpgradePlan, plan_from, priced_after, stack_needs_of

#: delta BOM groups, in print order
ADD, REMOVE, MOVE = "Add", "Remove", "Move"


def before_of(build: Build) -> Build | None:
    """The server as it was before the upgrade: the owned chassis and the owned parts in the
    slots they were in (NVLink bridges kept where all their slots still hold owned parts; options
    and terms as `build`'s). None when `build` owns nothing, i.e. it is a new server, not an upgrade."""
    if not build.owned:
        return None
    placements = {s: p for s, p in build.owned.items() if s != OWNED_CHASSIS}
    bridges = tuple(g for g in build.bridges if all(s in placements for s in g))
    feeds = {s: f for s, f in build.psu_feeds.items() if s in placements}
    snap = {**build.snapshot(), "chassis": build.owned.get(OWNED_CHASSIS, build.chassis),
            "placements": placements, "bridges": bridges, "psu_feeds": feeds, "owned": dict(build.owned)}
    return Build.model_validate(snap)


def owned_with(build: Build, slots: list[str] | tuple[str, ...], owned: bool) -> dict[str, str]:
    """`build.owned` with the parts now in `slots` marked as the customer's (`owned`) or as new: a
    part added by hand that was already in the server (a CPU the import could not identify) is then
    not priced. Empty slots are skipped."""
    out = dict(build.owned)
    for slot in slots:
        held = build.placements.get(slot)
        if held is None:
            continue
        if owned:
            out[slot] = held
        else:
            out.pop(slot, None)
    return out


def upgrade_of(after: Build, evaluator: Evaluator, *, before: Build | None = None, workload: Any = None,
               after_eval: Evaluation | None = None, trade_in: Mapping[str, Decimal] | None = None,
               ) -> UpgradePlan | None:
    """The upgrade from `before` (default: `before_of(after)`) to `after`; None when there is no
    before. `after_eval` (the session's evaluation of `after`) saves evaluating it again when it
    is already priced as the upgrade prices it."""
    base = before if before is not None else before_of(after)
    if base is None:
        return None
    priced = priced_after(base, after)
    a = evaluator.evaluate(base, workload)
    b = after_eval if after_eval is not None and priced is after else evaluator.evaluate(priced, workload)
    return plan_from(base, after, a, b, trade_in=trade_in, stack_needs=stack_needs_of(base, after, evaluator))


@dataclass(frozen=True)
class DeltaLine:
    """One line of the delta BOM: bought (Add, priced), taken out (Remove) or re-seated (Move)."""

    group: str                  # ADD, REMOVE, MOVE
    part_id: str
    part_number: str
    name: Msg | str             # the BOM line's (core/evaluate/bom.py), or the catalog's name of the part
    qty: int
    where: str                  # slots: "GPU5, GPU6" or "SLOT1 → SLOT3"
    unit_price: Decimal | None  # Add: the BOM's price (None: on request); Remove: trade-in value, if any
    extended: Decimal | None
    sku_note: str = ""          # why `part_number` is empty (catalog.SkuNote)


def _names(catalog: Catalog, part_id: str) -> tuple[str, str]:
    part = catalog.get(part_id)
    return (part.part_number, part.name) if part is not None else ("", part_id)


def _sku_note(catalog: Catalog, part_id: str) -> str:
    part = catalog.get(part_id)
    return part.sku_note if part is not None and not part.part_number else ""


def _add_lines(plan: UpgradePlan) -> list[DeltaLine]:
    slots: dict[str, list[str]] = {}
    for c in plan.of("add"):
        slots.setdefault(c.part_id, []).append(c.slot)
    return [DeltaLine(ADD, ln.part_id, ln.part_number, ln.name, ln.qty, ", ".join(slots.get(ln.part_id, [])),
                      ln.unit_price, ln.extended, ln.sku_note) for ln in plan.new_lines]


def _remove_lines(plan: UpgradePlan, catalog: Catalog) -> list[DeltaLine]:
    counts = Counter(c.part_id for c in plan.of("remove"))
    values = dict(plan.trade_in)
    out = []
    for pid, qty in counts.items():
        number, name = _names(catalog, pid)
        value = values.get(pid)
        traded = sum(1 for p, _ in plan.trade_in if p == pid)
        out.append(DeltaLine(REMOVE, pid, number, name, qty,
                             ", ".join(c.slot for c in plan.of("remove") if c.part_id == pid),
                             value, None if value is None else value * traded, _sku_note(catalog, pid)))
    return out


def delta_bom(plan: UpgradePlan, catalog: Catalog) -> list[DeltaLine]:
    """Add lines (AFTER's bought BOM lines: new parts, their companions, services), then the
    removed parts (with a trade-in value where one was given), then the moves (no price)."""
    moves = [DeltaLine(MOVE, c.part_id, *_names(catalog, c.part_id), 1, f"{c.from_slot} → {c.slot}", None, None,
                       _sku_note(catalog, c.part_id))
             for c in plan.of("move")]
    return [*_add_lines(plan), *_remove_lines(plan, catalog), *moves]
