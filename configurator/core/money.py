"""The one money rule shared by the BOM, the GUI and the PDF quote.

Round half-up to the currency's minor unit; discount on the subtotal rounded once; tax on the
discounted subtotal rounded once (or, when prices include tax, the tax contained in them, shown
for information); total = subtotal − discount + tax (when added) + shipping.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal


def quantize(value: Decimal, quantum: Decimal) -> Decimal:
    """`value` rounded half-up to `quantum` (0.01 for cents, 1 for yen)."""
    return Decimal(value).quantize(quantum, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Terms:
    """Discount, tax, shipping and total of a rounded subtotal."""

    discount: Decimal
    tax: Decimal
    shipping: Decimal
    total: Decimal


def apply_terms(subtotal: Decimal, quantum: Decimal, *, discount_pct: Decimal, tax_pct: Decimal,
                shipping: Decimal, tax_included: bool) -> Terms:
    """Apply the commercial terms to `subtotal` (already the sum of rounded lines)."""
    discount = quantize(subtotal * Decimal(discount_pct) / 100, quantum)
    net = subtotal - discount
    rate = Decimal(tax_pct)
    if tax_included:
        tax = quantize(net * rate / (100 + rate), quantum) if rate else quantize(Decimal(0), quantum)
    else:
        tax = quantize(net * rate / 100, quantum)
    ship = quantize(Decimal(shipping), quantum)
    total = net + ship + (Decimal(0) if tax_included else tax)
    return Terms(discount, tax, ship, quantize(total, quantum))
