"""Heat, airflow and the cooling option's derated capacity.

All wall power ends up as heat in the room (or the water loop). Airflow uses
CFM = 3412·kW / (1.085·ΔT°F) (the sensible heat of air,
https://www.engineeringtoolbox.com/cooling-heating-equations-d_747.html). ΔT is the chassis'
own where its vendor publishes the airflow (a field-specific `cooling_options` source that is
not an estimate):
the rise its published CFM gives at its rated heat, ΔT = 3.412·rated W / (1.085·CFM). Otherwise
it is the 20 °F planning figure. `ThermalResult.airflow_basis` says which was used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..catalog import Chassis, Cooling, CoolingOption
from ..context import BuildContext
from .result import PowerResult, ThermalResult, construct

BTU_PER_W = 3.412
#: assumed inlet-to-exhaust temperature rise for the airflow figure (a common planning figure; docs/engine.md §4)
DELTA_T_F = 20.0
#: sensible-heat constant for air at sea level, BTU/h per CFM per °F
AIR_CONSTANT = 1.085

#: ASHRAE: allowable inlet temperature derates 1 °C per 300 m above 900 m
ALTITUDE_START_M = 900.0
ALTITUDE_M_PER_C = 300.0
#: estimate: air capacity lost per °C of (altitude-equivalent) ambient above the rated ambient.
#: Air removes heat ∝ (component limit − inlet); with ~35 °C of headroom at the rated inlet,
#: each °C costs ~1/35 ≈ 3 %.
AIR_LOSS_PER_C = 0.03
#: estimate: direct liquid cooling cares little about room air; only the residual air share
#: and the facility-water approach temperature see the ambient. Altitude is ignored.
LIQUID_LOSS_PER_C = 0.01
#: estimate: share of heat a direct-liquid-cooled server puts into the water loop
LIQUID_CAPTURE = 0.8


def airflow_cfm(heat_w: float, delta_t_f: float = DELTA_T_F) -> float:
    """Air needed to carry `heat_w` away at a `delta_t_f` (°F) inlet-to-exhaust rise."""
    return BTU_PER_W * heat_w / (AIR_CONSTANT * delta_t_f)


def chassis_delta_t_f(chassis: Chassis, option: CoolingOption | None) -> float:
    """The inlet-to-exhaust rise (°F) of the chassis' published airflow at its rated heat, or 0
    when the airflow figure is an estimate (or missing) and the planning `DELTA_T_F` applies."""
    if option is None or option.airflow_cfm <= 0 or option.heat_capacity_w <= 0:
        return 0.0
    # only a source that names the cooling options counts: a chassis' general datasheet source
    # rarely covers the airflow, which most entries estimate
    src = next((x for x in chassis.sources if "cooling_options" in x.fields), None)
    if src is None or src.confidence == "estimate":
        return 0.0
    return round(BTU_PER_W * option.heat_capacity_w / (AIR_CONSTANT * option.airflow_cfm), 1)


def derate_factor(kind: str, ambient_c: float, altitude_m: float, rated_ambient_c: float) -> float:
    """Share of the rated cooling capacity left at this ambient and altitude (0..1)."""
    if kind == "liquid":
        excess = ambient_c - rated_ambient_c
        loss = LIQUID_LOSS_PER_C
    else:
        equivalent = ambient_c + max(0.0, altitude_m - ALTITUDE_START_M) / ALTITUDE_M_PER_C
        excess = equivalent - rated_ambient_c
        loss = AIR_LOSS_PER_C
    return min(1.0, max(0.0, 1.0 - loss * max(0.0, excess)))


@dataclass(frozen=True, slots=True)
class Cooled:
    """What the thermal figures read besides the power: the placed cooling option, its capacity
    derated for the site, and the airflow's temperature rise (`cooling_of`)."""

    part: Cooling | None
    option: CoolingOption | None
    kind: str
    factor: float
    capacity: float
    published: float      # the chassis' own ΔT (°F), 0 when the planning figure applies


def cooling_of(ctx: BuildContext) -> Cooled:
    """Reads the cooling placement, the chassis and the site's ambient and altitude."""
    ch = ctx.chassis
    placed = ctx.in_slots("cooling", "cooling")
    part = cast(Cooling, placed[0].part) if placed else None
    option = None
    if ch is not None and part is not None:
        option = next((o for o in ch.cooling_options if o.cooling == part.id), None)
    kind = part.kind if part is not None else ""
    site = ctx.build.site
    if option is not None:
        factor = derate_factor(kind, site.ambient_c, site.altitude_m, option.rated_ambient_c)
        capacity = option.heat_capacity_w * factor
    else:
        factor, capacity = (0.0, 0.0)
    published = chassis_delta_t_f(ch, option) if ch is not None else 0.0
    return Cooled(part, option, kind, factor, capacity, published)


def compute_thermal(ctx: BuildContext, power: PowerResult, cooled: Cooled | None = None) -> ThermalResult:
    """Heat at typical and max wall power against the placed cooling option (`cooled`:
    `cooling_of(ctx)` when the caller has it)."""
    c = cooled if cooled is not None else cooling_of(ctx)
    part, option, kind, capacity, published = c.part, c.option, c.kind, c.capacity, c.published
    heat_max = power.wall_max_w
    to_air = heat_max * (1 - LIQUID_CAPTURE) if kind == "liquid" else heat_max
    dt_f = published or DELTA_T_F
    return construct(
        ThermalResult, heat_typical_w=power.wall_typical_w, heat_max_w=heat_max,
        heat_btu_hr=heat_max * BTU_PER_W, heat_btu_hr_typical=power.wall_typical_w * BTU_PER_W,
        airflow_cfm=airflow_cfm(to_air, dt_f), delta_t_c=dt_f / 1.8,
        cooling_id=part.id if part is not None else "", cooling_kind=kind,
        capacity_w=capacity, derate_factor=c.factor,
        chassis_airflow_cfm=option.airflow_cfm if option else 0.0,
        max_gpu_tdp_w=option.max_gpu_tdp_w if option else 0.0,
        max_cpu_tdp_w=option.max_cpu_tdp_w if option else 0.0,
        load_pct=100.0 * heat_max / capacity if capacity > 0 else 0.0,
        delta_t_f=dt_f, heat_to_air_w=to_air, option_supported=option is not None,
        airflow_basis="chassis" if published else "assumed",
    )
