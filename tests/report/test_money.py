"""The quote's rounding policy: printed lines, discount, tax and shipping always add up."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from configurator.report.money import compute_totals, fmt, make_line, round_money


def test_half_up_not_bankers():
    assert round_money(Decimal("2.665"), "USD") == Decimal("2.67")
    assert round_money(Decimal("2.675"), "USD") == Decimal("2.68")
    assert fmt(Decimal("2.665"), "USD") == "$2.67"          # Babel alone would print $2.66
    assert round_money(Decimal("1234.5"), "JPY") == Decimal("1235")
    assert fmt(Decimal("-5"), "USD") == "−$5.00"


def test_extended_is_rounded_unit_times_qty():
    line = make_line("Memory", "PN", "DIMM", 32, Decimal("289.455"), "USD")
    assert line.unit == Decimal("289.46") and line.extended == Decimal("9262.72")
    assert make_line("X", "PN", "d", 1, None, "USD").extended is None


@pytest.mark.parametrize("included", [False, True])
@pytest.mark.parametrize("currency", ["USD", "JPY", "CNY", "KWD"])
def test_invariant_holds_for_random_quotes(included, currency):
    rng = random.Random(f"{included}{currency}")
    for _ in range(300):
        lines = [make_line("G", "PN", "d", rng.randint(1, 64),
                           None if rng.random() < 0.05 else Decimal(rng.randint(1, 10**8)) / 1000, currency)
                 for _ in range(rng.randint(1, 40))]
        totals = compute_totals(lines, currency, discount_pct=Decimal(rng.choice(["0", "2.5", "7", "33.333"])),
                                tax_pct=Decimal(rng.choice(["0", "8.25", "13", "19", "20"])),
                                shipping=Decimal(rng.randint(0, 99999)) / 100, tax_included=included)
        totals.check(lines)     # raises on any mismatch
        printed = sum(ln.extended for ln in lines if ln.extended is not None)
        added_tax = 0 if included else totals.tax
        assert totals.total == printed - totals.discount + added_tax + totals.shipping
        assert len(totals.on_request) == sum(ln.extended is None for ln in lines)


def test_prices_including_tax_print_the_contained_tax():
    lines = [make_line("G", "PN", "d", 1, Decimal("113.00"), "CNY")]
    t = compute_totals(lines, "CNY", discount_pct=Decimal(0), tax_pct=Decimal(13), shipping=Decimal(0),
                       tax_included=True)
    assert t.total == Decimal("113.00") and t.tax == Decimal("13.00")


def test_check_catches_a_mismatch():
    lines = [make_line("G", "PN", "d", 3, Decimal("0.333"), "USD")]
    t = compute_totals(lines, "USD", discount_pct=Decimal(0), tax_pct=Decimal(0), shipping=Decimal(0),
                       tax_included=False)
    bad = [make_line("G", "PN", "d", 3, Decimal("0.34"), "USD")]
    with pytest.raises(AssertionError):
        t.check(bad)
