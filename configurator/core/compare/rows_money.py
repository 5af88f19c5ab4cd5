"""Comparison rows of the workload, the money and the problems.

Money is Decimal, read from the priced BOM and the TCO (`core.evaluate.bom`, `cost`): the same
totals the GUI, the CLI and the PDF quote print. Ratios of money are rounded to the currency's
minor unit.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from ..evaluate.cost import HOURS_PER_YEAR
from ..evaluate.workload_formulas import train_flops
from ..evaluate.workload_models import Workload, WorkloadResult
from ..message import Msg
from ..text import N_
from .comparison import Column, Explanation, Value
from .row_spec import RowSpec, explained, money, number, per, text

DAYS_PER_YEAR = HOURS_PER_YEAR / 24   # 365.25, the TCO's year


def _workload(col: Column) -> WorkloadResult | None:
    wl = col.evaluation.workload
    return wl if isinstance(wl, WorkloadResult) else None


def _fit(col: Column) -> Value:
    wl = _workload(col)
    return None if wl is None else Msg("compare.fits" if wl.fits else "compare.does-not-fit")


def _max_batch(col: Column) -> Value:
    wl = _workload(col)
    return None if wl is None else wl.max_batch


def _train_days(col: Column) -> float | None:
    wl = _workload(col)
    return None if wl is None or not wl.train_days else wl.train_days


def _tokens_per_s(col: Column) -> Value:
    """Decode tokens/s for inference; trained tokens per second (tokens ÷ training time) for training."""
    wl = _workload(col)
    if wl is None:
        return None
    if wl.decode_tokens_per_s is not None:
        return wl.decode_tokens_per_s
    tokens = _trained_tokens(col)
    days = _train_days(col)
    return tokens / (days * 86400.0) if tokens and days else None


def _trained_tokens(col: Column) -> float | None:
    """Tokens the training run processes: its FLOPs over the FLOPs per token (`train_flops`), so the
    Chinchilla default the workload model applies is counted too."""
    wl = _workload(col)
    if wl is None or not wl.train_flops or col.build.workload is None:
        return None
    try:
        spec = Workload.model_validate(col.build.workload)
    except ValueError:
        return None
    per_token = train_flops(spec.model.active_param_count(), 1)
    return wl.train_flops / per_token if per_token > 0 else None


def _workload_explain(col: Column) -> Explanation:
    wl = _workload(col)
    if wl is None:
        return Explanation(N_("no workload set, or the build has no GPU that can run it"))
    return Explanation(wl.verdict, (("MFU", f"{wl.mfu:g}"),) + tuple((N_("note"), n) for n in wl.notes))


def _tco_explain(col: Column) -> Explanation:
    t, cur = col.evaluation.tco, col.currency
    return explained(N_("hardware + years × (energy + support per year)"), (N_("hardware"), t.capex, cur),
                     (N_("years"), t.years, ""), (N_("energy per year"), t.energy_cost_per_year, cur),
                     (N_("support per year"), t.support_per_year, cur),
                     (N_("energy"), t.energy_kwh_per_year, "kWh/year"),
                     (N_("electricity price"), col.build.site.electricity_price_kwh,
                      f"{col.build.site.input_currency}/kWh"), ("PUE", col.build.site.pue, ""))


def _bom_explain(col: Column) -> Explanation:
    cost = col.evaluation.cost
    return explained(N_("Σ priced lines − discount + tax (when added) + shipping"),
                     (N_("hardware"), cost.subtotal_hardware, cost.currency),
                     (N_("services"), cost.subtotal_services, cost.currency),
                     (N_("discount"), cost.discount, cost.currency), (N_("tax"), cost.tax, cost.currency),
                     (N_("shipping"), cost.shipping, cost.currency),
                     sources=tuple(f"{ln.part_number or ln.part_id}: {ln.price_source}" for ln in cost.lines))


def _per_day(col: Column) -> Decimal | None:
    t = col.evaluation.tco
    return per(t.total, t.years * DAYS_PER_YEAR, col) if t.capex > 0 else None


def _training_run(col: Column) -> Decimal | None:
    day, days = _per_day(col), _train_days(col)
    return None if day is None or days is None else per(day * Decimal(repr(days)), 1.0, col)


def _per_gb(col: Column) -> Decimal | None:
    cost = col.evaluation.cost
    return per(cost.subtotal_hardware, col.evaluation.compute.vram_gb, col) if cost.subtotal_hardware > 0 else None


def _tflops_per_kw(col: Column) -> float | None:
    ev = col.evaluation
    return ev.compute.bf16_tflops / (ev.power.wall_typical_w / 1000.0) if ev.power.wall_typical_w > 0 else None



def _count(severity: str) -> Callable[[Column], Value]:
    return lambda col: sum(1 for v in col.evaluation.violations if v.severity == severity)


def _problems_explain(severity: str) -> Callable[[Column], Explanation]:
    return lambda col: Explanation(N_("the rules' findings"), tuple(
        (v.code, v.message) for v in col.evaluation.violations if v.severity == severity))


WORKLOAD: tuple[RowSpec, ...] = (
    text("workload.fit", "workload", N_("Workload fits"), _fit, _workload_explain),
    number("workload.max_batch", "workload", N_("Largest batch"), "", "higher",
           _max_batch, _workload_explain),
    number("workload.train_days", "workload", N_("Time to train"), N_("days"), "lower", _train_days,
           _workload_explain),
    number("workload.tokens_per_s", "workload", N_("Tokens per second"), "tokens/s", "higher", _tokens_per_s,
           _workload_explain),
)

COST: tuple[RowSpec, ...] = (
    money("cost.hardware", N_("Hardware price (list)"), lambda c: c.evaluation.cost.subtotal_hardware, _bom_explain),
    money("cost.total", N_("Quote total"), lambda c: c.evaluation.cost.total, _bom_explain),
    number("cost.on_request", "cost", N_("Parts without a price"), "", "lower",
           lambda c: len(c.evaluation.cost.missing_prices), _bom_explain),
    money("cost.energy_per_year", N_("Energy per year"), lambda c: c.evaluation.tco.energy_cost_per_year,
          _tco_explain),
    money("cost.tco", N_("Total cost of ownership"), lambda c: c.evaluation.tco.total, _tco_explain),
    money("cost.per_pflops", N_("TCO per dense BF16 PFLOPS"), lambda c: c.evaluation.tco.cost_per_pflops,
          lambda c: explained(N_("TCO ÷ dense BF16 PFLOPS"), (N_("TCO"), c.evaluation.tco.total, c.currency),
                              ("PFLOPS", c.evaluation.tco.dense_pflops, ""))),
    money("cost.per_gpu_gb", N_("Hardware per GB of GPU memory"), _per_gb,
          lambda c: explained(N_("hardware price ÷ GPU memory"),
                              (N_("hardware"), c.evaluation.cost.subtotal_hardware, c.currency),
                              (N_("GPU memory"), c.evaluation.compute.vram_gb, "GB"))),
    money("cost.per_day", N_("TCO per day of operation"), _per_day,
          lambda c: explained(N_("TCO ÷ (years × 365.25 days)"), (N_("TCO"), c.evaluation.tco.total, c.currency),
                              (N_("years"), c.evaluation.tco.years, ""))),
    money("cost.training_run", N_("Cost of the training run"), _training_run,
          lambda c: explained(N_("TCO per day × days to train"), (N_("TCO per day"), _per_day(c), c.currency),
                              (N_("days to train"), _train_days(c), ""))),
    number("cost.tflops_per_kw", "cost", N_("Performance per watt"), "TFLOPS/kW", "higher", _tflops_per_kw,
           lambda c: explained(N_("dense BF16 TFLOPS ÷ typical power at the wall"),
                               (N_("compute"), c.evaluation.compute.bf16_tflops, "TFLOPS"),
                               (N_("typical at the wall"), c.evaluation.power.wall_typical_w, "W"))),
)

PROBLEMS: tuple[RowSpec, ...] = tuple(
    number(f"problems.{sev}s", "problems", label, "", "lower", _count(sev), _problems_explain(sev))
    for sev, label in (("error", N_("Errors")), ("warning", N_("Warnings")), ("info", N_("Notes"))))
