"""Can this part go into that slot? The one answer the GUI's drag, keyboard and menus and the
fit rules share.

`slot_problems` lists, as (code, reason) pairs, every way one part does not physically or
electrically fit one empty slot (slot kind, baseboard family, GPU power, card width /
height / length, OCP vs CEM, bay type and wiring, the chassis' PSU list, its cooling
options, CPU socket, DIMM generation); `coverage_problems` adds what the other placements
cause (a wide card covering the slot, or the part covering a filled one). The fit rules
report exactly these codes and reasons as violations, so a refused drop and a Problems
entry say the same thing. A reason is a message (`Msg`, worded in words/placement_words.py)
naming the part and the slot, readable both as "why this drop is refused" and as "what is wrong
with the build".

An occupied slot is *not* a refusal: placing there replaces the part. Legal-but-unwise
choices (too little power, lanes shared) are left to the other rule families.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING

from .build import Build, Unplaced
from .catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, Drive, Part, PcieSlotSpec
from .categories import ACCEPTS, KEYS, bay_name, noun
from .context import BuildContext, cover_map, covers, resolve
from .message import Msg, Num, Term
from .slots import Slot, layout_of

if TYPE_CHECKING:
    import numpy as np

#: (violation code, reason) for one way a part does not fit a slot
Problem = tuple[str, Msg]
#: (fits, the first reason it does not: None when it fits)
Verdict = tuple[bool, Msg | None]
#: category -> the slot kinds that take its parts
_KINDS_TAKING: dict[str, frozenset[str]] = {
    cat: frozenset(kind for kind, accepted in ACCEPTS.items() if cat in accepted) for cat in KEYS
}


def _article(name: str) -> str:
    """'a' for a U.2 but 'an' for an E3.S, an M.2, an SXM5: the English article of a form factor's
    name as its letters are spoken, which picks the message's entry (words/placement_words.py)."""
    return "an" if name[:1].upper() in "AEFHILMNORSX8" else "a"


def _width(slots: int) -> Msg:
    """A card's width: 'single-width' ... 'triple-width', then '4-slot'."""
    return Msg(f"place.width.{slots}") if 1 <= slots <= 3 else Msg("place.width.n", n=slots)


