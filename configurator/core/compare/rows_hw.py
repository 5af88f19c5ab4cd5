"""Comparison rows of the hardware and its physics: summary, power, PSUs, heat and space, compute."""

from __future__ import annotations

from ..evaluate.result import Evaluation
from ..message import Msg
from ..text import N_
from .comparison import Column, Explanation, Value
from .row_spec import RowSpec, explained, number, text


def _ev(col: Column) -> Evaluation:
    return col.evaluation


def _gpu_summary(col: Column) -> Value:
    c = col.evaluation.compute
    return f"{c.gpu_count} × {c.gpu_model}" if c.gpu_count else Msg("compare.no-gpu")


def _cpu_summary(col: Column) -> Value:
    c = col.evaluation.compute
    return f"{c.cpu_count} × {c.cpu_model}" if c.cpu_count else Msg("compare.no-cpu")


def _catalog_source(col: Column, part_id: str, field: str) -> tuple[str, ...]:
    part = col.catalog.get(part_id) if part_id else None
    src = part.source_for(field) if part is not None else None
    return (f"{part.name}: {src.url} ({src.date}, {src.confidence})",) if part is not None and src else ()


def _power_lines(col: Column, attr: str, level: str) -> Explanation:
    """Σ quantity × per-part power of one level (`level`: idle, typical, maximum)."""
    p = col.evaluation.power
    return explained(Msg("compare.power-lines", level=Msg(f"compare.level-{level}")),
                     *((f"{ln.qty} × {ln.name}", getattr(ln, attr), "W") for ln in p.lines))


def _wall(col: Column, attr: str) -> Explanation:
    p = col.evaluation.power
    return explained(N_("DC power ÷ PSU efficiency"), (N_("DC power"), getattr(p, attr), "W"),
                     (N_("PSU efficiency"), p.efficiency_pct, "%"),
                     sources=(N_("PSU efficiency assumed (no PSU placed)"),) if p.efficiency_assumed else ())


def _psu_plan(col: Column) -> Value:
    s = col.evaluation.psu
    if not s.count:
        return Msg("compare.no-psu")
    return f"{s.count} × {s.rating_w:g} W {s.redundancy}"


def _feed_loss(col: Column) -> Value:
    loss = col.evaluation.psu.feed_loss_pct
    return max(loss.values()) if loss else None


def _feed_verdict(col: Column) -> Value:
    worst = _feed_loss(col)
    if worst is None:
        return Msg("compare.no-redundant-feeds")
    return Msg("compare.survives-feed-loss" if isinstance(worst, float) and worst <= 100.0
               else "compare.overloads-feed-loss")


def _psu_explain(col: Column) -> Explanation:
    s = col.evaluation.psu
    return explained(N_("active PSUs × rating at the site voltage; peak ÷ usable capacity"),
                     (N_("active PSUs"), s.active, ""), (N_("rating"), s.rating_w, "W"),
                     (N_("usable"), s.usable_w, "W"), (N_("peak"), col.evaluation.power.peak_w, "W"),
                     sources=_catalog_source(col, s.model, "rating_w"))


def _feed_explain(col: Column) -> Explanation:
    s = col.evaluation.psu
    return explained(N_("peak power ÷ capacity left on the other feed(s) when one feed fails"),
                     *((Msg("compare.feed-fails", feed=k), v, "%") for k, v in sorted(s.feed_loss_pct.items())),
                     *((Msg("compare.psus-on-feed", feed=k), v, "") for k, v in sorted(s.feeds.items())))


def _gpu_figure(col: Column, per_gpu: float, total: float, field: str, unit: str) -> Explanation:
    c = col.evaluation.compute
    return explained(N_("GPUs × per-GPU figure (dense, slowest GPU)"), (N_("GPUs"), c.gpu_count, ""),
                     (N_("per GPU"), per_gpu, unit), (N_("total"), total, unit),
                     sources=_catalog_source(col, c.gpu_id, field))


def _bottleneck(col: Column) -> Value:
    return col.evaluation.bandwidth.bottleneck_name


HARDWARE: tuple[RowSpec, ...] = (
    text("hardware.chassis", "hardware", N_("Chassis"), lambda c: _ev(c).chassis_name or None),
    text("hardware.gpus", "hardware", N_("GPUs"), _gpu_summary),
    number("hardware.gpu_count", "hardware", N_("GPU count"), "", None, lambda c: _ev(c).compute.gpu_count),
    text("hardware.cpus", "hardware", N_("CPUs"), _cpu_summary),
    number("hardware.cpu_cores", "hardware", N_("CPU cores"), "", "higher", lambda c: _ev(c).compute.cpu_cores),
    number("hardware.host_memory_gb", "hardware", N_("Host memory"), "GB", "higher",
           lambda c: _ev(c).memory.capacity_gb),
)

