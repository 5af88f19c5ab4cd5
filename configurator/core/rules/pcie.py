"""PCIe: lane budgets per CPU and per switch, links that run below the device, shared uplinks.

Lanes are counted for what is installed: each device's negotiated width, each switch's
uplink (the switch is on the board whether or not its slots are used) and each NVMe drive
in a bay wired straight to a root. SATA/SAS drives use no CPU lanes here.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..catalog import GPU, Drive, Part
from ..categories import pcie_link
from ._common import Facts, batch, fmt_gbs, link_gbs, names, place, remove
from .fit import blocked_slots, covered, misfits, pcie_problems


def _lost_words(ratio: float) -> str:
    if abs(ratio - 0.5) < 0.02:
        return "half"
    if abs(ratio - 0.25) < 0.02:
        return "three quarters"
    return f"{100 * (1 - ratio):.0f} %"


def inputs(f: Facts) -> Hashable:
    """What this family reads besides the chassis: the parts in PCIe, GPU, drive and CPU slots."""
    ctx = f.ctx
    return ctx.slot_key("pcie"), ctx.slot_key("gpu"), ctx.slot_key("drive"), ctx.slot_key("cpu")


def check(f: Facts) -> None:
    used: dict[str, list[tuple[str, int]]] = {}     # root -> (what, lanes)
    gpu_links: dict[str, list[tuple[str, float]]] = {}  # switch -> (slot, GB/s)
    slow: dict[tuple, list[str]] = {}
    bad = misfits(f)
    for p in f.by_kind.get("pcie", ()):
        part, spec = p.part, p.slot.pcie
        link = pcie_link(part)   # GPUs, NICs, storage controllers: whatever the registry says takes lanes
        if link is None or spec is None or p.slot.id in bad:
            continue
        card_gen, card_lanes = link
        lanes = min(card_lanes, spec.lanes)
        used.setdefault(spec.root, []).append((p.slot.id, lanes))
        gen = min(card_gen, spec.gen)
        if isinstance(part, GPU):
            gpu_links.setdefault(spec.root, []).append((p.slot.id, link_gbs(gen, lanes)))
        if gen < card_gen or lanes < card_lanes:
            slow.setdefault((part.id, spec.gen, spec.lanes), []).append(p.slot.id)
    for p in f.by_kind.get("gpu", ()):
        part = p.part
        if isinstance(part, GPU) and part.form_factor != "pcie" and p.slot.root:
            used.setdefault(p.slot.root, []).append((p.slot.id, part.pcie_lanes))
            gpu_links.setdefault(p.slot.root, []).append((p.slot.id, link_gbs(part.pcie_gen, part.pcie_lanes)))
    slow_drives: dict[tuple, list[str]] = {}
    for p in f.by_kind.get("drive", ()):
        part, bays = p.part, p.slot.bays
        if not isinstance(part, Drive) or bays is None or part.interface != "nvme" or bays.bay_type != part.form_factor:
            continue
        width = min(part.pcie_lanes or bays.lanes_per_bay, bays.lanes_per_bay)
        if bays.root:
            used.setdefault(bays.root, []).append((p.slot.id, width))
        if part.pcie_gen and (bays.pcie_gen < part.pcie_gen or width < (part.pcie_lanes or width)):
            slow_drives.setdefault((part.id, bays.pcie_gen, width), []).append(p.slot.id)
    for sw in f.chassis.pcie_switches:
        used.setdefault(sw.parent, []).append((f"{sw.id} uplink", sw.uplink_lanes))
    _budgets(f, used)
    _downgrades(f, slow)
    _drive_downgrades(f, slow_drives)
    _oversubscribed(f, gpu_links)


def _budgets(f: Facts, used: dict[str, list[tuple[str, int]]]) -> None:
    for sock in f.chassis.sockets:
        cpu = f.cpu_at.get(sock.id)
        items = used.get(sock.id, [])
        total = sum(n for _, n in items)
        lanes = cpu.lanes_per_socket(len(f.cpu_at)) if cpu is not None else 0
        if cpu is not None and total > lanes:
            f.add("error", "pcie.cpu-lanes",
                  f"{sock.id} ({cpu.name}) has {lanes} PCIe lanes but {total} are wired to it: "
                  f"{names([f'{w} x{n}' for w, n in items], 8)}.",
                  tuple(w for w, _ in items if " " not in w),
                  f"Move {total - lanes} lanes' worth of devices to slots on another CPU or behind a "
                  "PCIe switch, or remove them.")
    for sw in f.chassis.pcie_switches:
        items = used.get(sw.id, [])
        total = sum(n for _, n in items)
        if total > sw.downstream_lanes:
            f.add("error", "pcie.switch-lanes",
                  f"PCIe switch {sw.id} has {sw.downstream_lanes} downstream lanes but its devices need {total}: "
                  f"{names([f'{w} x{n}' for w, n in items], 8)}.",
                  tuple(w for w, _ in items if " " not in w),
                  f"Move devices off {sw.id} to slots on another switch or CPU.")


def _downgrades(f: Facts, slow: dict[tuple, list[str]]) -> None:
    taken: set[str] = set()
    blocked = blocked_slots(f)
    for (pid, gen, lanes), slots in slow.items():
        part = f.ctx.catalog.get(pid)
        card = pcie_link(part)   # collected from placed lane-taking cards only
        if part is None or card is None:
            continue
        card_gen, card_lanes = card
        full = link_gbs(card_gen, card_lanes)
        link = link_gbs(min(gen, card_gen), min(lanes, card_lanes))
        many = len(slots) > 1
        ops: list[Any] = []
        moved: list[str] = []
        for s in slots:
            target = _faster_slot(f, part, card, blocked, taken)
            if target:
                taken.add(target)
                moved.append(f"{s} to {target}")
                ops.append(batch([remove(s), place(target, pid)], f"Move {part.name} to {target}"))
        fix = (f"Move the card{'s' if len(moved) > 1 else ''} from {names(moved)}." if moved else
               f"No free Gen{card_gen} x{card_lanes} slot is left; accept the lower bandwidth "
               "or free one.")
        f.add("warning", "pcie.link-downgrade",
              f"{part.name} (Gen{card_gen} x{card_lanes}, {fmt_gbs(full)}) in {names(slots)} "
              f"(Gen{gen} x{lanes}, {fmt_gbs(link)}) lose{'' if many else 's'} {_lost_words(link / full)} of "
              f"{'their' if many else 'its'} host bandwidth.", slots, fix, ops)


def _faster_slot(f: Facts, part: Part, card: tuple[int, int], blocked: dict[str, str],
                 taken: set[str]) -> str | None:
    for spec in f.chassis.pcie_slots:
        sid = spec.id
        if sid in f.at or sid in taken or sid in blocked or spec.gen < card[0] or spec.lanes < card[1]:
            continue
        if pcie_problems(part, spec) or any(b in f.at for b in covered(part, spec)):
            continue
        return sid
    return None


def _drive_downgrades(f: Facts, slow: dict[tuple, list[str]]) -> None:
    for (pid, gen, lanes), slots in slow.items():
        part = f.ctx.catalog.get(pid)
        if not isinstance(part, Drive) or not part.pcie_gen:   # collected from NVMe drives with a known Gen
            continue
        full = link_gbs(part.pcie_gen, part.pcie_lanes or lanes)
        link = link_gbs(min(gen, part.pcie_gen), lanes)
        f.add("info", "pcie.drive-link-downgrade",
              f"The {part.name} (Gen{part.pcie_gen}, {fmt_gbs(full)}) in {names(slots)} runs at Gen{gen} "
              f"x{lanes} ({fmt_gbs(link)}): reads top out at {min(part.seq_read_mbs / 1000, link):.1f} GB/s "
              f"instead of {part.seq_read_mbs / 1000:.1f} GB/s per drive.", slots,
              f"Use Gen{gen} drives (same speed, usually cheaper) or a chassis with Gen{part.pcie_gen} bays.")


def _oversubscribed(f: Facts, gpu_links: dict[str, list[tuple[str, float]]]) -> None:
    groups: dict[tuple, list[str]] = {}     # (GPUs, demand, uplink words) -> switch ids
    slots: list[str] = []
    for sw in f.chassis.pcie_switches:
        links = gpu_links.get(sw.id)
        if not links:
            continue
        demand = sum(g for _, g in links)
        uplink = link_gbs(sw.uplink_gen, sw.uplink_lanes)
        if demand > uplink * 1.001:
            slots.extend(s for s, _ in links)
            key = (len(links), round(demand, 1), f"Gen{sw.uplink_gen} x{sw.uplink_lanes} uplink ({fmt_gbs(uplink)})")
            groups.setdefault(key, []).append(sw.id)
    if not groups:
        return
    parts = [f"{names(sws)} {'each feed' if len(sws) > 1 else 'feeds'} {n} GPUs ({fmt_gbs(demand)}) "
             f"over one {up}" for (n, demand, up), sws in groups.items()]
    f.add("info", "pcie.switch-oversubscribed",
          f"PCIe switches share their uplink to the CPU: {'; '.join(parts)} ({names(slots, 8)}). Host-to-GPU "
          "copies slow down when these GPUs load data at the same time; GPU-to-NIC (GPUDirect RDMA) traffic "
          "stays below the switch.", slots,
          "Usually fine for training; for host-bound work, spread GPUs over more switches or CPU slots.")
