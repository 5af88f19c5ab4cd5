"""Memory: DIMM generation, identical DIMMs, balanced channels, speed, host RAM vs GPU memory."""

from __future__ import annotations

from string import ascii_uppercase

from ..catalog import DIMM, GPU
from ..slots import dimm_slot_id
from ._common import Facts, majority, names, place

#: host RAM / total GPU memory below this -> warning; below RATIO_INFO -> info
RATIO_WARN = 1.5
RATIO_INFO = 2.0


def check(f: Facts) -> None:
    dimms = [p for p in f.by_kind.get("dimm", ()) if isinstance(p.part, DIMM)]
    if not dimms:
        if f.cpu_at:
            first = next(iter(f.cpu_at))
            f.add("error", "mem.none", "No memory is installed; the server does not start without DIMMs.",
                  (first,), f"Add one DIMM per channel to every socket with a CPU "
                  f"({f.chassis.memory.channels_per_socket} per CPU).")
        return
    _generation(f, dimms)
    keep = _mixed(f, dimms)
    dpc = _balance(f, dimms, keep)
    _speed(f, dimms, dpc)
    _host_ratio(f, dimms)


def _generation(f: Facts, dimms) -> None:
    want = f.chassis.memory.memory_type
    cpu = next(iter(f.cpu_at.values()), None)
    bad: dict[str, list[str]] = {}
    for p in dimms:
        if p.part.memory_type != want or (cpu is not None and p.part.memory_type != cpu.memory_type):
            bad.setdefault(p.part.id, []).append(p.slot.id)
    for pid, slots in bad.items():
        part = f.ctx.catalog.get(pid)
        f.add("error", "mem.type",
              f"{names(slots)} hold{'s' if len(slots) == 1 else ''} the {part.name}, a "
              f"{part.memory_type.upper()} module; the {f.chassis.name} takes {want.upper()} only.", slots,
              f"Replace them with {want.upper()} DIMMs.")


def _mixed(f: Facts, dimms) -> str:
    ids = [p.part.id for p in dimms]
    keep = majority(ids)
    if len(set(ids)) == 1:
        return keep
    kept = f.ctx.catalog.get(keep)
    odd = [p for p in dimms if p.part.id != keep]
    kinds = {p.part.module_type for p in dimms}
    odd_names = sorted({p.part.name for p in odd})
    severity, code, why = ("error", "mem.mixed-types", f"{' and '.join(sorted(kinds)).upper()} modules cannot be mixed") \
        if len(kinds) > 1 else ("warning", "mem.mixed", "all DIMMs should be the same part, "
                                "or capacities, ranks and speeds differ between channels")
    f.add(severity, code,
          f"{names([p.slot.id for p in odd])} hold {names(odd_names)} while the other DIMMs are the "
          f"{kept.name}: {why}.", tuple(p.slot.id for p in odd),
          f"Replace them with the {kept.name}.", [place(p.slot.id, keep) for p in odd])
    return keep


def _balance(f: Facts, dimms, keep: str) -> int:
    """Checks every channel of every populated socket holds the same count; returns max DPC."""
    per_ch = f.chassis.memory.channels_per_socket
    counts: dict[tuple[str, int], int] = {}
    for p in dimms:
        if p.slot.socket in f.cpu_at:
            key = (p.slot.socket, p.slot.channel)
            counts[key] = counts.get(key, 0) + 1
    target = max(counts.values(), default=0)
    if not target:
        return 0
    short: list[str] = []
    ops = []
    for sock in f.chassis.sockets:
        if sock.id not in f.cpu_at:
            continue
        for ch in range(per_ch):
            have = counts.get((sock.id, ch), 0)
            if have >= target:
                continue
            short.append(f"{sock.id} {ascii_uppercase[ch]}")
            missing = target - have
            for d in range(f.chassis.memory.dpc):
                sid = dimm_slot_id(sock.id, ch, d)
                if missing and sid not in f.at:
                    ops.append(place(sid, keep))
                    missing -= 1
    if short:
        kept = f.ctx.catalog.get(keep)
        f.add("warning", "mem.unbalanced",
              f"Memory channels {names(short, 8)} hold fewer DIMMs than the others ({target} per channel): "
              "unbalanced channels lower memory bandwidth and can break interleaving.",
              tuple(op.slot for op in ops),
              f"Fill them with the {kept.name} ({len(ops)} more DIMM{'s' if len(ops) != 1 else ''}).", ops)
    return target


def _speed(f: Facts, dimms, dpc: int) -> None:
    cpu = next(iter(f.cpu_at.values()), None)
    if cpu is None:
        return
    slow = min(dimms, key=lambda p: p.part.speed_mts).part
    fast = max(dimms, key=lambda p: p.part.speed_mts).part
    rated = cpu.memory_speed_1dpc_mts
    if slow.speed_mts < rated:
        f.add("info", "mem.speed-below-cpu",
              f"The {slow.name} runs at {slow.speed_mts} MT/s; the {cpu.name} supports {rated} MT/s, so memory "
              f"runs at the lower {slow.speed_mts} MT/s.", (),
              f"Use {rated} MT/s DIMMs for {100 * (rated / slow.speed_mts - 1):.0f} % more memory bandwidth.")
    if fast.speed_mts > rated:
        f.add("info", "mem.speed-above-cpu",
              f"The {fast.name} is rated {fast.speed_mts} MT/s, but the {cpu.name} runs memory at "
              f"{rated} MT/s: the DIMMs are downclocked.", (),
              f"Slower {rated} MT/s DIMMs give the same bandwidth, often for less money.")
    dpc2 = cpu.memory_speed_2dpc_mts
    if dpc >= 2 and dpc2 and dpc2 < min(rated, slow.speed_mts):
        f.add("info", "mem.2dpc-speed",
              f"With 2 DIMMs per channel the {cpu.name} runs memory at {dpc2} MT/s instead of "
              f"{min(rated, slow.speed_mts)} MT/s.", (),
              "Use one larger DIMM per channel for the full speed, if the capacity allows.")


def _host_ratio(f: Facts, dimms) -> None:
    fig = f.figures
    if fig is not None:
        host, vram = fig.memory.capacity_gb, fig.compute.vram_gb
    else:
        host = sum(p.part.capacity_gb for p in dimms)
        vram = sum(p.part.memory_gb for p in f.ctx.of("gpu") if isinstance(p.part, GPU))
    if vram <= 0 or host >= RATIO_INFO * vram:
        return
    ratio = host / vram
    severity, code, bound = ("warning", "mem.host-ram-low", RATIO_WARN) if ratio < RATIO_WARN \
        else ("info", "mem.host-ram-below-2x", RATIO_INFO)
    f.add(severity, code,
          f"Host memory is {host:,.0f} GB for {vram:,.0f} GB of GPU memory ({ratio:.2f}×); training servers "
          f"are usually sized at {RATIO_INFO:g}× GPU memory or more (checkpointing, data loading, CPU offload).",
          (), f"Add DIMMs or use larger ones: at least {bound * vram:,.0f} GB.")
