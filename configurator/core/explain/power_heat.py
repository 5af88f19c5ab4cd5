"""Explanations of the power, PSU and heat figures (registered into `core.explain`)."""

from __future__ import annotations

import re

from ..catalog import PSU, CoolingOption, Part
from ..categories import category
from ..evaluate import power as pw
from ..evaluate import thermal as th
from ..evaluate._fast import in_slots, part_groups
from ..psu import parse_redundancy
from ..text import N_
from .explainer import Explainer, Explanation, Input, handles

#: the power levels, as the formulas name them
LEVEL = {"idle": N_("idle"), "typical": N_("typical"), "max": N_("max"), "peak": N_("peak")}
_ESTIMATE_MODEL = N_("estimate: category power model, core/categories.py")


def _placed_psus(x: Explainer) -> list[PSU]:
    return [pl.part for pl in in_slots(x.ctx, "psu", "psu") if isinstance(pl.part, PSU)]


def _part_terms(x: Explainer, part: Part, level: str) -> tuple[str, list[Input]]:
    """The per-unit formula of one part at `level` and its inputs (from the category's power model)."""
    cat = category(part.category)
    if cat is None or cat.power is None:
        return x.t(N_("draws nothing itself")), []
    model, term = cat.power, x.w.term
    idle, top = term(model.idle_field), term(model.max_field)
    idle_in = x.part_input(part, model.idle_field, unit="W")
    max_in = x.part_input(part, model.max_field, unit="W")
    if level == "idle":
        return idle, [idle_in]
    if level == "max":
        return top, [max_in]
    if level == "peak":
        if model.peak_factor_field:
            return f"{top} × {term(model.peak_factor_field)}", [max_in, x.part_input(part, model.peak_factor_field)]
        return top, [max_in]
    if model.typical_pct_field:
        return f"{top} × {term(model.typical_pct_field)}", [max_in, x.part_input(part, model.typical_pct_field)]
    kind = x.w.term(cat.noun) if x.w.term(cat.noun) != cat.noun else cat.key
    if model.typical_of_max is not None:
        share = x.w.num(model.typical_of_max, "g")
        return (f"max({idle}, {top} × {share})",
                [idle_in, max_in, x.assume(x.t(N_("{kind} typical share of max"), kind=kind), share, _ESTIMATE_MODEL)])
    share = x.w.num(model.typical_share, "g")
    return (f"{idle} + {share} × ({top} − {idle})",
            [idle_in, max_in, x.assume(x.t(N_("{kind} typical share"), kind=kind), share, _ESTIMATE_MODEL)])


def _chassis_terms(x: Explainer, level: str) -> list[Input]:
    ch = x.ctx.chassis
    if ch is None:
        return []
    fields = {"idle": ("base_idle_w", "baseboard_idle_w")}.get(level, ("base_max_w", "baseboard_max_w"))
    out = [x.part_input(ch, f, unit="W") for f in fields if getattr(ch, f)]
    if level == "typical":
        out = [x.part_input(ch, f, unit="W") for f in ("base_idle_w", "base_max_w", "baseboard_idle_w",
                                                        "baseboard_max_w") if getattr(ch, f)]
        out.append(x.assume(x.t(N_("board/baseboard typical share")), x.w.num(pw.BASE_TYPICAL_SHARE, "g"),
                            N_("estimate: core/evaluate/power.py BASE_TYPICAL_SHARE")))
    return out


_WHAT = {"idle": N_("idle"), "typical": N_("sustained training (typical)"),
         "max": N_("maximum (every part at its max)"),
         "peak": N_("peak (GPU transients above TDP, what the PSUs must carry; never below max)")}


@handles(r"power_w\.(idle|typical|max|peak)")
def _power_total(x: Explainer, m: re.Match[str]) -> Explanation:
    level = m.group(1)
    inputs = _chassis_terms(x, level)
    terms = []
    for part, n in part_groups(x.ctx):
        if part.category == "psu":
            continue
        formula, ins = _part_terms(x, part, level)
        terms.append(f"{n} × {part.id} ({formula})")   # no template: "A × B (C)" would match far too much
        inputs += [x.placed(x.t(N_("quantity of {part}"), part=part.id), n), *ins]
    inputs = inputs or [x.placed(x.t(N_("parts placed")), x.t(N_("none (and no known chassis)")))]
    formula = x.t(N_("DC power at {what} = chassis base + GPU baseboard + Σ over parts (quantity × per-unit "
                     "{level} draw): {terms}"), what=x.t(_WHAT[level]), level=x.t(LEVEL[level]),
                  terms="; ".join(terms))
    return x.made("W", formula, inputs)


