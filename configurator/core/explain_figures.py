"""Explanations of the power, PSU and heat figures (registered into `core.explain`)."""

from __future__ import annotations

import re

from .catalog import PSU, Part
from .categories import category
from .evaluate import power as pw
from .evaluate import thermal as th
from .evaluate._fast import in_slots, part_groups
from .explain import Explainer, Explanation, Input, assumption, handles
from .psu import parse_redundancy

LEVEL = {"idle": "idle", "typical": "typical", "max": "max", "peak": "peak"}


def _placed_psus(x: Explainer) -> list[PSU]:
    return [pl.part for pl in in_slots(x.ctx, "psu", "psu") if isinstance(pl.part, PSU)]


def _part_terms(x: Explainer, part: Part, level: str) -> tuple[str, list[Input]]:
    """The per-unit formula of one part at `level` and its inputs (from the category's power model)."""
    cat = category(part.category)
    if cat is None or cat.power is None:
        return "draws nothing itself", []
    model = cat.power
    idle_in = x.part_input(part, model.idle_field, unit="W")
    max_in = x.part_input(part, model.max_field, unit="W")
    if level == "idle":
        return f"{model.idle_field}", [idle_in]
    if level == "max":
        return f"{model.max_field}", [max_in]
    if level == "peak":
        if model.peak_factor_field:
            return (f"{model.max_field} × {model.peak_factor_field}",
                    [max_in, x.part_input(part, model.peak_factor_field)])
        return f"{model.max_field}", [max_in]
    if model.typical_pct_field:
        return (f"{model.max_field} × {model.typical_pct_field}",
                [max_in, x.part_input(part, model.typical_pct_field)])
    if model.typical_of_max is not None:
        return (f"max({model.idle_field}, {model.max_field} × {model.typical_of_max:g})",
                [idle_in, max_in, assumption(f"{cat.key} typical share of max", f"{model.typical_of_max:g}",
                                             "estimate: category power model, core/categories.py")])
    return (f"{model.idle_field} + {model.typical_share:g} × ({model.max_field} − {model.idle_field})",
            [idle_in, max_in, assumption(f"{cat.key} typical share", f"{model.typical_share:g}",
                                         "estimate: category power model, core/categories.py")])


def _chassis_terms(x: Explainer, level: str) -> list[Input]:
    ch = x.ctx.chassis
    if ch is None:
        return []
    fields = {"idle": ("base_idle_w", "baseboard_idle_w")}.get(level, ("base_max_w", "baseboard_max_w"))
    out = [x.part_input(ch, f, unit="W") for f in fields if getattr(ch, f)]
    if level == "typical":
        out = [x.part_input(ch, f, unit="W") for f in ("base_idle_w", "base_max_w", "baseboard_idle_w",
                                                        "baseboard_max_w") if getattr(ch, f)]
        out.append(assumption("board/baseboard typical share", f"{pw.BASE_TYPICAL_SHARE:g}",
                              "estimate: core/evaluate/power.py BASE_TYPICAL_SHARE"))
    return out


@handles(r"power_w\.(idle|typical|max|peak)")
def _power_total(x: Explainer, m: re.Match[str]) -> Explanation:
    level = m.group(1)
    inputs = _chassis_terms(x, level)
    terms = []
    for part, n in part_groups(x.ctx):
        if part.category == "psu":
            continue
        formula, ins = _part_terms(x, part, level)
        terms.append(f"{n} × {part.id} ({formula})")
        inputs += [Input(f"quantity of {part.id}", str(n), "build placements")] + ins
    inputs = inputs or [Input("parts placed", "none (and no known chassis)", "build placements")]
    what = {"idle": "idle", "typical": "sustained training (typical)", "max": "maximum (every part at its max)",
            "peak": "peak (GPU transients above TDP, what the PSUs must carry; never below max)"}[level]
    formula = (f"DC power at {what} = chassis base + GPU baseboard + Σ over parts (quantity × per-unit "
               f"{level} draw): " + "; ".join(terms))
    return x.made("W", formula, inputs)


