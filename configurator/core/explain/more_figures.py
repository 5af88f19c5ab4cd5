"""Explanations of the chassis, compute, host-memory, bandwidth, money and workload figures
(registered into `core.explain`)."""

from __future__ import annotations

import re
from typing import Any

from ..catalog import CPU, DIMM, GPU
from ..evaluate import bandwidth as bwm
from ..evaluate import compute as cm
from ..evaluate._fast import gpus_placed, in_slots
from ..evaluate.cost import HOURS_PER_MONTH, HOURS_PER_YEAR
from ..text import N_
from .explainer import Explainer, Explanation, Input, handles


@handles(r"chassis\.(rack_units|weight_kg)")
def _chassis(x: Explainer, m: re.Match[str]) -> Explanation:
    unit = "U" if m.group(1) == "rack_units" else "kg"
    return x.made(unit, x.t(N_("the chassis' {field}"), field=x.w.term(m.group(1))),
                  [x.part_input(x.ctx.chassis, m.group(1), unit=unit)])


_GPU_FIELD = {"vram_gb": "memory_gb", "vram_gb_per_gpu": "memory_gb", "hbm_bandwidth_gbs": "memory_bandwidth_gbs",
              "bf16_tflops": "bf16_tflops", "fp16_tflops": "fp16_tflops", "fp8_tflops": "fp8_tflops"}


def _quantities(x: Explainer, ids: list[str], placed: list[Any]) -> list[Input]:
    """"quantity of <id>" for each distinct part, counted from the placements."""
    return [x.placed(x.t(N_("quantity of {part}"), part=i), sum(p.id == i for p in placed)) for i in ids]


@handles(r"gpu\.(count|vram_gb|vram_gb_per_gpu|hbm_bandwidth_gbs|bf16_tflops|fp16_tflops|fp8_tflops)")
def _gpu(x: Explainer, m: re.Match[str]) -> Explanation:
    gpus = [pl.part for pl in gpus_placed(x.ctx) if isinstance(pl.part, GPU)]
    what = m.group(1)
    if what == "count":
        return x.made("", x.t(N_("GPUs placed (baseboard positions and PCIe slots)")),
                      [x.placed(x.t(N_("placements")), len(gpus), N_("build"))])
    fld = _GPU_FIELD[what]
    unit = {"memory_gb": "GB", "memory_bandwidth_gbs": "GB/s"}.get(fld, "TFLOPS")
    ids = sorted({g.id for g in gpus})
    ins = _quantities(x, ids, gpus)
    ins += [x.part_input(next(g for g in gpus if g.id == i), fld, unit=unit) for i in ids]
    ins = ins or [x.placed(x.t(N_("GPUs placed")), 0)]
    if what == "vram_gb_per_gpu":
        return x.made(unit, x.t(N_("memory of the smallest GPU placed")), ins)
    if unit == "TFLOPS":
        return x.made(unit, x.t(N_("Σ over GPUs of {field} (dense, no 2:4 sparsity; the vendor's peak at boost clock)"),
                                field=x.w.term(fld)), ins)
    return x.made(unit, x.t(N_("Σ over GPUs of {field}"), field=x.w.term(fld)), ins)


@handles(r"cpu\.(count|cores)")
def _cpu(x: Explainer, m: re.Match[str]) -> Explanation:
    cpus = [pl.part for pl in in_slots(x.ctx, "cpu", "cpu") if isinstance(pl.part, CPU)]
    if m.group(1) == "count":
        return x.made("", x.t(N_("CPUs placed in the sockets")), [x.placed(x.t(N_("placements")), len(cpus), N_("build"))])
    return x.made("", x.t(N_("Σ over CPUs of {field}"), field=x.w.term("cores")),
                  [x.part_input(c, "cores") for c in cpus] or [x.placed(x.t(N_("CPUs placed")), 0)])


_CHANNELS = {"channels_populated": N_("memory channels holding at least one DIMM"),
             "channels_total": N_("chassis channels per socket × populated sockets"),
             "dpc": N_("the most DIMMs in one channel")}


