"""`evaluate(build, catalog)`: resolve once, compute every figure family, run the rules.

The rules (`configurator.core.rules.check`) receive the same `Figures` the evaluation uses,
so a number is computed once and the GUI, CLI and PDF can never disagree with a violation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..build import Build
from ..catalog import Catalog
from ..context import BuildContext, resolve
from .bandwidth import compute_bandwidth
from .compute import compute_compute, compute_memory
from .cost import FxTable, compute_cost, compute_tco, load_fx
from .power import compute_power, compute_psu
from ._fast import construct
from .result import (BandwidthResult, ComputeResult, Evaluation, HostMemoryResult, PowerResult,
                     PsuResult, ThermalResult)
from .thermal import compute_thermal

_WORKLOAD_MODULE = "configurator.core.evaluate.workload"
_RULES_MODULE = "configurator.core.rules"


@dataclass(frozen=True, slots=True)
class Figures:
    """The physical figures of a resolved build; what the rules check against."""

    power: PowerResult
    psu: PsuResult
    thermal: ThermalResult
    compute: ComputeResult
    memory: HostMemoryResult
    bandwidth: BandwidthResult


_LAST: tuple[BuildContext, Figures] | None = None


def compute_figures(ctx: BuildContext) -> Figures:
    """Figures of `ctx`; a second call with the same context returns the same object."""
    global _LAST
    last = _LAST
    if last is not None and last[0] is ctx:
        return last[1]
    power = compute_power(ctx)
    compute = compute_compute(ctx)
    memory = compute_memory(ctx, compute)
    figures = Figures(
        power=power,
        psu=compute_psu(ctx, power),
        thermal=compute_thermal(ctx, power),
        compute=compute,
        memory=memory,
        bandwidth=compute_bandwidth(ctx, compute, memory),
    )
    _LAST = (ctx, figures)
    return figures


def evaluate(build: Build, catalog: Catalog, workload: Any = None, *, fx: FxTable | None = None) -> Evaluation:
    """Everything the panels, CLI and PDF show about `build`; never raises for a bad build.

    `workload` (a `Workload` or its dict) overrides `build.workload`. `fx` overrides the
    exchange rates from catalogs/fx.toml.
    """
    ctx = resolve(build, catalog)
    fig = compute_figures(ctx)
    rates = fx if fx is not None else load_fx()
    cost = compute_cost(ctx, rates)
    tco = compute_tco(ctx, cost, fig.power, fig.compute, rates)
    ch = ctx.chassis
    return construct(
        Evaluation, chassis_id=build.chassis,
        chassis_name=ch.name if ch else "",
        rack_units=ch.rack_units if ch else 0,
        weight_kg=ch.weight_kg if ch else 0.0,
        power=fig.power, psu=fig.psu, thermal=fig.thermal, compute=fig.compute,
        memory=fig.memory, bandwidth=fig.bandwidth, cost=cost, tco=tco,
        workload=run_workload(workload if workload is not None else build.workload, fig.compute),
        violations=run_rules(build, catalog, ctx, fig),
        assumptions=assumptions(fig, cost.fx_note),
    )


def _optional_module(name: str) -> Any:
    """Import `name` if it exists yet; errors inside an existing module still raise."""
    import importlib

    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def run_rules(build: Build, catalog: Catalog, ctx: BuildContext, fig: Figures) -> tuple:
    """The rules' violations, or none while `configurator.core.rules.check` does not exist."""
    rules = _optional_module(_RULES_MODULE)
    check = getattr(rules, "check", None)
    if check is None:
        return ()
    return tuple(check(build, catalog, ctx=ctx, figures=fig))


def run_workload(spec: Any, compute: ComputeResult) -> Any:
    """`evaluate_workload` on the build's GPUs; None when absent, invalid or not written yet."""
    if spec is None:
        return None
    mod = _optional_module(_WORKLOAD_MODULE)
    model = getattr(mod, "Workload", None)
    fn = getattr(mod, "evaluate_workload", None)
    if model is None or fn is None:
        return None
    try:
        wl = spec if isinstance(spec, model) else model.model_validate(spec)
        return fn(wl, gpu_memory_gb=compute.vram_gb_per_gpu, n_gpus=compute.gpu_count,
                  gpu_bf16_tflops=compute.bf16_tflops_per_gpu, gpu_fp8_tflops=compute.fp8_tflops_per_gpu or None,
                  gpu_bandwidth_gbs=compute.hbm_bandwidth_gbs_per_gpu)
    except (ValueError, TypeError, ArithmeticError):  # pydantic's ValidationError is a ValueError
        return None


def assumptions(fig: Figures, fx_note: str) -> tuple[str, ...]:
    """Plain-words assumptions behind the figures, for the GUI's footnotes and the PDF."""
    out = []
    if fig.power.efficiency_assumed:  # type: ignore[attr-defined]
        out.append(f"No PSU placed: wall power assumes {fig.power.efficiency_pct:g} % PSU efficiency.")
    t = fig.thermal
    out.append(f"Airflow is for a {t.delta_t_f:g} °F ({t.delta_t_c:.1f} °C) "  # type: ignore[attr-defined]
               "inlet-to-exhaust temperature rise.")
    out.append("Typical power is sustained training; non-GPU typical shares are estimates (docs/engine.md).")
    out.append("Bandwidths are theoretical peaks per GPU per direction; PCIe reaches ~88 % in practice.")
    if fx_note:
        out.append(f"Prices converted with {fx_note}.")
    return tuple(out)
