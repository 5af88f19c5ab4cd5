"""Fit: does each part physically and electrically go where it was placed?

Checks slot kind, SXM/OAM baseboard family, GPU-capable slots, card width (and the slots a
wide card covers), length, height, OCP vs CEM, drive bays, PSU models, the cooling option,
liquid-only parts and placements the catalog or chassis does not know.
"""

from __future__ import annotations

from ..catalog import GPU, NIC, PSU, Cooling, Drive, Part, PcieSlotSpec
from ..slots import ACCEPTS, Slot
from ._common import Facts, batch, cooling_kind, place, remove

KIND_WORDS = {"cpu": "CPU socket", "dimm": "DIMM slot", "gpu": "GPU baseboard position",
              "pcie": "PCIe slot", "drive": "drive bay", "psu": "PSU bay", "cooling": "cooling position"}
BAY_WORDS = {"u2": "2.5-inch U.2", "e1s": "E1.S", "e3s": "E3.S", "sata25": "2.5-inch SATA/SAS",
             "hdd35": "3.5-inch", "m2": "M.2"}


def covered(part: Part, spec: PcieSlotSpec) -> tuple[str, ...]:
    """Slots a card in `spec` covers: a w-slot-wide card covers the first w-1 of `blocks`."""
    width = getattr(part, "slot_width", 1)
    return spec.blocks[:width - 1] if width > 1 else ()


def pcie_problems(part: Part, spec: PcieSlotSpec) -> list[tuple[str, str]]:
    """(code, reason) for each way `part` does not fit PCIe slot `spec`; empty when it fits."""
    out: list[tuple[str, str]] = []
    if isinstance(part, Drive):
        return [("fit.drive-form-factor", f"a {BAY_WORDS[part.form_factor]} drive needs a drive bay, not a PCIe slot")]
    if isinstance(part, GPU):
        if part.form_factor != "pcie":
            return [("fit.module-needs-baseboard",
                     f"an {part.form_factor.upper()} module goes on a GPU baseboard, not into a PCIe slot")]
        if not spec.gpu_capable:
            out.append(("fit.gpu-slot", "the slot has no GPU auxiliary power or accelerator cooling"))
    is_ocp = isinstance(part, NIC) and part.form_factor == "ocp3"
    if is_ocp != (spec.form == "ocp3"):
        out.append(("fit.ocp-slot", "an OCP 3.0 card needs an OCP 3.0 slot" if is_ocp
                    else "the slot is an OCP 3.0 slot, which takes only OCP 3.0 NICs"))
        return out
    width = getattr(part, "slot_width", 1)
    if width > spec.max_width:
        out.append(("fit.card-width", f"the card is {width} slots wide, the slot takes {spec.max_width}"))
    if getattr(part, "card_length", "hl") == "fl" and spec.length == "hl":
        out.append(("fit.card-length", "a full-length card does not fit a half-length slot"))
    if getattr(part, "card_height", "lp") == "fh" and spec.height == "lp":
        out.append(("fit.card-height", "a full-height card does not fit a low-profile slot"))
    return out


def misfits(f: Facts) -> set[str]:
    """PCIe slots whose card does not fit (computed once per check, shared with pcie/network)."""
    bad = f.cache.get("pcie_misfits")
    if bad is None:
        bad = f.cache["pcie_misfits"] = {p.slot.id for p in f.by_kind.get("pcie", ())
                                         if pcie_problems(p.part, p.slot.pcie)}
    return bad


def free_pcie_slot(f: Facts, part: Part, exclude: str = "") -> str | None:
    """A free, uncovered PCIe slot `part` fits in (and whose covered slots are free)."""
    blocked = blocked_slots(f)
    for spec in f.chassis.pcie_slots:
        sid = spec.id
        if sid == exclude or sid in f.at or sid in blocked or pcie_problems(part, spec):
            continue
        if any(b in f.at and b != exclude for b in covered(part, spec)):
            continue
        return sid
    return None


