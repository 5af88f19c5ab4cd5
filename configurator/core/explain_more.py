"""Explanations of the chassis, compute, host-memory, bandwidth, money and workload figures
(registered into `core.explain`)."""

from __future__ import annotations

import re
from typing import Any

from .catalog import CPU, DIMM, GPU
from .evaluate import bandwidth as bwm
from .evaluate import compute as cm
from .evaluate._fast import gpus_placed, in_slots
from .evaluate.cost import HOURS_PER_MONTH, HOURS_PER_YEAR
from .explain import Explainer, Explanation, Input, handles


@handles(r"chassis\.(rack_units|weight_kg)")
def _chassis(x: Explainer, m: re.Match[str]) -> Explanation:
    unit = "U" if m.group(1) == "rack_units" else "kg"
    return x.made(unit, f"the chassis' {m.group(1)}", [x.part_input(x.ctx.chassis, m.group(1), unit=unit)])


_GPU_FIELD = {"vram_gb": "memory_gb", "vram_gb_per_gpu": "memory_gb", "hbm_bandwidth_gbs": "memory_bandwidth_gbs",
              "bf16_tflops": "bf16_tflops", "fp16_tflops": "fp16_tflops", "fp8_tflops": "fp8_tflops"}


@handles(r"gpu\.(count|vram_gb|vram_gb_per_gpu|hbm_bandwidth_gbs|bf16_tflops|fp16_tflops|fp8_tflops)")
def _gpu(x: Explainer, m: re.Match[str]) -> Explanation:
    gpus = [pl.part for pl in gpus_placed(x.ctx) if isinstance(pl.part, GPU)]
    what = m.group(1)
    if what == "count":
        return x.made("", "GPUs placed (baseboard positions and PCIe slots)", [Input("placements", str(len(gpus)),
                                                                                   "build")])
    fld = _GPU_FIELD[what]
    unit = {"memory_gb": "GB", "memory_bandwidth_gbs": "GB/s"}.get(fld, "TFLOPS")
    ids = sorted({g.id for g in gpus})
    ins = [Input(f"quantity of {i}", str(sum(g.id == i for g in gpus)), "build placements") for i in ids]
    ins += [x.part_input(next(g for g in gpus if g.id == i), fld, unit=unit) for i in ids]
    ins = ins or [Input("GPUs placed", "0", "build placements")]
    if what == "vram_gb_per_gpu":
        return x.made(unit, "memory of the smallest GPU placed", ins)
    dense = " (dense, no 2:4 sparsity; the vendor's peak at boost clock)" if unit == "TFLOPS" else ""
    return x.made(unit, f"Σ over GPUs of {fld}{dense}", ins)


@handles(r"cpu\.(count|cores)")
def _cpu(x: Explainer, m: re.Match[str]) -> Explanation:
    cpus = [pl.part for pl in in_slots(x.ctx, "cpu", "cpu") if isinstance(pl.part, CPU)]
    if m.group(1) == "count":
        return x.made("", "CPUs placed in the sockets", [Input("placements", str(len(cpus)), "build")])
    return x.made("", "Σ over CPUs of cores", [x.part_input(c, "cores") for c in cpus]
                  or [Input("CPUs placed", "0", "build placements")])


@handles(r"memory\.(capacity_gb|bandwidth_gbs|speed_mts|dimms|channels_populated|channels_total|dpc|ratio_to_vram)")
def _memory(x: Explainer, m: re.Match[str]) -> Explanation:
    mem, what = x.ev.memory, m.group(1)
    dimms = [pl.part for pl in in_slots(x.ctx, "dimm", "dimm") if isinstance(pl.part, DIMM)]
    cpus = [pl.part for pl in in_slots(x.ctx, "cpu", "cpu") if isinstance(pl.part, CPU)]
    kinds = {d.id: d for d in dimms}
    if what in ("capacity_gb", "dimms"):
        ins = [Input(f"quantity of {i}", str(sum(d.id == i for d in dimms)), "build placements") for i in kinds]
        ins += [x.part_input(d, "capacity_gb", unit="GB") for d in kinds.values()] if what == "capacity_gb" else []
        ins = ins or [Input("DIMMs placed", "0", "build placements")]
        return x.made("GB" if what == "capacity_gb" else "", "Σ over DIMMs of capacity_gb" if what == "capacity_gb"
                      else "DIMMs placed", ins)
    if what in ("channels_populated", "channels_total", "dpc"):
        return x.made("", {"channels_populated": "memory channels holding at least one DIMM",
                           "channels_total": "chassis channels per socket × populated sockets",
                           "dpc": "the most DIMMs in one channel"}[what],
                      [x.part_input(x.ctx.chassis, "memory", value=x.ctx.chassis.memory if x.ctx.chassis else "—")])
    cpu = min(cpus, key=lambda c: c.memory_speed_1dpc_mts) if cpus else None
    dimm = min(dimms, key=lambda d: d.speed_mts) if dimms else None
    speed = [x.part_input(dimm, "speed_mts", unit="MT/s"), x.part_input(cpu, "memory_speed_1dpc_mts", unit="MT/s")]
    if mem.dpc >= 2 and cpu is not None and cpu.memory_speed_2dpc_mts:
        speed.append(x.part_input(cpu, "memory_speed_2dpc_mts", unit="MT/s"))
    if what == "speed_mts":
        return x.made("MT/s", "effective speed = min(DIMM speed, CPU's supported speed at this DIMMs per channel)",
                      speed)
    if what == "bandwidth_gbs":
        return x.made("GB/s", f"bandwidth = populated channels × MT/s × {cm.BYTES_PER_TRANSFER} B / 1000 "
                      "(a 64-bit DDR channel moves 8 bytes per transfer, JEDEC JESD79-5)",
                      [x.figure_input("memory.channels_populated", mem.channels_populated),
                       x.figure_input("memory.speed_mts", mem.speed_mts, "MT/s")])
    return x.made("", "host memory / total GPU memory", [x.figure_input("memory.capacity_gb", mem.capacity_gb, "GB"),
                                                         x.figure_input("gpu.vram_gb", x.ev.compute.vram_gb, "GB")])