@handles(r"power_lines\.(\d+)\.(idle_w|typical_w|max_w|qty)")
def _power_line(x: Explainer, m: re.Match[str]) -> Explanation:
    line = x.ev.power.lines[int(m.group(1))]
    if m.group(2) == "qty":
        return x.made("", x.t(N_("number of {part} placed in the build"), part=line.part_id),
                      [x.placed(x.t(N_("placements")), line.qty)])
    level = m.group(2)[:-2]
    if line.category in ("chassis", "baseboard"):
        return x.made("W", x.t(N_("{line} {level} draw from the chassis entry"), line=x.w.term(line.category),
                               level=x.t(LEVEL[level])), _chassis_terms(x, level))
    part = x.ctx.catalog.parts.get(line.part_id)
    if part is None:
        return x.made("W", x.t(N_("part not in the catalog")), [])
    formula, ins = _part_terms(x, part, level)
    qty = x.placed(x.t(N_("quantity of {part}"), part=part.id), line.qty)
    return x.made("W", x.t(N_("{level} draw of this line = quantity × per-unit ({formula}) of {part}"),
                           level=x.t(LEVEL[level]), formula=formula, part=part.id), [qty, *ins])


def _efficiency_inputs(x: Explainer, level: str, psus: list[PSU], share: float) -> list[Input]:
    """The PSUs, the load each carries and the point of the 80 PLUS curve read at that load."""
    worst = min(psus, key=lambda q: pw.efficiency_at(q, share))
    curve = ", ".join(f"{int(f * 100)} %: {x.w.num(e, 'g')} %" for f, e in pw.EFFICIENCY_CURVES[worst.efficiency_class])
    return [
        x.placed(x.t(N_("PSUs installed (all share the load)")), len(psus)),
        x.part_input(worst, "rating_w", unit="W"),
        Input(x.t(N_("load per PSU")), x.w.num(share, ".1%"),
              x.t(N_("power_w.{level} / ({n} × rating)"), level=level, n=len(psus))),
        x.part_input(worst, "efficiency_pct", name=x.t(N_("{part} efficiency at 50 % load"), part=worst.id), unit="%"),
        Input(x.t(N_("80 PLUS {rating} curve (230 V internal redundant)"), rating=x.w.term(worst.efficiency_class)),
              curve, pw.EFFICIENCY_SOURCE),
        Input(x.t(N_("efficiency at this load")), f"{x.w.num(pw.efficiency_at(worst, share), '.2f')} %",
              x.t(N_("the curve, linear between points, shifted so 50 % is the part's figure"))),
    ]


@handles(r"wall_power_w\.(idle|typical|max)")
def _wall(x: Explainer, m: re.Match[str]) -> Explanation:
    level = m.group(1)
    p = x.ev.power
    dc = {"idle": p.idle_w, "typical": p.typical_w, "max": p.max_w}[level]
    psus = _placed_psus(x)
    inputs = [x.figure_input(f"power_w.{level}", round(dc, 1), "W")]
    if not psus:
        inputs.append(x.assume(x.t(N_("PSU efficiency")), f"{x.w.num(pw.ASSUMED_EFFICIENCY_PCT, 'g')} %",
                               N_("estimate: no PSU placed, core/evaluate/power.py ASSUMED_EFFICIENCY_PCT")))
        return x.made("W", x.t(N_("wall power = DC power / assumed efficiency")), inputs)
    share = pw.psu_share(dc, psus)
    inputs += _efficiency_inputs(x, level, psus, share)
    formula = x.t(N_("wall power = power_w.{level} / efficiency, where efficiency is read from the PSU class's "
                     "80 PLUS curve at the load each PSU carries (the installed PSUs share the load equally)"),
                  level=level)
    notes = (x.t(N_("Platinum/Gold 10 % points and loads below 10 % are estimates (the program has no figure).")),)
    worst = min(psus, key=lambda q: pw.efficiency_at(q, share))
    return x.made("W", formula, inputs, notes, estimate=share < 0.2 and worst.efficiency_class != "titanium")


def _redundancy_input(x: Explainer) -> Input:
    r = x.ev.psu
    if x.ctx.build.psu_redundancy:
        return x.build_input(x.t(N_("redundancy")), r.redundancy)
    return Input(x.t(N_("redundancy")), r.redundancy, x.t(N_("the chassis' default redundancy mode")))


def _psu_load(x: Explainer, level: str) -> Explanation:
    r = x.ev.psu
    src = "peak" if level == "max" else level
    dc = {"idle": x.ev.power.idle_w, "typical": x.ev.power.typical_w, "peak": x.ev.power.peak_w}[src]
    formula = (N_("load = power_w.{level} / psu.usable_w × 100 (the max load is taken at the transient peak)")
               if level == "max" else N_("load = power_w.{level} / psu.usable_w × 100"))
    return x.made("%", x.t(formula, level=src), [x.figure_input(f"power_w.{src}", round(dc, 1), "W"),
                                                 x.figure_input("psu.usable_w", r.usable_w, "W")])


