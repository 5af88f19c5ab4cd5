"""The evaluator: one object per session that turns a build into one frozen `Evaluation`.

It is given the catalog, the exchange rates and the workload model presets (io reads those
files; the core never does) and owns every memo the evaluation uses. Memos are keyed by
value — part and slot ids, option values, tokens for equal placements — and bounded, so a
hit can only be an equal input and nothing outlives the evaluator. The rules
(`configurator.core.rules.check`) receive the same `Figures` the evaluation shows, so a
number is computed once and the GUI, CLI and PDF can never disagree with a violation.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from itertools import count
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from .build import Build
from .catalog import Catalog
from .context import BuildContext, resolve
from .evaluate.figures import Figures, compute_figures
from .evaluate.result import ComputeResult, CostResult, Evaluation, TcoResult, construct
from .fx import USD_ONLY, FxTable
from .memo import BoundedMemo
from .message import Msg, Num
from .rules import check as check_rules
from .rules import merge as merge_violations
from .violations import Violation

if TYPE_CHECKING:   # the workload model is imported when a build has a workload (`check` of most builds: never)
    from .evaluate.workload import WorkloadResult
    from .evaluate.workload_formulas import TPLink
    from .evaluate.workload_models import ModelShape
    from .stack.rows import StackTable

T = TypeVar("T")
#: the build fields (and site fields) the rules read besides the placements: the key of their memo
RULE_INPUTS = frozenset({"chassis", "placements", "bridges", "psu_redundancy", "psu_feeds", "multi_node", "unplaced",
                         "site.input_voltage_v", "site.ambient_c", "site.altitude_m"})


class Evaluator:
    """Check and evaluate builds against one catalog, FX table and set of model presets."""

    def __init__(self, catalog: Catalog, fx: FxTable = USD_ONLY,
                 presets: Mapping[str, ModelShape] | None = None,
                 stack_loader: Callable[[], StackTable] | None = None) -> None:
        self.catalog = catalog
        self.fx = fx
        #: reads the software-stack table (store/stack_tables.py) the first time an upgrade plan needs it
        self._stack_loader = stack_loader
        self._stack: StackTable | None = None
        #: workload model presets by id (models.toml), for the workload editor and the CLI
        self.presets: Mapping[str, ModelShape] = MappingProxyType(dict(presets or {}))
        self._contexts = BoundedMemo(1024)    # (chassis, placements) -> (token, resolved context)
        self._placed = BoundedMemo(64)        # chassis -> {(slot id, part id): resolved placement}
        self._next_token = count()
        self._families = BoundedMemo(1024)    # (family, value key of its inputs) -> result
        self._cost_lines = BoundedMemo()      # (part id, qty, currency) -> BOM line
        self._rule_facts = BoundedMemo(4096)  # (rule family, its inputs) -> its violations; per-part fit
        self._family = self._family_memo()

    # ------------------------------------------------------------------ public
    def stack_table(self) -> StackTable | None:
        """The software-stack compatibility table, read once when first asked; None without a loader."""
        if self._stack is None and self._stack_loader is not None:
            self._stack = self._stack_loader()
        return self._stack

    def evaluate(self, build: Build, workload: Any = None) -> Evaluation:
        """Everything the panels, CLI and PDF show about `build`; never raises for a bad build.

        `workload` (a `Workload` or its dict) overrides `build.workload`.
        """
        ctx, token = self._resolve(build)
        fig = self._figures(ctx, token)
        cost, tco = self._money(ctx, token, fig)
        spec = workload if workload is not None else build.workload
        result = self._workload(spec, fig.compute, ctx)
        ch = ctx.chassis
        return construct(
            Evaluation, chassis_id=build.chassis,
            chassis_name=ch.name if ch else "",
            rack_units=ch.rack_units if ch else 0,
            weight_kg=ch.weight_kg if ch else 0.0,
            power=fig.power, psu=fig.psu, thermal=fig.thermal, compute=fig.compute,
            memory=fig.memory, bandwidth=fig.bandwidth, cost=cost, tco=tco,
            workload=result,
            violations=self._with_workload(ctx, token, fig, spec, result),
            assumptions=assumptions(fig, self.fx),
        )

    def check(self, build: Build) -> tuple[Violation, ...]:
        """The rules' violations of `build` and of its workload's fit, errors first (what
        `evaluate(build).violations` holds)."""
        ctx, token = self._resolve(build)
        fig = self._figures(ctx, token)
        return self._with_workload(ctx, token, fig, build.workload, self._workload(build.workload, fig.compute, ctx))

    def figures(self, build: Build) -> Figures:
        """The physical figures of `build` (memoised like `evaluate`'s)."""
        ctx, token = self._resolve(build)
        return self._figures(ctx, token)

    def context(self, build: Build) -> BuildContext:
        """`build` resolved against the catalog (remembered: the build just evaluated is a lookup)."""
        return self._resolve(build)[0]

    # ------------------------------------------------------------------ memoised steps
    def _resolve(self, build: Build) -> tuple[BuildContext, int]:
        """`build` resolved, and a token for its chassis and placements: what all figures depend
        on besides the options. Equal placements get the same token and the same resolved
        placements (a price edit does not resolve again); a token is never reused, so forgetting
        the table can only cause misses."""
        pairs = tuple(build.placements.items())
        key = (build.chassis, pairs)
        hit = self._contexts.get(key)
        if hit is not None:
            token, ctx = hit
            return (ctx if ctx.build is build else ctx.rebind(build)), token
        ctx = resolve(build, self.catalog, self._placed, pairs)
        token = next(self._next_token)
        self._contexts.put(key, (token, ctx))
        return ctx, token

    def _memo(self, key: Hashable, fn: Callable[[], T]) -> T:
        return self._families.get_or(key, fn)

    def _figures(self, ctx: BuildContext, token: int) -> Figures:
        """All figures, memoised whole on the placements (`token`) and the options they read, so a
        price or terms edit looks up one key instead of each family's."""
        b, site = ctx.build, ctx.build.site
        key = ("figures", token, b.bridges, b.psu_redundancy, tuple(b.psu_feeds.items()), site.input_voltage_v,
               site.ambient_c, site.altitude_m)
        return self._families.get_or(key, lambda: compute_figures(ctx, self._family))

    def _family_memo(self) -> Callable[[str, Hashable, Callable[[], Any]], Any]:
        """`compute_figures`' `family`: one figure family memoised on (its name, its key)."""
        lookup, put = self._families.lookup, self._families.put

        def family(name: str, key: Hashable, fn: Callable[[], Any]) -> Any:
            found = lookup((name, key))
            return found if found is not None else put((name, key), fn())
        return family

    def _money(self, ctx: BuildContext, token: int, fig: Figures) -> tuple[CostResult, TcoResult]:
        """BOM and TCO, memoised on the values they read. The BOM reads which parts and how many
        (not their slots), the PSUs' and bridged GPUs' slots (companion cords and bridges, owned
        parts) and the commercial terms, so moving a part, or swapping which DIMMs are left out,
        reprices nothing."""
        from .evaluate.cost import compute_cost, compute_tco  # `check` prices nothing (start-up)

        site, com, b = ctx.build.site, ctx.build.commercial, ctx.build
        bridged = ctx.bridged_ids
        # the BOM prints the support line, so support % and years are BOM inputs too
        cost_key = (b.chassis, ctx.groups_key, ctx.key("psu"), bridged, site.currency, com.discount_pct,
                    com.tax_pct, com.prices_include_tax, com.shipping, com.support_pct_per_year, com.tco_years,
                    tuple(sorted(b.owned.items())), b.bridges, com.shipping_taxed,
                    site.input_currency, b.companions)   # typed-in money, the companions the build names
        cost = self._memo(("cost", *cost_key), lambda: compute_cost(ctx, self.fx, self._cost_lines))
        # the TCO reads the BOM, the wall power (the part counts and PSUs: in cost_key) and the GPUs
        tco_key = ("tco", ctx.key("gpu"), *cost_key, site.pue, site.electricity_price_kwh, com.rent_per_gpu_hour,
                   com.utilization_pct)
        tco = self._memo(tco_key, lambda: compute_tco(ctx, cost, fig.power, fig.compute, self.fx))
        return cost, tco

    def _check(self, ctx: BuildContext, token: int, fig: Figures) -> tuple[Violation, ...]:
        """The rules on `ctx`, memoised on the placements and the build options they read
        (`RULE_INPUTS`; a test fails when a rule reads another), so a price edit skips them."""
        b, site = ctx.build, ctx.build.site
        key = (token, ctx.unknown, b.bridges, b.psu_redundancy, tuple(b.psu_feeds.items()), b.multi_node,
               b.unplaced, site.input_voltage_v, site.ambient_c, site.altitude_m)
        return self._families.get_or(("rules", *key), lambda: check_rules(b, self.catalog, ctx=ctx, figures=fig,
                                                                         memo=self._rule_facts))

    def _with_workload(self, ctx: BuildContext, token: int, fig: Figures, spec: Any,
                       result: WorkloadResult | None) -> tuple[Violation, ...]:
        """The rules' violations plus the workload's (`rules.workload`: fit, tensor-parallel split), which
        read the workload besides the placements: memoised apart, so a workload edit does not re-run the rules."""
        found = self._check(ctx, token, fig)
        if result is None:
            return found
        from .evaluate.workload import WorkloadResult
        from .rules import workload as workload_rules

        if not isinstance(result, WorkloadResult):
            return found
        data = spec.model_dump(mode="json") if isinstance(spec, BaseModel) else spec
        key = ("workload-fit", token, _value_key(spec))
        extra = self._families.get(key)
        if extra is None:
            extra = self._families.put(key, tuple(workload_rules.check(ctx, data, result)))
        return merge_violations(found, extra)

    def _workload(self, spec: Any, compute: ComputeResult, ctx: BuildContext) -> WorkloadResult | None:
        """`evaluate_workload` on the build's GPUs (their tensor-parallel link from the placements); None when
        there is none or it is invalid."""
        if spec is None:
            return None
        from .evaluate.bandwidth import build_tp_link

        return run_workload(spec, compute, lambda tp: build_tp_link(ctx, tp))


def _value_key(value: Any) -> Hashable:
    """A hashable stand-in for a workload: frozen models hash by value, JSON dicts by their repr."""
    return value if isinstance(value, BaseModel) or value is None else repr(value)


def run_workload(spec: Any, compute: ComputeResult,
                 link_of: Callable[[int], TPLink | None] | None = None) -> WorkloadResult | None:
    """The workload model on `compute`'s GPUs (`link_of(tp)`: the link a tensor-parallel group of the first `tp`
    GPUs crosses, `bandwidth.build_tp_link`); None for an invalid workload or one no GPU can run."""
    from .evaluate.workload import Workload, evaluate_workload

    try:
        wl = spec if isinstance(spec, Workload) else Workload.model_validate(spec)
        tp_link = None
        if link_of is not None and wl.mode == "infer":
            tp_link = link_of(wl.serving_tp(compute.gpu_count))
        return evaluate_workload(wl, gpu_memory_gb=compute.vram_gb_per_gpu, n_gpus=compute.gpu_count,
                                 gpu_bf16_tflops=compute.bf16_tflops_per_gpu,
                                 gpu_fp8_tflops=compute.fp8_tflops_per_gpu or None,
                                 gpu_bandwidth_gbs=compute.hbm_bandwidth_gbs_per_gpu, tp_link=tp_link)
    except (ValueError, TypeError, ArithmeticError):  # pydantic's ValidationError is a ValueError; 0 GPUs too
        return None


def assumptions(fig: Figures, fx: FxTable) -> tuple[Msg, ...]:
    """The assumptions behind the figures (words/assumption_words.py words them); `fx`: the
    exchange rates the prices were converted with (USD_ONLY: none)."""
    out = []
    if fig.power.efficiency_assumed:
        out.append(Msg("assume.psu-efficiency", pct=Num(fig.power.efficiency_pct, "g")))
    t = fig.thermal
    out.append(Msg("assume.airflow", delta_f=Num(t.delta_t_f, "g"), delta_c=Num(t.delta_t_c, ".1f")))
    out.append(Msg("assume.typical-power"))
    out.append(Msg("assume.bandwidth"))
    if fx.note:
        out.append(Msg("assume.fx", fx_note=fx.note_msg()))
    return tuple(out)


def evaluate(build: Build, catalog: Catalog, workload: Any = None, *, fx: FxTable | None = None) -> Evaluation:
    """One evaluation with a fresh `Evaluator` (nothing is kept); `fx` defaults to USD only.

    For repeated evaluations (a session, a benchmark) keep an `Evaluator`: it reuses its memos.
    """
    return Evaluator(catalog, fx if fx is not None else USD_ONLY).evaluate(build, workload)


__all__ = ["RULE_INPUTS", "Evaluator", "assumptions", "evaluate", "run_workload"]
