"""Evaluate the columns and fill the rows: options applied to copies of the builds, price lists
applied to copies of the catalog, deltas to the baseline and the best marks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any, TypeGuard

from .. import validation_text
from ..build import Build
from ..catalog import Catalog
from ..evaluator import Evaluator
from ..memo import BoundedMemo
from ..message import Msg
from .comparison import (
    CATALOG_PRICES,
    MAX_COLUMNS,
    MIN_COLUMNS,
    Column,
    ColumnInput,
    CompareError,
    Comparison,
    Delta,
    Options,
    PriceList,
    Row,
    Value,
    compare_error,
)
from .row_order import ROWS
from .row_spec import MONEY, RowSpec


def with_prices(catalog: Catalog, price_list: PriceList) -> Catalog:
    """A copy of `catalog` whose prices are replaced by `price_list`'s rows of the same ids."""
    return Catalog(parts=catalog.parts, prices={**catalog.prices, **price_list.as_dict()}, issues=catalog.issues)


class Comparer:
    """Compares builds with one evaluator (the session's); owns the evaluators of the price lists
    it was asked to apply, so comparing again after an edit reuses their memos."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator
        self._priced = BoundedMemo(8)    # price list -> its Evaluator

    def compare(self, inputs: Sequence[ColumnInput], *, options: Options | None = None,
                price_list: PriceList | None = None, baseline: int = 0, one_currency: bool = False) -> Comparison:
        """The comparison of 2..6 builds; `options` and `price_list` apply to every column that does
        not set its own. With `one_currency`, builds priced in different currencies are compared in
        the baseline's, converted at the evaluator's rates (`Comparison.converted` says which, at
        what rate), unless a currency was given. Raises `CompareError` (one line naming the column and field)."""
        if not MIN_COLUMNS <= len(inputs) <= MAX_COLUMNS:
            raise CompareError(Msg("compare.count", min=MIN_COLUMNS, max=MAX_COLUMNS, n=len(inputs)))
        if not 0 <= baseline < len(inputs):
            raise CompareError(Msg("compare.no-column", n=baseline + 1, max=len(inputs)), "baseline")
        common = options or Options()
        columns = tuple(self.column(inp, common, price_list, i) for i, inp in enumerate(inputs))
        target = columns[baseline].currency
        others = sorted({c.currency for c in columns} - {target})
        if not (one_currency and others and common.currency is None):
            return make_comparison(columns, baseline)
        common = replace(common, currency=target)
        columns = tuple(self.column(inp, common, price_list, i) for i, inp in enumerate(inputs))
        rates = tuple((cur, rate) for cur in others
                      if (rate := self.evaluator.fx.convert(Decimal(1), target, cur)) is not None)
        return replace(make_comparison(columns, baseline), converted=rates)

    def column(self, inp: ColumnInput, common: Options, price_list: PriceList | None, index: int) -> Column:
        """One column: the build copied with its options applied, evaluated under its price list."""
        opts = inp.options.over(common)
        plist = inp.price_list or price_list
        evaluator = self._evaluator(plist)
        label = inp.label or inp.build.meta.name or f"#{index + 1}"
        build = apply_options(inp.build, opts, evaluator, inp.source or label)
        evaluation = evaluator.evaluate(build)
        return Column(label=label, build=build, evaluation=evaluation, options=opts,
                      price_list=plist.name if plist else CATALOG_PRICES, catalog=evaluator.catalog,
                      source=inp.source)

    def _evaluator(self, plist: PriceList | None) -> Evaluator:
        if plist is None:
            return self.evaluator
        found = self._priced.get(plist)
        if found is None:
            base = self.evaluator
            found = self._priced.put(plist, Evaluator(with_prices(base.catalog, plist), base.fx, base.presets))
        return found


def apply_options(build: Build, opts: Options, evaluator: Evaluator, label: str) -> Build:
    """A copy of `build` with `opts` applied (the input build is not changed); errors name `label`."""
    data: dict[str, Any] = build.snapshot()
    site, com = dict(data["site"]), dict(data["commercial"])
    if opts.currency is not None:
        if evaluator.fx.convert(Decimal(1), site["input_currency"], opts.currency) is None:
            raise compare_error(label, "currency", Msg("compare.no-rate", old=site["input_currency"], new=opts.currency))
        site["currency"] = opts.currency
    if opts.electricity_price_kwh is not None:
        # typed in the column's currency, and kept as typed: the build's money inputs move to that
        # currency (shipping and rent converted), so every cell shows the price the user gave
        old, new = site["input_currency"], site["currency"]
        if old != new:
            for key in ("shipping", "rent_per_gpu_hour"):
                if com.get(key) is None:
                    continue
                value = evaluator.fx.convert(Decimal(com[key]), old, new)
                if value is None:
                    raise compare_error(label, "electricity_price_kwh", Msg("compare.no-rate", old=old, new=new))
                com[key] = value
            site["input_currency"] = new
        site["electricity_price_kwh"] = Decimal(opts.electricity_price_kwh)
    for key, target in (("pue", site), ("tco_years", com), ("utilization_pct", com)):
        if getattr(opts, key) is not None:
            target[key] = getattr(opts, key)
    data.update(site=site, commercial=com)
    if opts.workload is not None:
        wl = opts.workload
        data["workload"] = wl.model_dump(mode="json") if hasattr(wl, "model_dump") else dict(wl)
    try:
        return Build.model_validate(data)
    except ValueError as exc:
        err = exc.errors()[0] if hasattr(exc, "errors") else {"loc": (), "msg": str(exc)}
        where = ".".join(str(p) for p in err["loc"]) or "options"
        raise compare_error(label, where, validation_text.msg(err)) from None


def make_comparison(columns: tuple[Column, ...], baseline: int) -> Comparison:
    """The rows of `columns` with deltas to column `baseline` (0-based)."""
    return Comparison(columns=columns, rows=tuple(fill_row(spec, columns, baseline) for spec in ROWS),
                      baseline=baseline)


def rebase(comparison: Comparison, baseline: int) -> Comparison:
    """The same comparison with deltas to another column; nothing is re-evaluated."""
    if not 0 <= baseline < len(comparison.columns):
        raise CompareError(Msg("compare.no-column", n=baseline + 1, max=len(comparison.columns)), "baseline")
    rows = tuple(replace(row, deltas=deltas(row.values, baseline, row.comparable)) for row in comparison.rows)
    return replace(comparison, baseline=baseline, rows=rows)


def fill_row(spec: RowSpec, columns: tuple[Column, ...], baseline: int) -> Row:
    """`spec`'s values over `columns`, with deltas, best marks and explanations."""
    values = tuple(spec.value(c) for c in columns)
    unit, comparable = spec.unit, spec.kind != "text"
    if unit == MONEY:
        currencies = {c.currency for c in columns}
        unit = currencies.pop() if len(currencies) == 1 else ""
        comparable = comparable and unit != ""    # money in different currencies: no deltas, no best
    equal = len(set(values)) == 1 and (comparable or spec.kind == "text")
    return Row(key=spec.key, group=spec.group, label=spec.label, unit=unit, kind=spec.kind, better=spec.better,
               values=values, deltas=deltas(values, baseline, comparable),
               best=best_marks(values, spec.better) if comparable else (False,) * len(values),
               all_equal=equal, comparable=comparable,
               explanations=tuple(spec.explain(c) if spec.explain else None for c in columns))


