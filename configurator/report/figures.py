"""The technical figures a customer asks about, as plain-text label/value pairs from an Evaluation.

Each figure in a value is marked with `fig(text, key)` (`key`: its path in `evaluate --json`);
the quote turns the marks into internal links to the figure's entry in its appendix
(`appendix.FigureLinks.markup`); `layout.unmarked` gives the text as read.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal

from ..core.build import Build
from ..core.evaluate.result import Evaluation
from ..core.money import format_money
from .layout import clip, fig


def num(value: float, digits: int, locale: str) -> str:
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(round(float(value), digits), format=pattern, locale=locale)


NB = "\u00a0"   # between a number and its unit


def network_key(ev: Evaluation) -> str:
    """The bandwidth chain's network stage, whose explanation is the per-GPU network figure's."""
    chain = getattr(ev.bandwidth, "chain", ()) or ()
    return next((f"bandwidth_chain.{i}.gbs" for i, ln in enumerate(chain) if ln.stage == "network"), "")


def kw(watts: float, locale: str) -> str:
    return f"{num(watts / 1000, 1, locale)}\u00a0kW"


def workload_verdict(ev: Evaluation) -> str:
    """One line about the workload's fit; '' when none is set."""
    w: Any = ev.workload
    if w is None:
        return ""
    verdict = str(getattr(w, "verdict", "") or "")
    fits = getattr(w, "fits", None)
    if not verdict and fits is not None:
        verdict = "Fits" if fits else "Does not fit"
    return verdict or "evaluated"


def workload_name(build: Build) -> str:
    """'Llama 3 70B, train' from the build's workload JSON ('' when unknown)."""
    wl = build.workload
    if not isinstance(wl, dict):
        return ""
    model = wl.get("model")
    name = model.get("name", "") if isinstance(model, dict) else str(model or wl.get("preset", ""))
    mode = wl.get("mode", "")
    return ", ".join(str(x) for x in (name, mode) if x)


def workload_text(build: Build, ev: Evaluation, locale: str) -> str:
    verdict = workload_verdict(ev)
    if not verdict:
        return ""
    name = workload_name(build)
    text = fig(f"{clip(name, 120)}: {verdict}" if name else verdict, "workload.per_gpu_bytes.total")
    days = getattr(ev.workload, "train_days", None)
    if isinstance(days, (int, float)) and days > 0:
        text += f"; training ≈ {fig(num(days, 1, locale) + ' days', 'workload.train_days')}"
    tps = getattr(ev.workload, "decode_tokens_per_s", None)
    if isinstance(tps, (int, float)) and tps > 0:
        text += f"; decode up to {fig(num(tps, 0, locale) + ' tokens/s', 'workload.decode_tokens_per_s')}"
    return text


def psu_plan(ev: Evaluation, locale: str) -> str:
    p = ev.psu
    if not p.count:
        return "no PSUs installed"
    text = (f"{fig(str(p.count), 'psu.count')} × {fig(num(p.rating_w, 0, locale) + NB + 'W', 'psu.rating_w')}, "
            f"{p.redundancy}, {fig(kw(p.usable_w, locale), 'psu.usable_w')} usable")
    if p.usable_w > 0:
        text += f" (peak load {fig(num(p.load_pct_max, 0, locale) + NB + '%', 'psu.load_pct.max')})"
    return text