@handles(r"power_lines\.(\d+)\.(idle_w|typical_w|max_w|qty)")
def _power_line(x: Explainer, m: re.Match[str]) -> Explanation:
    line = x.ev.power.lines[int(m.group(1))]
    if m.group(2) == "qty":
        return x.made("", f"number of {line.part_id} placed in the build", [Input("placements", str(line.qty),
                                                                                   "build placements")])
    level = m.group(2)[:-2]
    if line.category in ("chassis", "baseboard"):
        return x.made("W", f"{line.category} {level} draw from the chassis entry", _chassis_terms(x, level))
    part = x.ctx.catalog.parts.get(line.part_id)
    if part is None:
        return x.made("W", "part not in the catalog", [])
    formula, ins = _part_terms(x, part, level)
    qty = Input(f"quantity of {part.id}", str(line.qty), "build placements")
    return x.made("W", f"{level} draw of this line = quantity × per-unit ({formula}) of {part.id}", [qty, *ins])


@handles(r"wall_power_w\.(idle|typical|max)")
def _wall(x: Explainer, m: re.Match[str]) -> Explanation:
    level = m.group(1)
    p = x.ev.power
    dc = {"idle": p.idle_w, "typical": p.typical_w, "max": p.max_w}[level]
    psus = _placed_psus(x)
    inputs = [x.figure_input(f"power_w.{level}", round(dc, 1), "W")]
    if not psus:
        inputs.append(assumption("PSU efficiency", f"{pw.ASSUMED_EFFICIENCY_PCT:g} %",
                                 "estimate: no PSU placed, core/evaluate/power.py ASSUMED_EFFICIENCY_PCT"))
        return x.made("W", "wall power = DC power / assumed efficiency", inputs)
    share = pw.psu_share(dc, psus)
    worst = min(psus, key=lambda q: pw.efficiency_at(q, share))
    curve = ", ".join(f"{int(f * 100)} %: {e:g} %" for f, e in pw.EFFICIENCY_CURVES[worst.efficiency_class])
    inputs += [
        Input("PSUs installed (all share the load)", str(len(psus)), "build placements"),
        x.part_input(worst, "rating_w", unit="W"),
        Input("load per PSU", f"{share:.1%}", f"power_w.{level} / ({len(psus)} × rating)"),
        x.part_input(worst, "efficiency_pct", name=f"{worst.id} efficiency at 50 % load", unit="%"),
        Input(f"80 PLUS {worst.efficiency_class} curve (230 V internal redundant)", curve, pw.EFFICIENCY_SOURCE),
        Input("efficiency at this load", f"{pw.efficiency_at(worst, share):.2f} %",
              "the curve, linear between points, shifted so 50 % is the part's figure"),
    ]
    formula = (f"wall power = power_w.{level} / efficiency, where efficiency is read from the PSU class's "
               "80 PLUS curve at the load each PSU carries (the installed PSUs share the load equally)")
    notes = ("Platinum/Gold 10 % points and loads below 10 % are estimates (the program has no figure).",)
    return x.made("W", formula, inputs, notes, estimate=share < 0.2 and worst.efficiency_class != "titanium")


@handles(r"psu\.(count|bays|rating_w|active|usable_w|load_pct\.(idle|typical|max)|"
         r"feeds\.([A-Z])|feed_capacity_w\.([A-Z]))")