_STAGE = {
    "storage": "Σ NVMe data drives' sequential read (each capped by its bay's PCIe link) / GPUs",
    "host-memory": "memory.bandwidth_gbs / GPUs",
    "pcie": "the narrowest GPU host link: min(GPU, slot) PCIe gen × lanes, or a switch uplink's bandwidth "
            "divided by the GPUs behind it (PCI-SIG: Gen3 15.75, Gen4 31.5, Gen5 63, Gen6 121 GB/s per x16 "
            "per direction)",
    "hbm": "the slowest GPU's memory bandwidth",
    "gpu-gpu": "the worst GPU's peer bandwidth per direction: baseboard fabric (capped by the GPU's own links) / 2, "
               "an NVLink bridge / 2, else PCIe peer-to-peer",
    "network": "Σ compute-fabric NIC ports × speed / 8 / GPUs (storage/management NICs on CPU root ports and "
               "DPUs excluded when GPU-paired NICs exist)",
}


@handles(r"(bandwidth_chain|bottlenecks)\.(\d+)\.gbs")
def _link(x: Explainer, m: re.Match[str]) -> Explanation:
    bw = x.ev.bandwidth
    if m.group(1) == "bottlenecks":
        link = next(ln for ln in bw.chain if ln.stage == bw.bottleneck)
    else:
        link = bw.chain[int(m.group(2))]
    ins = [Input("link", link.name, "the build's parts and slots"), Input("detail", link.detail, "evaluation")]
    if link.stage == "pcie":
        ins.append(Input("measured share", f"{bwm.PCIE_MEASURED_SHARE:.0%}",
                         "nvbandwidth on 8×H200, https://github.com/stas00/ml-engineering"))
    elif link.stage == "network":
        ins += [x.part_input(pl.part, "port_speed_gbps", unit="Gb/s") for pl in bwm.fabric_nics(x.ctx)[:1]]
    elif link.stage in ("hbm", "gpu-gpu"):
        gpu = next((pl.part for pl in gpus_placed(x.ctx)), None)
        ins.append(x.part_input(gpu, "memory_bandwidth_gbs" if link.stage == "hbm" else "scaleup_gbs", unit="GB/s"))
    return x.made("GB/s", f"{link.stage}: {_STAGE.get(link.stage, link.name)} (theoretical peak, per GPU per "
                  "direction)", ins)


_COST = {
    "subtotal_hardware": "Σ priced hardware and companion lines' extended",
    "subtotal_services": "Σ services lines' extended (support = hardware × support % per year × years)",
    "subtotal": "subtotal_hardware + subtotal_services",
    "discount_pct": "the build's discount",
    "discount": "subtotal × discount_pct, rounded once to the currency's minor unit",
    "tax_pct": "the build's tax rate",
    "tax": "(subtotal − discount [+ shipping when taxed]) × tax_pct; the contained tax when prices include it",
    "shipping": "the build's shipping amount, converted to the quote currency",
    "total": "subtotal − discount + tax (unless prices include it) + shipping",
}


_COST_FROM = {"subtotal": ("subtotal_hardware", "subtotal_services"), "discount": ("subtotal", "discount_pct"),
              "tax": ("subtotal", "discount", "shipping", "tax_pct"), "total": ("subtotal", "discount", "tax", "shipping")}


