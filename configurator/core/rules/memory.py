"""Memory: DIMM generation, identical DIMMs, balanced channels, speed, host RAM vs GPU memory."""

from __future__ import annotations

from collections.abc import Hashable
from string import ascii_uppercase
from typing import TYPE_CHECKING

from ..catalog import CPU, DIMM, GPU
from ..message import Msg, items
from ..slots import dimm_slot_id
from ..violations import Severity
from ._common import Facts, place, remove

if TYPE_CHECKING:
    from ..ops import Place, Remove

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
            f.add("error", "mem.none", Msg("mem.none"), (first,),
                  Msg("mem.none.fix", n=f.chassis.memory.channels_per_socket))
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
              Msg("mem.type", n=len(slots), slots=items(slots), dimm=part.name, kind=part.memory_type.upper(),
                  chassis=f.chassis.name, want=want.upper()), slots,
              Msg("mem.type.fix", want=want.upper()))


def _module_type(f: Facts, parts: list[DIMM], by_id) -> None:
    """A module type the CPU's memory controller does not run (a desktop UDIMM in a Xeon or EPYC
    server): the server does not boot."""
    cpu = next(iter(f.cpu_at.values()), None)
    if cpu is None or not cpu.module_types:
        return
    kinds = items((k.upper() for k in cpu.module_types), conj="or")
    for part in parts:
        if part.module_type in cpu.module_types:
            continue
        slots = [p.slot.id for p in by_id[part.id]]
        alt = _allowed_dimm(f, part, cpu)
        f.add("error", "mem.module-type",
              Msg("mem.module-type", n=len(slots), slots=items(slots), dimm=part.name,
                  kind=part.module_type.upper(), cpu=cpu.name, kinds=kinds), slots,
              Msg("mem.module-type.fix", part=alt.name) if alt else Msg("mem.module-type.fix-kind", kinds=kinds),
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
    types = [k.upper() for k in sorted(kinds)]
    severity, code, why = ("error", "mem.mixed-types", Msg("mem.mixed-types.why", first=types[0],
                                                           second=" AND ".join(types[1:]))) \
        if len(kinds) > 1 else ("warning", "mem.mixed", Msg("mem.mixed.why"))
    f.add(severity, code,
          Msg("mem.mixed", slots=items(p.slot.id for p in odd), parts=items(odd_names), dimm=kept.name,
              reasons=why), tuple(p.slot.id for p in odd),
          Msg("mem.mixed.fix", part=kept.name), [place(p.slot.id, keep) for p in odd])


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
                  Msg("mem.cpu-without-memory", socket=s, cpu=f.cpu_at[s].name), (s, *(op.slot for op in fill)),
                  Msg("mem.cpu-without-memory.fix", socket=s, dimm=kept_name, n=len(fill)), fill)
        else:
            ops.extend(fill)
    if short or over:
        fewer = Msg("mem.unbalanced.fewer", n=len(short), shorts=items(short, 8))
        more = Msg("mem.unbalanced.more", n=len(over), overs=items(over, 8))
        which = Msg("mem.unbalanced.both", fewer=fewer, more=more) if short and over else fewer if short else more
        adds = sum(1 for op in ops if op.op == "place")
        f.add("warning", "mem.unbalanced", Msg("mem.unbalanced", which=which, target=target),
              tuple(op.slot for op in ops),
              Msg("mem.unbalanced.rebalance", target=target, dimm=kept_name, added=adds, removed=len(ops) - adds)
              if over else Msg("mem.unbalanced.fill", dimm=kept_name, n=adds), ops)
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
              Msg("mem.speed-below-cpu", dimm=slow.name, speed=slow.speed_mts, cpu=cpu.name, rated=rated), (),
              Msg("mem.speed-below-cpu.fix", rated=rated, pct=100 * (rated / slow.speed_mts - 1)))
    if fast.speed_mts > rated:
        f.add("info", "mem.speed-above-cpu",
              Msg("mem.speed-above-cpu", dimm=fast.name, speed=fast.speed_mts, cpu=cpu.name, rated=rated), (),
              Msg("mem.speed-above-cpu.fix", rated=rated))
    dpc2 = cpu.memory_speed_2dpc_mts
    if dpc >= 2 and dpc2 and dpc2 < min(rated, slow.speed_mts):
        f.add("info", "mem.2dpc-speed",
              Msg("mem.2dpc-speed", cpu=cpu.name, slow=dpc2, speed=min(rated, slow.speed_mts)), (),
              Msg("mem.2dpc-speed.fix"))


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
    severity, code = ("warning", "mem.host-ram-low") if ratio < RATIO_WARN else ("info", "mem.host-ram-below-2x")
    # one factor in the message and its fix: the usual 2×; below 1.5× only makes it a warning
    # (the fix asked for 1.5× under a message that says 2×, and 2× in the next note)
    f.add(severity, code, Msg("mem.host-ram-low", host=host, vram=vram, ratio=ratio, factor=RATIO_INFO), (),
          Msg("mem.host-ram-low.fix", gb=RATIO_INFO * vram, factor=RATIO_INFO))
