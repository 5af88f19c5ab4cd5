"""Turn an `Inventory` into a build: match every item, choose the chassis, place what matched.

Every item ends up either placed (its slot listed in `Build.owned`: an imported server's parts
are already owned) or in a note naming the resource it came from: unmatched, no free slot,
or not a catalog part at all (fans, unclassified PCIe devices). Nothing is silently dropped;
the notes are returned and also written to the build's `meta.notes` so they travel with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.build import OWNED_CHASSIS, Build, Meta
from ...core.catalog import Catalog, Chassis
from ...core.input_error import InputError
from ...core.message import Msg
from ...core.placement import first_free_slot
from ...store.build_files import BuildNote, LoadedBuild, clean_text
from ...words import say
from ...words.i18n import _
from .inventory_model import Found, Inventory
from .matching import Match, key_tokens, match_item, tokens

_PLACE_ORDER = ("cpu", "dimm", "gpu", "nic", "drive", "psu", "pcie")
_MAX_META_NOTES = 19_000    # Meta.notes holds 20,000 characters


@dataclass(frozen=True)
class ImportResult:
    """The build an import produced, every match, and the notes a technician must read
    (`loaded.notes`: messages; the build's `meta.notes` keeps them in English)."""

    loaded: LoadedBuild
    inventory: Inventory
    matches: tuple[Match, ...]

    @property
    def build(self) -> Build:
        return self.loaded.build


@dataclass(frozen=True)
class ImportSettings:
    """What the user chose for one import: the chassis (None: match it) and, for sources that
    need them, connection settings (a `RedfishOptions` for Redfish)."""

    chassis_id: str | None = None
    connection: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ServerImporter:
    """A kind of running-server source a build can be imported from (a BMC URL, an inventory folder)."""

    name: str                   # stable id, used on the command line: `configurator import NAME SOURCE`
    description: str
    read: Callable[[str, Catalog, ImportSettings], ImportResult]    # raises ValueError, one line


def _capacity(chassis: Chassis, kind: str) -> int:
    """How many parts of `kind` the chassis has places for (a rough count for choosing one)."""
    if kind == "cpu":
        return len(chassis.sockets)
    if kind == "dimm":
        return len(chassis.sockets) * chassis.memory.channels_per_socket * chassis.memory.dpc
    if kind == "gpu":
        return chassis.max_gpus
    if kind == "drive":
        return sum(g.count for g in chassis.drive_bays)
    if kind == "psu":
        return chassis.psu.count
    if kind == "nic":
        return len(chassis.pcie_slots)
    return 0


def _fit(chassis: Chassis, inv: Inventory) -> int:
    return sum(min(len(inv.of(k)), _capacity(chassis, k)) for k in ("cpu", "dimm", "gpu", "drive", "psu", "nic"))


def _air_cooled(chassis: Chassis, catalog: Catalog) -> bool:
    """A server that needs no facility water is the safer guess for an unknown one."""
    return any(getattr(catalog.get(o.cooling), "kind", "") == "air" for o in chassis.cooling_options)


def choose_chassis(inv: Inventory, matches: list[Match], catalog: Catalog,
                   chassis_id: str | None) -> tuple[Chassis, Msg]:
    """The chassis to build in and a note on how it was chosen; raises ValueError on a bad id."""
    every = [p for p in catalog.by_category("chassis") if isinstance(p, Chassis)]
    if chassis_id:
        picked = catalog.chassis(chassis_id)
        if picked is None:
            raise InputError(Msg("import.chassis-unknown", chassis=repr(chassis_id)), "--chassis")
        return picked, Msg("import.chassis-chosen", chassis=picked.id)
    if not every:
        raise InputError(Msg("import.no-chassis"))
    seen = tokens(f"{inv.system_manufacturer} {inv.system_model}")
    families = {getattr(catalog.get(m.part_id or ""), "baseboard_family", "") for m in matches if m.item.kind == "gpu"}
    named = [c for c in every if key_tokens(c) & seen]
    if named:
        best = max(named, key=lambda c: (len(key_tokens(c) & seen),
                                         bool(c.gpu_baseboard and c.gpu_baseboard.family in families), _fit(c, inv)))
        return best, Msg("import.chassis-named", chassis=best.id, model=repr(inv.system_model))
    tower = inv.chassis_type in ("StandAlone", "Tower")
    best = max(every, key=lambda c: (_fit(c, inv), bool(c.gpu_baseboard and c.gpu_baseboard.family in families),
                                     _air_cooled(c, catalog), (c.form == "tower") == tower, -c.rack_units))
    what = " ".join(w for w in (inv.system_manufacturer, inv.system_model) if w)
    if what:
        return best, Msg("import.chassis-closest", what=repr(what), chassis=best.id, n=_fit(best, inv))
    return best, Msg("import.chassis-unknown-model", chassis=best.id, n=_fit(best, inv))


def place_matches(build: Build, matches: list[Match], catalog: Catalog) -> list[Msg]:
    """Place every matched part in the first free slot that takes it; notes for the rest."""
    notes: list[Msg] = []
    order = sorted(matches, key=lambda m: _PLACE_ORDER.index(m.item.kind) if m.item.kind in _PLACE_ORDER else 99)
    placements = dict(build.placements)
    for m in order:
        if m.part_id is None:
            notes.append(Msg("import.unmatched", source=clean_text(m.item.source, 150),
                             item=clean_text(m.item.describe(), 200)))
            continue
        slot = first_free_slot(build, catalog, m.part_id)
        if slot is None:
            notes.append(Msg("import.no-free-slot", source=clean_text(m.item.source, 150),
                             item=clean_text(m.item.describe(), 200), part=m.part_id, confidence=m.confidence))
            continue
        placements[slot] = m.part_id
        build.placements = dict(placements)
    return notes


def _summary(inv: Inventory, matches: list[Match]) -> Msg:
    kinds = ("cpu", "gpu", "dimm", "drive", "nic", "psu", "fan", "pcie")
    seen = ", ".join(f"{len(inv.of(k))} {k}" for k in kinds if inv.of(k))
    matched = sum(m.part_id is not None for m in matches)
    return Msg("import.summary", seen=seen, matched=matched, total=len(matches))


def _fans_note(inv: Inventory) -> list[Msg]:
    fans = inv.of("fan")
    if not fans:
        return []
    bad = [f"{f.location or f.source} ({f.health})" for f in fans if f.health and f.health != "OK"]
    if bad:
        return [Msg("import.fans-not-ok", n=len(fans), fans=", ".join(bad))]
    return [Msg("import.fans", n=len(fans))]


def build_from_inventory(inv: Inventory, catalog: Catalog, chassis_id: str | None = None,
                         name: str = "") -> ImportResult:
    """Match, choose the chassis, place; the chassis and every placed slot are marked owned."""
    parts = [i for i in inv.items if i.kind != "fan"]
    matches = [match_item(i, catalog) for i in parts]
    chassis, how = choose_chassis(inv, matches, catalog, chassis_id)
    title = " ".join(w for w in (inv.system_manufacturer, inv.system_model) if w) or _("Imported server")
    build = Build.model_validate({"chassis": chassis.id, "meta": Meta(name=clean_text(title, 200))})
    placed_notes = place_matches(build, matches, catalog)
    cooling = _assume_cooling(build, chassis)
    build.owned = {**build.placements, OWNED_CHASSIS: chassis.id}
    notes = [_summary(inv, matches), how, *cooling, *inv.notes, *placed_notes, *_fans_note(inv)]
    english = [say(n, "en") for n in notes]     # the build file keeps its notes in English
    build.meta = build.meta.model_copy(update={"notes": _meta_text(english)})
    field = name or inv.source
    loaded = LoadedBuild(build, tuple(BuildNote(field, "", n) for n in notes))
    return ImportResult(loaded, inv, tuple(matches))


def _assume_cooling(build: Build, chassis: Chassis) -> list[Msg]:
    """The running server has cooling; no inventory names the catalog option, so take the
    chassis' first (its default) and say so."""
    if not chassis.cooling_options or "COOLING" in build.placements:
        return []
    build.placements = {**build.placements, "COOLING": chassis.cooling_options[0].cooling}
    return [Msg("import.cooling-assumed", cooling=chassis.cooling_options[0].cooling)]


def _meta_text(notes: list[str]) -> str:
    text = ""
    for i, note in enumerate(notes):
        line = f"- {note}\n"
        if len(text) + len(line) > _MAX_META_NOTES:
            return text + f"- ... and {len(notes) - i} more note(s), shown at import\n"
        text += line
    return text


def present_note(item: Found) -> str:
    """The build-notes line (English, as the import's notes) that records `item`, which the import
    could not identify, as present in the server and already installed: not in the build, not priced."""
    return f"Present, already installed (not priced): {clean_text(item.source, 150)}: {clean_text(item.describe(), 200)}"


def mapped_note(item: Found, part_id: str) -> str:
    """The build-notes line that records the technician's answer for `item`, which the import could
    not identify: it is the catalog part `part_id` (placed and owned). `formats.verify` reads it back."""
    return f"Mapped by hand to {part_id}: {clean_text(item.source, 150)}: {clean_text(item.describe(), 200)}"


def answered(notes: str, item: Found) -> str | None:
    """How the build's notes answer the unidentified `item`: a catalog part id (mapped by hand),
    "" (present, already installed, not a catalog part) or None (not answered)."""
    if present_note(item) in notes:
        return ""
    tail = f": {clean_text(item.source, 150)}: {clean_text(item.describe(), 200)}"
    for line in notes.splitlines():
        if line.startswith("- Mapped by hand to ") and line.endswith(tail):
            return line[len("- Mapped by hand to "):-len(tail)]
    return None


def describe_match(m: Match) -> str:
    """One line per item for `--json`-less output: what it is and what it became."""
    target = m.part_id or "UNMATCHED"
    return f"{m.item.kind:5} {target:40} [{m.confidence}] {m.item.source}"


__all__ = ["ImportResult", "ImportSettings", "ServerImporter", "build_from_inventory", "choose_chassis",
           "place_matches", "describe_match", "present_note", "mapped_note", "answered", "Found"]