@handles(r"cost\.(subtotal_hardware|subtotal_services|subtotal|discount_pct|discount|tax_pct|tax|shipping|total)")
def _cost(x: Explainer, m: re.Match[str]) -> Explanation:
    c, what = x.ev.cost, m.group(1)
    if what in _COST_FROM:
        ins = [x.figure_input(f"cost.{k}", getattr(c, k), "%" if k.endswith("pct") else c.currency)
               for k in _COST_FROM[what]]
        if what in ("tax", "total"):
            ins.append(x.build_input("commercial.prices_include_tax", c.tax_included))
    elif what.startswith("subtotal_"):
        kinds = ("service",) if what == "subtotal_services" else ("hardware", "companion")
        ins = [Input(ln.part_id or ln.name, f"{ln.extended} {c.currency}", f"figure cost.lines.{i}.extended")
               for i, ln in enumerate(c.lines) if ln.extended is not None and ln.kind in kinds]
        ins = ins or [Input("priced lines", "none", "the build has no priced line of this kind")]
    else:
        ins = [x.build_input(f"commercial.{what}", getattr(c, what))]
    return x.made(c.currency if "pct" not in what else "%", _COST[what], ins,
                  notes=(c.fx_note,) if c.fx_note else ())


@handles(r"cost\.lines\.(\d+)\.(qty|unit_price|extended)")
def _cost_line(x: Explainer, m: re.Match[str]) -> Explanation:
    c = x.ev.cost
    ln = c.lines[int(m.group(1))]
    price = Input("unit price", f"{ln.unit_price} {c.currency}", ln.price_source or "price list",
                  estimate="estimate" in (ln.price_source or ""))
    qty = Input("quantity", str(ln.qty), "build placements / companion rules")
    formula = {"qty": "units on this line", "unit_price": "price list entry, converted to the quote currency",
               "extended": "unit_price × qty, rounded once"}[m.group(2)]
    return x.made(c.currency if m.group(2) != "qty" else "", formula, [qty, price], notes=(c.fx_note,) if c.fx_note else ())


_TCO = {
    "years": "the build's TCO period",
    "capex": "cost.subtotal_hardware (read from the priced BOM, never recomputed)",
    "energy_kwh_per_year": f"(wall typical × utilisation + wall idle × (1 − utilisation)) × PUE × {HOURS_PER_YEAR} h / 1000",
    "energy_cost_per_year": "energy_kwh_per_year × electricity price",
    "support_per_year": "the support line's yearly price from the BOM",
    "total": "capex + years × (energy_cost_per_year + support_per_year)",
    "dense_pflops": "gpu.bf16_tflops / 1000 (dense BF16)",
    "cost_per_pflops": "tco.total / dense_pflops",
    "rent_per_gpu_hour": "the build's rent figure, else the GPU's catalog rent_per_hour",
    "rent_per_month": f"rent_per_gpu_hour × GPUs × {HOURS_PER_MONTH} h",
    "breakeven_month": "first month where cumulative owning cost ≤ cumulative rent",
}


@handles(r"tco\.(" + "|".join(_TCO) + ")")
def _tco(x: Explainer, m: re.Match[str]) -> Explanation:
    t, p, site = x.ev.tco, x.ev.power, x.ctx.build.site
    com = x.ctx.build.commercial
    ins: list[Input] = []
    if m.group(1) == "energy_kwh_per_year":
        ins = [x.figure_input("wall_power_w.typical", round(p.wall_typical_w, 1), "W"),
               x.figure_input("wall_power_w.idle", round(p.wall_idle_w, 1), "W"),
               x.build_input("commercial.utilization_pct", com.utilization_pct, "%"), x.build_input("site.pue", site.pue)]
    elif m.group(1) == "energy_cost_per_year":
        ins = [x.figure_input("tco.energy_kwh_per_year", round(t.energy_kwh_per_year), "kWh"),
               x.build_input("site.electricity_price_kwh", site.electricity_price_kwh)]
    elif m.group(1) in ("total", "cost_per_pflops"):
        ins = [x.figure_input(f"tco.{k}", getattr(t, k)) for k in ("capex", "energy_cost_per_year",
                                                                   "support_per_year", "years", "dense_pflops")]
    elif m.group(1) == "rent_per_gpu_hour":
        gpu = next((pl.part for pl in gpus_placed(x.ctx)), None)
        ins = [x.build_input("commercial.rent_per_gpu_hour", com.rent_per_gpu_hour),
               x.part_input(gpu, "rent_per_hour", unit="USD/h")]
    else:
        ins = [x.figure_input(f"tco.{m.group(1)}", getattr(t, m.group(1)))]
    unit = {"years": "years", "energy_kwh_per_year": "kWh", "dense_pflops": "PFLOPS", "breakeven_month": "month"}
    return x.made(unit.get(m.group(1), t.currency), _TCO[m.group(1)], ins)


