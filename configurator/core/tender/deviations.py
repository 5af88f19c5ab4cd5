"""技术偏差表: each tender requirement against the value the evaluated build offers.

A requirement names a field of the evaluation (`FIELDS`), a comparator and a value. The offered
value is read from the `Evaluation` (and the build, for the warranty): never typed in. The
deviation is "positive" (正偏离: better than asked), "none" (无偏离: exactly as asked, or a yes/no
or text requirement met) or "negative" (负偏离: not met).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..build import Build
from ..evaluate.result import Evaluation
from ..message import Msg

COMPARATORS: tuple[str, ...] = (">=", "<=", "=", "contains")
DeviationKind = Literal["positive", "none", "negative"]
Offered = float | bool | str


@dataclass(frozen=True)
class Requirement:
    """One line of the tender's technical requirements (a row of the requirement file)."""

    text: str                  # the requirement as the tender words it ("GPU 显存 ≥ 80 GB")
    field: str                 # a key of FIELDS
    comparator: str            # one of COMPARATORS
    value: float | bool | str
    unit: str = ""


@dataclass(frozen=True)
class Field:
    """A figure a requirement can name: what it reads, its unit, and what kind of value it is."""

    read: Callable[[Build, Evaluation], Offered]
    unit: str = ""
    detail: Callable[[Build, Evaluation], Msg | str] = lambda b, e: ""


def _support_years(build: Build, ev: Evaluation) -> float:
    """The warranty offered: the years of the quoted support and warranty line (0 without one)."""
    line = ev.cost.support
    return float(line.qty) if line is not None else 0.0


def _gpus(build: Build, ev: Evaluation) -> str:
    return f"{ev.compute.gpu_count} × {ev.compute.gpu_model}" if ev.compute.gpu_count else ""


def _network(build: Build, ev: Evaluation) -> Msg | str:
    """The scale-out link the network figure is read from (the bandwidth chain's network stage)."""
    return next((link.detail or link.name for link in ev.bandwidth.chain if link.stage == "network"), "")


def _psus(build: Build, ev: Evaluation) -> str:
    return f"{ev.psu.count} × {ev.psu.name} ({ev.psu.redundancy})" if ev.psu.count else ""


#: field key -> how the evaluated build answers it (units as the evaluation holds them: GB = 10^9 B)
FIELDS: dict[str, Field] = {
    "gpu.count": Field(lambda b, e: float(e.compute.gpu_count), "", _gpus),
    "gpu.model": Field(lambda b, e: e.compute.gpu_model, "", _gpus),
    "gpu.memory_gb": Field(lambda b, e: e.compute.vram_gb_per_gpu, "GB", _gpus),
    "gpu.memory_total_gb": Field(lambda b, e: e.compute.vram_gb, "GB", _gpus),
    "gpu.bf16_tflops": Field(lambda b, e: e.compute.bf16_tflops, "TFLOPS", _gpus),
    "cpu.count": Field(lambda b, e: float(e.compute.cpu_count), "", lambda b, e: e.compute.cpu_model),
    "cpu.cores": Field(lambda b, e: float(e.compute.cpu_cores), "", lambda b, e: e.compute.cpu_model),
    "memory.capacity_gb": Field(lambda b, e: e.memory.capacity_gb, "GB",
                                lambda b, e: f"{e.memory.dimm_count} DIMM, {e.memory.speed_mts} MT/s"),
    "memory.speed_mts": Field(lambda b, e: float(e.memory.speed_mts), "MT/s",
                              lambda b, e: f"{e.memory.dimm_count} DIMM"),
    "network.gbps_per_gpu": Field(lambda b, e: e.bandwidth.network_gbps_per_gpu, "Gb/s", _network),
    "psu.redundant": Field(lambda b, e: e.psu.count > e.psu.active > 0, "", _psus),
    "psu.count": Field(lambda b, e: float(e.psu.count), "", _psus),
    "chassis.rack_units": Field(lambda b, e: float(e.rack_units), "U", lambda b, e: e.chassis_name),
    "power.max_w": Field(lambda b, e: e.power.wall_max_w, "W", lambda b, e: e.chassis_name),
    "warranty.years": Field(_support_years, "", lambda b, e: e.cost.support.name if e.cost.support else ""),
}


@dataclass(frozen=True)
class Deviation:
    """One row of the 技术偏差表: the requirement, what the build offers and how it deviates."""

    number: int
    requirement: Requirement
    offered: Offered
    unit: str
    kind: DeviationKind
    detail: Msg | str       # the bandwidth chain's link is a message, worded by the writer


def deviation_kind(comparator: str, offered: Offered, asked: float | bool | str) -> DeviationKind:
    """正/无/负偏离 of `offered` against `asked` under `comparator`."""
    if isinstance(offered, bool) or isinstance(asked, bool):
        return "none" if bool(offered) == bool(asked) else "negative"
    if isinstance(offered, str) or isinstance(asked, str):
        found = str(asked).casefold() in str(offered).casefold()
        return "none" if found else "negative"
    got, want = round(float(offered), 6), round(float(asked), 6)
    if comparator == "=" or got == want:
        return "none" if got == want else "negative"
    better = got > want if comparator == ">=" else got < want
    return "positive" if better else "negative"


def deviations(requirements: tuple[Requirement, ...], build: Build, ev: Evaluation) -> tuple[Deviation, ...]:
    """The 技术偏差表 of `build` (evaluated as `ev`), one row per requirement in the file's order."""
    rows = []
    for n, req in enumerate(requirements, 1):
        field = FIELDS[req.field]
        offered = field.read(build, ev)
        rows.append(Deviation(n, req, offered, field.unit,
                              deviation_kind(req.comparator, offered, req.value), field.detail(build, ev)))
    return tuple(rows)
