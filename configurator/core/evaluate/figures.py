"""The physical figures of a resolved build: power, PSUs, thermal, compute, memory, bandwidth.

One definition of which family reads which inputs. The rules check against these figures
(`rules.check` computes them through `compute_figures` when not handed them) and the
`Evaluator` computes them through the same function, memoising each family on exactly
the build inputs it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..context import BuildContext
from ._fast import BoundedMemo
from .bandwidth import compute_bandwidth
from .compute import compute_compute, compute_memory
from .power import compute_power, compute_psu
from .result import (
    BandwidthResult,
    ComputeResult,
    HostMemoryResult,
    PowerResult,
    PsuResult,
    ThermalResult,
)
from .thermal import compute_thermal

T = TypeVar("T")
#: (family name, key of every input it reads besides the placements, compute) -> result
Family = Callable[[str, Hashable, Callable[[], Any]], Any]


@dataclass(frozen=True, slots=True)
class Figures:
    """The physical figures of a resolved build; what the rules check against."""

    power: PowerResult
    psu: PsuResult
    thermal: ThermalResult
    compute: ComputeResult
    memory: HostMemoryResult
    bandwidth: BandwidthResult


def _fresh(name: str, key: Hashable, fn: Callable[[], T]) -> T:
    return fn()


def compute_figures(ctx: BuildContext, family: Family = _fresh,
                    power_lines: BoundedMemo | None = None) -> Figures:
    """Figures of `ctx`. `family(name, key, fn)` may return a remembered `fn()` for an equal `key`.

    Each key lists the build options the family reads; the placements are the caller's part of
    the key (a family's result also depends on them), so an edit of, say, the ambient
    temperature recomputes the thermal figures only.
    """
    b = ctx.build
    power = family("power", (), lambda: compute_power(ctx, power_lines))
    compute = family("compute", (), lambda: compute_compute(ctx))
    memory = family("memory", (), lambda: compute_memory(ctx, compute))
    psu_key = (b.site.input_voltage_v, b.psu_redundancy, tuple(b.psu_feeds.items()))
    thermal_key = (b.site.ambient_c, b.site.altitude_m)
    return Figures(
        power=power,
        psu=family("psu", psu_key, lambda: compute_psu(ctx, power)),
        thermal=family("thermal", thermal_key, lambda: compute_thermal(ctx, power)),
        compute=compute,
        memory=memory,
        bandwidth=family("bandwidth", b.bridges, lambda: compute_bandwidth(ctx, compute, memory)),
    )