def system_pairs(build: Build, ev: Evaluation, locale: str) -> list[tuple[str, str]]:
    c, m = ev.compute, ev.memory
    pairs = [("Configuration", clip(build.meta.name)), ("Chassis", clip(ev.chassis_name)),
             ("Size, weight", f"{fig(f'{ev.rack_units}U', 'chassis.rack_units')}, "
                              f"{fig(num(ev.weight_kg, 1, locale) + NB + 'kg', 'chassis.weight_kg')} (est.)")]
    if c.cpu_count:
        pairs.append(("CPUs", f"{fig(str(c.cpu_count), 'cpu.count')} × {clip(c.cpu_model, 120)}, "
                              f"{fig(num(c.cpu_cores, 0, locale) + ' cores', 'cpu.cores')}"))
    if m.dimm_count:
        pairs.append(("Host memory", f"{fig(num(m.capacity_gb, 0, locale) + NB + 'GB', 'memory.capacity_gb')} in "
                                     f"{fig(f'{m.dimm_count} DIMMs', 'memory.dimms')}, "
                                     f"{fig(str(m.channels_populated), 'memory.channels_populated')}/"
                                     f"{fig(str(m.channels_total), 'memory.channels_total')} channels at "
                                     f"{fig(num(m.speed_mts, 0, locale) + NB + 'MT/s', 'memory.speed_mts')}"))
    if c.gpu_count:
        pairs.append(("GPUs", f"{fig(str(c.gpu_count), 'gpu.count')} × {clip(c.gpu_model, 120)}"))
        hbm = fig(num(c.hbm_bandwidth_gbs / 1000, 1, locale) + NB + "TB/s", "gpu.hbm_bandwidth_gbs")
        pairs.append(("GPU memory", f"{fig(num(c.vram_gb, 0, locale) + NB + 'GB', 'gpu.vram_gb')} in total "
                                    f"({fig(num(c.vram_gb_per_gpu, 0, locale) + NB + 'GB', 'gpu.vram_gb_per_gpu')} "
                                    f"per GPU), {hbm}"))
        dense = fig(f"{num(c.bf16_tflops / 1000, 2, locale)} PFLOPS BF16", "gpu.bf16_tflops")
        if c.fp8_tflops:
            dense += " · " + fig(f"{num(c.fp8_tflops / 1000, 2, locale)} PFLOPS FP8", "gpu.fp8_tflops")
        pairs.append(("Compute (dense)", dense))
    b = ev.bandwidth
    if b.network_gbps_per_gpu:
        pairs.append(("Network", fig(f"{num(b.network_gbps_per_gpu, 0, locale)}{NB}Gb/s per GPU", network_key(ev))))
    verdict = workload_text(build, ev, locale)
    if verdict:
        pairs.append(("Workload", verdict))
    return pairs


def facility_pairs(build: Build, ev: Evaluation, locale: str) -> list[tuple[str, str]]:
    p, t = ev.power, ev.thermal
    dt_f = t.delta_t_c * 1.8
    eff = num(p.efficiency_max_pct or p.efficiency_pct, 0, locale) + NB + "%"
    pairs = [
        ("Power", f"idle {fig(kw(p.idle_w, locale), 'power_w.idle')} · "
                  f"typical {fig(kw(p.typical_w, locale), 'power_w.typical')} · max {fig(kw(p.max_w, locale), 'power_w.max')}"),
        # the efficiency at this load is an input of the wall figure's explanation
        ("At the wall", f"max {fig(kw(p.wall_max_w, locale), 'wall_power_w.max')} at {fig(eff, 'wall_power_w.max')} PSU "
                        f"efficiency; DC peak {fig(kw(p.peak_w, locale), 'power_w.peak')} (PSU output, GPU transients)"),
        ("PSU plan", psu_plan(ev, locale)),
    ]
    if ev.psu.feeds:
        pairs.append(("PDU feeds", ", ".join(f"{feed}: {fig(str(n) + ' PSU' + ('s' if n != 1 else ''), 'psu.feeds.' + feed)}"
                                             for feed, n in sorted(ev.psu.feeds.items()))))
    btu = fig(num(t.heat_btu_hr, 0, locale) + NB + "BTU/h", "heat_btu_hr")
    tons = fig(num(t.heat_btu_hr / 12000, 1, locale) + " tons", "heat_btu_hr")   # 12,000 BTU/h per ton
    pairs += [
        ("Heat", f"{btu} at max ({tons}); typical "
                 f"{fig(num(t.heat_btu_hr_typical, 0, locale) + NB + 'BTU/h', 'heat_btu_hr_typical')}"),
        ("Airflow", f"{fig(num(t.airflow_cfm, 0, locale) + NB + 'CFM', 'airflow_cfm')} at ΔT "
                    f"{fig(num(t.delta_t_c, 0, locale) + NB + '°C', 'thermal.delta_t_c')} "
                    f"({fig(num(dt_f, 0, locale) + NB + '°F', 'thermal.delta_t_f')})"),
    ]
    if t.cooling_kind:
        pairs.append(("Cooling", f"{t.cooling_kind}, capacity {fig(kw(t.capacity_w, locale), 'thermal.capacity_w')} at "
                                 f"{num(build.site.ambient_c, 0, locale)}\u00a0°C ambient"))
    pairs.append(("Site input", f"{num(build.site.input_voltage_v, 0, locale)}\u00a0V, "
                                f"PUE {num(build.site.pue, 2, locale)}"))
    tco = ev.tco
    cur = ev.cost.currency

    def money(value: Decimal, key: str) -> str:
        return fig(format_money(value, cur, locale), f"tco.{key}")

    pairs.append((f"TCO, {tco.years} years", f"{money(tco.total, 'total')}: capex {money(tco.capex, 'capex')}, "
                                             f"energy {money(tco.energy_cost_per_year, 'energy_cost_per_year')}/yr, "
                                             f"support {money(tco.support_per_year, 'support_per_year')}/yr"))
    return pairs