def _memory_speed(x: Explainer, cpus: list[CPU], dimms: list[DIMM]) -> list[Input]:
    """The DIMMs' rated speed and the CPU's supported speed at this many DIMMs per channel."""
    cpu = min(cpus, key=lambda c: c.memory_speed_1dpc_mts) if cpus else None
    dimm = min(dimms, key=lambda d: d.speed_mts) if dimms else None
    speed = [x.part_input(dimm, "speed_mts", unit="MT/s"), x.part_input(cpu, "memory_speed_1dpc_mts", unit="MT/s")]
    if x.ev.memory.dpc >= 2 and cpu is not None and cpu.memory_speed_2dpc_mts:
        speed.append(x.part_input(cpu, "memory_speed_2dpc_mts", unit="MT/s"))
    return speed


@handles(r"memory\.(capacity_gb|bandwidth_gbs|speed_mts|dimms|channels_populated|channels_total|dpc|ratio_to_vram)")
def _memory(x: Explainer, m: re.Match[str]) -> Explanation:
    mem, what = x.ev.memory, m.group(1)
    dimms = [pl.part for pl in in_slots(x.ctx, "dimm", "dimm") if isinstance(pl.part, DIMM)]
    cpus = [pl.part for pl in in_slots(x.ctx, "cpu", "cpu") if isinstance(pl.part, CPU)]
    kinds = {d.id: d for d in dimms}
    if what in ("capacity_gb", "dimms"):
        ins = _quantities(x, list(kinds), dimms)
        ins += [x.part_input(d, "capacity_gb", unit="GB") for d in kinds.values()] if what == "capacity_gb" else []
        ins = ins or [x.placed(x.t(N_("DIMMs placed")), 0)]
        if what == "capacity_gb":
            return x.made("GB", x.t(N_("Σ over DIMMs of {field}"), field=x.w.term("capacity_gb")), ins)
        return x.made("", x.t(N_("DIMMs placed")), ins)
    if what in _CHANNELS:
        return x.made("", x.t(_CHANNELS[what]),
                      [x.part_input(x.ctx.chassis, "memory", value=x.ctx.chassis.memory if x.ctx.chassis else "—")])
    if what == "speed_mts":
        return x.made("MT/s", x.t(N_("effective speed = min(DIMM speed, CPU's supported speed at this DIMMs per "
                                     "channel)")), _memory_speed(x, cpus, dimms))
    if what == "bandwidth_gbs":
        return x.made("GB/s", x.t(N_("bandwidth = populated channels × MT/s × {bytes} B / 1000 (a 64-bit DDR channel "
                                     "moves 8 bytes per transfer, JEDEC JESD79-5)"), bytes=cm.BYTES_PER_TRANSFER),
                      [x.figure_input("memory.channels_populated", mem.channels_populated),
                       x.figure_input("memory.speed_mts", mem.speed_mts, "MT/s")])
    return x.made("", x.t(N_("host memory / total GPU memory")),
                  [x.figure_input("memory.capacity_gb", mem.capacity_gb, "GB"),
                   x.figure_input("gpu.vram_gb", x.ev.compute.vram_gb, "GB")])


_STAGE = {
    "storage": N_("Σ NVMe data drives' sequential read (each capped by its bay's PCIe link) / GPUs"),
    "host-memory": N_("memory.bandwidth_gbs / GPUs"),
    "pcie": N_("the narrowest GPU host link: min(GPU, slot) PCIe gen × lanes, or a switch uplink's bandwidth "
               "divided by the GPUs behind it (PCI-SIG: Gen3 15.75, Gen4 31.5, Gen5 63, Gen6 121 GB/s per x16 "
               "per direction)"),
    "hbm": N_("the slowest GPU's memory bandwidth"),
    "gpu-gpu": N_("the worst GPU's peer bandwidth per direction: baseboard fabric (capped by the GPU's own links) / "
                  "2, an NVLink bridge / 2, else PCIe peer-to-peer"),
    "network": N_("Σ compute-fabric NIC ports × speed / 8 / GPUs (storage/management NICs on CPU root ports and "
                  "DPUs excluded when GPU-paired NICs exist)"),
}


