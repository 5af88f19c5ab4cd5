"""Memory: DIMM generation, identical DIMMs, balanced channels, speed, host RAM vs GPU memory."""

from __future__ import annotations

from collections.abc import Hashable
from string import ascii_uppercase

from ..catalog import CPU, DIMM, GPU
from ..ops import Place, Remove
from ..slots import dimm_slot_id
from ..violations import Severity
from ._common import Facts, names, place, remove

#: host RAM / total GPU memory below this -> warning; below RATIO_INFO -> info
RATIO_WARN = 1.5
RATIO_INFO = 2.0


def inputs(f: Facts) -> Hashable:
    """What this family reads (its memo key besides the chassis): the parts in DIMM and CPU
    slots, and the host and GPU memory totals of the figures."""
    fig = f.figures
    totals = (fig.memory.capacity_gb, fig.compute.vram_gb) if fig is not None else f.ctx.key("gpu")
    return f.ctx.slot_key("dimm"), f.ctx.slot_key("cpu"), totals


def check(f: Facts) -> None:
    # one pass: DIMMs by part (usually one part) and per-channel counts of sockets with a CPU
    by_id: dict[str, list] = {}
    counts: dict[tuple[str, int], int] = {}
    cpu_at = f.cpu_at
    for p in f.by_kind.get("dimm", ()):
        if p.part.category != "dimm":
            continue
        by_id.setdefault(p.part.id, []).append(p)
        slot = p.slot
        if slot.socket in cpu_at:
            key = (slot.socket, slot.channel)
            counts[key] = counts.get(key, 0) + 1
    if not by_id:
        if cpu_at:
            first = next(iter(cpu_at))
            f.add("error", "mem.none", "No memory is installed; the server does not start without DIMMs.",
                  (first,), f"Add one DIMM per channel to every socket with a CPU "
                  f"({f.chassis.memory.channels_per_socket} per CPU).")
        return
    parts = [placed[0].part for placed in by_id.values()]
    _generation(f, parts, by_id)
    _module_type(f, parts, by_id)
    keep = max(by_id, key=lambda k: len(by_id[k]))
    if len(by_id) > 1:
        _mixed(f, by_id, keep)
    dpc = _balance(f, counts, keep)
    _speed(f, parts, dpc)
    _host_ratio(f, by_id)


def _generation(f: Facts, parts: list[DIMM], by_id) -> None:
    want = f.chassis.memory.memory_type
    cpu = next(iter(f.cpu_at.values()), None)
    for part in parts:
        if part.memory_type == want and (cpu is None or part.memory_type == cpu.memory_type):
            continue
        slots = [p.slot.id for p in by_id[part.id]]
        f.add("error", "mem.type",
              f"{names(slots)} hold{'s' if len(slots) == 1 else ''} the {part.name}, a "
              f"{part.memory_type.upper()} module; the {f.chassis.name} takes {want.upper()} only.", slots,
              f"Replace them with {want.upper()} DIMMs.")


def _module_type(f: Facts, parts: list[DIMM], by_id) -> None:
    """A module type the CPU's memory controller does not run (a desktop UDIMM in a Xeon or EPYC
    server): the server does not boot."""
    cpu = next(iter(f.cpu_at.values()), None)
    if cpu is None or not cpu.module_types:
        return
    kinds = " or ".join(k.upper() for k in cpu.module_types)
    for part in parts:
        if part.module_type in cpu.module_types:
            continue
        slots = [p.slot.id for p in by_id[part.id]]
        alt = _allowed_dimm(f, part, cpu)
        f.add("error", "mem.module-type",
              f"{names(slots)} hold{'s' if len(slots) == 1 else ''} the {part.name}, a "
              f"{part.module_type.upper()} module; the {cpu.name} runs {kinds} modules only.", slots,
              f"Replace them with the {alt.name}." if alt else f"Replace them with {kinds} DIMMs.",
              [place(s, alt.id) for s in slots] if alt else ())


def _allowed_dimm(f: Facts, part: DIMM, cpu: CPU) -> DIMM | None:
    """The catalog DIMM the CPU runs closest to `part`'s capacity, then to the CPU's memory speed."""
    fits = [d for d in f.ctx.catalog.by_category("dimm") if isinstance(d, DIMM)
            and d.module_type in cpu.module_types and d.memory_type == part.memory_type]
    return min(fits, key=lambda d: (abs(d.capacity_gb - part.capacity_gb),
                                    abs(d.speed_mts - cpu.memory_speed_1dpc_mts), d.id), default=None)


