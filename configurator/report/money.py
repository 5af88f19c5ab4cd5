"""Quote arithmetic in Decimal, with one rounding policy, and Babel currency formatting.

The policy (asserted in `Totals.check`):

* every extended price is rounded to the currency's minor unit, ROUND_HALF_UP;
* subtotal = sum of the printed (rounded) priced lines;
* discount = subtotal × discount % rounded once;
* prices exclude tax: tax = (subtotal − discount) × tax % rounded once, and
  total = subtotal − discount + tax + shipping;
* prices include tax: the lines already hold tax, total = subtotal − discount + shipping and the
  tax contained in the goods, (subtotal − discount) × t / (100 + t), is printed for information.

So the printed total always equals the printed lines minus the printed discount plus the printed
tax (when it is added) and shipping. Lines without a price are "on request" and left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

from babel.numbers import format_currency, get_currency_precision

from ..core.money import apply_terms, quantize

DEFAULT_LOCALE = "en_US"
MINUS = "\u2212"


@lru_cache(maxsize=64)
def minor_unit(currency: str) -> Decimal:
    """Smallest printed step of `currency`: 0.01 for USD, 1 for JPY."""
    return Decimal(1).scaleb(-get_currency_precision(currency))


def round_money(value: Decimal, currency: str) -> Decimal:
    return quantize(value, minor_unit(currency))


def fmt(value: Decimal, currency: str, locale: str = DEFAULT_LOCALE) -> str:
    """`value` (already rounded) as Babel prints it, with a true minus sign for negatives."""
    rounded = round_money(value, currency)
    text = format_currency(abs(rounded), currency, locale=locale)
    return MINUS + text if rounded < 0 else text


@dataclass(frozen=True)
class Line:
    """One printed line item. `unit`/`extended` are None for "on request"."""

    group: str
    part_number: str
    description: str
    qty: int
    unit: Decimal | None
    extended: Decimal | None


@dataclass(frozen=True)
class Totals:
    currency: str
    subtotal: Decimal
    discount_pct: Decimal
    discount: Decimal
    tax_pct: Decimal
    tax: Decimal
    tax_included: bool
    shipping: Decimal
    total: Decimal
    on_request: tuple[Line, ...] = field(default=())

    def check(self, lines: list[Line]) -> None:
        """The rounding invariant; raises AssertionError when it does not hold."""
        printed = sum((ln.extended for ln in lines if ln.extended is not None), Decimal(0))
        assert printed == self.subtotal, f"subtotal {self.subtotal} != sum of lines {printed}"
        added_tax = Decimal(0) if self.tax_included else self.tax
        expected = self.subtotal - self.discount + added_tax + self.shipping
        assert expected == self.total, f"total {self.total} != {expected}"
        for value in (self.subtotal, self.discount, self.tax, self.shipping, self.total):
            assert value == round_money(value, self.currency), f"{value} is not rounded to the minor unit"


def make_line(group: str, part_number: str, description: str, qty: int,
              unit: Decimal | None, currency: str) -> Line:
    """A line whose extended price is qty × unit rounded once (unit printed rounded too)."""
    if unit is None:
        return Line(group, part_number, description, qty, None, None)
    unit_r = round_money(unit, currency)
    return Line(group, part_number, description, qty, unit_r, round_money(unit_r * qty, currency))


def compute_totals(lines: list[Line], currency: str, *, discount_pct: Decimal, tax_pct: Decimal,
                   shipping: Decimal, tax_included: bool) -> Totals:
    subtotal = sum((ln.extended for ln in lines if ln.extended is not None), Decimal(0))
    subtotal = round_money(subtotal, currency)
    terms = apply_terms(subtotal, minor_unit(currency), discount_pct=discount_pct, tax_pct=tax_pct,
                        shipping=shipping, tax_included=tax_included)
    totals = Totals(currency, subtotal, Decimal(discount_pct), terms.discount, Decimal(tax_pct), terms.tax,
                    tax_included, terms.shipping, terms.total, tuple(ln for ln in lines if ln.extended is None))
    totals.check(lines)
    return totals