@handles(r"psu\.(count|bays|rating_w|active|usable_w|load_pct\.(idle|typical|max)|"
         r"feeds\.([A-Z])|feed_capacity_w\.([A-Z]))")
def _psu(x: Explainer, m: re.Match[str]) -> Explanation:
    r = x.ev.psu
    psus = _placed_psus(x)
    what = m.group(1)
    if what == "count":
        return x.made("", x.t(N_("PSUs placed in the chassis' PSU bays")),
                      [x.placed(x.t(N_("placements")), r.count, N_("build"))])
    if what == "bays":
        return x.made("", x.t(N_("PSU bays of the chassis")), [x.part_input(x.ctx.chassis, "psu", value=r.bays)])
    if what == "rating_w":
        volts = x.ctx.build.site.input_voltage_v
        fld = "rating_low_line_w" if r.low_line else "rating_w"
        return x.made("W", x.t(N_("output rating of one PSU at the site's input voltage (low line below 180 V), "
                                  "the smallest of the placed models")),
                      [x.part_input(psus[0] if psus else None, fld, unit="W"),
                       x.build_input("site.input_voltage_v", volts, "V")])
    if what == "active":
        mode = parse_redundancy(r.redundancy)
        return x.made("", x.t(N_("PSUs whose capacity counts under {mode}: installed minus those allowed to fail "
                                 "(for grid modes, also no more than the smaller feed holds)"), mode=r.redundancy),
                      [x.placed(x.t(N_("installed")), r.count, N_("build")), _redundancy_input(x),
                       x.placed(x.t(N_("feeds")), r.feeds, N_("PSU bay feeds (build or chassis default)"))],
                      notes=(x.t(N_("{n} PSU(s) may fail."), n=mode.may_fail(r.count, r.feeds)),))
    if what == "usable_w":
        return x.made("W", x.t(N_("usable capacity = active PSUs × rating")),
                      [x.figure_input("psu.active", r.active), x.figure_input("psu.rating_w", r.rating_w, "W")])
    if what.startswith("load_pct"):
        return _psu_load(x, m.group(2))
    feed = m.group(3) or m.group(4)
    if what.startswith("feeds"):
        return x.made("", x.t(N_("PSUs on PDU feed {feed}: bays wired to it that hold a PSU"), feed=feed),
                      [x.placed(x.t(N_("bay feeds")), x.t(N_("A/B alternating unless the build sets them")),
                                N_("build / core/psu.py"))])
    return x.made("W", x.t(N_("capacity on feed {feed} = PSUs on the feed × rating"), feed=feed),
                  [x.figure_input(f"psu.feeds.{feed}", r.feeds.get(feed, 0)),
                   x.figure_input("psu.rating_w", r.rating_w, "W")])


_HEAT = {"heat_btu_hr": ("wall_power_w.max", "max"), "heat_btu_hr_typical": ("wall_power_w.typical", "typical")}


@handles(r"(?:thermal\.)?(heat_btu_hr|heat_btu_hr_typical)")
def _btu(x: Explainer, m: re.Match[str]) -> Explanation:
    key, level = _HEAT[m.group(1)]
    wall = x.ev.power.wall_max_w if level == "max" else x.ev.power.wall_typical_w
    return x.made("BTU/h", x.t(N_("heat = {key} × 3.412 (every watt drawn at the wall ends up as heat)"), key=key),
                  [x.figure_input(key, round(wall, 1), "W"),
                   x.assume(x.t(N_("BTU/h per W")), x.w.num(3.412), N_("unit conversion (1 W = 3.412 BTU/h)"))])


