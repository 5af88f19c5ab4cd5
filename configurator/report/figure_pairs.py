"""The technical figures a customer asks about, as plain-text label/value pairs from an Evaluation.

Each figure in a value is marked with `fig(text, key)` (`key`: its path in `evaluate --json`);
the quote turns the marks into internal links to the figure's entry in its appendix
(`appendix.FigureLinks.markup`); `layout.unmarked` gives the text as read.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal

from ..core.build import Build
from ..core.evaluate.result import Evaluation
from ..core.message import Msg
from ..core.money import format_money
from ..words.quote_words import Labels
from ..words.render import in_english
from .styles import clip, fig


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


def workload_verdict(ev: Evaluation, word: Callable[[Msg], str] = in_english) -> str:
    """One line about the workload's fit, worded by `word`; '' when none is set."""
    w: Any = ev.workload
    return "" if w is None else word(w.verdict)


def workload_name(build: Build) -> str:
    """'Llama 3 70B, train' from the build's workload JSON ('' when unknown)."""
    wl = build.workload
    if not isinstance(wl, dict):
        return ""
    model = wl.get("model")
    name = model.get("name", "") if isinstance(model, dict) else str(model or wl.get("preset", ""))
    mode = wl.get("mode", "")
    return ", ".join(str(x) for x in (name, mode) if x)


#: the quote's words for its summary figures: `tr` (words/quote_words.py) for the report's own phrases,
#: the identity for English; a core message (the workload verdict) is worded by a `Say`
Words = Callable[[str], str]
Say = Callable[[Msg], str]


def workload_text(build: Build, ev: Evaluation, locale: str, tr: Words = str, message: Say = in_english) -> str:
    verdict = workload_verdict(ev, message)
    if not verdict:
        return ""
    name = workload_name(build)
    text = fig(f"{clip(name, 120)}: {verdict}" if name else verdict, "workload.per_gpu_bytes.total")
    days = getattr(ev.workload, "train_days", None)
    if isinstance(days, (int, float)) and days > 0:
        days_text = fig(tr("{n} days").format(n=num(days, 1, locale)), "workload.train_days")
        text += tr("; training ≈ {days}").format(days=days_text)
    tps = getattr(ev.workload, "decode_tokens_per_s", None)
    if isinstance(tps, (int, float)) and tps > 0:
        tps_text = fig(tr("{n} tokens/s").format(n=num(tps, 0, locale)), "workload.decode_tokens_per_s")
        text += tr("; decode up to {rate}").format(rate=tps_text)
    return text


def psu_plan(ev: Evaluation, locale: str, tr: Words = str) -> str:
    p = ev.psu
    if not p.count:
        return tr("no PSUs installed")
    text = tr("{count} × {rating}, {mode}, {usable} usable").format(
        count=fig(str(p.count), "psu.count"), rating=fig(num(p.rating_w, 0, locale) + NB + "W", "psu.rating_w"),
        mode=p.redundancy, usable=fig(kw(p.usable_w, locale), "psu.usable_w"))
    if p.usable_w > 0:
        text += tr(" (peak load {pct})").format(pct=fig(num(p.load_pct_max, 0, locale) + NB + "%", "psu.load_pct.max"))
    return text


def system_pairs(build: Build, ev: Evaluation, locale: str, tr: Words = str,
                 message: Say = in_english, internal: bool = True) -> list[tuple[str, str]]:
    """The summary's system figures; the customer's copy (`internal` False) gives the weight as
    "approx." instead of the seller's "(est.)"."""
    c, m = ev.compute, ev.memory
    weight = fig(num(ev.weight_kg, 1, locale) + NB + 'kg', 'chassis.weight_kg')
    weight = f"{weight} {tr('(est.)')}" if internal else tr("approx. {value}").format(value=weight)
    chassis = tr.named(ev.chassis_name) if isinstance(tr, Labels) else ev.chassis_name   # "(8U …, 风冷)"
    pairs = [("Configuration", clip(build.meta.name)), ("Chassis", clip(chassis)),
             ("Size, weight", f"{fig(f'{ev.rack_units}U', 'chassis.rack_units')}, {weight}")]
    if c.cpu_count:
        pairs.append(("CPUs", f"{fig(str(c.cpu_count), 'cpu.count')} × {clip(c.cpu_model, 120)}, "
                              f"{fig(tr('{n} cores').format(n=num(c.cpu_cores, 0, locale)), 'cpu.cores')}"))
    if m.dimm_count:
        pairs.append(("Host memory", tr("{capacity} in {dimms}, {used}/{total} channels at {speed}").format(
            capacity=fig(num(m.capacity_gb, 0, locale) + NB + "GB", "memory.capacity_gb"),
            dimms=fig(tr("{n} DIMMs").format(n=m.dimm_count), "memory.dimms"),
            used=fig(str(m.channels_populated), "memory.channels_populated"),
            total=fig(str(m.channels_total), "memory.channels_total"),
            speed=fig(num(m.speed_mts, 0, locale) + NB + "MT/s", "memory.speed_mts"))))
    if c.gpu_count:
        pairs.append(("GPUs", f"{fig(str(c.gpu_count), 'gpu.count')} × {clip(c.gpu_model, 120)}"))
        hbm = fig(num(c.hbm_bandwidth_gbs / 1000, 1, locale) + NB + "TB/s", "gpu.hbm_bandwidth_gbs")
        pairs.append(("GPU memory", tr("{total} in total ({each} per GPU), {bandwidth}").format(
            total=fig(num(c.vram_gb, 0, locale) + NB + "GB", "gpu.vram_gb"),
            each=fig(num(c.vram_gb_per_gpu, 0, locale) + NB + "GB", "gpu.vram_gb_per_gpu"), bandwidth=hbm)))
        dense = fig(f"{num(c.bf16_tflops / 1000, 2, locale)} PFLOPS BF16", "gpu.bf16_tflops")
        if c.fp8_tflops:
            dense += " · " + fig(f"{num(c.fp8_tflops / 1000, 2, locale)} PFLOPS FP8", "gpu.fp8_tflops")
        pairs.append(("Compute (dense)", dense))
    b = ev.bandwidth
    if b.network_gbps_per_gpu:
        pairs.append(("Network", fig(tr("{rate} per GPU").format(rate=f"{num(b.network_gbps_per_gpu, 0, locale)}{NB}Gb/s"),
                                     network_key(ev))))
    verdict = workload_text(build, ev, locale, tr, message)
    if verdict:
        pairs.append(("Workload", verdict))
    return pairs


