"""GPU compute and memory totals, CPUs, and host memory (capacity, channels, speed, bandwidth).

Host-memory bandwidth = populated channels × effective MT/s × 8 B (one 64-bit DDR5
channel moves 8 bytes per transfer): 8 × DDR5-4800 = 307.2 GB/s (JEDEC JESD79-5 64-bit channel; docs/engine.md §5).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import cast

from ..catalog import CPU, GPU
from ..context import BuildContext
from .result import ComputeResult, HostMemoryResult, construct

BYTES_PER_TRANSFER = 8  # 64-bit channel (DDR5: two 32-bit subchannels)


def channel_bandwidth_gbs(speed_mts: float) -> float:
    """Peak GB/s of one 64-bit channel at `speed_mts` (DDR5-4800 → 38.4)."""
    return speed_mts * BYTES_PER_TRANSFER / 1000.0


def _same_or(values: set[str], single: str, mixed: str = "mixed") -> str:
    if not values:
        return ""
    return single if len(values) == 1 else mixed


def compute_compute(ctx: BuildContext) -> ComputeResult:
    """GPU and CPU totals; dense tensor TFLOPS (no sparsity), FP8 0 where unsupported."""
    gpus = [cast(GPU, pl.part) for pl in ctx.gpus_placed]   # the category's parts are of its class
    cpus = [cast(CPU, pl.part) for pl in ctx.in_slots("cpu", "cpu")]
    gids = {g.id for g in gpus}
    cids = {c.id for c in cpus}
    vram = bw = bf16 = fp16 = fp8 = 0.0
    for g in gpus:
        vram += g.memory_gb
        bw += g.memory_bandwidth_gbs
        bf16 += g.bf16_tflops
        fp16 += g.fp16_tflops
        fp8 += g.fp8_tflops or 0.0
    return construct(
        ComputeResult, gpu_count=len(gpus),
        gpu_id=gpus[0].id if len(gids) == 1 else "",
        gpu_model=_same_or(gids, gpus[0].name if gpus else ""),
        vram_gb_per_gpu=min((g.memory_gb for g in gpus), default=0.0),
        vram_gb=vram, hbm_bandwidth_gbs=bw,
        bf16_tflops=bf16, fp16_tflops=fp16, fp8_tflops=fp8,
        cpu_count=len(cpus),
        cpu_model=_same_or(cids, cpus[0].name if cpus else ""),
        cpu_cores=sum(c.cores for c in cpus),
        cpu_id=cpus[0].id if len(cids) == 1 else "",
        hbm_bandwidth_gbs_per_gpu=min((g.memory_bandwidth_gbs for g in gpus), default=0.0),
        bf16_tflops_per_gpu=min((g.bf16_tflops for g in gpus), default=0.0),
        fp8_tflops_per_gpu=min(((g.fp8_tflops or 0.0) for g in gpus), default=0.0),
    )


_CHANNEL = attrgetter("slot.socket", "slot.channel")
_CAPACITY = attrgetter("part.capacity_gb")
_SPEED = attrgetter("part.speed_mts")


def compute_memory(ctx: BuildContext, compute: ComputeResult) -> HostMemoryResult:
    """Host memory that works: DIMMs in sockets with a CPU, on channels the CPU has."""
    ch = ctx.chassis
    cpu_at = {pl.slot.socket: cast(CPU, pl.part) for pl in ctx.in_slots("cpu", "cpu")}
    dimms = ctx.in_slots("dimm", "dimm")
    per_channel = Counter(map(_CHANNEL, dimms))
    dead = [key for key in per_channel
            if key[0] not in cpu_at or key[1] >= cpu_at[key[0]].memory_channels]
    if dead:  # DIMMs with no CPU behind them (or past its channels) do not count
        dimms = tuple(pl for pl in dimms if _CHANNEL(pl) not in dead)
        for key in dead:
            del per_channel[key]
    capacity = float(sum(map(_CAPACITY, dimms)))
    per_socket = ch.memory.channels_per_socket if ch else 0
    total = sum(min(per_socket, c.memory_channels) for c in cpu_at.values())
    dpc = max(per_channel.values(), default=0)
    speed = 0
    if dimms:
        speed = min(min(map(_SPEED, dimms)), min(_cpu_speed(c, dpc) for c in cpu_at.values()))
    populated = len(per_channel)
    return construct(
        HostMemoryResult, capacity_gb=capacity, dimm_count=len(dimms), channels_populated=populated,
        channels_total=total, dpc=dpc, speed_mts=speed,
        bandwidth_gbs=populated * channel_bandwidth_gbs(speed),
        ratio_to_vram=capacity / compute.vram_gb if compute.vram_gb > 0 else 0.0,
        sockets_populated=len(cpu_at),
    )


def _cpu_speed(cpu: CPU, dpc: int) -> int:
    """The CPU's memory speed limit at `dpc` DIMMs per channel (2DPC unknown → 1DPC speed)."""
    if dpc >= 2 and cpu.memory_speed_2dpc_mts:
        return cpu.memory_speed_2dpc_mts
    return cpu.memory_speed_1dpc_mts
