"""Plain-text view of an Evaluation for the terminal (the CLI's default output)."""

from __future__ import annotations

from typing import Any

from ..core.money import format_money, format_pct
from ..i18n import _, pad, translate

LOCALE = "en_US"   # the terminal report's money and number style
NAME_W = 66        # BOM description column: the support line's description fits


def _kw(w: float) -> str:
    return f"{w / 1000:.2f} kW"


def _gb(x: float) -> str:
    return f"{x:,.0f} GB" if x >= 100 else f"{x:,.1f} GB"


def evaluation_to_text(ev: Any) -> str:
    p, psu, th, c, m, bw, cost, tco = ev.power, ev.psu, ev.thermal, ev.compute, ev.memory, ev.bandwidth, ev.cost, ev.tco
    cur = cost.currency
    lines = [
        f"{ev.chassis_name} ({ev.rack_units}U, {ev.weight_kg:.0f} kg)",
        "",
        f"Power      idle {_kw(p.idle_w)} · typical {_kw(p.typical_w)} · max {_kw(p.max_w)} · "
        f"transient peak {_kw(p.peak_w)} (DC); at the wall: max {_kw(p.wall_max_w)}",
        f"PSUs       {psu.count}/{psu.bays} × {psu.rating_w:,.0f} W {psu.name} · {psu.redundancy} · "
        f"usable {_kw(psu.usable_w)} · load {psu.load_pct_typical:.0f} % typical / {psu.load_pct_max:.0f} % peak",
        f"Heat       {th.heat_btu_hr:,.0f} BTU/h at max · airflow {th.airflow_cfm:,.0f} CFM at ΔT {th.delta_t_c:.0f} °C"
        f" · cooling {th.cooling_kind or 'none'} {_kw(th.capacity_w)} capacity ({th.load_pct:.0f} % used)",
        f"GPUs       {c.gpu_count}× {c.gpu_model or '-'} · {_gb(c.vram_gb)} total · "
        f"{c.bf16_tflops:,.0f} TFLOPS BF16 dense · {c.fp8_tflops:,.0f} TFLOPS FP8 dense",
        f"CPUs       {c.cpu_count}× {c.cpu_model or '-'} · {c.cpu_cores} cores",
        f"Host RAM   {_gb(m.capacity_gb)} in {m.dimm_count} DIMMs ({m.channels_populated}/{m.channels_total} channels, "
        f"{m.speed_mts} MT/s) · {m.bandwidth_gbs:,.1f} GB/s · {m.ratio_to_vram:.2f}× GPU memory",
    ]
    if bw.chain:
        chain = " → ".join(f"{link.stage} {link.gbs:,.1f}" for link in bw.chain)
        lines.append(f"Bandwidth  per GPU, GB/s: {chain}")
        lines.append(f"Bottleneck {bw.bottleneck}: {translate(bw.explanation)}")
    lines.append(f"Cost       {format_money(cost.total, cur, LOCALE)} quoted · hardware "
                 f"{format_money(cost.subtotal_hardware, cur, LOCALE)} · services "
                 f"{format_money(cost.subtotal_services, cur, LOCALE)}"
                 + (f" ({len(cost.missing_prices)} part(s) on request)" if cost.missing_prices else ""))
    be = f"break-even vs renting at month {tco.breakeven_month}" if tco.breakeven_month is not None else \
        "renting stays cheaper over the period"
    lines.append(f"TCO        {tco.years} years: {format_money(tco.total, cur, LOCALE)} · {be}")
    if ev.workload is not None:
        lines.append(f"Workload   {ev.workload.verdict}")
    lines += ["", *bom_to_text(cost)]
    if ev.violations:
        lines.append("")
        for v in ev.violations:
            lines.append(f"{pad(_(v.severity.upper()), 7)} {v.code}: {translate(v.message)}")
    return "\n".join(lines)


def bom_to_text(cost: Any) -> list[str]:
    """The priced BOM as the quote prints it: lines by group, then subtotal, terms and total."""
    cur = cost.currency

    def money(value: Any) -> str:
        return "on request" if value is None else format_money(value, cur, LOCALE)

    out = [f"Bill of materials ({cur})"]
    group = None
    for ln in cost.lines:
        if ln.group != group:
            group = ln.group
            out.append(f"  {group}")
        name = ln.name if len(ln.name) <= NAME_W else ln.name[:NAME_W - 1] + "…"
        out.append(f"    {ln.qty:>4} × {name:{NAME_W}} {money(ln.unit_price):>15} {money(ln.extended):>16}")
    rows = [("Subtotal", cost.subtotal)]
    if cost.discount:
        rows.append((f"Discount ({format_pct(cost.discount_pct)})", -cost.discount))
    if cost.tax_pct:
        label = "Included tax / VAT" if cost.tax_included else "Tax / VAT"
        rows.append((f"{label} ({format_pct(cost.tax_pct)})", cost.tax))
    if cost.shipping:
        rows.append(("Shipping", cost.shipping))
    basis = "incl. tax" if cost.total_includes_tax else "excl. tax"
    rows.append((f"Total ({cur}, {basis})", cost.total))
    width = 4 + 4 + 3 + NAME_W + 1 + 15 + 1 + 16
    out += [f"  {label:<{width - 18}}{money(value):>16}" for label, value in rows]
    return out