def _mixed(f: Facts, by_id, keep: str) -> None:
    kept = by_id[keep][0].part
    odd = [p for pid, placed in by_id.items() if pid != keep for p in placed]
    kinds = {placed[0].part.module_type for placed in by_id.values()}
    odd_names = sorted({p.part.name for p in odd})
    severity: Severity
    severity, code, why = ("error", "mem.mixed-types", f"{' and '.join(sorted(kinds)).upper()} modules cannot be mixed") \
        if len(kinds) > 1 else ("warning", "mem.mixed", "all DIMMs should be the same part, "
                                "or capacities, ranks and speeds differ between channels")
    f.add(severity, code,
          f"{names([p.slot.id for p in odd])} hold {names(odd_names)} while the other DIMMs are the "
          f"{kept.name}: {why}.", tuple(p.slot.id for p in odd),
          f"Replace them with the {kept.name}.", [place(p.slot.id, keep) for p in odd])


def _balance(f: Facts, counts: dict[tuple[str, int], int], keep: str) -> int:
    """Every channel of every socket with a CPU should hold the same count; returns the max DPC."""
    per_ch = f.chassis.memory.channels_per_socket
    top = max(counts.values(), default=0)
    if not top:
        return 0
    if len(counts) == per_ch * len(f.cpu_at) and min(counts.values()) == top:
        return top             # the usual case: every channel holds the same count
    kept_part = f.ctx.catalog.get(keep)
    kept_name = kept_part.name if kept_part is not None else keep
    sockets = [s.id for s in f.chassis.sockets if s.id in f.cpu_at]
    bare = [s for s in sockets if not any(counts.get((s, ch)) for ch in range(per_ch))]
    # the count most channels already hold (ties: the higher); a mostly empty board fills up
    tally: dict[int, int] = {}
    for s in sockets:
        if s not in bare:
            for ch in range(per_ch):
                n = counts.get((s, ch), 0)
                tally[n] = tally.get(n, 0) + 1
    target = max(tally, key=lambda n: (tally[n], n)) or top
    short: list[str] = []
    over: list[str] = []
    ops: list[Place | Remove] = []
    for s in sockets:
        fill: list[Place] = []
        for ch in range(per_ch):
            have = counts.get((s, ch), 0)
            if have == target:
                continue
            (short if have < target else over).append(f"{s} {ascii_uppercase[ch]}")
            ids = [dimm_slot_id(s, ch, d) for d in range(f.chassis.memory.dpc)]
            if have < target:
                fill.extend(place(sid, keep) for sid in [i for i in ids if i not in f.at][:target - have])
            else:
                ops.extend(remove(sid) for sid in [i for i in ids if i in f.at][target - have:])
        if s in bare:
            short = short[:len(short) - per_ch]
            f.add("error", "mem.cpu-without-memory",
                  f"{s} holds the {f.cpu_at[s].name} but none of its memory channels has a DIMM; "
                  "every CPU needs its own memory.", (s, *(op.slot for op in fill)),
                  f"Fill {s}'s channels with the {kept_name} ({len(fill)} DIMMs).", fill)
        else:
            ops.extend(fill)
    if short or over:
        words = []
        if short:
            words.append(f"{names(short, 8)} hold{'s' if len(short) == 1 else ''} fewer")
        if over:
            words.append(f"{names(over, 8)} hold{'s' if len(over) == 1 else ''} more")
        adds = sum(1 for op in ops if op.op == "place")
        f.add("warning", "mem.unbalanced",
              f"Memory channels {' and '.join(words)} DIMMs than the others ({target} per channel): "
              "unbalanced channels lower memory bandwidth and can break interleaving.",
              tuple(op.slot for op in ops),
              f"Give every channel {target} × {kept_name}: add {adds}, remove {len(ops) - adds}."
              if over else f"Fill them with the {kept_name} ({adds} more DIMM{'s' if adds != 1 else ''}).", ops)
    return top


def _speed(f: Facts, parts: list[DIMM], dpc: int) -> None:
    cpu = next(iter(f.cpu_at.values()), None)
    if cpu is None:
        return
    slow = min(parts, key=lambda d: d.speed_mts)
    fast = max(parts, key=lambda d: d.speed_mts)
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


def _host_ratio(f: Facts, by_id) -> None:
    fig = f.figures
    if fig is not None:
        host, vram = fig.memory.capacity_gb, fig.compute.vram_gb
    else:
        host = sum(placed[0].part.capacity_gb * len(placed) for placed in by_id.values())
        vram = sum(p.part.memory_gb for p in f.ctx.of("gpu") if isinstance(p.part, GPU))
    if vram <= 0 or host >= RATIO_INFO * vram:
        return
    ratio = host / vram
    severity: Severity
    severity, code, bound = ("warning", "mem.host-ram-low", RATIO_WARN) if ratio < RATIO_WARN \
        else ("info", "mem.host-ram-below-2x", RATIO_INFO)
    f.add(severity, code,
          f"Host memory is {host:,.0f} GB for {vram:,.0f} GB of GPU memory ({ratio:.2f}×); training servers "
          f"are usually sized at {RATIO_INFO:g}× GPU memory or more (checkpointing, data loading, CPU offload).",
          (), f"Add DIMMs or use larger ones: at least {bound * vram:,.0f} GB.")