def facility_pairs(build: Build, ev: Evaluation, locale: str, tr: Words = str) -> list[tuple[str, str]]:
    p, t = ev.power, ev.thermal
    dt_f = t.delta_t_c * 1.8
    eff = num(p.efficiency_max_pct or p.efficiency_pct, 0, locale) + NB + "%"
    pairs = [
        ("Power", tr("idle {idle} · typical {typical} · max {max}").format(
            idle=fig(kw(p.idle_w, locale), "power_w.idle"), typical=fig(kw(p.typical_w, locale), "power_w.typical"),
            max=fig(kw(p.max_w, locale), "power_w.max"))),
        # the efficiency at this load is an input of the wall figure's explanation
        ("At the wall", tr("max {max} at {eff} PSU efficiency; DC peak {peak} (PSU output, GPU transients)").format(
            max=fig(kw(p.wall_max_w, locale), "wall_power_w.max"), eff=fig(eff, "wall_power_w.max"),
            peak=fig(kw(p.peak_w, locale), "power_w.peak"))),
        ("PSU plan", psu_plan(ev, locale, tr)),
    ]
    if ev.psu.feeds:
        pairs.append(("PDU feeds", ", ".join(
            f"{feed}: {fig(tr('{n} PSU' if n == 1 else '{n} PSUs').format(n=n), 'psu.feeds.' + feed)}"
            for feed, n in sorted(ev.psu.feeds.items()))))
    btu = fig(num(t.heat_btu_hr, 0, locale) + NB + "BTU/h", "heat_btu_hr")
    # 12,000 BTU/h per ton of refrigeration
    tons = fig(tr("{n} tons").format(n=num(t.heat_btu_hr / 12000, 1, locale)), "heat_btu_hr")
    pairs += [
        ("Heat", tr("{max} at max ({tons}); typical {typical}").format(
            max=btu, tons=tons, typical=fig(num(t.heat_btu_hr_typical, 0, locale) + NB + "BTU/h", "heat_btu_hr_typical"))),
        ("Airflow", tr("{flow} at ΔT {dt_c} ({dt_f})").format(
            flow=fig(num(t.airflow_cfm, 0, locale) + NB + "CFM", "airflow_cfm"),
            dt_c=fig(num(t.delta_t_c, 0, locale) + NB + "°C", "thermal.delta_t_c"),
            dt_f=fig(num(dt_f, 0, locale) + NB + "°F", "thermal.delta_t_f"))),
    ]
    if t.cooling_kind:
        pairs.append(("Cooling", tr("{kind}, capacity {capacity} at {ambient} ambient").format(
            kind=tr(t.cooling_kind), capacity=fig(kw(t.capacity_w, locale), "thermal.capacity_w"),
            ambient=f"{num(build.site.ambient_c, 0, locale)}\u00a0°C")))
    pairs.append(("Site input", f"{num(build.site.input_voltage_v, 0, locale)}\u00a0V, "
                                f"PUE {num(build.site.pue, 2, locale)}"))
    tco = ev.tco
    cur = ev.cost.currency

    def money(value: Decimal, key: str) -> str:
        return fig(format_money(value, cur, locale), f"tco.{key}")

    pairs.append((f"TCO, {tco.years} years", tr(
        "{total}: capex {capex}, energy {energy}/yr, support {support}/yr").format(
        total=money(tco.total, "total"), capex=money(tco.capex, "capex"),
        energy=money(tco.energy_cost_per_year, "energy_cost_per_year"),
        support=money(tco.support_per_year, "support_per_year"))))
    return pairs
