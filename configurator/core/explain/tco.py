"""Explanations of the total-cost-of-ownership figures: energy, support, the total, rent and
break-even."""

from __future__ import annotations

import re

from ..evaluate.cost import HOURS_PER_MONTH, HOURS_PER_YEAR
from .explanation import Explainer, Explanation, Input

FIGURES = {
    "years": "explain.build-tco-period",
    "capex": "explain.cost-subtotal-hardware-read-priced",
    "energy_kwh_per_year": "explain.wall-typical-utilisation-wall-idle",
    "energy_cost_per_year": "explain.energy-kwh-per-year-electricity",
    "support_per_year": "explain.support-line-yearly-price-bom",
    "total": "explain.capex-years-energy-cost-per",
    "dense_pflops": "explain.gpu-bf16-tflops-1000-dense",
    "cost_per_pflops": "explain.tco-total-dense-pflops",
    "rent_per_gpu_hour": "explain.build-rent-figure-else-gpu",
    "rent_per_month": "explain.rent-per-gpu-hour-gpus",
    "breakeven_month": "explain.first-month-where-cumulative-owning",
}
_TCO_UNIT = {"years": "years", "energy_kwh_per_year": "kWh", "dense_pflops": "PFLOPS", "breakeven_month": "month"}


def _tco_inputs(x: Explainer, what: str) -> list[Input]:
    t, p, site, com = x.ev.tco, x.ev.power, x.ctx.build.site, x.ctx.build.commercial
    if what == "energy_kwh_per_year":
        return [x.figure_input("wall_power_w.typical", round(p.wall_typical_w, 1), "W"),
                x.figure_input("wall_power_w.idle", round(p.wall_idle_w, 1), "W"),
                x.build_input("commercial.utilization_pct", com.utilization_pct, "%"), x.build_input("site.pue", site.pue)]
    if what == "energy_cost_per_year":
        return [x.figure_input("tco.energy_kwh_per_year", round(t.energy_kwh_per_year), "kWh"),
                x.build_input("site.electricity_price_kwh", site.electricity_price_kwh)]
    if what in ("total", "cost_per_pflops"):
        return [x.figure_input(f"tco.{k}", getattr(t, k)) for k in ("capex", "energy_cost_per_year",
                                                                    "support_per_year", "years", "dense_pflops")]
    if what == "rent_per_gpu_hour":
        gpu = next((pl.part for pl in x.ctx.gpus_placed), None)
        return [x.build_input("commercial.rent_per_gpu_hour", com.rent_per_gpu_hour),
                x.part_input(gpu, "rent_per_hour", unit="USD/h")]
    return [x.figure_input(f"tco.{what}", getattr(t, what))]


def tco(x: Explainer, m: re.Match[str]) -> Explanation:
    what = m.group(1)
    hours = HOURS_PER_YEAR if what == "energy_kwh_per_year" else HOURS_PER_MONTH
    return x.made(_TCO_UNIT.get(what, x.ev.tco.currency), x.t(FIGURES[what], hours=hours), _tco_inputs(x, what))


