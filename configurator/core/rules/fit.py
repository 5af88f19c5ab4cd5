"""Fit: does each part physically and electrically go where it was placed?

The answer is `core/placement.py`'s: each placed part's `slot_problems` (slot kind, SXM/OAM
baseboard family, GPU-capable slots, card width, length, height, OCP vs CEM, drive bays,
PSU models, the cooling option) and `covered_problem` (a wide card covering a filled slot)
are reported with exactly their codes and reasons, plus a fix. This module adds what is
not about one slot: liquid-only parts on air cooling, and placements the catalog or
chassis does not know. CPU sockets and DIMM types are reported by the cpu and memory
families (codes `cpu.socket`, `mem.type`, the same codes placement refuses a drop with).
"""

from __future__ import annotations

from typing import Any

from ..catalog import GPU, PSU, Part, PcieSlotSpec
from ..categories import ACCEPTS
from ..context import covers
from ..message import Msg
from ..placement import Problem, covered_problem, pcie_problems, slot_problems
from ..psu import rating_at
from ..slots import Slot
from ._common import Facts, batch, cooling_kind, place, remove

#: slot kinds whose fit the cpu / memory families report under their own codes
_OTHER_FAMILY = ("cpu", "dimm")

__all__ = ["check", "covered", "pcie_problems", "misfits", "blocked_slots", "free_slot"]


def covered(part: Part, spec: PcieSlotSpec) -> tuple[str, ...]:
    """Slots a card in `spec` covers (`context.covers`; kept for the pcie and network families)."""
    return covers(part, spec)


def blocked_slots(f: Facts) -> dict[str, str]:
    """Slot id -> the slot whose wide card covers it (`BuildContext.covered_slots`)."""
    return f.ctx.covered_slots


def slot_problems_of(f: Facts, slot: Slot, part: Part) -> list[Problem]:
    """`placement.slot_problems` of `part` in `slot`, kept in the evaluator's memo per
    (chassis, slot id, part id): the answer depends on nothing else."""
    memo = f.memo
    if memo is None:
        return slot_problems(f.chassis, slot, part)
    key = ("slot-problems", f.chassis.id, slot.id, part.id)
    found = memo.get(key)
    if found is None:
        found = memo.put(key, slot_problems(f.chassis, slot, part))
    return found


def misfits(f: Facts) -> set[str]:
    """PCIe slots whose card does not fit (the fit family's answer, computed once per check and
    shared with pcie/network; computed here when the fit family's result came from a memo)."""
    bad = f.cache.get("pcie_misfits")
    if bad is None:
        bad = f.cache["pcie_misfits"] = {p.slot.id for p in f.by_kind.get("pcie", ())
                                         if slot_problems_of(f, p.slot, p.part)}
    return bad


def free_slot(f: Facts, part: Part, exclude: str = "") -> str | None:
    """The first free slot, chassis order, that `part` fits with nothing covering or covered."""
    for slot in f.ctx.slots:
        if slot.id == exclude or slot.id in f.at or part.category not in ACCEPTS[slot.kind]:
            continue
        if slot_problems_of(f, slot, part):
            continue
        if slot.pcie is not None and (slot.id in f.ctx.covered_slots or
                                      any(b in f.at and b != exclude for b in covers(part, slot.pcie))):
            continue
        return slot.id
    return None


def _move_fix(slot: str, part: Part, target: str | None) -> tuple[Msg, list[Any]]:
    if target:
        return Msg("fit.move", part=part.name, slot=slot, target=target), [
            batch([remove(slot), place(target, part.id)], "op.label.move", part=part.name, slot=target)]
    return Msg("fit.remove-no-place", part=part.name, slot=slot), [remove(slot)]


def check(f: Facts) -> None:
    _unknown(f)
    bad: set[str] = set()
    f.cache["pcie_misfits"] = bad          # filled below; misfits() reads it
    # outside an evaluator every part is checked anyway; inside one, a category whose placements
    # all fitted before is not walked again
    if f.memo is None or not all(_fits(f, category) for category in f.ctx.categories):
        _problems(f, bad)
    _blocked(f)
    _liquid_only(f)


def _fits(f: Facts, category: str) -> bool:
    """Whether every placed part of `category` fits its slot (`slot_problems` empty; the cpu and
    memory families check CPUs in sockets and DIMMs in DIMM slots), remembered per placements."""
    key = ("fits", f.chassis.id, f.ctx.key(category))
    found = f.memo.get(key)
    if found is None:
        found = f.memo.put(key, not any(
            slot_problems_of(f, p.slot, p.part) for p in f.ctx.of(category)
            if not (p.slot.kind in _OTHER_FAMILY and p.part.category in ACCEPTS[p.slot.kind])))
    return found


