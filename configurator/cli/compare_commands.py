"""The work of `configurator compare A.json B.json [...]` and `configurator bom BUILD`: the comparison
core (`core.compare`) and the comparison/BOM exporters on the command line (the flags are
cli/commands/compare.py's and bom.py's).

Every bad input (a build, the price list, a workload, an option) is one line naming the file
or flag and the field, exit 2 (raised as ValueError for `cli.main`).
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from ..core.build import Build
from ..core.catalog import LoadIssue
from ..core.compare import MAX_COLUMNS, MIN_COLUMNS, ColumnInput, Comparer, Comparison, Options, PriceList
from ..core.currency import CurrencyError, check_currency
from ..core.evaluator import Evaluator
from ..core.message import Msg
from ..formats.exporters import ExportRequest, exporter
from ..formats.exporters.compare_json import comparison_to_json
from ..formats.exporters.comparison_source import column_header, delta_text, group_label, number_text, row_label
from ..formats.exporters.comparisons import compare_exporter
from ..store.price_lists import load_price_list
from ..words.errors import issue_line
from ..words.i18n import _, pad
from .command import CliError, print_text
from .commands.compare import FORMATS
from .workload_command import load_workload_file


@dataclass(frozen=True)
class CompareOutput:
    """What `compare` prints: JSON data, a text table, or the path it wrote."""

    json: dict[str, Any] | None = None
    text: str = ""
    written: Path | None = None


def _price_list(path: str | None, evaluator: Evaluator) -> PriceList | None:
    """The `--price-list` file; rows for unknown part ids are warnings on stderr."""
    if not path:
        return None
    issues: list[LoadIssue] = []
    plist = load_price_list(path, evaluator.catalog, issues=issues)
    for issue in issues:
        print_text(issue_line(issue), file=sys.stderr)
    return plist


def _currency(code: str, evaluator: Evaluator) -> str:
    try:
        return check_currency(code, evaluator.fx)
    except CurrencyError as exc:
        raise CliError(exc.msg, "--currency") from None


def _options(args: argparse.Namespace, evaluator: Evaluator) -> Options:
    currency = _currency(args.currency, evaluator) if args.currency else None
    price = None
    if args.electricity_price is not None:
        try:
            price = Decimal(args.electricity_price)
        except InvalidOperation:
            raise CliError(Msg("cli.not-a-number", value=repr(args.electricity_price)), "--electricity-price") from None
        if not price.is_finite() or price < 0:
            raise CliError(Msg("cli.finite-non-negative", value=args.electricity_price), "--electricity-price")
    workload = load_workload_file(args.workload) if args.workload else None
    return Options(currency=currency, electricity_price_kwh=price, pue=args.pue, tco_years=args.years,
                   utilization_pct=args.utilization, workload=workload)


def compare_files(args: argparse.Namespace, evaluator: Evaluator, load: Callable[[str], Build]) -> Comparison:
    """The comparison `args` asks for: its builds, common options and price list."""
    n = len(args.builds)
    if not MIN_COLUMNS <= n <= MAX_COLUMNS:
        raise CliError(Msg("cli.compare-count", min=MIN_COLUMNS, max=MAX_COLUMNS, n=n))
    if not 1 <= args.baseline <= n:
        raise CliError(Msg("cli.baseline-range", n=args.baseline, max=n), "--baseline")
    options = _options(args, evaluator)
    plist = _price_list(args.price_list, evaluator)
    inputs = [ColumnInput(load(path), source=path) for path in args.builds]
    # builds priced in different currencies: compared in the baseline's, at the shipped rates (as the GUI)
    return Comparer(evaluator).compare(inputs, options=options, price_list=plist, baseline=args.baseline - 1,
                                       one_currency=True)


def run_compare(args: argparse.Namespace, evaluator: Evaluator, load: Callable[[str], Build]) -> CompareOutput:
    """`configurator compare`: JSON, a file in one of the comparison formats, or a text table."""
    cmp = compare_files(args, evaluator, load)
    if args.json:
        return CompareOutput(json=comparison_to_json(cmp))
    for flag, name in FORMATS:
        target = getattr(args, flag)
        if target:
            request = ExportRequest(options=tuple((c.build, c.evaluation) for c in cmp.columns),
                                    catalog=evaluator.catalog, sources=tuple(args.builds), comparison=cmp,
                                    internal=getattr(args, "internal", False))
            return CompareOutput(written=compare_exporter(name, target).write(request, Path(target)))
    return CompareOutput(text=comparison_text(cmp, args.hide_equal))


def comparison_text(cmp: Comparison, hide_equal: bool = False) -> str:
    """The comparison as a plain-text table: a header per group, value and delta per build, each
    column as wide as its widest cell."""
    label_w = 38
    heads = [_clip(column_header(c, i, cmp.baseline).split("\n")[0]) for i, c in enumerate(cmp.columns)]
    body: list[tuple[str, list[str]] | str] = []
    for group, rows in cmp.grouped(hide_equal):
        body += ["", group_label(group)]
        for row in rows:
            cells = [_clip(f"{number_text(v, row)}{' *' if row.best[i] else ''} {delta_text(row.deltas[i], row)}")
                     for i, v in enumerate(row.values)]
            body.append(("  " + row_label(row), cells))
    widths = [max(width(h) for h in [heads[i]] + [b[1][i] for b in body if isinstance(b, tuple)]) + 2
              for i in range(len(heads))]
    lines = [pad("", label_w) + "".join(pad(h, w) for h, w in zip(heads, widths, strict=True))]
    for item in body:
        if isinstance(item, str):
            lines.append(item)
        else:
            lines.append(pad(item[0][: label_w - 1], label_w)
                         + "".join(pad(c, w) for c, w in zip(item[1], widths, strict=True)).rstrip())
    lines += ["", _("* best value; deltas are to {letter}").format(letter=chr(ord("A") + cmp.baseline))]
    if cmp.converted:
        target = cmp.columns[cmp.baseline].currency
        lines.append(_("money in {currency}, converted at the shipped exchange rates: {rates}").format(
            currency=target, rates="; ".join(f"1 {target} = {rate:.4g} {cur}" for cur, rate in cmp.converted)))
    return "\n".join(line.rstrip() for line in lines)


def _clip(text: str, limit: int = 44) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def width(text: str) -> int:
    """Display columns of `text` (Chinese characters take two), as `pad` counts them."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def run_bom(args: argparse.Namespace, evaluator: Evaluator, load: Callable[[str], Build]) -> Path:
    """`configurator bom BUILD (--csv F | --xlsx F)`: the build's priced BOM, optionally under a price list."""
    build = load(args.build)
    plist = _price_list(args.price_list, evaluator)
    currency = _currency(args.currency, evaluator) if args.currency else None
    column = Comparer(evaluator).column(ColumnInput(build, source=args.build, options=Options(currency=currency)),
                                        Options(), plist, 0)
    name, target = ("bom-csv", args.csv) if args.csv else ("bom-xlsx", args.xlsx)
    request = ExportRequest(options=((column.build, column.evaluation),), catalog=column.catalog,
                            sources=(args.build,))
    return exporter(name).write(request, Path(target))