def blocked_slots(f: Facts) -> dict[str, str]:
    """Slot id -> the slot whose wide card covers it."""
    out = f.cache.get("blocked")
    if out is not None:
        return out
    out = f.cache["blocked"] = {}
    for p in f.by_kind.get("pcie", ()):
        if p.slot.pcie is not None:
            for b in covered(p.part, p.slot.pcie):
                out.setdefault(b, p.slot.id)
    return out


def _move_fix(f: Facts, slot: str, part: Part, target: str | None) -> tuple[str, list]:
    if target:
        return f"Move the {part.name} from {slot} to {target}.", [batch([remove(slot), place(target, part.id)],
                                                                         f"Move {part.name} to {target}")]
    return f"Remove the {part.name} from {slot}; no free place in this chassis takes it.", [remove(slot)]


def check(f: Facts) -> None:
    _unknown(f)
    f.cache["pcie_misfits"] = set()       # filled by _pcie below; misfits() reads it
    for p in f.ctx.placed:
        kind = p.slot.kind
        if p.part.category not in ACCEPTS[kind]:
            f.add("error", "fit.wrong-slot-kind",
                  f"{p.slot.id} is a {KIND_WORDS[kind]} but holds a {p.part.category.upper()}, the {p.part.name}.",
                  (p.slot.id,), f"Remove the {p.part.name} from {p.slot.id}.", [remove(p.slot.id)])
        elif kind == "pcie":
            _pcie(f, p.slot, p.part)
        elif kind == "gpu":
            _baseboard(f, p.slot, p.part)
        elif kind == "drive":
            _bay(f, p.slot, p.part)
        elif kind == "psu":
            _psu(f, p.slot, p.part)
        elif kind == "cooling":
            _cooling(f, p.part)
    _blocked(f)
    _liquid_only(f)


def _unknown(f: Facts) -> None:
    for slot, part, reason in f.ctx.unknown:
        code = "fit.unknown-part" if slot in f.ctx.slot_by_id else "fit.unknown-slot"
        what = f"{slot} names part {part!r}, which is not in the catalog" if code == "fit.unknown-part" \
            else f"The build places {part} in {slot}, but the {f.chassis.name} has no slot {slot}"
        f.add("error", code, what + ".", (slot,),
              f"Remove the placement in {slot}, or load the catalog that defines {part!r}."
              if code == "fit.unknown-part" else f"Remove the placement in {slot}.", [remove(slot)])


def _pcie(f: Facts, slot: Slot, part: Part) -> None:
    problems = pcie_problems(part, slot.pcie)
    if not problems:
        return
    f.cache.setdefault("pcie_misfits", set()).add(slot.id)
    target = free_pcie_slot(f, part, exclude=slot.id)
    fix, ops = _move_fix(f, slot.id, part, target)
    for code, reason in problems:
        f.add("error", code, f"{slot.id} holds the {part.name}, but {reason}.", (slot.id,), fix, ops)


def _baseboard(f: Facts, slot: Slot, part: Part) -> None:
    bb = f.chassis.gpu_baseboard
    if not isinstance(part, GPU) or bb is None:
        return
    if part.form_factor == "pcie":
        target = free_pcie_slot(f, part)
        fix, ops = _move_fix(f, slot.id, part, target)
        f.add("error", "fit.pcie-card-on-baseboard",
              f"{slot.id} is a position on the {bb.label or bb.family} GPU baseboard, but holds the "
              f"{part.name}, a PCIe card.", (slot.id,), fix, ops)
    elif part.baseboard_family != bb.family:
        f.add("error", "fit.baseboard-family",
              f"The {part.name} in {slot.id} needs a {part.baseboard_family} baseboard; the "
              f"{f.chassis.name} has a {bb.family} baseboard.", (slot.id,),
              f"Use a GPU made for the {bb.family} baseboard, or a chassis with a {part.baseboard_family} baseboard.",
              [remove(slot.id)])


