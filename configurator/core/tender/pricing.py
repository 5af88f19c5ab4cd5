"""分项报价明细表: the quote's priced lines with tax shown per line, adding up to the quote's total.

Per line: 不含税单价 (net unit price), 含税单价 = 不含税单价 × (1 + rate) rounded half-up to the
currency's minor unit, 含税合价 = 含税单价 × 数量 (exact). When the build's prices include tax the
printed unit price is the 含税单价 and the 不含税单价 is derived from it (rounded the same way).

The lines' 含税合价 sum to `lines_gross`; the quote's total is `cost.total`, which rounds the
tax once on the (discounted) subtotal and adds shipping. `adjustments` are the rows between
the two, so the table's grand total is the quote's total to the cent: the discount, the shipping
(gross when taxed) and a rounding difference (尾差) when per-line rounding leaves one.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..evaluate.result import CostLine, CostResult
from ..money import quantize


@dataclass(frozen=True)
class TenderLine:
    """One priced line; the prices are None for a line "on request" (left out of the totals)."""

    number: int
    line: CostLine
    net_unit: Decimal | None
    gross_unit: Decimal | None
    gross_extended: Decimal | None


@dataclass(frozen=True)
class TenderPricing:
    """The 分项报价明细表: lines, the rows that lead from their sum to the quote's total, and the total."""

    currency: str
    tax_pct: Decimal
    lines: tuple[TenderLine, ...]
    lines_gross: Decimal
    adjustments: tuple[tuple[str, Decimal], ...]   # ("discount" | "shipping" | "rounding", gross amount)
    total: Decimal                                  # == cost.total, what the customer signs


def _quantum(cost: CostResult) -> Decimal:
    """The currency's minor unit, as the priced BOM rounded its total to it (0.01, or 1 for yen)."""
    exp = cost.total.as_tuple().exponent
    return Decimal(1).scaleb(exp if isinstance(exp, int) and exp < 0 else 0)


def _prices(unit: Decimal, factor: Decimal, included: bool, q: Decimal) -> tuple[Decimal, Decimal]:
    if included:
        return quantize(unit / factor, q), unit
    return unit, quantize(unit * factor, q)


def tender_pricing(cost: CostResult) -> TenderPricing:
    """The 分项报价明细表 of the priced BOM `cost`; its `total` is `cost.total`."""
    q = _quantum(cost)
    factor = 1 + cost.tax_pct / 100
    lines = []
    for n, ln in enumerate(cost.lines, 1):
        if ln.unit_price is None:
            lines.append(TenderLine(n, ln, None, None, None))
            continue
        net, gross = _prices(ln.unit_price, factor, cost.tax_included, q)
        lines.append(TenderLine(n, ln, net, gross, gross * ln.qty))
    summed = sum((t.gross_extended for t in lines if t.gross_extended is not None), Decimal(0))
    adjustments: list[tuple[str, Decimal]] = []
    if cost.discount:
        adjustments.append(("discount", -quantize(cost.discount * factor, q) if not cost.tax_included
                            else -cost.discount))
    if cost.shipping:
        taxed = cost.shipping_taxed and not cost.tax_included
        adjustments.append(("shipping", quantize(cost.shipping * factor, q) if taxed else cost.shipping))
    rest = cost.total - summed - sum((a for _k, a in adjustments), Decimal(0))
    if rest:
        adjustments.append(("rounding", rest))
    return TenderPricing(cost.currency, cost.tax_pct, tuple(lines), summed, tuple(adjustments), cost.total)
