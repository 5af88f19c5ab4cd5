"""The physical figures of a resolved build: power, PSUs, thermal, compute, memory, bandwidth.

One definition of which family reads which inputs. The rules check against these figures
(`rules.check` computes them through `compute_figures` when not handed them) and the
`Evaluator` computes them through the same function, memoising each family on exactly
the build inputs it reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..context import BuildContext
from ..memo import Family, fresh
from .bandwidth import bandwidth_feeds, compute_bandwidth
from .compute import compute_compute, compute_memory
from .power import compute_power, compute_psu, placed_psus, psu_setup
from .result import BandwidthResult, ComputeResult, HostMemoryResult, PowerResult, PsuResult, ThermalResult
from .thermal import compute_thermal, cooling_of


@dataclass(frozen=True, slots=True)
class Figures:
    """The physical figures of a resolved build; what the rules check against."""

    power: PowerResult
    psu: PsuResult
    thermal: ThermalResult
    compute: ComputeResult
    memory: HostMemoryResult
    bandwidth: BandwidthResult


def compute_figures(ctx: BuildContext, family: Family = fresh) -> Figures:
    """Figures of `ctx`. `family(name, key, fn)` may return a remembered `fn()` for an equal `key`.

    Each key is the value of everything the family reads: the chassis id, the placements of the
    categories it reads (`BuildContext.key`; the power table reads only which parts and how many,
    `groups_key`), the build options, and the keys of the families whose results it reads. So an
    edit recomputes only what reads what changed: a DIMM moved to another slot recomputes the host
    memory and the bandwidth chain, not the power, PSU, thermal or GPU figures.
    """
    b = ctx.build
    cid = b.chassis
    psu_placed = (cid, ctx.key("psu"))
    psus = family("psus", psu_placed, lambda: placed_psus(ctx))
    power_key = (cid, ctx.groups_key, ctx.key("psu"))
    power = family("power", power_key, lambda: compute_power(ctx, psus))
    compute_key = (cid, ctx.key("gpu"), ctx.key("cpu"))
    compute = family("compute", compute_key, lambda: compute_compute(ctx))
    memory_key = (compute_key, ctx.key("dimm"))
    memory = family("memory", memory_key, lambda: compute_memory(ctx, compute))
    setup_key = (psu_placed, b.site.input_voltage_v, b.psu_redundancy, tuple(b.psu_feeds.items()))
    setup = family("psu-setup", setup_key, lambda: psu_setup(ctx))
    psu_key = (power_key, setup_key)
    cooled_key = (cid, ctx.key("cooling"), b.site.ambient_c, b.site.altitude_m)
    cooled = family("cooling", cooled_key, lambda: cooling_of(ctx))
    thermal_key = (power_key, cooled_key)
    feeds_key = (cid, ctx.key("drive"), ctx.key("nic"), ctx.key("gpu"), ctx.key("cpu"), b.bridges)
    feeds = bandwidth_feeds(ctx, family)   # its storage, network and GPU links are each remembered on what they read
    return Figures(
        power=power,
        psu=family("psu", psu_key, lambda: compute_psu(ctx, power, setup)),
        thermal=family("thermal", thermal_key, lambda: compute_thermal(ctx, power, cooled)),
        compute=compute,
        memory=memory,
        bandwidth=family("bandwidth", (feeds_key, memory_key),
                         lambda: compute_bandwidth(ctx, compute, memory, feeds)),
    )
