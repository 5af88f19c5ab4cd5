"""A build resolved against the catalog: the chassis, its slots and the part in each.

Rules and the evaluation both start from a `BuildContext` so a build is resolved once
per evaluation. Placements that name unknown parts or slots are kept aside (`unknown`)
so an invalid build stays editable and is reported, never crashes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from .build import Build
from .catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, Drive, Part, PcieSlotSpec
from .slots import Slot, chassis_slots, slot_map

P = TypeVar("P", bound=Part)


def covers(part: Part, spec: PcieSlotSpec) -> tuple[str, ...]:
    """Slots a card in PCIe slot `spec` covers: a w-slot-wide card covers the first w-1 of
    `spec.blocks` (listed nearest first, see `PcieSlotSpec.blocks`); a single-width card none."""
    width = getattr(part, "slot_width", 1)
    return spec.blocks[:width - 1] if width > 1 else ()


def cover_map(cards: Iterable[tuple[PcieSlotSpec, Part]]) -> dict[str, str]:
    """Covered slot -> the PCIe slot whose wide card covers it, for (slot, card) pairs in chassis
    order (the first card wins): the one coverage answer, whether the build is resolved or not."""
    out: dict[str, str] = {}
    for spec, part in cards:
        for b in covers(part, spec):
            out.setdefault(b, spec.id)
    return out


@dataclass(frozen=True)
class Placed:
    slot: Slot
    part: Part


@dataclass(frozen=True)
class BuildContext:
    build: Build
    catalog: Catalog
    chassis: Chassis | None
    slots: tuple[Slot, ...]
    slot_by_id: dict[str, Slot]
    placed: tuple[Placed, ...]                     # known part in a known slot, chassis order
    unknown: tuple[tuple[str, str, str], ...] = ()  # (slot, part, reason)
    _by_cat: dict[str, tuple[Placed, ...]] = field(default_factory=dict)

    def of(self, category: str) -> tuple[Placed, ...]:
        """Placed parts of one category (e.g. 'gpu'), in chassis order."""
        return self._by_cat.get(category, ())

    def parts(self, cls: type[P]) -> list[P]:
        return [pl.part for pl in self.of(cls.model_fields["category"].default)]  # type: ignore[misc]

    def in_kind(self, kind: str) -> tuple[Placed, ...]:
        """Placed parts whose slot is of `kind` ('pcie', 'gpu', 'drive', ...)."""
        return tuple(p for p in self.placed if p.slot.kind == kind)

    def part_at(self, slot_id: str) -> Part | None:
        for p in self.placed:
            if p.slot.id == slot_id:
                return p.part
        return None

    @cached_property
    def covered_slots(self) -> dict[str, str]:
        """Covered slot -> the PCIe slot whose wide card covers it (the first such card in
        chassis order). The one answer placement, the fit rules and the chassis view read."""
        return cover_map((p.slot.pcie, p.part) for p in self.placed if p.slot.pcie is not None)

    @property
    def gpus(self) -> list[GPU]:
        return self.parts(GPU)

    @property
    def cpus(self) -> list[CPU]:
        return self.parts(CPU)

    @property
    def dimms(self) -> list[DIMM]:
        return self.parts(DIMM)

    @property
    def drives(self) -> list[Drive]:
        return self.parts(Drive)

    @property
    def nics(self) -> list[NIC]:
        return self.parts(NIC)

    @property
    def psus(self) -> list[PSU]:
        return self.parts(PSU)

    @property
    def cooling(self) -> Cooling | None:
        found = self.parts(Cooling)
        return found[0] if found else None


def resolve(build: Build, catalog: Catalog) -> BuildContext:
    """Resolve `build` against `catalog`; never raises for bad placements."""
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        lost = tuple((s, p, f"chassis {build.chassis!r} is not in the catalog")
                     for s, p in build.placements.items())
        return BuildContext(build, catalog, None, (), {}, (), lost)
    slots = chassis_slots(chassis)
    smap = slot_map(chassis)
    found: dict[str, Part] = {}
    unknown: list[tuple[str, str, str]] = []
    for slot_id, part_id in build.placements.items():
        part = catalog.get(part_id)
        if slot_id not in smap:
            unknown.append((slot_id, part_id, f"{chassis.name} has no slot {slot_id}"))
        elif part is None:
            unknown.append((slot_id, part_id, f"part {part_id!r} is not in the catalog"))
        else:
            found[slot_id] = part
    # the slot map lists the slots in chassis order: walking it orders the parts without a sort
    placed = [Placed(slot, found[sid]) for sid, slot in smap.items() if sid in found]
    by_cat: dict[str, list[Placed]] = {}
    for p in placed:
        by_cat.setdefault(p.part.category, []).append(p)
    return BuildContext(build, catalog, chassis, slots, smap, tuple(placed), tuple(unknown),
                        {k: tuple(v) for k, v in by_cat.items()})
