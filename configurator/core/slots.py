"""Flatten a chassis into its slots: the places a part can go.

Slot ids are stable strings: `CPU1`, `CPU1_DIMM_A1` (socket, channel letter(s) A..Z, AA.., DIMM
index in the channel), `GPU1`..`GPU8` (baseboard positions), PCIe slot ids from the chassis file,
drive bays `<prefix><n>`, `PSU1`.., and `COOLING`.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_uppercase
from typing import Literal

from .catalog import Chassis, DriveBayGroup, PcieSlotSpec

SlotKind = Literal["cpu", "dimm", "gpu", "pcie", "drive", "psu", "cooling"]

#: which part categories may go into which slot kind
ACCEPTS: dict[str, tuple[str, ...]] = {
    "cpu": ("cpu",),
    "dimm": ("dimm",),
    "gpu": ("gpu",),
    "pcie": ("gpu", "nic", "drive"),
    "drive": ("drive",),
    "psu": ("psu",),
    "cooling": ("cooling",),
}


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


_CACHE: dict[int, tuple[Chassis, tuple[Slot, ...], dict[str, Slot]]] = {}


def _cached(chassis: Chassis) -> tuple[Chassis, tuple[Slot, ...], dict[str, Slot]]:
    # keyed by identity: hashing a deep frozen model on every evaluation would cost more
    hit = _CACHE.get(id(chassis))
    if hit is None or hit[0] is not chassis:
        slots = _build_slots(chassis)
        hit = (chassis, slots, {s.id: s for s in slots})
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[id(chassis)] = hit
    return hit


def chassis_slots(chassis: Chassis) -> tuple[Slot, ...]:
    """All slots of `chassis`, in drawing order."""
    return _cached(chassis)[1]


def slot_map(chassis: Chassis) -> dict[str, Slot]:
    return _cached(chassis)[2]


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


def socket_of(chassis: Chassis, root: str) -> str:
    return _socket_of(chassis, root)