POWER: tuple[RowSpec, ...] = (
    number("power.idle_w", "power", N_("Idle power"), "W", "lower", lambda c: _ev(c).power.idle_w,
           lambda c: _power_lines(c, "idle_w", "idle")),
    number("power.typical_w", "power", N_("Typical power"), "W", "lower", lambda c: _ev(c).power.typical_w,
           lambda c: _power_lines(c, "typical_w", "typical")),
    number("power.max_w", "power", N_("Maximum power"), "W", "lower", lambda c: _ev(c).power.max_w,
           lambda c: _power_lines(c, "max_w", "maximum")),
    number("power.peak_w", "power", N_("Peak power (GPU transients)"), "W", "lower", lambda c: _ev(c).power.peak_w),
    number("power.wall_idle_w", "power", N_("Idle at the wall"), "W", "lower", lambda c: _ev(c).power.wall_idle_w,
           lambda c: _wall(c, "idle_w")),
    number("power.wall_typical_w", "power", N_("Typical at the wall"), "W", "lower",
           lambda c: _ev(c).power.wall_typical_w, lambda c: _wall(c, "typical_w")),
    number("power.wall_max_w", "power", N_("Maximum at the wall"), "W", "lower", lambda c: _ev(c).power.wall_max_w,
           lambda c: _wall(c, "max_w")),
)

PSU: tuple[RowSpec, ...] = (
    text("psu.plan", "psu", N_("PSU plan"), _psu_plan, _psu_explain),
    number("psu.usable_w", "psu", N_("Usable PSU capacity"), "W", "higher", lambda c: _ev(c).psu.usable_w,
           _psu_explain),
    number("psu.headroom_w", "psu", N_("PSU headroom at peak"), "W", "higher", lambda c: _ev(c).psu.headroom_w,
           _psu_explain),
    number("psu.load_pct_max", "psu", N_("PSU load at peak"), "%", "lower", lambda c: _ev(c).psu.load_pct_max,
           _psu_explain),
    number("psu.feed_loss_pct", "psu", N_("Load after losing a feed"), "%", "lower", _feed_loss, _feed_explain),
    text("psu.feed_loss", "psu", N_("Feed-loss verdict"), _feed_verdict, _feed_explain),
)

PHYSICAL: tuple[RowSpec, ...] = (
    number("physical.heat_max_w", "physical", N_("Heat at maximum"), "W", "lower",
           lambda c: _ev(c).thermal.heat_max_w),
    number("physical.heat_btu_hr", "physical", N_("Heat at maximum"), "BTU/h", "lower",
           lambda c: _ev(c).thermal.heat_btu_hr,
           lambda c: explained(N_("3.412 × heat in W"), (N_("heat"), _ev(c).thermal.heat_max_w, "W"))),
    number("physical.airflow_cfm", "physical", N_("Airflow needed"), "CFM", "lower",
           lambda c: _ev(c).thermal.airflow_cfm,
           lambda c: explained(N_("heat to air at the assumed inlet-to-exhaust rise"),
                               (N_("heat to air"), _ev(c).thermal.heat_to_air_w, "W"),
                               (N_("temperature rise"), _ev(c).thermal.delta_t_c, "°C"))),
    number("physical.rack_units", "physical", N_("Rack units"), "U", "lower", lambda c: _ev(c).rack_units),
    number("physical.weight_kg", "physical", N_("Weight"), "kg", "lower", lambda c: _ev(c).weight_kg),
)

COMPUTE: tuple[RowSpec, ...] = (
    number("compute.vram_gb", "compute", N_("GPU memory"), "GB", "higher", lambda c: _ev(c).compute.vram_gb,
           lambda c: _gpu_figure(c, _ev(c).compute.vram_gb_per_gpu, _ev(c).compute.vram_gb, "memory_gb", "GB")),
    number("compute.vram_gb_per_gpu", "compute", N_("GPU memory per GPU"), "GB", "higher",
           lambda c: _ev(c).compute.vram_gb_per_gpu),
    number("compute.bf16_tflops", "compute", N_("Dense BF16 compute"), "TFLOPS", "higher",
           lambda c: _ev(c).compute.bf16_tflops,
           lambda c: _gpu_figure(c, _ev(c).compute.bf16_tflops_per_gpu, _ev(c).compute.bf16_tflops,
                                 "bf16_tflops", "TFLOPS")),
    number("compute.fp8_tflops", "compute", N_("Dense FP8 compute"), "TFLOPS", "higher",
           lambda c: _ev(c).compute.fp8_tflops or None,
           lambda c: _gpu_figure(c, _ev(c).compute.fp8_tflops_per_gpu, _ev(c).compute.fp8_tflops,
                                 "fp8_tflops", "TFLOPS")),
    number("compute.hbm_bandwidth_gbs", "compute", N_("GPU memory bandwidth"), "GB/s", "higher",
           lambda c: _ev(c).compute.hbm_bandwidth_gbs,
           lambda c: _gpu_figure(c, _ev(c).compute.hbm_bandwidth_gbs_per_gpu, _ev(c).compute.hbm_bandwidth_gbs,
                                 "memory_bandwidth_gbs", "GB/s")),
    number("compute.host_bandwidth_gbs", "compute", N_("Host memory bandwidth"), "GB/s", "higher",
           lambda c: _ev(c).memory.bandwidth_gbs,
           lambda c: explained(N_("populated channels × MT/s × 8 B"),
                               (N_("channels"), _ev(c).memory.channels_populated, ""),
                               (N_("speed"), _ev(c).memory.speed_mts, "MT/s"))),
    text("compute.bottleneck", "compute", N_("Bottleneck"), _bottleneck,
         lambda c: Explanation(_ev(c).bandwidth.explanation)),
    number("compute.bottleneck_gbs", "compute", N_("Bottleneck bandwidth per GPU"), "GB/s", "higher",
           lambda c: _ev(c).bandwidth.bottleneck_gbs or None),
)
