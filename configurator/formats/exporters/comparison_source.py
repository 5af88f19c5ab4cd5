"""What the comparison exporters share: the comparison a request holds (or that its builds make)
and the words and numbers a reader sees in each cell.

Values stay the core's (`core.compare`); this module only formats them for text formats (PDF)
and names the column headers. Labels are translated into the current language (`--lang`).
"""

from __future__ import annotations

from decimal import Decimal

from ...core.catalog import Catalog
from ...core.compare import CATALOG_PRICES, GROUPS, Column, Comparison, Delta, Options, Row, Value, make_comparison
from ...core.input_error import InputError
from ...core.message import Msg
from ...core.money import format_money
from ...words.i18n import _, current_language
from ...words.render import say
from ..registry import ExportRequest

MIN_BUILDS = 2


def request_catalog(request: ExportRequest) -> Catalog:
    """The request's catalog, else the default (shipped + user) one."""
    if request.catalog is not None:
        return request.catalog
    from ...store.catalogs import default_catalog

    return default_catalog()


def comparison_of(request: ExportRequest) -> Comparison:
    """`request.comparison`, else the comparison of its evaluated builds (catalog prices, baseline 1).
    `InputError` (words/format_words.py) for fewer than two builds."""
    if request.comparison is not None:
        return request.comparison
    if len(request.options) < MIN_BUILDS:
        raise InputError(Msg("format.too-few-builds", min=MIN_BUILDS, n=len(request.options)))
    catalog = request_catalog(request)
    sources = tuple(request.sources) + (None,) * len(request.options)
    columns = tuple(Column(label=b.meta.name or f"#{i + 1}", build=b, evaluation=ev, options=Options(),
                           price_list=CATALOG_PRICES, catalog=catalog, source=sources[i])
                    for i, (b, ev) in enumerate(request.options))
    return make_comparison(columns, 0)


def locale_tag() -> str:
    """The Babel locale for numbers in the current language."""
    return "zh_CN" if current_language() == "zh_CN" else "en_US"


def group_label(group: str) -> str:
    return _(GROUPS.get(group, group))


def row_label(row: Row) -> str:
    """The row's label with its unit: 'Maximum power (W)'; money rows carry the currency. A unit that
    is a word ("days") is translated; symbols (W, GB/s, tokens/s) stay."""
    label = _(row.label)
    return f"{label} ({_(row.unit)})" if row.unit else label


def price_list_name(col: Column) -> str:
    """The column's price list: the file's name, or "catalog prices" translated."""
    return _(CATALOG_PRICES) if col.price_list == CATALOG_PRICES else col.price_list


def column_header(col: Column, index: int, baseline: int) -> str:
    """'A: HGX H100 … (baseline)', then the price list on its own line."""
    mark = " " + _("(baseline)") if index == baseline else ""
    return f"{chr(ord('A') + index)}: {col.label}{mark}\n{prices_text(col)}"


def prices_text(col: Column) -> str:
    """'prices: buyer.csv'."""
    return _("prices: {name}").format(name=price_list_name(col))


def value_words(value: str | Msg) -> str:
    """A text cell in the current language: a name (a part's, a PSU plan) as it is, a verdict or a
    link's name (a message) said."""
    return value if isinstance(value, str) else say(value)


def number_text(value: Value, row: Row) -> str:
    """A cell value as a reader sees it: grouped digits, money with its currency, '—' when missing."""
    if value is None:
        return "—"
    if isinstance(value, str | Msg):
        return value_words(value)
    if row.kind == "money" and row.unit and isinstance(value, Decimal):
        return format_money(value, row.unit, locale_tag())
    if isinstance(value, int):
        return f"{value:,}"
    size = abs(float(value))
    return f"{value:,.0f}" if size >= 100 else f"{value:,.3g}" if size < 1 else f"{value:,.1f}"


def delta_text(delta: Delta | None, row: Row) -> str:
    """'+1,234 W (+12.5 %)' style text of a delta; '' when there is none."""
    if delta is None:
        return ""
    amount = delta.absolute
    sign = "+" if amount > 0 else "−" if amount < 0 else "±"
    shown = number_text(-amount if amount < 0 else amount, row)
    pct = "" if delta.percent is None else f" ({'+' if delta.percent >= 0 else '−'}{abs(delta.percent):.1f} %)"
    return f"{sign}{shown}{pct}"


def options_text(col: Column) -> str:
    """The site options a column was evaluated with, in one line."""
    site, com = col.build.site, col.build.commercial
    return _("electricity {price} {input}/kWh, PUE {pue}, {years} years, utilization {util} %, {currency}").format(
        price=site.electricity_price_kwh, input=site.input_currency, pue=f"{site.pue:g}", years=com.tco_years,
        util=f"{com.utilization_pct:g}", currency=col.currency)
