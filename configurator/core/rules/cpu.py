"""CPU: the right socket, identical CPUs, no empty socket that parts depend on, socket count."""

from __future__ import annotations

from collections.abc import Hashable

from ..catalog import CPU
from ..message import Items, Msg, items
from ._common import Facts, majority, place


def inputs(f: Facts) -> Hashable:
    """What this family reads besides the chassis: the parts in the sockets and, when a socket is
    empty beside a populated one, which slots hold a part (what is wired to the empty socket)."""
    key = f.ctx.slot_key("cpu")
    cpus = f.cpu_at
    if cpus and not _all_sockets_filled(f, cpus):
        return key, tuple(f.at)
    return key


def check(f: Facts) -> None:
    sockets = f.chassis.sockets
    cpus = f.cpu_at
    if not cpus:
        spec = sockets[0]
        f.add("error", "cpu.none", Msg("cpu.none", slot=spec.id, socket=spec.socket),
              (spec.id,), Msg("cpu.add", socket=spec.socket, slot=spec.id))
        return
    for spec in sockets:
        cpu = cpus.get(spec.id)
        if cpu is not None and cpu.socket != spec.socket:
            f.add("error", "cpu.socket",
                  Msg("cpu.socket", slot=spec.id, socket=spec.socket, cpu=cpu.name, cpu_socket=cpu.socket),
                  (spec.id,), Msg("cpu.socket.fix", socket=spec.socket, slot=spec.id))
    _mixed(f, cpus)
    _empty(f, cpus)
    limit = min(c.max_sockets for c in cpus.values())
    if len(cpus) > limit:
        small = next(c for c in cpus.values() if c.max_sockets == limit)
        f.add("error", "cpu.max-sockets",
              Msg("cpu.max-sockets", cpu=small.name, limit=limit, n=len(cpus), slots=items(cpus)), tuple(cpus),
              Msg("cpu.max-sockets.fix", n=len(cpus), limit=limit))


def _mixed(f: Facts, cpus: dict[str, CPU]) -> None:
    ids = [c.id for c in cpus.values()]
    if len(set(ids)) < 2:
        return
    sockets = {s.id: s.socket for s in f.chassis.sockets}
    fitting = [c.id for s, c in cpus.items() if c.socket == sockets.get(s)]
    keep = majority(fitting or ids)
    kept = next(c for c in cpus.values() if c.id == keep)
    odd = [s for s, c in cpus.items() if c.id != keep]
    holders = items(Msg("cpu.holds", slot=s, cpu=c.name) for s, c in cpus.items())
    f.add("error", "cpu.mixed-models", Msg("cpu.mixed-models", holders=holders), tuple(cpus),
          Msg("cpu.mixed-models.fix", cpu=kept.name, slots=items(odd)), [place(s, keep) for s in odd])


def _wired(f: Facts, deps: list[str]) -> Msg | Items:
    """'its 8 DIMMs and GPU5, GPU6, NVME1': DIMMs counted, devices named."""
    n_dimm = sum(1 for s in deps if f.ctx.slot_by_id[s].kind == "dimm")
    devices = items((s for s in deps if f.ctx.slot_by_id[s].kind != "dimm"), 10)
    if not n_dimm:
        return devices
    if devices.items:
        return Msg("cpu.wired-dimms-and", n=n_dimm, devices=devices)
    return Msg("cpu.wired-dimms", n=n_dimm)


def _all_sockets_filled(f: Facts, cpus: dict[str, CPU]) -> bool:
    sockets = f.chassis.sockets
    return len(cpus) == len(sockets) and all(spec.id in cpus for spec in sockets)


def _empty(f: Facts, cpus: dict[str, CPU]) -> None:
    if _all_sockets_filled(f, cpus):
        return        # no socket is empty (the usual case): nothing depends on a missing CPU
    dependents: dict[str, list[str]] = {}
    for p in f.ctx.placed:
        s = p.slot.socket
        if s and s not in cpus and p.slot.kind != "cpu":
            dependents.setdefault(s, []).append(p.slot.id)
    model = majority([c.id for c in cpus.values()])
    cpu = next(c for c in cpus.values() if c.id == model)
    for i, spec in enumerate(f.chassis.sockets):
        if spec.id in cpus:
            continue
        deps = dependents.get(spec.id, [])
        ops = [place(spec.id, model)] if cpu.socket == spec.socket else []
        fix = Msg("cpu.add-second", cpu=cpu.name, slot=spec.id) if ops else \
            Msg("cpu.add", socket=spec.socket, slot=spec.id)
        if i == 0:
            holders = items(cpus)
            message = Msg("cpu.first-socket-empty.devices", slot=spec.id, cpus=holders, wireds=_wired(f, deps)) \
                if deps else Msg("cpu.first-socket-empty", slot=spec.id, cpus=holders)
            f.add("error", "cpu.first-socket-empty", message, (spec.id, *cpus, *deps), fix, ops)
        elif deps:
            f.add("error", "cpu.empty-socket-devices",
                  Msg("cpu.empty-socket-devices", slot=spec.id, wireds=_wired(f, deps)), (spec.id, *deps), fix, ops)
        else:
            f.add("info", "cpu.empty-socket", Msg("cpu.empty-socket", slot=spec.id), (spec.id,), fix, ops)
