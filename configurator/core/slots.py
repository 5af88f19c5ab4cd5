"""Flatten a chassis into its slots: the places a part can go.

Slot ids are stable strings: `CPU1`, `CPU1_DIMM_A1` (socket, channel letter(s) A..Z, AA.., DIMM
index in the channel), `GPU1`..`GPU8` (baseboard positions), PCIe slot ids from the chassis file,
drive bays `<prefix><n>`, `PSU1`.., and `COOLING`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from string import ascii_uppercase
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the catalog imports this module for `Chassis.layout`; types only here
    from .catalog import Chassis, DriveBayGroup, PcieSlotSpec

SlotKind = Literal["cpu", "dimm", "gpu", "pcie", "drive", "psu", "cooling"]



@dataclass(frozen=True)
class Slot:
    """One place in the chassis. `socket` is the CPU the slot depends on ('' = none)."""

    id: str
    kind: SlotKind
    label: str
    group: str
    socket: str = ""
    channel: int = -1
    dimm_index: int = -1
    root: str = ""
    pcie: PcieSlotSpec | None = None
    bays: DriveBayGroup | None = None
    index: int = 0


def channel_letter(channel: int) -> str:
    """A, B, .. Z, then AA, AB, .. (spreadsheet columns): ids never run out of letters."""
    letters = ""
    n = channel + 1
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = ascii_uppercase[rest] + letters
    return letters


def dimm_slot_id(socket_id: str, channel: int, dimm: int) -> str:
    return f"{socket_id}_DIMM_{channel_letter(channel)}{dimm + 1}"


def _socket_of(chassis: Chassis, root: str) -> str:
    """CPU socket a CPU-root or switch id ultimately hangs off."""
    sockets = {s.id for s in chassis.sockets}
    switches = {s.id: s for s in chassis.pcie_switches}
    seen = set()
    while root and root not in sockets and root not in seen:
        seen.add(root)
        sw = switches.get(root)
        root = sw.parent if sw else ""
    return root


@dataclass(frozen=True, eq=False)
class SlotLayout:
    """What a chassis's fields imply about its slots and PCIe wiring, derived once per chassis.

    `Chassis.layout` holds it (the chassis owns its layout, so no table outlives a chassis);
    `source` is the chassis it was built from, so a copy that carried it along is noticed.
    """

    source: Chassis
    slots: tuple[Slot, ...]
    by_id: dict[str, Slot]
    switch_paths: dict[str, tuple[str, ...]]          # root id -> switches up to the CPU, nearest first
    uplinks: dict[str, tuple[int, int, str]]          # switch id -> (uplink gen, lanes, parent)
    _of_kinds: dict[frozenset[str], tuple[Slot, ...]] = field(default_factory=dict, repr=False)

    def of_kinds(self, kinds: frozenset[str]) -> tuple[Slot, ...]:
        """The slots of these kinds, in drawing order; kept per set of kinds (the palette asks
        where each part of a 20,000-part catalog could go)."""
        found = self._of_kinds.get(kinds)
        if found is None:
            found = self._of_kinds[kinds] = tuple(s for s in self.slots if s.kind in kinds)
        return found


def build_layout(chassis: Chassis) -> SlotLayout:
    """The slots and switch topology of `chassis`, computed afresh (see `layout_of`)."""
    slots = _build_slots(chassis)
    parents = {s.id: s.parent for s in chassis.pcie_switches}
    paths: dict[str, tuple[str, ...]] = {s.id: () for s in chassis.sockets}
    for sw in chassis.pcie_switches:
        chain, node = [], sw.id
        while node in parents and node not in chain:
            chain.append(node)
            node = parents[node]
        paths[sw.id] = tuple(chain)
    uplinks: dict[str, tuple[int, int, str]] = {
        s.id: (s.uplink_gen, s.uplink_lanes, s.parent) for s in chassis.pcie_switches}
    return SlotLayout(chassis, slots, {s.id: s for s in slots}, paths, uplinks)


def layout_of(chassis: Chassis) -> SlotLayout:
    """`chassis.layout`, rebuilt when it came along with a `model_copy` of another chassis."""
    found = chassis.layout
    if found.source is not chassis:
        found = build_layout(chassis)
        # what functools.cached_property itself does: replace the copied value on this instance
        chassis.__dict__["layout"] = found
    return found


def chassis_slots(chassis: Chassis) -> tuple[Slot, ...]:
    """All slots of `chassis`, in drawing order."""
    return layout_of(chassis).slots


def slot_map(chassis: Chassis) -> dict[str, Slot]:
    """Slot id -> slot of `chassis`."""
    return layout_of(chassis).by_id


def _build_slots(chassis: Chassis) -> tuple[Slot, ...]:
    out: list[Slot] = []
    for i, sock in enumerate(chassis.sockets):
        out.append(Slot(sock.id, "cpu", f"{sock.id} ({sock.socket})", "CPU", socket=sock.id, index=i))
    mem = chassis.memory
    for sock in chassis.sockets:
        for ch in range(mem.channels_per_socket):
            for d in range(mem.dpc):
                sid = dimm_slot_id(sock.id, ch, d)
                out.append(Slot(sid, "dimm", sid.split("_", 1)[1], f"{sock.id} memory",
                                socket=sock.id, channel=ch, dimm_index=d))
    if chassis.gpu_baseboard:
        bb = chassis.gpu_baseboard
        for i, up in enumerate(bb.uplinks):
            out.append(Slot(f"GPU{i + 1}", "gpu", f"GPU{i + 1}", bb.label or "GPU baseboard",
                            socket=_socket_of(chassis, up), root=up, index=i))
    for i, ps in enumerate(chassis.pcie_slots):
        out.append(Slot(ps.id, "pcie", ps.label or ps.id, "PCIe", socket=_socket_of(chassis, ps.root),
                        root=ps.root, pcie=ps, index=i))
    for grp in chassis.drive_bays:
        for n in range(grp.count):
            sid = f"{grp.prefix}{n + 1}"
            out.append(Slot(sid, "drive", sid, grp.label or grp.prefix, socket=_socket_of(chassis, grp.root),
                            root=grp.root, bays=grp, index=n))
    for n in range(chassis.psu.count):
        out.append(Slot(f"PSU{n + 1}", "psu", f"PSU{n + 1}", "Power", index=n))
    out.append(Slot("COOLING", "cooling", "Cooling", "Cooling"))
    return tuple(out)