@handles(r"(bandwidth_chain|bottlenecks)\.(\d+)\.gbs")
def _link(x: Explainer, m: re.Match[str]) -> Explanation:
    bw = x.ev.bandwidth
    if m.group(1) == "bottlenecks":
        link = next(ln for ln in bw.chain if ln.stage == bw.bottleneck)
    else:
        link = bw.chain[int(m.group(2))]
    ins = [Input(x.t(N_("link")), x.w.translate(link.name), x.t(N_("the build's parts and slots"))),
           Input(x.t(N_("detail")), x.w.translate(link.detail), x.t(N_("evaluation")))]
    if link.stage == "pcie":
        ins.append(Input(x.t(N_("measured share")), x.w.num(bwm.PCIE_MEASURED_SHARE, ".0%"),
                         x.t(N_("nvbandwidth on 8×H200, {url}"), url="https://github.com/stas00/ml-engineering")))
    elif link.stage == "network":
        ins += [x.part_input(pl.part, "port_speed_gbps", unit="Gb/s") for pl in bwm.fabric_nics(x.ctx)[:1]]
    elif link.stage in ("hbm", "gpu-gpu"):
        gpu = next((pl.part for pl in gpus_placed(x.ctx)), None)
        ins.append(x.part_input(gpu, "memory_bandwidth_gbs" if link.stage == "hbm" else "scaleup_gbs", unit="GB/s"))
    how = x.t(_STAGE[link.stage]) if link.stage in _STAGE else x.w.translate(link.name)
    return x.made("GB/s", x.t(N_("{stage}: {how} (theoretical peak, per GPU per direction)"),
                              stage=x.w.term(link.stage), how=how), ins)


_COST = {
    "subtotal_hardware": N_("Σ priced hardware and companion lines' extended"),
    "subtotal_services": N_("Σ services lines' extended (support = hardware × support % per year × years)"),
    "subtotal": N_("subtotal_hardware + subtotal_services"),
    "discount_pct": N_("the build's discount"),
    "discount": N_("subtotal × discount_pct, rounded once to the currency's minor unit"),
    "tax_pct": N_("the build's tax rate"),
    "tax": N_("(subtotal − discount [+ shipping when taxed]) × tax_pct; the contained tax when prices include it"),
    "shipping": N_("the build's shipping amount, converted to the quote currency"),
    "total": N_("subtotal − discount + tax (unless prices include it) + shipping"),
}
_COST_FROM = {"subtotal": ("subtotal_hardware", "subtotal_services"), "discount": ("subtotal", "discount_pct"),
              "tax": ("subtotal", "discount", "shipping", "tax_pct"), "total": ("subtotal", "discount", "tax", "shipping")}


def _fx_notes(x: Explainer) -> tuple[str, ...]:
    note = x.ev.cost.fx_note
    return (x.w.translate(note),) if note else ()


def _money(x: Explainer, amount: Any) -> str:
    """An amount as `evaluate --json` prints it (Decimal text) with the quote currency."""
    return f"{x.w.show(amount)} {x.ev.cost.currency}"


def _subtotal_inputs(x: Explainer, what: str) -> list[Input]:
    c = x.ev.cost
    kinds = ("service",) if what == "subtotal_services" else ("hardware", "companion")
    ins = [Input(ln.part_id or ln.name, _money(x, ln.extended), x.t(N_("figure cost.lines.{n}.extended"), n=i))
           for i, ln in enumerate(c.lines) if ln.extended is not None and ln.kind in kinds]
    return ins or [Input(x.t(N_("priced lines")), x.t(N_("none")), x.t(N_("the build has no priced line of this kind")))]


@handles(r"cost\.(subtotal_hardware|subtotal_services|subtotal|discount_pct|discount|tax_pct|tax|shipping|total)")
def _cost(x: Explainer, m: re.Match[str]) -> Explanation:
    c, what = x.ev.cost, m.group(1)
    if what in _COST_FROM:
        ins = [x.figure_input(f"cost.{k}", getattr(c, k), "%" if k.endswith("pct") else c.currency)
               for k in _COST_FROM[what]]
        if what in ("tax", "total"):
            ins.append(x.build_input("commercial.prices_include_tax", c.tax_included))
    elif what.startswith("subtotal_"):
        ins = _subtotal_inputs(x, what)
    else:
        ins = [x.build_input(f"commercial.{what}", getattr(c, what))]
    return x.made(c.currency if "pct" not in what else "%", x.t(_COST[what]), ins, notes=_fx_notes(x))