@handles(r"thermal\.(heat_typical_w|heat_max_w|heat_to_air_w)")
def _heat_w(x: Explainer, m: re.Match[str]) -> Explanation:
    what = m.group(1)
    if what == "heat_to_air_w":
        t = x.ev.thermal
        ins = [x.figure_input("thermal.heat_max_w", round(t.heat_max_w, 1), "W")]
        if t.cooling_kind == "liquid":
            ins.append(x.assume(x.t(N_("share into the water loop")), x.w.num(th.LIQUID_CAPTURE, "g"),
                                N_("estimate: core/evaluate/thermal.py LIQUID_CAPTURE")))
            return x.made("W", x.t(N_("heat to room air = heat × (1 − liquid capture)")), ins)
        return x.made("W", x.t(N_("air cooling: all the heat goes to the room air")), ins)
    key = "wall_power_w.max" if what == "heat_max_w" else "wall_power_w.typical"
    wall = x.ev.power.wall_max_w if what == "heat_max_w" else x.ev.power.wall_typical_w
    return x.made("W", x.t(N_("heat = {key} (all wall power becomes heat)"), key=key),
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
        return [x.part_input(ch, "cooling_options", x.t(N_("published chassis airflow")), "CFM", cfm),
                x.part_input(ch, "cooling_options", x.t(N_("rated heat of that airflow")), "W", heat),
                Input("ΔT", f"3.412 × {x.w.num(heat, 'g')} / (1.085 × {x.w.num(cfm, 'g')}) = "
                            f"{x.w.num(t.delta_t_f, 'g')} °F", x.t(N_("the chassis' published airflow at its rated heat")))]
    return [x.assume("ΔT", f"{x.w.num(th.DELTA_T_F, 'g')} °F", N_("estimate: planning figure; the chassis publishes no "
                                                                   "airflow (core/evaluate/thermal.py DELTA_T_F)"))]


@handles(r"(?:thermal\.)?(airflow_cfm|delta_t_c|delta_t_f)")
def _airflow(x: Explainer, m: re.Match[str]) -> Explanation:
    t = x.ev.thermal
    dt = _delta_t(x)
    if m.group(1) != "airflow_cfm":
        unit = "°C" if m.group(1) == "delta_t_c" else "°F"
        formula = (N_("inlet-to-exhaust temperature rise the airflow is computed for (°C = °F / 1.8)") if unit == "°C"
                   else N_("inlet-to-exhaust temperature rise the airflow is computed for"))
        return x.made(unit, x.t(formula), dt)
    ins = [x.figure_input("thermal.heat_to_air_w", round(t.heat_to_air_w, 1), "W"), *dt,
           Input(x.t(N_("air constant")), x.t(N_("1.085 BTU/h per CFM per °F")),
                 x.t(N_("sensible heat of air at sea level, {url}"),
                     url="https://www.engineeringtoolbox.com/cooling-heating-equations-d_747.html"))]
    return x.made("CFM", x.t(N_("airflow = 3.412 × heat to air (W) / (1.085 × ΔT °F)")), ins)


@handles(r"thermal\.(capacity_w|derate_factor|load_pct)")
def _cooling(x: Explainer, m: re.Match[str]) -> Explanation:
    t, site, ch, option = x.ev.thermal, x.ctx.build.site, x.ctx.chassis, _option(x)
    if m.group(1) == "load_pct":
        return x.made("%", x.t(N_("cooling load = thermal.heat_max_w / thermal.capacity_w × 100")),
                      [x.figure_input("thermal.heat_max_w", round(t.heat_max_w, 1), "W"),
                       x.figure_input("thermal.capacity_w", round(t.capacity_w, 1), "W")])
    loss = th.LIQUID_LOSS_PER_C if t.cooling_kind == "liquid" else th.AIR_LOSS_PER_C
    ins = [x.build_input("site.ambient_c", site.ambient_c, "°C"), x.build_input("site.altitude_m", site.altitude_m, "m"),
           x.assume(x.t(N_("capacity lost per °C over the rated ambient")), x.w.num(loss, "g"),
                    N_("estimate: core/evaluate/thermal.py (ASHRAE: 1 °C per 300 m above 900 m)"))]
    if option is not None and ch is not None:
        ins.insert(0, x.part_input(ch, "cooling_options", x.t(N_("rated ambient")), "°C",
                                   option.rated_ambient_c))
        if m.group(1) == "capacity_w":
            ins.insert(0, x.part_input(ch, "cooling_options", x.t(N_("rated heat capacity")), "W",
                                       option.heat_capacity_w))
    if m.group(1) == "capacity_w":
        return x.made("W", x.t(N_("capacity = the cooling option's rated heat × derate factor")), ins)
    return x.made("", x.t(N_("derate = 1 − loss per °C × max(0, ambient + altitude excess − rated ambient), 0..1")),
                  ins)


@handles(r"thermal\.(chassis_airflow_cfm|max_gpu_tdp_w|max_cpu_tdp_w)")
def _option_figure(x: Explainer, m: re.Match[str]) -> Explanation:
    ch, t, option = x.ctx.chassis, x.ev.thermal, _option(x)
    fld = {"chassis_airflow_cfm": "airflow_cfm"}.get(m.group(1), m.group(1))
    value = getattr(option, fld) if option is not None else 0
    return x.made("CFM" if fld == "airflow_cfm" else "W",
                  x.t(N_("the chassis' cooling option for {cooling}: {field}"),
                      cooling=t.cooling_id or x.t(N_("no cooling")), field=x.w.term(fld)),
                  [x.part_input(ch, "cooling_options", x.w.term(fld), value=value)])