def _bay_problems(part: Drive, slot: Slot) -> list[tuple[str, str]]:
    bays = slot.bays
    out = []
    if part.form_factor != bays.bay_type:
        out.append(("fit.drive-form-factor",
                    f"it is a {BAY_WORDS[part.form_factor]} drive and {slot.id} is a {BAY_WORDS[bays.bay_type]} bay"))
    elif part.interface not in bays.interfaces:
        out.append(("fit.drive-interface",
                    f"it is a {part.interface.upper()} drive and {slot.id} is wired for "
                    f"{'/'.join(i.upper() for i in bays.interfaces)} only"))
    return out


def _bay(f: Facts, slot: Slot, part: Part) -> None:
    if not isinstance(part, Drive) or slot.bays is None:
        return
    problems = _bay_problems(part, slot)
    if not problems:
        return
    target = None
    for s in f.ctx.slots:
        if s.kind == "drive" and s.id not in f.at and not _bay_problems(part, s):
            target = s.id
            break
    fix, ops = _move_fix(f, slot.id, part, target)
    for code, reason in problems:
        f.add("error", code, f"{slot.id} holds the {part.name}, but {reason}.", (slot.id,), fix, ops)


def _psu(f: Facts, slot: Slot, part: Part) -> None:
    supported = f.chassis.psu.supported
    if part.id in supported:
        return
    others = [p.part.id for p in f.by_kind.get("psu", ()) if p.part.id in supported]
    model = others[0] if others else next((s for s in supported if isinstance(f.ctx.catalog.get(s), PSU)), "")
    name = f.ctx.catalog.get(model).name if model else ""
    f.add("error", "fit.psu-model",
          f"{slot.id} holds the {part.name}, which the {f.chassis.name} does not accept.", (slot.id,),
          f"Replace it with the {name}." if model else "Replace it with a PSU the chassis lists.",
          [place(slot.id, model)] if model else ())


def _cooling(f: Facts, part: Part) -> None:
    if f.cooling_option is not None or not isinstance(part, Cooling):
        return
    options = f.chassis.cooling_options
    first = f.ctx.catalog.get(options[0].cooling)
    f.add("error", "fit.cooling-option",
          f"The {f.chassis.name} is not offered with the {part.name} cooling.", ("COOLING",),
          f"Use one of the chassis' cooling options, e.g. the {first.name if first else options[0].cooling}.",
          [place("COOLING", options[0].cooling)] if first else ())


def _blocked(f: Facts) -> None:
    for sid, by in blocked_slots(f).items():
        part = f.at.get(sid)
        if part is None:
            continue
        wide = f.at[by]
        target = free_pcie_slot(f, part, exclude=sid)
        fix, ops = _move_fix(f, sid, part, target)
        f.add("error", "fit.slot-blocked",
              f"The {wide.name} in {by} is {wide.slot_width} slots wide and covers {sid}, which holds the "
              f"{part.name}.", (sid, by), fix, ops)


def _liquid_only(f: Facts) -> None:
    gpus = [p for p in f.ctx.of("gpu") if isinstance(p.part, GPU) and p.part.liquid_only]
    if not gpus or (f.cooling_option is not None and f.cooling is not None and f.cooling.kind == "liquid"):
        return
    liquid = [o for o in f.chassis.cooling_options if cooling_kind(f.ctx, o) == "liquid"]
    part = gpus[0].part
    slots = [p.slot.id for p in gpus]
    if liquid:
        kit = f.ctx.catalog.get(liquid[0].cooling)
        f.add("error", "fit.liquid-only",
              f"The {part.name} in {', '.join(slots)} is made for liquid cooling only; the build is air-cooled.",
              (*slots, "COOLING"), f"Switch to the {kit.name}.", [place("COOLING", kit.id)])
    else:
        f.add("error", "fit.liquid-only",
              f"The {part.name} in {', '.join(slots)} is made for liquid cooling only, and the "
              f"{f.chassis.name} has no liquid cooling option.", slots,
              "Use the air-cooled version of the GPU, or a liquid-cooled chassis.")
