"""Can this part go into that slot? The one answer the GUI's drag, keyboard and menus share.

`can_place` checks the physical and electrical fit of one part in one slot (slot kind,
baseboard family, GPU power, card width/height/length, OCP vs CEM, bay type and wiring,
the chassis' PSU list, its cooling options, CPU socket, DIMM generation) and returns a
reason in plain words when it does not fit. An occupied slot is *not* a refusal: placing
there replaces the part. Legal-but-unwise choices (too little power, lanes shared) are
left to the rules, which report them as violations.
"""

from __future__ import annotations

from .build import Build
from .catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, Drive, Part
from .slots import ACCEPTS, Slot, chassis_slots, slot_map

_KIND_NOUN = {
    "cpu": "CPU socket", "dimm": "DIMM slot", "gpu": "GPU baseboard position", "pcie": "PCIe slot",
    "drive": "drive bay", "psu": "PSU bay", "cooling": "cooling position",
}
_CATEGORY_NOUN = {
    "gpu": "GPU", "cpu": "CPU", "dimm": "memory module", "drive": "drive", "nic": "network card",
    "psu": "power supply", "cooling": "cooling kit", "chassis": "chassis",
}
_BAY_NAMES = {"u2": "U.2", "e1s": "E1.S", "e3s": "E3.S", "sata25": '2.5" SATA', "hdd35": '3.5"', "m2": "M.2"}
_WIDTH_NAMES = {1: "single-width", 2: "double-width", 3: "triple-width"}


def bay_name(bay_type: str) -> str:
    """Display name of a drive bay / drive form factor ('u2' -> 'U.2')."""
    return _BAY_NAMES.get(bay_type, bay_type.upper())


def can_place(build: Build, catalog: Catalog, slot_id: str, part_id: str) -> tuple[bool, str]:
    """Whether `part_id` fits `slot_id` of the build's chassis, and why not (plain words)."""
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        return False, f"Chassis {build.chassis!r} is not in the catalog."
    slot = slot_map(chassis).get(slot_id)
    if slot is None:
        return False, f"{chassis.name} has no slot {slot_id}."
    part = catalog.get(part_id)
    if part is None:
        return False, f"Part {part_id!r} is not in the catalog."
    ok, why = fits_slot(chassis, slot, part)
    if not ok:
        return ok, why
    return _not_blocked(build, catalog, chassis, slot, part)


