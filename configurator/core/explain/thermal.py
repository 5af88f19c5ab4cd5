"""Explanations of the heat and cooling figures: heat, airflow, the temperature rise, the cooling
option's capacity and derating."""

from __future__ import annotations

import re

from ..catalog import CoolingOption
from ..evaluate import thermal as th
from ..message import Num, Seq, Term
from .explanation import Explainer, Explanation, Input

_HEAT = {"heat_btu_hr": ("wall_power_w.max", "max"), "heat_btu_hr_typical": ("wall_power_w.typical", "typical")}


def btu(x: Explainer, m: re.Match[str]) -> Explanation:
    key, level = _HEAT[m.group(1)]
    wall = x.ev.power.wall_max_w if level == "max" else x.ev.power.wall_typical_w
    return x.made("BTU/h", x.t("explain.heat-key-3-412-every", key=key),
                  [x.figure_input(key, round(wall, 1), "W"),
                   x.assume(x.t("explain.btu-h-per-w"), Num(3.412), "explain.unit-conversion-1-w-3", estimate=False)])


def heat_w(x: Explainer, m: re.Match[str]) -> Explanation:
    what = m.group(1)
    if what == "heat_to_air_w":
        t = x.ev.thermal
        ins = [x.figure_input("thermal.heat_max_w", round(t.heat_max_w, 1), "W")]
        if t.cooling_kind == "liquid":
            ins.append(x.assume(x.t("explain.share-into-water-loop"), Num(th.LIQUID_CAPTURE, "g"),
                                "explain.estimate-liquid-capture"))
            return x.made("W", x.t("explain.heat-room-air-heat-1"), ins)
        return x.made("W", x.t("explain.air-cooling-all-heat-goes"), ins)
    key = "wall_power_w.max" if what == "heat_max_w" else "wall_power_w.typical"
    wall = x.ev.power.wall_max_w if what == "heat_max_w" else x.ev.power.wall_typical_w
    return x.made("W", x.t("explain.heat-key-all-wall-power", key=key),
                  [x.figure_input(key, round(wall, 1), "W")])


def _option(x: Explainer) -> CoolingOption | None:
    """The chassis' cooling option the build uses (its published airflow, rated heat and ambient)."""
    ch, t = x.ctx.chassis, x.ev.thermal
    return next((o for o in ch.cooling_options if o.cooling == t.cooling_id), None) if ch else None


def _delta_t(x: Explainer) -> list[Input]:
    """ΔT: from the chassis' published airflow at its rated heat, else the planning figure."""
    t, ch, option = x.ev.thermal, x.ctx.chassis, _option(x)
    if t.airflow_basis == "chassis" and option is not None and ch is not None:
        cfm, heat = option.airflow_cfm, option.heat_capacity_w
        return [x.part_input(ch, "cooling_options", x.t("explain.published-chassis-airflow"), "CFM", cfm),
                x.part_input(ch, "cooling_options", x.t("explain.rated-heat-that-airflow"), "W", heat),
                Input("ΔT", Seq("3.412 × ", Num(heat, "g"), " / (1.085 × ", Num(cfm, "g"), ") = ", Num(t.delta_t_f, "g"),
                                " °F"), x.t("explain.chassis-published-airflow-rated-heat"))]
    return [x.assume("ΔT", Seq(Num(th.DELTA_T_F, "g"), " °F"), "explain.estimate-planning-figure-chassis-publishes")]


def airflow(x: Explainer, m: re.Match[str]) -> Explanation:
    t = x.ev.thermal
    dt = _delta_t(x)
    if m.group(1) != "airflow_cfm":
        unit = "°C" if m.group(1) == "delta_t_c" else "°F"
        formula = ("explain.inlet-exhaust-temperature-rise-celsius" if unit == "°C"
                   else "explain.inlet-exhaust-temperature-rise-airflow")
        return x.made(unit, x.t(formula), dt)
    ins = [x.figure_input("thermal.heat_to_air_w", round(t.heat_to_air_w, 1), "W"), *dt,
           Input(x.t("explain.air-constant"), x.t("explain.1-085-btu-h-per"),
                 x.t("explain.sensible-heat-air-sea-level",
                     url="https://www.engineeringtoolbox.com/cooling-heating-equations-d_747.html"))]
    return x.made("CFM", x.t("explain.airflow-3-412-heat-air"), ins)


def cooling(x: Explainer, m: re.Match[str]) -> Explanation:
    t, site, ch, option = x.ev.thermal, x.ctx.build.site, x.ctx.chassis, _option(x)
    if m.group(1) == "load_pct":
        return x.made("%", x.t("explain.cooling-load-thermal-heat-max"),
                      [x.figure_input("thermal.heat_max_w", round(t.heat_max_w, 1), "W"),
                       x.figure_input("thermal.capacity_w", round(t.capacity_w, 1), "W")])
    loss = th.LIQUID_LOSS_PER_C if t.cooling_kind == "liquid" else th.AIR_LOSS_PER_C
    ins = [x.build_input("site.ambient_c", site.ambient_c, "°C"), x.build_input("site.altitude_m", site.altitude_m, "m"),
           x.assume(x.t("explain.capacity-lost-per-c-over"), Num(loss, "g"),
                    "explain.estimate-thermal-derating")]
    if option is not None and ch is not None:
        ins.insert(0, x.part_input(ch, "cooling_options", x.t("explain.rated-ambient"), "°C",
                                   option.rated_ambient_c))
        if m.group(1) == "capacity_w":
            ins.insert(0, x.part_input(ch, "cooling_options", x.t("explain.rated-heat-capacity"), "W",
                                       option.heat_capacity_w))
    if m.group(1) == "capacity_w":
        return x.made("W", x.t("explain.capacity-cooling-option-rated-heat"), ins)
    return x.made("", x.t("explain.derate-1-loss-per-c"),
                  ins)


def option_figure(x: Explainer, m: re.Match[str]) -> Explanation:
    ch, t, option = x.ctx.chassis, x.ev.thermal, _option(x)
    fld = {"chassis_airflow_cfm": "airflow_cfm"}.get(m.group(1), m.group(1))
    value = getattr(option, fld) if option is not None else 0
    return x.made("CFM" if fld == "airflow_cfm" else "W",
                  x.t("explain.chassis-cooling-option-cooling-field",
                      cooling=t.cooling_id or x.t("explain.no-cooling"), field=Term(fld)),
                  [x.part_input(ch, "cooling_options", Term(fld), value=value)])
