"""The technical figures a customer asks about, as plain-text label/value pairs from an Evaluation."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal

from ..core.build import Build
from ..core.evaluate.result import Evaluation
from ..core.money import format_money


def num(value: float, digits: int, locale: str) -> str:
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(round(float(value), digits), format=pattern, locale=locale)


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
    text = f"{name}: {verdict}" if name else verdict
    days = getattr(ev.workload, "train_days", None)
    if isinstance(days, (int, float)) and days > 0:
        text += f"; training ≈ {num(days, 1, locale)} days"
    tps = getattr(ev.workload, "decode_tokens_per_s", None)
    if isinstance(tps, (int, float)) and tps > 0:
        text += f"; decode up to {num(tps, 0, locale)} tokens/s"
    return text


def psu_plan(ev: Evaluation, locale: str) -> str:
    p = ev.psu
    if not p.count:
        return "no PSUs installed"
    text = f"{p.count} × {num(p.rating_w, 0, locale)}\u00a0W, {p.redundancy}, {kw(p.usable_w, locale)} usable"
    if p.usable_w > 0:
        text += f" (peak load {num(p.load_pct_max, 0, locale)}\u00a0%)"
    return text


def system_pairs(build: Build, ev: Evaluation, locale: str) -> list[tuple[str, str]]:
    c, m = ev.compute, ev.memory
    pairs = [("Configuration", build.meta.name), ("Chassis", ev.chassis_name),
             ("Size, weight", f"{ev.rack_units}U, {num(ev.weight_kg, 1, locale)}\u00a0kg (est.)")]
    if c.cpu_count:
        pairs.append(("CPUs", f"{c.cpu_count} × {c.cpu_model}, {num(c.cpu_cores, 0, locale)} cores"))
    if m.dimm_count:
        pairs.append(("Host memory", f"{num(m.capacity_gb, 0, locale)}\u00a0GB in {m.dimm_count} DIMMs, "
                                     f"{m.channels_populated}/{m.channels_total} channels at "
                                     f"{num(m.speed_mts, 0, locale)}\u00a0MT/s"))
    if c.gpu_count:
        pairs.append(("GPUs", f"{c.gpu_count} × {c.gpu_model}"))
        pairs.append(("GPU memory", f"{num(c.vram_gb, 0, locale)}\u00a0GB in total "
                                    f"({num(c.vram_gb_per_gpu, 0, locale)}\u00a0GB per GPU), "
                                    f"{num(c.hbm_bandwidth_gbs / 1000, 1, locale)}\u00a0TB/s"))
        dense = f"{num(c.bf16_tflops / 1000, 2, locale)} PFLOPS BF16"
        if c.fp8_tflops:
            dense += f" · {num(c.fp8_tflops / 1000, 2, locale)} PFLOPS FP8"
        pairs.append(("Compute (dense)", dense))
    b = ev.bandwidth
    if b.network_gbps_per_gpu:
        pairs.append(("Network", f"{num(b.network_gbps_per_gpu, 0, locale)}\u00a0Gb/s per GPU"))
    verdict = workload_text(build, ev, locale)
    if verdict:
        pairs.append(("Workload", verdict))
    return pairs


def facility_pairs(build: Build, ev: Evaluation, locale: str) -> list[tuple[str, str]]:
    p, t = ev.power, ev.thermal
    dt_f = t.delta_t_c * 1.8
    pairs = [
        ("Power", f"idle {kw(p.idle_w, locale)} · typical {kw(p.typical_w, locale)} · "
                  f"max {kw(p.max_w, locale)}"),
        ("At the wall", f"max {kw(p.wall_max_w, locale)} at "
                        f"{num(p.efficiency_max_pct or p.efficiency_pct, 0, locale)}\u00a0% PSU "
                        f"efficiency; DC peak {kw(p.peak_w, locale)} (PSU output, GPU transients)"),
        ("PSU plan", psu_plan(ev, locale)),
    ]
    if ev.psu.feeds:
        pairs.append(("PDU feeds", ", ".join(f"{feed}: {n} PSU{'s' if n != 1 else ''}"
                                             for feed, n in sorted(ev.psu.feeds.items()))))
    pairs += [
        ("Heat", f"{num(t.heat_btu_hr, 0, locale)}\u00a0BTU/h at max "
                 f"({num(t.heat_btu_hr / 12000, 1, locale)} tons); typical "
                 f"{num(t.heat_btu_hr_typical, 0, locale)}\u00a0BTU/h"),
        ("Airflow", f"{num(t.airflow_cfm, 0, locale)}\u00a0CFM at ΔT {num(t.delta_t_c, 0, locale)}\u00a0°C "
                    f"({num(dt_f, 0, locale)}\u00a0°F)"),
    ]
    if t.cooling_kind:
        pairs.append(("Cooling", f"{t.cooling_kind}, capacity {kw(t.capacity_w, locale)} at "
                                 f"{num(build.site.ambient_c, 0, locale)}\u00a0°C ambient"))
    pairs.append(("Site input", f"{num(build.site.input_voltage_v, 0, locale)}\u00a0V, "
                                f"PUE {num(build.site.pue, 2, locale)}"))
    tco = ev.tco
    cur = ev.cost.currency

    def money(value: Decimal) -> str:
        return format_money(value, cur, locale)

    pairs.append((f"TCO, {tco.years} years", f"{money(tco.total)}: capex {money(tco.capex)}, "
                                             f"energy {money(tco.energy_cost_per_year)}/yr, "
                                             f"support {money(tco.support_per_year)}/yr"))
    return pairs
