"""The one money formatter: locale patterns, half-up rounding, true minus, whole units, compact."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.money import format_money, format_money_compact


def test_half_up_not_bankers_and_true_minus():
    assert format_money(Decimal("2.665"), "USD", "en_US") == "$2.67"      # Babel alone would print $2.66
    assert format_money(Decimal("1234.5"), "JPY", "en_US") == "¥1,235"
    assert format_money(Decimal("-5"), "USD", "en_US") == "−$5.00"
    assert format_money(Decimal("1.2345"), "KWD", "en_US") == "KWD1.235"   # three minor digits


def test_locale_patterns():
    assert format_money(Decimal("1234567.5"), "EUR", "de_DE") == "1.234.567,50\xa0€"
    assert format_money(Decimal("21500"), "CNY", "zh_CN") == "¥21,500.00"
    assert format_money(Decimal("-1234.5"), "EUR", "de_DE", digits=False) == "−1.235\xa0€"
    assert format_money(Decimal("1234567.5"), "EUR", "en_US", digits=False) == "€1,234,568"


def test_none_and_floats():
    assert format_money(None, "USD", "en_US") == "—"
    assert format_money(0.1 + 0.2, "USD", "en_US") == "$0.30"
    assert format_money(float("nan"), "USD", "en_US") == "—"


def test_compact_for_axes():
    assert format_money_compact(200000.0, "USD", "en_US") == "$200K"
    assert format_money_compact(1_250_000, "USD", "en_US") == "$1.2M"


def test_unknown_locale_is_a_value_error():
    with pytest.raises(ValueError, match="unknown locale 'xx_YY'"):
        format_money(Decimal(1), "USD", "xx_YY")
