"""Compare 2–6 builds side by side: one column per build, rows of figures with deltas and best marks.

Qt-free. The GUI's compare view, `configurator compare` and the comparison exports (XLSX, CSV,
PDF) all read one `Comparison`, so they cannot disagree; every figure comes from the columns'
`Evaluation` (the same evaluator, priced BOM and TCO the builder, the CLI and the quote show).

The API::

    comparer = Comparer(session.evaluator)            # keep one: it owns the price lists' evaluators
    cmp = comparer.compare(
        [ColumnInput(build_a, source="a.json"),
         ColumnInput(build_b, options=Options(pue=1.2), price_list=my_prices)],   # per-column overrides
        options=Options(currency="EUR", electricity_price_kwh=Decimal("0.25"), tco_years=4),  # all columns
        price_list=None,                               # a `PriceList` for every column without its own
        baseline=0)                                    # deltas are to this column (0-based)
    cmp.columns[i]   # Column: label, build (a copy with the options applied), evaluation, options,
                     #         price_list (its name, or CATALOG_PRICES), catalog, source
    cmp.rows         # Row, in display order; cmp.grouped(hide_equal=True) -> ((group, rows), ...)
    row = cmp.row("cost.tco")
    row.values[i]    # raw value: float/int, Decimal for money, str for names, Msg for verdicts, None = not applicable
    row.unit         # "W", "GB", "TFLOPS", ...; a currency code for money ("" when columns' differ)
    row.better       # "higher" / "lower" / None (texts, counts without a direction)
    row.deltas[i]    # Delta(absolute, percent) to the baseline; None for the baseline, texts, missing
    row.best[i]      # True on the best value(s); none marked when all are equal
    row.all_equal    # for "hide equal rows"
    row.explain(i)   # Explanation(formula, inputs=((name, value), ...), sources=(...)) or None
    rebase(cmp, 2)   # the same comparison with deltas to column 2, without re-evaluating

Labels, units, group names (`GROUPS`) and static formulas are English marked with `N_`; views
look them up with `_()`. Verdicts and workings that carry a value are messages (`Msg`,
words/compare_words.py) the views word with `say`. Options never edit the input builds: each column evaluates a
copy. A `PriceList` (rows as in a price-list CSV, docs/catalog.md; read by
`io.compare_io.load_price_list`) replaces the catalog's prices of its part ids for that column.
Bad options raise `CompareError`, one line naming the column and the field.
"""

from __future__ import annotations

from .comparison import (
    CATALOG_PRICES,
    MAX_COLUMNS,
    MIN_COLUMNS,
    Column,
    ColumnInput,
    CompareError,
    Comparison,
    Delta,
    Explanation,
    Options,
    PriceList,
    Row,
    Value,
)
from .compute import Comparer, apply_options, best_marks, deltas, make_comparison, rebase, with_prices
from .row_order import ROWS
from .row_spec import GROUPS, RowSpec

__all__ = [
    "CATALOG_PRICES", "GROUPS", "MAX_COLUMNS", "MIN_COLUMNS", "ROWS", "Column", "ColumnInput", "CompareError",
    "Comparer", "Comparison", "Delta", "Explanation", "Options", "PriceList", "Row", "RowSpec", "Value",
    "apply_options", "best_marks", "deltas", "make_comparison", "rebase", "with_prices",
]
