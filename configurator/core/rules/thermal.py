"""Thermal: a cooling option is chosen, it can hold the GPUs' and CPUs' TDP, removes the heat
(derated for ambient and altitude by the evaluation, `figures.thermal`), and the site's
ambient is inside the chassis' range.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..catalog import CPU, GPU
from ..message import Msg, Watts, items
from ._common import Facts, cooling_kind, place, remembered


def inputs(f: Facts) -> Hashable:
    """What this family reads besides the chassis: the cooling, GPU and CPU placements, the
    ambient and altitude, and the thermal figures (which follow from those and the power key)."""
    ctx = f.ctx
    return (ctx.slot_key("cooling"), ctx.key("cooling"), ctx.key("gpu"), ctx.slot_key("cpu"),
            f.build.site.ambient_c, f.build.site.altitude_m, ctx.groups_key, ctx.key("psu"), f.figures is None)


def check(f: Facts) -> None:
    ctx = f.ctx
    # the ambient, the cooling choice and the TDPs read neither the part counts nor the figures
    if remembered(f, lambda: ("thermal-setup", f.chassis.id, ctx.slot_key("cooling"), ctx.key("cooling"),
                              ctx.key("gpu"), ctx.slot_key("cpu"), f.build.site.ambient_c),
                  lambda: _setup(f)) and f.figures is not None:
        _capacity(f)


def _setup(f: Facts) -> bool:
    """The checks that do not read the figures; True when the heat capacity is to be checked."""
    _ambient(f)
    if f.cooling is None:
        _no_cooling(f)
        return False
    opt = f.cooling_option
    if opt is None:          # not one of the chassis' options: fit.cooling-option reports it
        return False
    cooling = f.cooling
    gpus: list[tuple[str, GPU]] = [(p.slot.id, p.part) for p in f.ctx.of("gpu") if isinstance(p.part, GPU)]
    cpus = list(f.cpu_at.values())
    gpu_tdp = max((g.tdp_w for _, g in gpus), default=0.0)
    cpu_tdp = max((c.tdp_w for c in cpus), default=0.0)
    if gpu_tdp > opt.max_gpu_tdp_w:
        hot = [slot for slot, g in gpus if g.tdp_w > opt.max_gpu_tdp_w]
        part = next(g for _, g in gpus if g.tdp_w == gpu_tdp)
        air = cooling.kind == "air"
        fix, ops = _better(f, gpu_tdp, cpu_tdp)
        f.add("error", "thermal.gpu-needs-liquid" if air else "thermal.gpu-tdp",
              Msg("thermal.gpu-tdp", gpu=part.name, tdp=gpu_tdp, slots=items(hot), limit=opt.max_gpu_tdp_w,
                  cooling=cooling.name), (*hot, "COOLING"), fix, ops)
    if cpu_tdp > opt.max_cpu_tdp_w:
        hottest = next(c for c in cpus if c.tdp_w == cpu_tdp)
        hot = [s for s, c in f.cpu_at.items() if c.tdp_w > opt.max_cpu_tdp_w]
        fix, ops = _better(f, gpu_tdp, cpu_tdp)
        f.add("error", "thermal.cpu-tdp",
              Msg("thermal.cpu-tdp", cpu=hottest.name, tdp=cpu_tdp, slots=items(hot), limit=opt.max_cpu_tdp_w,
                  cooling=cooling.name), (*hot, "COOLING"), fix, ops)
    return True


def _better(f: Facts, gpu_tdp: float, cpu_tdp: float) -> tuple[Msg, list]:
    """The first chassis cooling option (chassis order) that covers both TDPs."""
    current = f.cooling.id if f.cooling is not None else ""
    liquid = any(p.part.liquid_only for p in f.ctx.of("gpu") if isinstance(p.part, GPU))
    ok = [o for o in f.chassis.cooling_options
          if o.max_gpu_tdp_w >= gpu_tdp and o.max_cpu_tdp_w >= cpu_tdp and o.cooling != current
          and (not liquid or cooling_kind(f.ctx, o) == "liquid")]
    if ok:
        part = f.ctx.catalog.get(ok[0].cooling)
        if part is not None:
            return Msg("thermal.switch", cooling=part.name, limit=ok[0].max_gpu_tdp_w), [place("COOLING", part.id)]
    return Msg("thermal.no-option", chassis=f.chassis.name), []


def _no_cooling(f: Facts) -> None:
    gpus = [p.part for p in f.ctx.of("gpu") if isinstance(p.part, GPU)]
    gpu_tdp = max((g.tdp_w for g in gpus), default=0.0)
    cpu_tdp = max((c.tdp_w for c in f.cpu_at.values() if isinstance(c, CPU)), default=0.0)
    need_liquid = any(g.liquid_only for g in gpus)
    for o in f.chassis.cooling_options:
        if o.max_gpu_tdp_w >= gpu_tdp and o.max_cpu_tdp_w >= cpu_tdp and \
                (not need_liquid or cooling_kind(f.ctx, o) == "liquid"):
            part = f.ctx.catalog.get(o.cooling)
            if part is not None:
                f.add("error", "thermal.no-cooling", Msg("thermal.no-cooling"), ("COOLING",),
                      Msg("thermal.no-cooling.fix", cooling=part.name), [place("COOLING", part.id)])
                return
    f.add("error", "thermal.no-cooling", Msg("thermal.no-cooling"), ("COOLING",), Msg("thermal.no-cooling.any"))


def _ambient(f: Facts) -> None:
    amb = f.build.site.ambient_c
    lo, hi = f.chassis.ambient_min_c, f.chassis.ambient_max_c
    if not lo <= amb <= hi:
        f.add("error", "thermal.ambient", Msg("thermal.ambient", ambient=amb, chassis=f.chassis.name, lo=lo, hi=hi), (),
              Msg("thermal.ambient.fix", lo=lo, hi=hi))


def _capacity(f: Facts) -> None:
    t = f.figures.thermal
    name = f.cooling.name if f.cooling is not None else "cooling"
    if t.capacity_w <= 0:
        return
    ambient, altitude = f.build.site.ambient_c, f.build.site.altitude_m
    if t.heat_typical_w > t.capacity_w:
        f.add("error", "thermal.capacity",
              Msg("thermal.capacity", heat=Watts(t.heat_typical_w), cooling=name, cap=Watts(t.capacity_w),
                  ambient=ambient, altitude=altitude), ("COOLING",), Msg("thermal.capacity.fix"))
    elif t.heat_max_w > t.capacity_w:
        f.add("warning", "thermal.capacity-peak",
              Msg("thermal.capacity-peak", heat=Watts(t.heat_max_w), cap=Watts(t.capacity_w), cooling=name,
                  ambient=ambient, altitude=altitude), ("COOLING",), Msg("thermal.capacity-peak.fix"))