def _psu(x: Explainer, m: re.Match[str]) -> Explanation:
    r = x.ev.psu
    psus = _placed_psus(x)
    first = psus[0] if psus else None
    mode = parse_redundancy(r.redundancy)
    red = x.build_input("redundancy", r.redundancy) if x.ctx.build.psu_redundancy else \
        Input("redundancy", r.redundancy, "the chassis' default redundancy mode")
    what = m.group(1)
    if what == "count":
        return x.made("", "PSUs placed in the chassis' PSU bays", [Input("placements", str(r.count), "build")])
    if what == "bays":
        return x.made("", "PSU bays of the chassis", [x.part_input(x.ctx.chassis, "psu", value=r.bays)])
    if what == "rating_w":
        volts = x.ctx.build.site.input_voltage_v
        fld = "rating_low_line_w" if r.low_line else "rating_w"
        return x.made("W", "output rating of one PSU at the site's input voltage (low line below 180 V), "
                      "the smallest of the placed models", [x.part_input(first, fld, unit="W"),
                                                            x.build_input("site.input_voltage_v", volts, "V")])
    if what == "active":
        return x.made("", f"PSUs whose capacity counts under {r.redundancy}: installed minus those allowed to fail "
                      "(for grid modes, also no more than the smaller feed holds)",
                      [Input("installed", str(r.count), "build"), red,
                       Input("feeds", str(r.feeds), "PSU bay feeds (build or chassis default)")],
                      notes=(f"{mode.may_fail(r.count, r.feeds)} PSU(s) may fail.",))
    if what == "usable_w":
        return x.made("W", "usable capacity = active PSUs × rating",
                      [x.figure_input("psu.active", r.active), x.figure_input("psu.rating_w", r.rating_w, "W")])
    if what.startswith("load_pct"):
        level = m.group(2)
        src = "peak" if level == "max" else level
        dc = {"idle": x.ev.power.idle_w, "typical": x.ev.power.typical_w, "peak": x.ev.power.peak_w}[src]
        return x.made("%", f"load = power_w.{src} / psu.usable_w × 100 (the max load is taken at the "
                      "transient peak)" if level == "max" else f"load = power_w.{src} / psu.usable_w × 100",
                      [x.figure_input(f"power_w.{src}", round(dc, 1), "W"),
                       x.figure_input("psu.usable_w", r.usable_w, "W")])
    feed = m.group(3) or m.group(4)
    if what.startswith("feeds"):
        return x.made("", f"PSUs on PDU feed {feed}: bays wired to it that hold a PSU",
                      [Input("bay feeds", "A/B alternating unless the build sets them", "build / core/psu.py")])
    return x.made("W", f"capacity on feed {feed} = PSUs on the feed × rating",
                  [x.figure_input(f"psu.feeds.{feed}", r.feeds.get(feed, 0)),
                   x.figure_input("psu.rating_w", r.rating_w, "W")])


_HEAT = {"heat_btu_hr": ("wall_power_w.max", "max"), "heat_btu_hr_typical": ("wall_power_w.typical", "typical")}


@handles(r"(?:thermal\.)?(heat_btu_hr|heat_btu_hr_typical)")
def _btu(x: Explainer, m: re.Match[str]) -> Explanation:
    key, level = _HEAT[m.group(1)]
    wall = x.ev.power.wall_max_w if level == "max" else x.ev.power.wall_typical_w
    return x.made("BTU/h", f"heat = {key} × 3.412 (every watt drawn at the wall ends up as heat)",
                  [x.figure_input(key, round(wall, 1), "W"),
                   assumption("BTU/h per W", "3.412", "unit conversion (1 W = 3.412 BTU/h)")])


@handles(r"thermal\.(heat_typical_w|heat_max_w|heat_to_air_w)")
def _heat_w(x: Explainer, m: re.Match[str]) -> Explanation:
    what = m.group(1)
    if what == "heat_to_air_w":
        t = x.ev.thermal
        ins = [x.figure_input("thermal.heat_max_w", round(t.heat_max_w, 1), "W")]
        if t.cooling_kind == "liquid":
            ins.append(assumption("share into the water loop", f"{th.LIQUID_CAPTURE:g}",
                                  "estimate: core/evaluate/thermal.py LIQUID_CAPTURE"))
            return x.made("W", "heat to room air = heat × (1 − liquid capture)", ins)
        return x.made("W", "air cooling: all the heat goes to the room air", ins)
    key = "wall_power_w.max" if what == "heat_max_w" else "wall_power_w.typical"
    wall = x.ev.power.wall_max_w if what == "heat_max_w" else x.ev.power.wall_typical_w
    return x.made("W", f"heat = {key} (all wall power becomes heat)", [x.figure_input(key, round(wall, 1), "W")])