def fits_slot(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    """Fit of `part` in an empty `slot`, ignoring what else is placed."""
    name = part.name
    if part.category not in ACCEPTS[slot.kind]:
        return False, (f"{slot.label} is a {_KIND_NOUN[slot.kind]}; "
                       f"{name} is a {_CATEGORY_NOUN.get(part.category, part.category)}.")
    check = _CHECKS.get(slot.kind)
    return check(chassis, slot, part) if check else (True, "")


def _cpu(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    assert isinstance(part, CPU)
    want = next((s.socket for s in chassis.sockets if s.id == slot.id), "")
    if want and part.socket != want:
        return False, f"{part.name} needs socket {part.socket}; this board has {want}."
    return True, ""


def _dimm(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    assert isinstance(part, DIMM)
    want = chassis.memory.memory_type
    if part.memory_type != want:
        return False, f"{part.name} is {part.memory_type.upper()}; this board takes {want.upper()} only."
    return True, ""


def _gpu_position(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    assert isinstance(part, GPU)
    bb = chassis.gpu_baseboard
    if part.form_factor == "pcie":
        return False, f"{part.name} is a PCIe card; {slot.label} is a module position on the GPU baseboard."
    if bb is not None and part.baseboard_family != bb.family:
        return False, (f"{part.name} needs the {part.baseboard_family} baseboard; "
                       f"this chassis has {bb.label or bb.family} ({bb.family}).")
    return True, ""


def _pcie(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    spec = slot.pcie
    assert spec is not None
    where = slot.label
    if isinstance(part, Drive):
        return False, f"{part.name} is a {bay_name(part.form_factor)} drive; it goes in a drive bay."
    if isinstance(part, GPU):
        if part.form_factor != "pcie":
            module = part.form_factor.upper()
            if chassis.gpu_baseboard is None:
                return False, (f"{module} module needs a GPU baseboard ({part.baseboard_family}); "
                               "this chassis has PCIe slots only.")
            return False, f"{module} module goes on the GPU baseboard, not into a PCIe slot."
        if spec.form == "ocp3":
            return False, f"{where} is an OCP 3.0 mezzanine; it takes OCP network cards only."
        if not spec.gpu_capable:
            return False, f"{where} has no GPU power cable or airflow for a {part.tdp_w:.0f} W accelerator."
    if isinstance(part, NIC):
        if part.form_factor == "ocp3" and spec.form != "ocp3":
            return False, f"{part.name} is an OCP 3.0 card; {where} is a standard PCIe (CEM) slot."
        if part.form_factor != "ocp3" and spec.form == "ocp3":
            return False, f"{where} is an OCP 3.0 mezzanine; {part.name} is a standard PCIe card."
    return _card_size(slot, part)


def _card_size(slot: Slot, part: Part) -> tuple[bool, str]:
    spec = slot.pcie
    assert spec is not None
    if spec.form == "ocp3":
        return True, ""
    width = getattr(part, "slot_width", 1)
    if width > spec.max_width:
        return False, (f"{part.name} is {_WIDTH_NAMES.get(width, f'{width}-slot')}; "
                       f"{slot.label} has room for {_WIDTH_NAMES.get(spec.max_width, '?')} cards.")
    if getattr(part, "card_height", "lp") == "fh" and spec.height == "lp":
        return False, f"{part.name} is full-height; {slot.label} is low-profile."
    if getattr(part, "card_length", "hl") == "fl" and spec.length == "hl":
        return False, f"{part.name} is full-length; {slot.label} takes half-length cards only."
    return True, ""


def _drive(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    assert isinstance(part, Drive) and slot.bays is not None
    bays = slot.bays
    if part.form_factor != bays.bay_type:
        return False, f"{part.name} is a {bay_name(part.form_factor)} drive; {slot.label} is a {bay_name(bays.bay_type)} bay."
    if part.interface not in bays.interfaces:
        wired = "/".join(i.upper() for i in bays.interfaces)
        return False, f"{part.name} is {part.interface.upper()}; these bays are wired for {wired} only."
    return True, ""


def _psu(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    assert isinstance(part, PSU)
    if part.id not in chassis.psu.supported:
        return False, f"{part.name} is not on {chassis.name}'s supported PSU list."
    return True, ""


def _cooling(chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    assert isinstance(part, Cooling)
    if part.id not in {c.cooling for c in chassis.cooling_options}:
        return False, f"{part.name} is not a cooling option for {chassis.name}."
    return True, ""


_CHECKS = {"cpu": _cpu, "dimm": _dimm, "gpu": _gpu_position, "pcie": _pcie, "drive": _drive,
           "psu": _psu, "cooling": _cooling}


def covering_slot(build: Build, catalog: Catalog, chassis: Chassis, slot_id: str) -> str | None:
    """The PCIe slot whose wide card covers `slot_id`, if any."""
    for spec in chassis.pcie_slots:
        if slot_id in spec.blocks and spec.id in build.placements:
            card = catalog.get(build.placements[spec.id])
            if getattr(card, "slot_width", 1) > 1:
                return spec.id
    return None


def _not_blocked(build: Build, catalog: Catalog, chassis: Chassis, slot: Slot, part: Part) -> tuple[bool, str]:
    if slot.kind != "pcie" or slot.pcie is None:
        return True, ""
    cover = covering_slot(build, catalog, chassis, slot.id)
    if cover is not None and cover != slot.id:
        card = catalog.get(build.placements[cover])
        return False, f"{slot.label} is covered by the {card.name if card else 'card'} in {cover}."
    if getattr(part, "slot_width", 1) > 1:
        for other in slot.pcie.blocks:
            held = build.placements.get(other)
            if held is not None:
                card = catalog.get(held)
                return False, (f"{part.name} would cover {other}, which holds "
                               f"{card.name if card else held}; remove it first.")
    return True, ""


def fits_chassis(catalog: Catalog, chassis: Chassis, part: Part) -> tuple[bool, str]:
    """Whether any slot of `chassis` could take `part` (the palette's "fits this chassis")."""
    reasons: list[tuple[int, str]] = []
    for slot in chassis_slots(chassis):
        if part.category not in ACCEPTS[slot.kind]:
            continue
        ok, why = fits_slot(chassis, slot, part)
        if ok:
            return True, ""
        reasons.append((_home_rank(slot, part), why))
    if not reasons:
        return False, f"{chassis.name} has no place for a {_CATEGORY_NOUN.get(part.category, part.category)}."
    return False, min(reasons, key=lambda r: r[0])[1]


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


def first_free_slot(build: Build, catalog: Catalog, part_id: str) -> str | None:
    """The first empty slot, in chassis order, that accepts `part_id` (None if there is none)."""
    chassis = catalog.chassis(build.chassis)
    part = catalog.get(part_id)
    if chassis is None or part is None:
        return None
    for slot in chassis_slots(chassis):
        if slot.id in build.placements or part.category not in ACCEPTS[slot.kind]:
            continue
        if can_place(build, catalog, slot.id, part_id)[0]:
            return slot.id
    return None


def accepting_slots(build: Build, catalog: Catalog, part_id: str) -> dict[str, tuple[bool, str]]:
    """`can_place` for every slot of the chassis (what a drag highlights)."""
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        return {}
    return {s.id: can_place(build, catalog, s.id, part_id) for s in chassis_slots(chassis)}


__all__ = ["can_place", "first_free_slot", "fits_chassis", "fits_slot", "accepting_slots",
           "covering_slot", "bay_name"]
