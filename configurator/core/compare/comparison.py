"""The comparison's data: what goes in (builds, options, price lists) and what comes out (columns, rows)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any, Literal

from ..build import Build
from ..catalog import Catalog, Price
from ..evaluate.result import Evaluation
from ..input_error import InputError
from ..message import Msg
from ..text import N_

#: a cell: a number (Decimal for money), a text that is data (hardware names, a PSU plan, shown as
#: they are), a message the views word (a verdict, the bandwidth bottleneck's name), or None (not applicable)
Value = float | int | Decimal | str | Msg | None
Better = Literal["higher", "lower"] | None
RowKind = Literal["number", "money", "text"]

MIN_COLUMNS, MAX_COLUMNS = 2, 6
CATALOG_PRICES = N_("catalog prices")   # the price-list name of a column priced from the loaded catalog


class CompareError(InputError):
    """A comparison that cannot be made: a message naming the column (`file`) and the field
    (words/compare_words.py)."""


def compare_error(label: str, where: str, msg: Msg) -> CompareError:
    """`label: where: msg`, the column and the field or option it names."""
    return CompareError(Msg("input.at-file", file=where, details=msg), label)


@dataclass(frozen=True)
class PriceList:
    """A buyer's own price list (a price-list CSV, docs/catalog.md): rows that replace the catalog's
    prices of the same part ids for the columns it is applied to; the builds are not edited."""

    name: str                          # shown in the column header, e.g. the file name
    prices: tuple[Price, ...]

    def as_dict(self) -> dict[str, Price]:
        """Part id -> price; the first row of an id wins, as in the catalog loader."""
        out: dict[str, Price] = {}
        for price in self.prices:
            out.setdefault(price.part_id, price)
        return out


@dataclass(frozen=True)
class Options:
    """Site and workload options applied to a column on top of its build; None keeps the build's own.

    `electricity_price_kwh` is in the column's currency (`currency` when set, else the build's
    site currency). `workload` is a `Workload` or its JSON dict.
    """

    currency: str | None = None
    electricity_price_kwh: Decimal | None = None
    pue: float | None = None
    tco_years: int | None = None
    utilization_pct: float | None = None
    workload: Mapping[str, Any] | Any | None = None

    def over(self, base: Options) -> Options:
        """These options where set, else `base`'s (per-column options over the common ones)."""
        return Options(**{f.name: (getattr(self, f.name) if getattr(self, f.name) is not None
                                   else getattr(base, f.name)) for f in fields(self)})


@dataclass(frozen=True)
class ColumnInput:
    """One build to compare. `options` and `price_list` override the comparison's common ones."""

    build: Build
    label: str = ""                    # '' = the build's meta.name
    source: str | None = None          # the build file, if any (exports name it)
    options: Options = field(default_factory=Options)
    price_list: PriceList | None = None


@dataclass(frozen=True)
class Column:
    """One evaluated column: the build as evaluated (options applied to a copy), its evaluation,
    and which options and price list it used."""

    label: str
    build: Build                       # a copy with the options applied; the input build is untouched
    evaluation: Evaluation
    options: Options                   # the options in force (common merged with per-column)
    price_list: str                    # price-list name, or CATALOG_PRICES
    catalog: Catalog = field(repr=False, compare=False)   # the catalog it was priced from (price list applied)
    source: str | None = None

    @property
    def currency(self) -> str:
        return self.evaluation.cost.currency


@dataclass(frozen=True)
class Explanation:
    """How a cell was computed: the formula in words, its inputs with values, and where they came from."""

    formula: str | Msg                          # a static word (`N_`, views look it up) or a message
    #: (name, value with unit, or a message to word); a name is a static word, a message, or data
    #: (a part's name, a rule's code)
    inputs: tuple[tuple[str | Msg, str | Msg], ...] = ()
    sources: tuple[str, ...] = ()               # catalog sources, price sources, assumptions (static words or data)


@dataclass(frozen=True)
class Delta:
    """A column's difference to the baseline column: absolute (Decimal for money) and % of the baseline
    (None when the baseline is 0)."""

    absolute: float | int | Decimal
    percent: float | None


@dataclass(frozen=True)
class Row:
    """One compared figure across the columns.

    `deltas[i]` is None for the baseline column, text rows, and where either value is None or the
    units differ (money in different currencies). `best[i]` marks the best value(s) by `better`;
    nothing is marked when all values are equal or fewer than two columns have a value.
    """

    key: str                           # stable id, e.g. "power.wall_max_w"
    group: str                         # group key, e.g. "power"
    label: str                         # English, marked N_ (views look it up with `_()`)
    unit: str                          # "W", "kg", a currency code, "" for counts and texts
    kind: RowKind
    better: Better
    values: tuple[Value, ...]
    deltas: tuple[Delta | None, ...]
    best: tuple[bool, ...]
    all_equal: bool
    comparable: bool                   # deltas and best marks apply (numbers in one unit)
    explanations: tuple[Explanation | None, ...]

    def explain(self, column: int) -> Explanation | None:
        """The formula and inputs of this row's value in `column`."""
        return self.explanations[column]


@dataclass(frozen=True)
class Comparison:
    """Rows of figures over 2..6 columns, with deltas to `baseline`, in group order (`GROUPS`)."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    baseline: int
    #: (currency, rate per one unit of the columns' currency) for each currency a build was priced in
    #: and converted from (`Comparer.compare(one_currency=True)`); empty when none was converted
    converted: tuple[tuple[str, Decimal], ...] = ()

    def row(self, key: str) -> Row:
        """The row called `key`; KeyError naming it when there is none."""
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(f"no comparison row {key!r}")

    def visible(self, hide_equal: bool = False) -> tuple[Row, ...]:
        """The rows to show: all, or those whose values differ ("hide equal rows")."""
        return tuple(r for r in self.rows if not (hide_equal and r.all_equal))

    def grouped(self, hide_equal: bool = False) -> tuple[tuple[str, tuple[Row, ...]], ...]:
        """(group key, its rows) in display order, empty groups left out."""
        out: dict[str, list[Row]] = {}
        for row in self.visible(hide_equal):
            out.setdefault(row.group, []).append(row)
        return tuple((g, tuple(rows)) for g, rows in out.items())
