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
from ..message import Arg, GBps, Msg, items
from ._common import Facts, batch, clauses, link_gbs, place, remove
from .fit import blocked_slots, covered, misfits, pcie_problems


def _lost_words(ratio: float) -> Msg:
    if abs(ratio - 0.5) < 0.02:
        return Msg("pcie.lost-half")
    if abs(ratio - 0.25) < 0.02:
        return Msg("pcie.lost-three-quarters")
    return Msg("pcie.lost-pct", pct=100 * (1 - ratio))


def _wired(items_: list[tuple[str, int]]) -> list[Msg]:
    """What takes a root's lanes: 'GPU1 x16', 'SW1 uplink x16'."""
    return [Msg("pcie.uplink-lanes", switch=w.removesuffix(" uplink"), n=n) if w.endswith(" uplink")
            else Msg("pcie.lanes", slot=w, n=n) for w, n in items_]


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
        items_ = used.get(sock.id, [])
        total = sum(n for _, n in items_)
        lanes = cpu.lanes_per_socket(len(f.cpu_at)) if cpu is not None else 0
        if cpu is not None and total > lanes:
            f.add("error", "pcie.cpu-lanes",
                  Msg("pcie.cpu-lanes", socket=sock.id, cpu=cpu.name, lane=lanes, total=total,
                      items=items(_wired(items_), 8)),
                  tuple(w for w, _ in items_ if " " not in w), Msg("pcie.cpu-lanes.fix", n=total - lanes))
    for sw in f.chassis.pcie_switches:
        items_ = used.get(sw.id, [])
        total = sum(n for _, n in items_)
        if total > sw.downstream_lanes:
            f.add("error", "pcie.switch-lanes",
                  Msg("pcie.switch-lanes", switch=sw.id, lane=sw.downstream_lanes, total=total,
                      items=items(_wired(items_), 8)),
                  tuple(w for w, _ in items_ if " " not in w), Msg("pcie.switch-lanes.fix", switch=sw.id))


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
        ops: list[Any] = []
        moved: list[Msg] = []
        for s in slots:
            target = _faster_slot(f, part, card, blocked, taken)
            if target:
                taken.add(target)
                moved.append(Msg("pcie.move", slot=s, target=target))
                ops.append(batch([remove(s), place(target, pid)], "op.label.move", part=part.name, slot=target))
        fix = (Msg("pcie.link-downgrade.move", n=len(moved), moves=items(moved)) if moved else
               Msg("pcie.link-downgrade.none", gen=card_gen, lane=card_lanes))
        f.add("warning", "pcie.link-downgrade",
              Msg("pcie.link-downgrade", n=len(slots), part=part.name, gen=card_gen, lane=card_lanes, full=GBps(full),
                  slots=items(slots), slot_gen=gen, slot_lane=lanes, link=GBps(link), lost=_lost_words(link / full)),
              slots, fix, ops)


def _group(sws: list[str], n: int, demand: float, gen: int, lane: int, uplink: float) -> Msg:
    """'PLX1 and PLX2 each feed 2 GPUs (126 GB/s) over one Gen5 x16 uplink (63 GB/s)'."""
    said: dict[str, Arg] = dict(switches=items(sws), n=n, demand=GBps(demand), gen=gen, lane=lane,
                                uplink=GBps(uplink))
    return Msg("pcie.switch-group.each", **said) if len(sws) > 1 else Msg("pcie.switch-group", **said)


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
              Msg("pcie.drive-link-downgrade", drive=part.name, gen=part.pcie_gen, full=GBps(full), slots=items(slots),
                  slot_gen=gen, lane=lanes, link=GBps(link), top=min(part.seq_read_mbs / 1000, link),
                  read=part.seq_read_mbs / 1000), slots,
              Msg("pcie.drive-link-downgrade.fix", slot_gen=gen, gen=part.pcie_gen))


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
            key = (len(links), round(demand, 1), sw.uplink_gen, sw.uplink_lanes, uplink)
            groups.setdefault(key, []).append(sw.id)
    if not groups:
        return
    parts = [_group(sws, n, demand, gen, lane, up) for (n, demand, gen, lane, up), sws in groups.items()]
    f.add("info", "pcie.switch-oversubscribed",
          Msg("pcie.switch-oversubscribed", groups=clauses(parts), slots=items(slots, 8)), slots,
          Msg("pcie.switch-oversubscribed.fix"))