def slot_problems(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    """Every way `part` does not fit the empty `slot`, ignoring what else is placed."""
    if part.category not in ACCEPTS[slot.kind]:
        return [("fit.wrong-slot-kind", Msg("place.wrong-slot-kind", slot=slot.id, kind=Msg(f"place.slot.{slot.kind}"),
                                            part=part.name, noun=Term(noun(part.category))))]
    check = _CHECKS.get(slot.kind)
    return check(chassis, slot, part) if check else []


def fits_slot(chassis: Chassis, slot: Slot, part: Part) -> Verdict:
    """(fits, first reason) of `slot_problems`."""
    return _verdict(slot_problems(chassis, slot, part))


def _cpu(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    assert isinstance(part, CPU)
    want = next((s.socket for s in chassis.sockets if s.id == slot.id), "")
    if want and part.socket != want:
        return [("cpu.socket", Msg("place.socket", part=part.name, socket=part.socket, slot=slot.id, want=want))]
    return []


def _dimm(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    assert isinstance(part, DIMM)
    want = chassis.memory.memory_type
    if part.memory_type != want:
        return [("mem.type", Msg("place.memory-type", part=part.name, kind=part.memory_type.upper(),
                                 want=want.upper()))]
    return []


def _gpu_position(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    assert isinstance(part, GPU)
    bb = chassis.gpu_baseboard
    if part.form_factor == "pcie":
        return [("fit.pcie-card-on-baseboard", Msg("place.pcie-card-on-baseboard", part=part.name, slot=slot.id))]
    if bb is not None and part.baseboard_family != bb.family:
        return [("fit.baseboard-family", Msg("place.baseboard-family", part=part.name, family=part.baseboard_family,
                                             board=bb.label or bb.family, board_family=bb.family))]
    return []


def _pcie(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    assert slot.pcie is not None
    return pcie_problems(part, slot.pcie, chassis)


def pcie_problems(part: Part, spec: PcieSlotSpec, chassis: Chassis | None = None) -> list[Problem]:
    """Every way `part` does not fit the empty PCIe slot `spec` (`chassis` words the module case)."""
    sid = spec.id
    if isinstance(part, Drive):
        bay = bay_name(part.form_factor)
        return [("fit.drive-form-factor", Msg(f"place.drive-in-pcie.{_article(bay)}", part=part.name, bay=bay,
                                              slot=sid))]
    if isinstance(part, GPU) and part.form_factor != "pcie":
        module = part.form_factor.upper()
        if chassis is not None and chassis.gpu_baseboard is None:
            why = Msg(f"place.module-no-baseboard.{_article(module)}", part=part.name, module=module,
                      family=part.baseboard_family)
        else:
            why = Msg(f"place.module-in-pcie.{_article(module)}", part=part.name, module=module, slot=sid)
        return [("fit.module-needs-baseboard", why)]
    is_ocp = isinstance(part, NIC) and part.form_factor == "ocp3"
    if is_ocp != (spec.form == "ocp3"):
        return [("fit.ocp-slot", Msg("place.ocp-card-in-cem" if is_ocp else "place.card-in-ocp", part=part.name,
                                     slot=sid))]
    out: list[Problem] = []
    if isinstance(part, GPU) and not spec.gpu_capable:
        out.append(("fit.gpu-slot", Msg("place.gpu-slot", slot=sid, tdp=Num(part.tdp_w, ".0f"), part=part.name)))
    return out + _card_size(part, spec)


def _card_size(part: Part, spec: PcieSlotSpec) -> list[Problem]:
    if spec.form == "ocp3":
        return []
    out: list[Problem] = []
    width = getattr(part, "slot_width", 1)
    if width > spec.max_width:
        out.append(("fit.card-width", Msg("place.card-width", part=part.name, width=_width(width), slot=spec.id,
                                          room=_width(spec.max_width))))
    if getattr(part, "card_length", "hl") == "fl" and spec.length == "hl":
        out.append(("fit.card-length", Msg("place.card-length", part=part.name, slot=spec.id)))
    if getattr(part, "card_height", "lp") == "fh" and spec.height == "lp":
        out.append(("fit.card-height", Msg("place.card-height", part=part.name, slot=spec.id)))
    return out


def _drive(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    assert isinstance(part, Drive) and slot.bays is not None
    bays = slot.bays
    if part.form_factor != bays.bay_type:
        bay, slot_bay = bay_name(part.form_factor), bay_name(bays.bay_type)
        return [("fit.drive-form-factor", Msg(f"place.drive-bay.{_article(bay)}-{_article(slot_bay)}",
                                              part=part.name, bay=bay, slot=slot.id, slot_bay=slot_bay))]
    if part.interface not in bays.interfaces:
        wired = "/".join(i.upper() for i in bays.interfaces)
        return [("fit.drive-interface", Msg("place.drive-interface", part=part.name, interface=part.interface.upper(),
                                            slot=slot.id, wired=wired))]
    return []


def _psu(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    assert isinstance(part, PSU)
    if part.id not in chassis.psu.supported:
        return [("fit.psu-model", Msg("place.psu-model", part=part.name, slot=slot.id, chassis=chassis.name))]
    return []


def _cooling(chassis: Chassis, slot: Slot, part: Part) -> list[Problem]:
    assert isinstance(part, Cooling)
    if part.id not in {c.cooling for c in chassis.cooling_options}:
        return [("fit.cooling-option", Msg("place.cooling-option", part=part.name, chassis=chassis.name))]
    return []


_CHECKS: dict[str, Callable[[Chassis, Slot, Part], list[Problem]]] = {
    "cpu": _cpu, "dimm": _dimm, "gpu": _gpu_position, "pcie": _pcie, "drive": _drive,
    "psu": _psu, "cooling": _cooling,
}


#: The part fields each slot kind's check reads, but for `name` and a GPU's `tdp_w`, which only its
#: reasons print: parts of one class and category that agree on these fit the same slots of any
#: chassis. A check that comes to read another field lists it here; tests/core/test_fit_groups.py
#: reads the checks' code for that.
DECIDING_FIELDS: dict[str, tuple[str, ...]] = {
    "cpu": ("socket",), "dimm": ("memory_type",), "gpu": ("form_factor", "baseboard_family"),
    "pcie": ("form_factor", "baseboard_family", "slot_width", "card_length", "card_height"),
    "drive": ("form_factor", "interface"),
    "psu": ("id",), "cooling": ("id",),
}
_DECIDING_BY_CATEGORY: dict[str, tuple[str, ...]] = {
    cat: tuple(dict.fromkeys(f for kind, fields in DECIDING_FIELDS.items() if cat in ACCEPTS[kind] for f in fields))
    for cat in KEYS
}


def fit_key(part: Part) -> Hashable:
    """What decides which slots `part` fits: its class, its category and the `DECIDING_FIELDS` of
    the slot kinds that take it. Parts with one key get one `fits_chassis` verdict from any chassis
    (their reasons differ only in the names)."""
    fields = _DECIDING_BY_CATEGORY.get(part.category, ())
    return (type(part), part.category, *(getattr(part, f, None) for f in fields))


def covered_problem(ctx: BuildContext, slot_id: str) -> Problem | None:
    """Why `slot_id` cannot hold a card: a wide card in another slot covers it (None if not)."""
    cover = ctx.covered_slots.get(slot_id)
    if cover is None or cover == slot_id:
        return None
    card = ctx.part_at(cover)
    name = card.name if card else "card"
    width = getattr(card, "slot_width", 1)
    return ("fit.slot-blocked", Msg("place.covered", slot=slot_id, card=name, cover=cover, width=width))


def coverage_problems(ctx: BuildContext, slot: Slot, part: Part) -> list[Problem]:
    """What the other placements cause for `part` in `slot`: covered, or covering a filled slot."""
    if slot.kind != "pcie" or slot.pcie is None:
        return []
    blocked = covered_problem(ctx, slot.id)
    if blocked is not None:
        return [blocked]
    for other in covers(part, slot.pcie):
        held = ctx.part_at(other)
        if held is not None:
            return [("fit.slot-blocked", Msg("place.would-cover", part=part.name, other=other, held=held.name))]
    return []


def placement_problems(ctx: BuildContext, slot_id: str, part_id: str) -> list[Problem]:
    """Every problem placing `part_id` into `slot_id` of the resolved build would have."""
    chassis = ctx.chassis
    if chassis is None:
        return [("fit.unknown-chassis", Msg("op.unknown-chassis", chassis=repr(ctx.build.chassis)))]
    slot = ctx.slot_by_id.get(slot_id)
    if slot is None:
        return [("fit.unknown-slot", Msg("op.unknown-slot", chassis=chassis.name, slot=slot_id))]
    part = ctx.catalog.get(part_id)
    if part is None:
        return [("fit.unknown-part", Msg("place.unknown-part", part=repr(part_id)))]
    return slot_problems(chassis, slot, part) or coverage_problems(ctx, slot, part)


def can_place(build: Build, catalog: Catalog, slot_id: str, part_id: str) -> Verdict:
    """Whether `part_id` fits `slot_id` of the build's chassis, and why not."""
    return _verdict(placement_problems(resolve(build, catalog), slot_id, part_id))


def _verdict(problems: list[Problem]) -> Verdict:
    return (False, problems[0][1]) if problems else (True, None)


def covered_slots(build: Build, catalog: Catalog) -> dict[str, str]:
    """Covered slot -> the slot whose wide card covers it (`BuildContext.covered_slots`), without
    resolving the whole build: the chassis view asks on every edit."""
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        return {}
    cards = ((spec, catalog.get(build.placements.get(spec.id, ""))) for spec in chassis.pcie_slots)
    return cover_map((spec, part) for spec, part in cards if part is not None)


def fits_chassis(catalog: Catalog, chassis: Chassis, part: Part) -> Verdict:
    """Whether any slot of `chassis` could take `part` (the palette's "fits this chassis")."""
    reasons: list[tuple[int, Msg]] = []
    for slot in layout_of(chassis).of_kinds(_KINDS_TAKING.get(part.category, frozenset())):
        problems = slot_problems(chassis, slot, part)
        if not problems:
            return True, None
        reasons.append((_home_rank(slot, part), problems[0][1]))
    if not reasons:
        return False, Msg("place.no-place", chassis=chassis.name, noun=Term(noun(part.category)))
    return False, min(reasons, key=lambda r: r[0])[1]


def unplaced_reason(build: Build, catalog: Catalog, item: Unplaced) -> Msg:
    """Why the tray's `item` has no slot in the build's chassis: the part is unknown, no slot of the
    chassis takes it (`fits_chassis`'s reason), or every slot that would is in use. Worded where it
    is shown (the tray, the fit rules' warning), from the build as it is now."""
    part = catalog.get(item.part)
    if part is None:
        return Msg("place.unknown-part", part=item.part)
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        return Msg("op.unknown-chassis", chassis=repr(build.chassis))
    fits, why = fits_chassis(catalog, chassis, part)
    return why if why is not None else Msg("place.all-in-use", chassis=chassis.name, slot=item.slot)


def _home_rank(slot: Slot, part: Part) -> int:
    """0 when `slot` is where such a part normally goes, so its refusal explains the most."""
    if slot.kind == "pcie" and slot.pcie is not None:
        ocp_part = getattr(part, "form_factor", "") == "ocp3"
        if (slot.pcie.form == "ocp3") != ocp_part:
            return 2
        if isinstance(part, GPU) and part.form_factor != "pcie":
            return 1
        return 0
    if slot.kind == "gpu" and isinstance(part, GPU) and part.form_factor == "pcie":
        return 2
    return 0


class FitGroups:
    """Many parts grouped by `fit_key`, so "which of them fit this chassis" costs one `fits_chassis`
    per group (a distributor's 20,000 parts share a few thousand keys, most of them PSUs and
    cooling kits, which a chassis lists by id) and a numpy take. Parts can be added in batches."""

    def __init__(self, parts: Iterable[Part] = ()) -> None:
        self._code_of: dict[Hashable, int] = {}
        self._codes: list[int] = []
        #: one part of each group, by group code
        self.members: list[Part] = []
        self.add(parts)

    def __len__(self) -> int:
        return len(self._codes)

    def add(self, parts: Iterable[Part]) -> None:
        """Group `parts`, after those grouped before."""
        code_of, members, codes = self._code_of, self.members, self._codes
        for part in parts:
            key = fit_key(part)
            code = code_of.get(key)
            if code is None:
                code = code_of[key] = len(members)
                members.append(part)
            codes.append(code)

    def fits(self, catalog: Catalog, chassis: Chassis | None) -> np.ndarray:
        """`fits_chassis(catalog, chassis, part)[0]` of each part, in order (all False without a chassis)."""
        import numpy as np  # here, not at the top: checking a build never needs it (start-up)

        if chassis is None:
            return np.zeros(len(self._codes), dtype=bool)
        verdicts = np.fromiter((fits_chassis(catalog, chassis, p)[0] for p in self.members), dtype=bool,
                               count=len(self.members))
        return verdicts[np.asarray(self._codes, dtype=np.intp)]


def first_free_slot(build: Build, catalog: Catalog, part_id: str) -> str | None:
    """The first empty slot, in chassis order, that accepts `part_id` (None if there is none)."""
    ctx = resolve(build, catalog)
    part = catalog.get(part_id)
    if ctx.chassis is None or part is None:
        return None
    for slot in ctx.slots:
        if slot.id in build.placements or part.category not in ACCEPTS[slot.kind]:
            continue
        if not placement_problems(ctx, slot.id, part_id):
            return slot.id
    return None


def accepting_slots(build: Build, catalog: Catalog, part_id: str) -> dict[str, Verdict]:
    """`can_place` for every slot of the chassis (what a drag highlights)."""
    ctx = resolve(build, catalog)
    if ctx.chassis is None:
        return {}
    return {s.id: _verdict(placement_problems(ctx, s.id, part_id)) for s in ctx.slots}


__all__ = ["Problem", "slot_problems", "pcie_problems", "coverage_problems", "covered_problem",
           "placement_problems", "can_place", "first_free_slot", "fits_chassis", "fits_slot",
           "accepting_slots", "covered_slots", "bay_name", "unplaced_reason", "DECIDING_FIELDS", "fit_key",
           "FitGroups", "Verdict"]