_LINE = {"qty": N_("units on this line"), "unit_price": N_("price list entry, converted to the quote currency"),
         "extended": N_("unit_price × qty, rounded once")}


@handles(r"cost\.lines\.(\d+)\.(qty|unit_price|extended)")
def _cost_line(x: Explainer, m: re.Match[str]) -> Explanation:
    c = x.ev.cost
    ln = c.lines[int(m.group(1))]
    price = Input(x.t(N_("unit price")), _money(x, ln.unit_price),
                  x.w.quoted(N_("price list: {text}"), ln.price_source) if ln.price_source else x.t(N_("price list")),
                  estimate="estimate" in (ln.price_source or ""))
    qty = x.placed(x.t(N_("quantity")), ln.qty, N_("build placements / companion rules"))
    return x.made(c.currency if m.group(2) != "qty" else "", x.t(_LINE[m.group(2)]), [qty, price], notes=_fx_notes(x))


_TCO = {
    "years": N_("the build's TCO period"),
    "capex": N_("cost.subtotal_hardware (read from the priced BOM, never recomputed)"),
    "energy_kwh_per_year": N_("(wall typical × utilisation + wall idle × (1 − utilisation)) × PUE × {hours} h / 1000"),
    "energy_cost_per_year": N_("energy_kwh_per_year × electricity price"),
    "support_per_year": N_("the support line's yearly price from the BOM"),
    "total": N_("capex + years × (energy_cost_per_year + support_per_year)"),
    "dense_pflops": N_("gpu.bf16_tflops / 1000 (dense BF16)"),
    "cost_per_pflops": N_("tco.total / dense_pflops"),
    "rent_per_gpu_hour": N_("the build's rent figure, else the GPU's catalog rent_per_hour"),
    "rent_per_month": N_("rent_per_gpu_hour × GPUs × {hours} h"),
    "breakeven_month": N_("first month where cumulative owning cost ≤ cumulative rent"),
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
        gpu = next((pl.part for pl in gpus_placed(x.ctx)), None)
        return [x.build_input("commercial.rent_per_gpu_hour", com.rent_per_gpu_hour),
                x.part_input(gpu, "rent_per_hour", unit="USD/h")]
    return [x.figure_input(f"tco.{what}", getattr(t, what))]


@handles(r"tco\.(" + "|".join(_TCO) + ")")
def _tco(x: Explainer, m: re.Match[str]) -> Explanation:
    what = m.group(1)
    hours = HOURS_PER_YEAR if what == "energy_kwh_per_year" else HOURS_PER_MONTH
    return x.made(_TCO_UNIT.get(what, x.ev.tco.currency), x.t(_TCO[what], hours=hours), _tco_inputs(x, what))


_WL_DOC = "docs/workload-model.md"
_MEM = N_("per-GPU bytes at the step's peak moment ({phase}): weights, gradients and optimizer states by the "
          "ZeRO stage (ZeRO paper Table 1; 16 B/param for mixed precision with fused AdamW), plus saved "
          "activations of HF Llama (SDPA), KV cache, step temporaries and 64 MiB of kernel workspace")
_WORKLOAD = {
    r"per_gpu(?:_bytes)?\.total": N_("peak per GPU = Σ of the breakdown at the peak moment (estimate of "
                                     "torch.cuda.max_memory_allocated)"),
    r"per_gpu(?:_bytes)?\.\w+": _MEM,
    r"per_gpu\.phase": _MEM,
    r"model_states\.bytes_per_param": N_("bytes of weights + gradients + optimizer states per parameter of the recipe"),
    r"model_states\.\w+": N_("ZeRO model states per GPU: stage 0 (2+2+K)Ψ, 1 2Ψ+2Ψ+KΨ/N, 2 2Ψ+(2+K)Ψ/N, 3 (2+2+K)Ψ/N "
                             "(Rajbhandari et al., ZeRO, {url})"),
    r"capacity_bytes": N_("GPU memory_gb × 10^9 (the smallest GPU)"),
    r"reserve_bytes": N_("0.6 GB CUDA context + 5 % of the allocated bytes (allocator rounding, fragmentation)"),
    r"headroom_bytes": N_("capacity − peak per GPU − reserve"),
    r"max_batch": N_("largest micro-batch (training) or batch (inference) whose peak + reserve fits the GPU"),
    r"train_flops": N_("6·N·D: N active parameters, D training tokens (default 20·N, Chinchilla)"),
    r"train_days": N_("6ND / (GPUs × dense peak × MFU) / 86,400 s"),
    r"mfu": N_("model FLOPs utilisation: the workload's, else the default 0.40 (Megatron 41.5–56 %, PaLM 46.2 %)"),
    r"decode_tokens_per_s": N_("min(memory bound: batch × GPUs × 0.8 × bandwidth / (active weight + KV bytes), "
                               "compute bound: GPUs × peak × MFU / (2·N + 4·L·a·d·c) FLOPs per token); 0.8: the "
                               "share of peak bandwidth serving engines reach"),
    r"prefill_tokens_per_s": N_("min(memory bound: one weight read per step of max-tokens-per-step tokens, "
                                "compute bound: GPUs × peak × MFU / prefill FLOPs per token)"),
    r"serving_tokens_per_s": N_("batch·new / (batch·context / prefill rate + batch·new / decode rate): output "
                                "tokens/s"),
}
_ZERO_URL = "https://arxiv.org/abs/1910.02054"
_BYTES = ("bytes", "weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "total")


def _workload_unit(what: str) -> str:
    if what.endswith(_BYTES):
        return "B"
    if what.endswith("_per_s"):
        return "tokens/s"
    return {"train_days": "days", "train_flops": "FLOPs"}.get(what, "")


@handles(r"workload\.(.+)")
def _workload(x: Explainer, m: re.Match[str]) -> Explanation:
    wl, what = x.ev.workload, m.group(1)
    formula = next((text for pat, text in _WORKLOAD.items() if re.fullmatch(pat, what)),
                   N_("a figure of the workload model (docs/workload-model.md)"))
    phase = getattr(getattr(wl, "per_gpu", None), "phase", "")
    formula = x.t(formula, phase=x.w.translate(phase) if phase else phase, url=_ZERO_URL)
    ins = _workload_inputs(x, x.ctx.build.workload)
    gpu = next((pl.part for pl in gpus_placed(x.ctx)), None)
    fld = "bf16_tflops" if what.startswith(("train", "prefill", "decode", "serving")) else "memory_gb"
    ins.append(x.part_input(gpu, fld, unit="TFLOPS" if fld == "bf16_tflops" else "GB"))
    if what.startswith(("decode", "prefill", "serving")):
        ins.append(x.part_input(gpu, "memory_bandwidth_gbs", unit="GB/s"))
    ins.append(Input(x.t(N_("conventions")), _WL_DOC, x.t(N_("{doc} (each convention with its source)"), doc=_WL_DOC),
                     estimate=True))
    notes = tuple(x.w.translate(n) for n in tuple(getattr(wl, "notes", ()) or ())[:6])
    return x.made(_workload_unit(what), f"{what}: {formula}", ins, notes=notes)


def _workload_inputs(x: Explainer, spec: Any) -> list[Input]:
    """The workload's inputs (model shape, the job of its mode), flattened to name = value."""
    if spec is None:
        return [Input(x.t(N_("workload")), x.t(N_("none")), x.t(N_("the build has no workload")))]
    data = spec if isinstance(spec, dict) else spec.model_dump(mode="json")
    job = data.get(data.get("mode", "train"), {}) or {}
    flat = {f"model.{k}": v for k, v in (data.get("model") or {}).items() if v is not None}
    flat.update({f"{data.get('mode')}.{k}": v for k, v in job.items() if v is not None})
    flat.update({k: data[k] for k in ("mode", "mfu", "preset") if data.get(k) is not None})
    source = x.t(N_("workload input (build or --workload file)"))
    return [Input(f"workload.{k}", x.w.show(v) if isinstance(v, bool) else str(v), source)
            for k, v in flat.items() if not isinstance(v, dict | list)]
