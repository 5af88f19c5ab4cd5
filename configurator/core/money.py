"""Money: the one rounding rule, the commercial terms, and the one way to print an amount.

Round half-up to the currency's minor unit; discount on the subtotal rounded once; tax on the
discounted subtotal rounded once (or, when prices include tax, the tax contained in them, shown
for information); total = subtotal − discount + tax (when added) + shipping.

`format_money` is the only money formatter: the GUI, the CLI and the PDF call it with their own
locale (Babel patterns), so an amount reads the same everywhere for a given locale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from babel import Locale, UnknownLocaleError
from babel.numbers import format_compact_currency, format_currency, get_currency_precision

from .input_error import InvalidValueError
from .message import Msg

MINUS = "\u2212"      # a true minus sign, not the hyphen Babel prints for en_US
NO_AMOUNT = "—"       # what a missing amount prints as
_FRACTION = re.compile(r"\.0+")


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
                shipping: Decimal, tax_included: bool, shipping_taxed: bool = False) -> Terms:
    """Apply the commercial terms to `subtotal` (already the sum of rounded lines).

    With `shipping_taxed` (freight is taxable in China and the EU) the tax base includes the
    shipping charge, which, like the prices, is net or gross as `tax_included` says."""
    discount = quantize(subtotal * Decimal(discount_pct) / 100, quantum)
    net = subtotal - discount
    rate = Decimal(tax_pct)
    ship = quantize(Decimal(shipping), quantum)
    base = net + ship if shipping_taxed else net
    if tax_included:
        tax = quantize(base * rate / (100 + rate), quantum) if rate else quantize(Decimal(0), quantum)
    else:
        tax = quantize(base * rate / 100, quantum)
    total = net + ship + (Decimal(0) if tax_included else tax)
    return Terms(discount, tax, ship, quantize(total, quantum))


def format_pct(value: Decimal) -> str:
    """A commercial percentage as the quote and the BOM print it ("13 %", "2.5 %")."""
    return f"{Decimal(value).normalize():f}\u00a0%"


def unknown_locale(locale: str) -> InvalidValueError:
    """The refusal of a locale Babel does not know (words/input_words.py "money.unknown-locale")."""
    return InvalidValueError(Msg("money.unknown-locale", locale=repr(locale)))


def check_locale(locale: str) -> str:
    """`locale` when Babel knows it; `InvalidValueError` (a ValueError) naming it otherwise."""
    try:
        Locale.parse(locale)
    except (ValueError, TypeError, UnknownLocaleError):
        raise unknown_locale(locale) from None
    return locale


def _decimal(amount: Decimal | int | float) -> Decimal:
    return amount if isinstance(amount, Decimal) else Decimal(repr(amount))


def format_money(amount: Decimal | int | float | None, currency: str, locale: str, *,
                 digits: bool = True) -> str:
    """`amount` in `currency` as `locale` writes it ("$1,234.50", "1.234,50 €", "¥1,234").

    With `digits` the currency's minor unit is printed (none for JPY), else whole units in the
    locale's own pattern. Rounding is half-up (Babel alone would round half-even), negatives
    carry a true minus sign, and None prints "—". Raises ValueError for an unknown locale.
    """
    if amount is None:
        return NO_AMOUNT
    value = _decimal(amount)
    if not value.is_finite():
        return NO_AMOUNT
    places = get_currency_precision(currency) if digits else 0
    rounded = quantize(value, Decimal(1).scaleb(-places))
    try:
        if digits:
            text = format_currency(abs(rounded), currency, locale=locale)
        else:
            pattern = Locale.parse(locale).currency_formats["standard"].pattern
            text = format_currency(abs(rounded), currency, format=_FRACTION.sub("", pattern.split(";")[0]),
                                   currency_digits=False, locale=locale)
    except UnknownLocaleError:
        raise unknown_locale(locale) from None
    return MINUS + text if rounded < 0 else text


def format_money_compact(amount: Decimal | int | float, currency: str, locale: str) -> str:
    """A short amount for chart axes ("$1.2M", "1,2 Mio. $"), true minus sign for negatives."""
    value = _decimal(amount)
    if not value.is_finite():
        return NO_AMOUNT
    try:
        text = format_compact_currency(abs(value), currency, fraction_digits=1, locale=locale)
    except UnknownLocaleError:
        raise unknown_locale(locale) from None
    return MINUS + text if value < 0 else text
