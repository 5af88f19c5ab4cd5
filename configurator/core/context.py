"""A build resolved against the catalog: the chassis, its slots and the part in each.

Rules and the evaluation both start from a `BuildContext` so a build is resolved once
per evaluation. Placements that name unknown parts or slots are kept aside (`unknown`)
so an invalid build stays editable and is reported, never crashes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .build import Build
from .catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, Drive, Part, PcieSlotSpec
from .categories import KEYS as CATEGORY_KEYS
from .slots import Slot, layout_of

if TYPE_CHECKING:  # the evaluate package imports this module
    from .memo import BoundedMemo

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


#: the lookups a context derives from its placements alone (not from the build's options), so a
#: context rebound to another build with the same placements keeps them (`BuildContext.rebind`)
_PLACEMENT_ONLY = ("covered_slots", "groups", "at", "by_kind", "groups_key", "_keys")


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

    def in_slots(self, category: str, kind: str) -> tuple[Placed, ...]:
        """Placed parts of `category` that sit in a slot of `kind` (a hand-edited build may misplace them)."""
        placed = self._by_cat.get(category, ())
        for pl in placed:
            if pl.slot.kind != kind:
                return tuple(p for p in placed if p.slot.kind == kind)
        return placed

    @property
    def gpus_placed(self) -> tuple[Placed, ...]:
        """GPUs on a baseboard position or in a PCIe slot (the only places a GPU works)."""
        placed = self._by_cat.get("gpu", ())
        for pl in placed:
            if pl.slot.kind not in ("gpu", "pcie"):
                return tuple(p for p in placed if p.slot.kind in ("gpu", "pcie"))
        return placed

    def parts(self, cls: type[P]) -> list[P]:
        return [pl.part for pl in self.of(cls.model_fields["category"].default)]  # type: ignore[misc]

    def part_at(self, slot_id: str) -> Part | None:
        return self.at.get(slot_id)

    def rebind(self, build: Build) -> BuildContext:
        """This context for `build`, which has the same chassis and placements (another price,
        voltage, ...): the resolved placements and what is derived from them alone are kept."""
        out = BuildContext(build, self.catalog, self.chassis, self.slots, self.slot_by_id, self.placed,
                           self.unknown, self._by_cat)
        known = self.__dict__
        out.__dict__.update({k: known[k] for k in _PLACEMENT_ONLY if k in known})
        return out

    @cached_property
    def covered_slots(self) -> dict[str, str]:
        """Covered slot -> the PCIe slot whose wide card covers it (the first such card in
        chassis order). The one answer placement, the fit rules and the chassis view read."""
        return cover_map((p.slot.pcie, p.part) for p in self.by_kind.get("pcie", ()) if p.slot.pcie is not None)

    @cached_property
    def at(self) -> dict[str, Part]:
        """Slot id -> the part placed there (known parts in known slots), chassis order."""
        return {p.slot.id: p.part for p in self.placed}

    @cached_property
    def bridged_ids(self) -> tuple[tuple[str, ...], ...]:
        """Per bridge group of the build, the part id in each of its slots ("" for an empty one):
        what the bridges and their companion parts are priced from. Not carried over by `rebind`,
        which keeps the placements but may have other bridges."""
        at = self.at
        return tuple(tuple(p.id if (p := at.get(s)) is not None else "" for s in g) for g in self.build.bridges)

    @property
    def categories(self) -> tuple[str, ...]:
        """The categories of the placed parts, in the order they first appear (chassis order)."""
        return tuple(self._by_cat)

    @cached_property
    def by_kind(self) -> dict[str, tuple[Placed, ...]]:
        """Slot kind -> the placed parts in slots of that kind, chassis order."""
        out: dict[str, list[Placed]] = {}
        for p in self.placed:
            kind = p.slot.kind
            if kind in out:
                out[kind].append(p)
            else:
                out[kind] = [p]
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def groups(self) -> tuple[tuple[Part, int], ...]:
        """(part, qty) per distinct placed part, by category (the category registry's order), then
        slot order: the lines of the power table and of the BOM."""
        out: list[tuple[Part, int]] = []
        by_cat = self._by_cat
        for cat in CATEGORY_KEYS[1:]:
            placed = by_cat.get(cat)
            if not placed:
                continue
            counts: dict[str, int] = {}
            first: dict[str, Part] = {}
            for pl in placed:
                part = pl.part
                pid = part.id
                if pid in counts:
                    counts[pid] += 1
                else:
                    counts[pid] = 1
                    first[pid] = part
            out.extend((first[pid], n) for pid, n in counts.items())
        return tuple(out)

    @cached_property
    def groups_key(self) -> tuple[tuple[str, int], ...]:
        """(part id, qty) of `groups`: a value key for what reads the parts but not their slots."""
        return tuple((part.id, n) for part, n in self.groups)

    @cached_property
    def _keys(self) -> dict[str, tuple[tuple[str, str], ...]]:
        return {}

    def key(self, category: str) -> tuple[tuple[str, str], ...]:
        """(slot id, part id) of the placed parts of `category`, chassis order: a value key for
        what reads that category's placements (memos keyed on it, with the chassis id)."""
        keys = self._keys
        found = keys.get(category)
        if found is None:
            found = keys[category] = tuple((p.slot.id, p.part.id) for p in self.of(category))
        return found

    def slot_key(self, kind: str) -> tuple[tuple[str, str], ...]:
        """(slot id, part id) of the parts placed in slots of `kind`, chassis order (like `key`)."""
        keys = self._keys
        name = "slot:" + kind
        found = keys.get(name)
        if found is None:
            found = keys[name] = tuple((p.slot.id, p.part.id) for p in self.by_kind.get(kind, ()))
        return found

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


def resolve(build: Build, catalog: Catalog, placed_memo: BoundedMemo | None = None,
            pairs: tuple[tuple[str, str], ...] | None = None) -> BuildContext:
    """Resolve `build` against `catalog`; never raises for bad placements.

    `placed_memo` (an evaluator's, for this one catalog) keeps what resolving each (slot id,
    part id) of a chassis gave, per chassis, between edits, so an edit does not rebuild the
    unchanged ones. `pairs` is `tuple(build.placements.items())` when the caller has it.
    """
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        lost = tuple((s, p, f"chassis {build.chassis!r} is not in the catalog")
                     for s, p in build.placements.items())
        return BuildContext(build, catalog, None, (), {}, (), lost)
    layout = layout_of(chassis)
    smap = layout.by_id
    known: dict[tuple[str, str], Entry] | None = placed_memo.get(chassis.id) if placed_memo is not None else None
    if known is None:
        known = {} if placed_memo is None else placed_memo.put(chassis.id, {})
    if pairs is None:
        pairs = tuple(build.placements.items())
    hits = list(map(known.get, pairs))
    unknown: list[tuple[str, str, str]] = []
    found: dict[str, tuple[Part, tuple[str, str]]] = {}
    if None in hits:
        for pair, hit in zip(pairs, hits, strict=True):
            if hit is not None:
                continue
            slot_id, part_id = pair
            part = catalog.get(part_id)
            if part is None or slot_id not in smap:
                unknown.append((slot_id, part_id, f"{chassis.name} has no slot {slot_id}" if slot_id not in smap
                                else f"part {part_id!r} is not in the catalog"))
            else:
                found[slot_id] = (part, pair)
    entries: list[Entry] = [e for e in hits if e is not None] if unknown or found else cast(list[Entry], hits)
    if found:
        entries = _in_chassis_order(smap, entries, found, known)
    else:
        entries.sort(key=_POSITION)     # all remembered: their chassis positions order them
    by_cat, derived = _index(entries)
    ctx = BuildContext(build, catalog, chassis, layout.slots, smap, tuple(map(_PLACED, entries)), tuple(unknown),
                       by_cat)
    ctx.__dict__.update(derived)    # the cached properties, already known
    return ctx


#: how many resolved (slot id, part id) pairs an evaluator keeps per chassis before it starts over
PLACED_LIMIT = 8192
#: what resolving one placement gives: (chassis position, placed, (slot id, part id), slot kind,
#: part category, slot id, part, part id); an evaluator keeps these per chassis and (slot id, part id)
Entry = tuple[int, Placed, tuple[str, str], str, str, str, Part, str]
_POSITION, _PLACED, _PAIR, _KIND, _CATEGORY, _SLOT_ID, _PART, _PART_ID = (itemgetter(i) for i in range(8))
#: the categories whose parts make the power table's and the BOM's lines, in their order
_LINE_CATEGORIES = CATEGORY_KEYS[1:]


def _entry(pos: int, slot: Slot, part: Part, pair: tuple[str, str]) -> Entry:
    return (pos, Placed(slot, part), pair, slot.kind, part.category, slot.id, part, part.id)


def _in_chassis_order(smap: dict[str, Slot], entries: list[Entry], found: dict[str, tuple[Part, tuple[str, str]]],
                      known: dict[tuple[str, str], Entry]) -> list[Entry]:
    """The remembered `entries` and the newly `found` placements in chassis order: the slot map
    lists the slots in that order, so walking it orders them without a sort (and numbers them).
    The new ones are remembered in `known` (the chassis' table, emptied when it gets large)."""
    have = dict(zip(map(_SLOT_ID, entries), entries))
    if len(known) + len(found) > PLACED_LIMIT:
        known.clear()
    out = []
    for pos, (sid, slot) in enumerate(smap.items()):
        entry = have.get(sid)
        if entry is None:
            new = found.get(sid)
            if new is None:
                continue
            entry = known[new[1]] = _entry(pos, slot, *new)
        out.append(entry)
    return out


def _runs(entries: list[Entry], by: Callable[[Entry], str]) -> dict[str, list[Entry]]:
    """`entries` (chassis order) grouped by `by`, each group in chassis order, groups in the order
    they first appear (slots of a kind are contiguous, so this is mostly one run per group)."""
    out: dict[str, list[Entry]] = {}
    for key, run in groupby(entries, by):
        if key in out:
            out[key].extend(run)
        else:
            out[key] = list(run)
    return out


def _index(entries: list[Entry]) -> tuple[dict[str, tuple[Placed, ...]], dict[str, Any]]:
    """The placements by category, and the context's lookups by slot kind and value key, and its
    part lines (what `by_kind`, `key`, `slot_key`, `groups` and `groups_key` would otherwise each
    derive; `at` is derived when first read). A slot kind whose placements are those of one category
    (GPUs in GPU slots, the usual case) shares that category's tuples instead of making its own."""
    cats = _runs(entries, _CATEGORY)
    by_cat: dict[str, tuple[Placed, ...]] = {}
    keys: dict[str, tuple[tuple[str, str], ...]] = {}
    for k, v in cats.items():
        by_cat[k] = tuple(map(_PLACED, v))
        keys[k] = tuple(map(_PAIR, v))
    by_kind: dict[str, tuple[Placed, ...]] = {}
    for k, v in _runs(entries, _KIND).items():
        cat = v[0][4]
        if cats[cat] == v:      # the same entries (compared by identity first): share the category's
            by_kind[k] = by_cat[cat]
            keys["slot:" + k] = keys[cat]
        else:
            by_kind[k] = tuple(map(_PLACED, v))
            keys["slot:" + k] = tuple(map(_PAIR, v))
    groups = _groups(cats)
    return by_cat, {"by_kind": by_kind, "_keys": keys, "groups": groups,
                    "groups_key": tuple((part.id, n) for part, n in groups)}


def _groups(cats: dict[str, list[Entry]]) -> tuple[tuple[Part, int], ...]:
    """`BuildContext.groups` of the placements by category (each in chassis order)."""
    out: list[tuple[Part, int]] = []
    for cat in _LINE_CATEGORIES:
        run = cats.get(cat)
        if run is None:
            continue
        ids = list(map(_PART_ID, run))
        n = ids.count(ids[0])
        if n == len(ids):       # one part throughout, the usual case
            out.append((run[0][6], n))
        else:
            out.extend((part, ids.count(pid)) for pid, part in dict(zip(ids, map(_PART, run))).items())
    return tuple(out)