@handles(r"(?:thermal\.)?(airflow_cfm|delta_t_c|delta_t_f)")
def _airflow(x: Explainer, m: re.Match[str]) -> Explanation:
    t = x.ev.thermal
    ch = x.ctx.chassis
    option = next((o for o in ch.cooling_options if o.cooling == t.cooling_id), None) if ch else None
    if t.airflow_basis == "chassis" and option is not None and ch is not None:
        dt = [x.part_input(ch, "cooling_options", "published chassis airflow", "CFM", option.airflow_cfm),
              x.part_input(ch, "cooling_options", "rated heat of that airflow", "W", option.heat_capacity_w),
              Input("ΔT", f"3.412 × {option.heat_capacity_w:g} / (1.085 × {option.airflow_cfm:g}) = "
                          f"{t.delta_t_f:g} °F", "the chassis' published airflow at its rated heat")]
    else:
        dt = [assumption("ΔT", f"{th.DELTA_T_F:g} °F", "estimate: planning figure; the chassis publishes no "
                                                         "airflow (core/evaluate/thermal.py DELTA_T_F)")]
    if m.group(1) != "airflow_cfm":
        unit = "°C" if m.group(1) == "delta_t_c" else "°F"
        return x.made(unit, "inlet-to-exhaust temperature rise the airflow is computed for"
                      + (" (°C = °F / 1.8)" if unit == "°C" else ""), dt)
    ins = [x.figure_input("thermal.heat_to_air_w", round(t.heat_to_air_w, 1), "W"), *dt,
           Input("air constant", "1.085 BTU/h per CFM per °F",
                 "sensible heat of air at sea level, https://www.engineeringtoolbox.com/cooling-heating-equations-d_747.html")]
    return x.made("CFM", "airflow = 3.412 × heat to air (W) / (1.085 × ΔT °F)", ins)


@handles(r"thermal\.(capacity_w|derate_factor|load_pct)")
def _cooling(x: Explainer, m: re.Match[str]) -> Explanation:
    t, site, ch = x.ev.thermal, x.ctx.build.site, x.ctx.chassis
    option = next((o for o in ch.cooling_options if o.cooling == t.cooling_id), None) if ch else None
    if m.group(1) == "load_pct":
        return x.made("%", "cooling load = thermal.heat_max_w / thermal.capacity_w × 100",
                      [x.figure_input("thermal.heat_max_w", round(t.heat_max_w, 1), "W"),
                       x.figure_input("thermal.capacity_w", round(t.capacity_w, 1), "W")])
    loss = th.LIQUID_LOSS_PER_C if t.cooling_kind == "liquid" else th.AIR_LOSS_PER_C
    ins = [x.build_input("site.ambient_c", site.ambient_c, "°C"), x.build_input("site.altitude_m", site.altitude_m, "m"),
           assumption("capacity lost per °C over the rated ambient", f"{loss:g}",
                      "estimate: core/evaluate/thermal.py (ASHRAE: 1 °C per 300 m above 900 m)")]
    if option is not None and ch is not None:
        ins.insert(0, x.part_input(ch, "cooling_options", "rated ambient", "°C", option.rated_ambient_c))
        if m.group(1) == "capacity_w":
            ins.insert(0, x.part_input(ch, "cooling_options", "rated heat capacity", "W", option.heat_capacity_w))
    if m.group(1) == "capacity_w":
        return x.made("W", "capacity = the cooling option's rated heat × derate factor", ins)
    return x.made("", "derate = 1 − loss per °C × max(0, ambient + altitude excess − rated ambient), 0..1", ins)


@handles(r"thermal\.(chassis_airflow_cfm|max_gpu_tdp_w|max_cpu_tdp_w)")
def _option(x: Explainer, m: re.Match[str]) -> Explanation:
    ch, t = x.ctx.chassis, x.ev.thermal
    option = next((o for o in ch.cooling_options if o.cooling == t.cooling_id), None) if ch else None
    fld = {"chassis_airflow_cfm": "airflow_cfm"}.get(m.group(1), m.group(1))
    value = getattr(option, fld) if option is not None else 0
    return x.made("CFM" if fld == "airflow_cfm" else "W",
                  f"the chassis' cooling option for {t.cooling_id or 'no cooling'}: {fld}",
                  [x.part_input(ch, "cooling_options", fld, value=value)])
