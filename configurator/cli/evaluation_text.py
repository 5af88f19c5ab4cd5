"""Plain-text view of an Evaluation for the terminal (the CLI's default output), in the current language
(configurator/words/i18n.py: `_()` for the report's own words, `say` for the core's messages)."""

from __future__ import annotations

import math
from typing import Any

from ..core.money import format_money, format_pct
from ..words.alternative_words import alternatives_text
from ..words.i18n import N_, _, pad
from ..words.problems import text
from ..words.render import named, say

LOCALE = "en_US"   # the terminal report's money and number style
NAME_W = 66        # BOM description column: the support line's description fits
LABEL_W = 11       # the figure labels' column ("Bottleneck " in English, six Han characters)
# words the report looks up by value: cooling kinds and the bandwidth chain's stage ids
WORDS = (N_("air"), N_("liquid"), N_("storage"), N_("host-memory"), N_("pcie"), N_("hbm"), N_("gpu-gpu"),
         N_("network"))


def _kw(w: float) -> str:
    return f"{w / 1000:.2f} kW"


def _gb(x: float) -> str:
    return f"{x:,.0f} GB" if x >= 100 else f"{x:,.1f} GB"


def _row(label: str, text: str) -> str:
    """One labelled line: the label (in the current language) padded to the report's column."""
    return pad(_(label), LABEL_W) + text


def evaluation_to_text(ev: Any) -> str:
    """The evaluation as the terminal report: figures, bandwidth, cost, BOM, violations."""
    p, psu, th, c, m = ev.power, ev.psu, ev.thermal, ev.compute, ev.memory
    lines = [
        _("{chassis} ({units}U, {kg} kg)").format(chassis=named(ev.chassis_name), units=ev.rack_units,
                                                 kg=f"{ev.weight_kg:.0f}"),
        "",
        _row(N_("Power"), _("idle {idle} · typical {typical} · max {max} · transient peak {peak} (DC); at the "
                            "wall: max {wall}").format(idle=_kw(p.idle_w), typical=_kw(p.typical_w),
                                                       max=_kw(p.max_w), peak=_kw(p.peak_w), wall=_kw(p.wall_max_w))),
        _row(N_("PSUs"), _("{count}/{bays} × {rating} W {name} · {mode} · usable {usable} · load {typical} % typical "
                           "/ {peak} % peak").format(count=psu.count, bays=psu.bays, rating=f"{psu.rating_w:,.0f}",
                                                     name=named(psu.name), mode=psu.redundancy, usable=_kw(psu.usable_w),
                                                     typical=f"{psu.load_pct_typical:.0f}",
                                                     peak=f"{psu.load_pct_max:.0f}")),
        _row(N_("Heat"), _("{btu} BTU/h at max · airflow {cfm} CFM at ΔT {dt} °C · cooling {kind} {capacity} "
                           "capacity ({pct} % used)").format(
            btu=f"{th.heat_btu_hr:,.0f}", cfm=f"{th.airflow_cfm:,.0f}", dt=f"{th.delta_t_c:.0f}",
            kind=_(th.cooling_kind) if th.cooling_kind else _("none"), capacity=_kw(th.capacity_w),
            pct=f"{th.load_pct:.0f}")),
        _row(N_("GPUs"), _("{n}× {model} · {vram} total · {bf16} TFLOPS BF16 dense · {fp8} TFLOPS FP8 dense").format(
            n=c.gpu_count, model=c.gpu_model or "-", vram=_gb(c.vram_gb), bf16=f"{c.bf16_tflops:,.0f}",
            fp8=f"{c.fp8_tflops:,.0f}")),
        _row(N_("CPUs"), _("{n}× {model} · {cores} cores").format(n=c.cpu_count, model=c.cpu_model or "-",
                                                                  cores=c.cpu_cores)),
        _row(N_("Host RAM"), _("{capacity} in {dimms} DIMMs ({used}/{total} channels, {speed} MT/s) · {gbs} GB/s · "
                               "{ratio}× GPU memory").format(
            capacity=_gb(m.capacity_gb), dimms=m.dimm_count, used=m.channels_populated, total=m.channels_total,
            speed=m.speed_mts, gbs=f"{m.bandwidth_gbs:,.1f}", ratio=f"{m.ratio_to_vram:.2f}")),
    ]
    lines += _bandwidth_and_cost(ev)
    lines += ["", *bom_to_text(ev.cost)]
    if ev.violations:
        lines.append("")
        for v in ev.violations:
            lines.append(f"{pad(_(v.severity.upper()), 7)} {v.code}: {text(v)}")
    return "\n".join(lines)


