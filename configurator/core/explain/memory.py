"""Explanations of the host-memory figures: capacity, DIMMs, channels, speed and bandwidth."""

from __future__ import annotations

import re

from ..catalog import CPU, DIMM
from ..evaluate import compute as cm
from ..message import Term
from .compute import quantities
from .explanation import Explainer, Explanation, Input

_CHANNELS = {"channels_populated": "explain.memory-channels-holding-least-one",
             "channels_total": "explain.chassis-channels-per-socket-populated",
             "dpc": "explain.most-dimms-one-channel"}


def _memory_speed(x: Explainer, cpus: list[CPU], dimms: list[DIMM]) -> list[Input]:
    """The DIMMs' rated speed and the CPU's supported speed at this many DIMMs per channel."""
    cpu = min(cpus, key=lambda c: c.memory_speed_1dpc_mts) if cpus else None
    dimm = min(dimms, key=lambda d: d.speed_mts) if dimms else None
    speed = [x.part_input(dimm, "speed_mts", unit="MT/s"), x.part_input(cpu, "memory_speed_1dpc_mts", unit="MT/s")]
    if x.ev.memory.dpc >= 2 and cpu is not None and cpu.memory_speed_2dpc_mts:
        speed.append(x.part_input(cpu, "memory_speed_2dpc_mts", unit="MT/s"))
    return speed


def memory(x: Explainer, m: re.Match[str]) -> Explanation:
    mem, what = x.ev.memory, m.group(1)
    dimms = [pl.part for pl in x.ctx.in_slots("dimm", "dimm") if isinstance(pl.part, DIMM)]
    cpus = [pl.part for pl in x.ctx.in_slots("cpu", "cpu") if isinstance(pl.part, CPU)]
    kinds = {d.id: d for d in dimms}
    if what in ("capacity_gb", "dimms"):
        ins = quantities(x, list(kinds), dimms)
        ins += [x.part_input(d, "capacity_gb", unit="GB") for d in kinds.values()] if what == "capacity_gb" else []
        ins = ins or [x.placed(x.t("explain.dimms-placed"), 0)]
        if what == "capacity_gb":
            return x.made("GB", x.t("explain.over-dimms-field", field=Term("capacity_gb")), ins)
        return x.made("", x.t("explain.dimms-placed"), ins)
    if what in _CHANNELS:
        return x.made("", x.t(_CHANNELS[what]),
                      [x.part_input(x.ctx.chassis, "memory", value=x.ctx.chassis.memory if x.ctx.chassis else "—")])
    if what == "speed_mts":
        return x.made("MT/s", x.t("explain.effective-speed-min-dimm-speed"), _memory_speed(x, cpus, dimms))
    if what == "bandwidth_gbs":
        return x.made("GB/s", x.t("explain.bandwidth-populated-channels-mt-bytes", bytes=cm.BYTES_PER_TRANSFER),
                      [x.figure_input("memory.channels_populated", mem.channels_populated),
                       x.figure_input("memory.speed_mts", mem.speed_mts, "MT/s")])
    return x.made("", x.t("explain.host-memory-total-gpu-memory"),
                  [x.figure_input("memory.capacity_gb", mem.capacity_gb, "GB"),
                   x.figure_input("gpu.vram_gb", x.ev.compute.vram_gb, "GB")])