def _numeric(value: Value) -> TypeGuard[float | int | Decimal]:
    return isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)


def deltas(values: tuple[Value, ...], baseline: int, comparable: bool = True) -> tuple[Delta | None, ...]:
    """Each value minus the baseline's, and that as % of the baseline (None when it is 0); None for the
    baseline itself, for texts and where a value is missing."""
    base = values[baseline]
    if not comparable or not _numeric(base):
        return (None,) * len(values)
    out: list[Delta | None] = []
    for i, value in enumerate(values):
        if i == baseline or not _numeric(value):
            out.append(None)
            continue
        diff = _minus(value, base)
        out.append(Delta(diff, float(diff) / float(base) * 100.0 if base else None))
    return tuple(out)


def _minus(a: Any, b: Any) -> float | int | Decimal:
    """a − b, exact for Decimals and ints; a float when either is a float."""
    if isinstance(a, Decimal) or isinstance(b, Decimal):
        return Decimal(a) - Decimal(b) if not (isinstance(a, float) or isinstance(b, float)) else float(a) - float(b)
    return a - b


def best_marks(values: tuple[Value, ...], better: str | None) -> tuple[bool, ...]:
    """True for the best value(s) by `better`; all False when under two values or all equal."""
    nums = [v for v in values if _numeric(v)]
    if better is None or len(nums) < 2 or len(set(nums)) == 1:
        return (False,) * len(values)
    target = max(nums) if better == "higher" else min(nums)
    return tuple(_numeric(v) and v == target for v in values)