def _bandwidth_and_cost(ev: Any) -> list[str]:
    bw, cost, tco = ev.bandwidth, ev.cost, ev.tco
    cur = cost.currency
    lines = []
    if bw.chain:
        chain = " → ".join(f"{_(link.stage)} {link.gbs:,.1f}" for link in bw.chain)
        lines.append(_row(N_("Bandwidth"), _("per GPU, GB/s: {chain}").format(chain=chain)))
        lines.append(_row(N_("Bottleneck"), f"{_(bw.bottleneck)}: {say(bw.explanation)}"))
    missing = _(" ({n} part(s) on request)").format(n=len(cost.missing_prices)) if cost.missing_prices else ""
    lines.append(_row(N_("Cost"), _("{total} quoted · hardware {hardware} · services {services}").format(
        total=format_money(cost.total, cur, LOCALE), hardware=format_money(cost.subtotal_hardware, cur, LOCALE),
        services=format_money(cost.subtotal_services, cur, LOCALE)) + missing))
    be = _("break-even vs renting at month {month}").format(month=tco.breakeven_month) \
        if tco.breakeven_month is not None else _("renting stays cheaper over the period")
    lines.append(_row(N_("TCO"), _("{years} years: {total} · {breakeven}").format(
        years=tco.years, total=format_money(tco.total, cur, LOCALE), breakeven=be)))
    if ev.workload is not None:
        lines.append(_row(N_("Workload"), say(ev.workload.verdict)))
        kv = ev.workload
        if kv.kv_cache_tokens is not None and kv.max_concurrency is not None:
            lines.append(_row(N_("KV cache"), _("{tokens} tokens, at most {conc} concurrent sequences of {context} "
                                                "tokens").format(tokens=f"{kv.kv_cache_tokens:,}",
                                                                 conc=f"{math.floor(kv.max_concurrency):,}",
                                                                 context=f"{kv.concurrency_tokens:,}")))
    return lines


def bom_to_text(cost: Any) -> list[str]:
    """The priced BOM as the quote prints it: lines by group, then subtotal, terms and total."""
    cur = cost.currency

    def money(value: Any) -> str:
        return _("on request") if value is None else format_money(value, cur, LOCALE)

    out = [_("Bill of materials ({currency})").format(currency=cur)]
    group = None
    for ln in cost.lines:
        if ln.group != group:
            group = ln.group
            out.append(f"  {_(group)}")
        full = named(ln.name)
        name = full if len(full) <= NAME_W else full[:NAME_W - 1] + "…"
        out.append(f"    {ln.qty:>4} × {pad(name, NAME_W)} {money(ln.unit_price):>15} {money(ln.extended):>16}")
        if ln.alternatives:
            out.append(" " * 11 + alternatives_text(ln.alternatives, money, _, named))
    rows = [(_("Subtotal"), cost.subtotal)]
    if cost.discount:
        rows.append((_("Discount ({pct})").format(pct=format_pct(cost.discount_pct)), -cost.discount))
    if cost.tax_pct:
        label = _("Included tax / VAT ({pct})") if cost.tax_included else _("Tax / VAT ({pct})")
        rows.append((label.format(pct=format_pct(cost.tax_pct)), cost.tax))
    if cost.shipping:
        rows.append((_("Shipping"), cost.shipping))
    basis = _("incl. tax") if cost.total_includes_tax else _("excl. tax")
    rows.append((_("Total ({currency}, {basis})").format(currency=cur, basis=basis), cost.total))
    width = 4 + 4 + 3 + NAME_W + 1 + 15 + 1 + 16
    out += [f"  {pad(label, width - 18)}{money(value):>16}" for label, value in rows]
    return out