_WL_DOC = "docs/workload-model.md"
_MEM = ("per-GPU bytes at the step's peak moment ({phase}): weights, gradients and optimizer states by the "
        "ZeRO stage (ZeRO paper Table 1; 16 B/param for mixed precision with fused AdamW), plus saved "
        "activations of HF Llama (SDPA), KV cache, step temporaries and 64 MiB of kernel workspace")
_WORKLOAD = {
    r"per_gpu(?:_bytes)?\.total": "peak per GPU = Σ of the breakdown at the peak moment (estimate of "
                                   "torch.cuda.max_memory_allocated)",
    r"per_gpu(?:_bytes)?\.\w+": _MEM,
    r"per_gpu\.phase": _MEM,
    r"model_states\.bytes_per_param": "bytes of weights + gradients + optimizer states per parameter of the recipe",
    r"model_states\.\w+": "ZeRO model states per GPU: stage 0 (2+2+K)Ψ, 1 2Ψ+2Ψ+KΨ/N, 2 2Ψ+(2+K)Ψ/N, 3 (2+2+K)Ψ/N "
                          "(Rajbhandari et al., ZeRO, https://arxiv.org/abs/1910.02054)",
    r"capacity_bytes": "GPU memory_gb × 10^9 (the smallest GPU)",
    r"reserve_bytes": "0.6 GB CUDA context + 5 % of the allocated bytes (allocator rounding, fragmentation)",
    r"headroom_bytes": "capacity − peak per GPU − reserve",
    r"max_batch": "largest micro-batch (training) or batch (inference) whose peak + reserve fits the GPU",
    r"train_flops": "6·N·D: N active parameters, D training tokens (default 20·N, Chinchilla)",
    r"train_days": "6ND / (GPUs × dense peak × MFU) / 86,400 s",
    r"mfu": "model FLOPs utilisation: the workload's, else the default 0.40 (Megatron 41.5–56 %, PaLM 46.2 %)",
    r"decode_tokens_per_s": "min(memory bound: batch × GPUs × bandwidth / (active weight + KV bytes), compute "
                            "bound: GPUs × peak × MFU / (2·N + 4·L·a·d·c) FLOPs per token)",
    r"prefill_tokens_per_s": "min(memory bound: one weight read per step of max-tokens-per-step tokens, "
                             "compute bound: GPUs × peak × MFU / prefill FLOPs per token)",
    r"serving_tokens_per_s": "batch·new / (batch·context / prefill rate + batch·new / decode rate): output tokens/s",
}


@handles(r"workload\.(.+)")
def _workload(x: Explainer, m: re.Match[str]) -> Explanation:
    wl, what = x.ev.workload, m.group(1)
    spec = x.ctx.build.workload
    formula = next((text for pat, text in _WORKLOAD.items() if re.fullmatch(pat, what)),
                   "a figure of the workload model (docs/workload-model.md)")
    formula = formula.format(phase=getattr(getattr(wl, "per_gpu", None), "phase", ""))
    ins = _workload_inputs(x, spec)
    gpu = next((pl.part for pl in gpus_placed(x.ctx)), None)
    fld = "bf16_tflops" if what.startswith(("train", "prefill", "decode", "serving")) else "memory_gb"
    ins.append(x.part_input(gpu, fld, unit="TFLOPS" if fld == "bf16_tflops" else "GB"))
    if what.startswith(("decode", "prefill", "serving")):
        ins.append(x.part_input(gpu, "memory_bandwidth_gbs", unit="GB/s"))
    ins.append(Input("conventions", _WL_DOC, f"{_WL_DOC} (each convention with its source)", estimate=True))
    unit = "B" if what.endswith(("bytes", "weights", "gradients", "optimizer", "activations", "kv_cache", "overhead",
                                  "total")) else ("tokens/s" if what.endswith("_per_s") else
                                                  {"train_days": "days", "train_flops": "FLOPs"}.get(what, ""))
    return x.made(unit, f"{what}: {formula}", ins, notes=tuple(getattr(wl, "notes", ()) or ())[:6])


def _workload_inputs(x: Explainer, spec: Any) -> list[Input]:
    """The workload's inputs (model shape, the job of its mode), flattened to name = value."""
    if spec is None:
        return [Input("workload", "none", "the build has no workload")]
    data = spec if isinstance(spec, dict) else spec.model_dump(mode="json")
    job = data.get(data.get("mode", "train"), {}) or {}
    flat = {f"model.{k}": v for k, v in (data.get("model") or {}).items() if v is not None}
    flat.update({f"{data.get('mode')}.{k}": v for k, v in job.items() if v is not None})
    flat.update({k: data[k] for k in ("mode", "mfu", "preset") if data.get(k) is not None})
    return [Input(f"workload.{k}", str(v), "workload input (build or --workload file)")
            for k, v in flat.items() if not isinstance(v, dict | list)]