def _problems(f: Facts, bad: set[str]) -> None:
    """Each placed part's slot problems, chassis order, with a fix; PCIe misfits into `bad`."""
    for p in f.ctx.placed:
        if p.slot.kind in _OTHER_FAMILY and p.part.category in ACCEPTS[p.slot.kind]:
            continue
        problems = slot_problems_of(f, p.slot, p.part)
        if problems and p.slot.kind == "pcie":
            bad.add(p.slot.id)
        for code, reason in problems:
            fix, ops = _fix(f, p.slot, p.part, code)
            f.add("error", code, reason, (p.slot.id,), fix, ops)


def _fix(f: Facts, slot: Slot, part: Part, code: str) -> tuple[Msg, list[Any]]:
    """The fix for one placement problem: another model where the slot wants one, else a move."""
    if code == "fit.wrong-slot-kind":
        return Msg("fit.remove", part=part.name, slot=slot.id), [remove(slot.id)]
    if code == "fit.baseboard-family":
        bb = f.chassis.gpu_baseboard
        family = bb.family if bb else "?"
        return (Msg("fit.baseboard-family.fix", family=family, other=getattr(part, "baseboard_family", "")),
                [remove(slot.id)])
    if code == "fit.psu-model":
        return _psu_fix(f, slot)
    if code == "fit.cooling-option":
        options = f.chassis.cooling_options
        first = f.ctx.catalog.get(options[0].cooling)
        return (Msg("fit.cooling-option.fix", cooling=first.name if first else options[0].cooling),
                [place("COOLING", options[0].cooling)] if first else [])
    return _move_fix(slot.id, part, free_slot(f, part, exclude=slot.id))


def _psu_fix(f: Facts, slot: Slot) -> tuple[Msg, list[Any]]:
    supported = f.chassis.psu.supported
    others = [p.part.id for p in f.by_kind.get("psu", ()) if p.part.id in supported]
    volts = f.build.site.input_voltage_v
    # a replacement that gives 0 W at the site's voltage (a high-line-only PSU at 120 V) is no fix
    usable = [s for s in (*others, *supported)
              if isinstance(part := f.ctx.catalog.get(s), PSU) and rating_at(part, volts) > 0]
    model = usable[0] if usable else others[0] if others else next(
        (s for s in supported if isinstance(f.ctx.catalog.get(s), PSU)), "")
    part = f.ctx.catalog.get(model) if model else None
    if part is None:
        return Msg("fit.psu-model.any"), []
    return Msg("fit.psu-model.fix", psu=part.name), [place(slot.id, model)]


def _unknown(f: Facts) -> None:
    for slot, part, _reason in f.ctx.unknown:
        if slot in f.ctx.slot_by_id:
            f.add("error", "fit.unknown-part", Msg("fit.unknown-part", slot=slot, part=repr(part)), (slot,),
                  Msg("fit.unknown-part.fix", slot=slot, part=repr(part)), [remove(slot)])
        else:
            f.add("error", "fit.unknown-slot", Msg("fit.unknown-slot", part=part, slot=slot, chassis=f.chassis.name),
                  (slot,), Msg("fit.unknown-slot.fix", slot=slot), [remove(slot)])


def _blocked(f: Facts) -> None:
    """A filled slot under a wide card: placement's `covered_problem`, with a move as fix."""
    for sid, by in f.ctx.covered_slots.items():
        part = f.at.get(sid)
        problem: Problem | None = covered_problem(f.ctx, sid) if part is not None else None
        if part is None or problem is None:
            continue
        fix, ops = _move_fix(sid, part, free_slot(f, part, exclude=sid))
        f.add("error", problem[0], problem[1], (sid, by), fix, ops)


def _liquid_only(f: Facts) -> None:
    gpus = [p for p in f.ctx.of("gpu") if isinstance(p.part, GPU) and p.part.liquid_only]
    if not gpus or (f.cooling_option is not None and f.cooling is not None and f.cooling.kind == "liquid"):
        return
    liquid = [o for o in f.chassis.cooling_options if cooling_kind(f.ctx, o) == "liquid"]
    part = gpus[0].part
    slots = [p.slot.id for p in gpus]
    kit = f.ctx.catalog.get(liquid[0].cooling) if liquid else None
    if kit is not None:
        f.add("error", "fit.liquid-only", Msg("fit.liquid-only", gpu=part.name, slots=", ".join(slots)),
              (*slots, "COOLING"), Msg("fit.liquid-only.fix", cooling=kit.name), [place("COOLING", kit.id)])
    else:
        f.add("error", "fit.liquid-only",
              Msg("fit.liquid-only.no-option", gpu=part.name, slots=", ".join(slots), chassis=f.chassis.name),
              slots, Msg("fit.liquid-only.no-option.fix"))
