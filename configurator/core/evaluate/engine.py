"""`evaluate(build, catalog)`: resolve once, compute every figure family, run the rules.

The rules (`configurator.core.rules.check`) receive the same `Figures` the evaluation uses,
so a number is computed once and the GUI, CLI and PDF can never disagree with a violation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import count
from operator import attrgetter
from typing import Any

from ..build import Build
from ..catalog import Catalog
from ..context import BuildContext, resolve
from ._fast import _CLEARABLE, Memo, construct
from .bandwidth import compute_bandwidth
from .compute import compute_compute, compute_memory
from .cost import FxTable, compute_cost, compute_tco, load_fx
from .power import compute_power, compute_psu
from .result import (
    BandwidthResult,
    ComputeResult,
    CostResult,
    Evaluation,
    HostMemoryResult,
    PowerResult,
    PsuResult,
    TcoResult,
    ThermalResult,
)
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
_FAMILIES = Memo(1024)
_PLACED = attrgetter("slot.id", "part.id")
_TOKENS: dict[tuple, int] = {}
_CLEARABLE.append(_TOKENS)
_NEXT_TOKEN = count()
_LAST_TOKEN: tuple[BuildContext, int] | None = None


def placement_key(ctx: BuildContext) -> int:
    """A token for the chassis and every resolved (slot, part): what all figures depend on
    besides the options. Equal placements get the same token; a token is never reused, so
    forgetting the table can only cause misses."""
    global _LAST_TOKEN
    last = _LAST_TOKEN
    if last is not None and last[0] is ctx:
        return last[1]
    key = (ctx.build.chassis, tuple(map(_PLACED, ctx.placed)))
    token = _TOKENS.get(key)
    if token is None:
        if len(_TOKENS) >= 4096:
            _TOKENS.clear()
        token = _TOKENS[key] = next(_NEXT_TOKEN)
    _LAST_TOKEN = (ctx, token)
    return token


def _family(name: str, key: tuple, sources: tuple, fn: Callable[[], Any]) -> Any:
    """`fn()` memoised on `key` (every input the family reads) and the identity of `sources`
    (the catalog, the FX table and the upstream results it was computed from)."""
    found = _FAMILIES.get((name, key), sources)
    return found if found is not None else _FAMILIES.put((name, key), sources, fn())


def compute_figures(ctx: BuildContext) -> Figures:
    """Figures of `ctx`; a second call with the same context returns the same object.

    Each family is memoised on exactly the build inputs it reads, so an edit of, say, the
    site's ambient temperature recomputes the thermal figures only.
    """
    global _LAST
    last = _LAST
    if last is not None and last[0] is ctx:
        return last[1]
    b, cat = ctx.build, ctx.catalog
    pk = placement_key(ctx)
    power = _family("power", pk, (cat,), lambda: compute_power(ctx))
    compute = _family("compute", pk, (cat,), lambda: compute_compute(ctx))
    memory = _family("memory", pk, (cat, compute), lambda: compute_memory(ctx, compute))
    psu_key = (pk, b.site.input_voltage_v, b.psu_redundancy, tuple(b.psu_feeds.items()))
    thermal_key = (pk, b.site.ambient_c, b.site.altitude_m)
    figures = Figures(
        power=power,
        psu=_family("psu", psu_key, (cat, power), lambda: compute_psu(ctx, power)),
        thermal=_family("thermal", thermal_key, (cat, power), lambda: compute_thermal(ctx, power)),
        compute=compute,
        memory=memory,
        bandwidth=_family("bandwidth", (pk, b.bridges), (cat, compute, memory),
                          lambda: compute_bandwidth(ctx, compute, memory)),
    )
    _LAST = (ctx, figures)
    return figures


def _money(ctx: BuildContext, fig: Figures, rates: FxTable) -> tuple[CostResult, TcoResult]:
    """BOM and TCO, memoised on the placements and the site/commercial inputs they read."""
    b, cat = ctx.build, ctx.catalog
    pk = placement_key(ctx)
    site, com = b.site, b.commercial
    cost = _family("cost", (pk, site.currency, com.discount_pct, com.tax_pct, com.prices_include_tax,
                            com.shipping, com.support_pct_per_year, com.tco_years, tuple(b.owned.items())), (cat, rates),
                   lambda: compute_cost(ctx, rates))
    tco_key = (pk, site.currency, site.pue, site.electricity_price_kwh, com.tco_years,
               com.support_pct_per_year, com.rent_per_gpu_hour, com.utilization_pct)
    tco = _family("tco", tco_key, (cat, rates, cost, fig.power, fig.compute),
                  lambda: compute_tco(ctx, cost, fig.power, fig.compute, rates))
    return cost, tco


def evaluate(build: Build, catalog: Catalog, workload: Any = None, *, fx: FxTable | None = None) -> Evaluation:
    """Everything the panels, CLI and PDF show about `build`; never raises for a bad build.

    `workload` (a `Workload` or its dict) overrides `build.workload`. `fx` overrides the
    exchange rates from catalogs/fx.toml.
    """
    ctx = resolve(build, catalog)
    fig = compute_figures(ctx)
    rates = fx if fx is not None else load_fx()
    cost, tco = _money(ctx, fig, rates)
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


_WORKLOADS = Memo(16)   # most edits change neither the workload nor the GPUs: reuse the result


def run_workload(spec: Any, compute: ComputeResult) -> Any:
    """`evaluate_workload` on the build's GPUs; None when absent, invalid or not written yet."""
    if spec is None:
        return None
    gpus = (compute.vram_gb_per_gpu, compute.gpu_count, compute.bf16_tflops_per_gpu,
            compute.fp8_tflops_per_gpu, compute.hbm_bandwidth_gbs_per_gpu)
    # keyed by identity of the spec, like every memo here: edits replace build.workload, never mutate it
    hit = _WORKLOADS.get(gpus, (spec,))
    if hit is None:
        hit = _WORKLOADS.put(gpus, (spec,), (_run_workload(spec, compute),))
    return hit[0]


def _run_workload(spec: Any, compute: ComputeResult) -> Any:
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
