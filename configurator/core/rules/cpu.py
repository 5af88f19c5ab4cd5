"""CPU: the right socket, identical CPUs, no empty socket that parts depend on, socket count."""

from __future__ import annotations

from collections.abc import Hashable

from ..catalog import CPU
from ._common import Facts, majority, names, place


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
        f.add("error", "cpu.none", f"No CPU is installed; {spec.id} needs a {spec.socket} CPU.",
              (spec.id,), f"Add a {spec.socket} CPU to {spec.id}.")
        return
    for spec in sockets:
        cpu = cpus.get(spec.id)
        if cpu is not None and cpu.socket != spec.socket:
            f.add("error", "cpu.socket",
                  f"{spec.id} is a {spec.socket} socket but holds the {cpu.name}, a {cpu.socket} CPU.",
                  (spec.id,), f"Choose a {spec.socket} CPU for {spec.id}.")
    _mixed(f, cpus)
    _empty(f, cpus)
    limit = min(c.max_sockets for c in cpus.values())
    if len(cpus) > limit:
        small = next(c for c in cpus.values() if c.max_sockets == limit)
        f.add("error", "cpu.max-sockets",
              f"The {small.name} works in at most {limit} socket{'s' if limit > 1 else ''}, but "
              f"{len(cpus)} CPUs are installed ({names(list(cpus))}).", tuple(cpus),
              f"Use a CPU made for {len(cpus)}-socket servers, or run with {limit} CPU.")


def _mixed(f: Facts, cpus: dict[str, CPU]) -> None:
    ids = [c.id for c in cpus.values()]
    if len(set(ids)) < 2:
        return
    sockets = {s.id: s.socket for s in f.chassis.sockets}
    fitting = [c.id for s, c in cpus.items() if c.socket == sockets.get(s)]
    keep = majority(fitting or ids)
    kept = next(c for c in cpus.values() if c.id == keep)
    odd = [s for s, c in cpus.items() if c.id != keep]
    described = names([f"{s} holds the {c.name}" for s, c in cpus.items()])
    f.add("error", "cpu.mixed-models",
          f"{described}: a server needs the same CPU model in every socket.", tuple(cpus),
          f"Put the {kept.name} in {names(odd)}.", [place(s, keep) for s in odd])


def _wired(f: Facts, deps: list[str]) -> str:
    """'its 8 DIMMs and GPU5, GPU6, NVME1': DIMMs counted, devices named."""
    n_dimm = sum(1 for s in deps if f.ctx.slot_by_id[s].kind == "dimm")
    devices = [s for s in deps if f.ctx.slot_by_id[s].kind != "dimm"]
    words = [f"its {n_dimm} DIMM{'s' if n_dimm > 1 else ''}"] if n_dimm else []
    if devices:
        words.append(names(devices, 10))
    return " and ".join(words)


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
        fix = f"Add a second {cpu.name} to {spec.id}." if ops else f"Add a {spec.socket} CPU to {spec.id}."
        if i == 0:
            f.add("error", "cpu.first-socket-empty",
                  f"{spec.id} is empty while {names(list(cpus))} holds a CPU; the board starts only with "
                  f"{spec.id} populated" + (f", and what is wired to it does not work: {_wired(f, deps)}."
                                            if deps else "."), (spec.id, *cpus, *deps), fix, ops)
        elif deps:
            f.add("error", "cpu.empty-socket-devices",
                  f"{spec.id} is empty, so what is wired to it does not work: {_wired(f, deps)}.",
                  (spec.id, *deps), fix, ops)
        else:
            f.add("info", "cpu.empty-socket",
                  f"{spec.id} is empty: the server runs single-socket and the memory, PCIe slots and bays "
                  f"wired to {spec.id} are unusable.", (spec.id,), fix, ops)
