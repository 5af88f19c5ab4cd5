"""The priced BOM's arithmetic alone: lines, support, discount, tax, shipping and the invariant."""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal

import pytest

from configurator.core.build import Commercial
from configurator.core.evaluate.bom import BomError, check_totals, part_line, price_bom
from configurator.words.render import in_english

CENT, YEN = Decimal("0.01"), Decimal(1)


def line(category: str, unit: str | None, qty: int = 1, quantum: Decimal = CENT, kind: str = "hardware",
         part_id: str = ""):
    return part_line(category=category, part_id=part_id or f"{category}-{unit}", part_number="PN", name=category,
                     qty=qty, unit=None if unit is None else Decimal(unit), source="test", quantum=quantum, kind=kind)


def terms(**kw) -> Commercial:
    return Commercial.model_validate({"support_pct_per_year": "0", **kw})


def test_lines_round_half_up_once_and_group_for_the_customer():
    bom = price_bom("USD", CENT, [line("chassis", "0.125"), line("dimm", "289.455", 32), line("gpu", "2.665")],
                    terms())
    assert [ln.group for ln in bom.lines] == ["Compute", "Memory", "Chassis"]
    dimm = bom.lines[1]
    assert dimm.unit_price == Decimal("289.46") and dimm.extended == Decimal("9262.72")
    assert bom.subtotal_hardware == bom.subtotal == bom.total == Decimal("2.67") + Decimal("9262.72") + Decimal("0.13")


def test_support_line_qty_is_years_and_unit_is_pct_of_hardware():
    bom = price_bom("USD", CENT, [line("gpu", "1000.05", 3)], terms(support_pct_per_year="7.5", tco_years=4))
    svc = bom.support
    assert svc is bom.lines[-1] and svc.kind == "service" and svc.group == "Services"
    assert in_english(svc.name) == "Support and warranty extension, 4 years (7.5 % of hardware per year)"
    assert svc.qty == 4 and svc.unit_price == Decimal("225.01")        # 3000.15 × 7.5 % = 225.01125
    assert bom.subtotal_services == Decimal("900.04") and bom.total == Decimal("3900.19")


def test_support_zero_percent_or_nothing_priced_gives_no_line():
    assert price_bom("USD", CENT, [line("gpu", "100")], terms()).support is None
    bom = price_bom("USD", CENT, [line("gpu", None)], terms(support_pct_per_year="8"))
    assert bom.support is None and bom.total == 0 and str(bom.total) == "0.00"


def test_discount_then_tax_added_then_shipping():
    bom = price_bom("USD", CENT, [line("gpu", "999.99", 3)],
                    terms(discount_pct="2.5", tax_pct="8.25", shipping="12.345", shipping_taxed=False))
    assert bom.subtotal == Decimal("2999.97")
    assert bom.discount == Decimal("75.00")                           # 74.99925 rounded once
    assert bom.tax == Decimal("241.31")                               # 2924.97 × 8.25 % = 241.309…
    assert bom.shipping == Decimal("12.35")
    assert bom.total == Decimal("2999.97") - Decimal("75.00") + Decimal("241.31") + Decimal("12.35")


def test_tax_included_grosses_the_net_list_price_up_and_contains_the_tax():
    """Prices are net list prices: 'prices include tax' prints them grossed up (100 → 113 at 13 %),
    so the tax the quote shows is charged, not given away (issue #29)."""
    bom = price_bom("CNY", CENT, [line("chassis", "100.00")], terms(tax_pct="13", prices_include_tax=True,
                                                                    shipping="5", shipping_taxed=False))
    assert bom.lines[0].unit_price == Decimal("113.00") and "13 % tax" in bom.lines[0].price_source
    assert bom.tax_included and bom.tax == Decimal("13.00")
    assert bom.total == Decimal("118.00")


def test_shipping_is_taxed_by_default_net_or_gross():
    added = price_bom("CNY", CENT, [line("chassis", "1000.00")], terms(tax_pct="13", shipping="100"))
    assert added.shipping_taxed and added.tax == Decimal("143.00") and added.total == Decimal("1243.00")
    gross = price_bom("CNY", CENT, [line("chassis", "1000.00")], terms(tax_pct="13", shipping="113",
                                                                     prices_include_tax=True))
    assert gross.tax == Decimal("143.00") and gross.total == Decimal("1243.00")


def test_jpy_has_no_minor_unit():
    bom = price_bom("JPY", YEN, [line("gpu", "4439999.5", 2, YEN), line("dimm", "52000.4", 16, YEN)],
                    terms(discount_pct="3", tax_pct="10", support_pct_per_year="8"))
    for value in (bom.subtotal, bom.discount, bom.tax, bom.total, *(ln.extended for ln in bom.lines)):
        assert value.as_tuple().exponent == 0
    assert bom.lines[0].unit_price == Decimal("4440000")
    assert bom.support.unit_price == ((Decimal(8880000) + Decimal(832000)) * Decimal("0.08")).quantize(YEN, ROUND_HALF_UP)


def test_unpriced_lines_are_on_request_and_left_out():
    bom = price_bom("USD", CENT, [line("gpu", "100"), line("nic", None, 2, part_id="dpu")],
                    terms(support_pct_per_year="10"))
    assert bom.missing_prices == ("dpu",) and [ln.part_id for ln in bom.on_request] == ["dpu"]
    assert bom.subtotal_hardware == Decimal("100.00") and bom.support.unit_price == Decimal("10.00")
    assert bom.total == Decimal("150.00")


def test_companion_parts_are_their_own_kind_of_line():
    bom = price_bom("USD", CENT, [line("chassis", "5000"), line("nic", "49.99", 8, kind="companion", part_id="cable")],
                    terms(support_pct_per_year="10", tco_years=1))
    cable = next(ln for ln in bom.lines if ln.part_id == "cable")
    assert cable.kind == "companion" and cable.group == "Accessories"
    assert [ln.group for ln in bom.lines] == ["Chassis", "Accessories", "Services"]
    assert bom.subtotal_hardware == Decimal("5399.92")              # companion parts are hardware
    assert bom.support.unit_price == Decimal("539.99")


@pytest.mark.parametrize("included", [False, True])
@pytest.mark.parametrize("quantum", [CENT, YEN, Decimal("0.001")])
def test_invariant_holds_for_random_boms(included, quantum):
    rng = random.Random(f"{included}{quantum}")
    cats = ("gpu", "cpu", "dimm", "drive", "nic", "psu", "cooling", "chassis")
    for _ in range(300):
        parts = [line(rng.choice(cats), None if rng.random() < 0.05 else str(Decimal(rng.randint(1, 10**8)) / 1000),
                      rng.randint(1, 64), quantum) for _ in range(rng.randint(1, 30))]
        bom = price_bom("XXX", quantum, parts, terms(
            discount_pct=rng.choice(["0", "2.5", "7", "33.333"]), tax_pct=rng.choice(["0", "8.25", "13", "20"]),
            shipping=str(Decimal(rng.randint(0, 99999)) / 100), prices_include_tax=included,
            support_pct_per_year=rng.choice(["0", "8", "12.5"]), tco_years=rng.randint(1, 15)))
        printed = sum(ln.extended for ln in bom.lines if ln.extended is not None)
        added_tax = 0 if included else bom.tax
        assert bom.total == printed - bom.discount + added_tax + bom.shipping
        assert len(bom.on_request) == sum(ln.extended is None for ln in parts)


def test_check_totals_catches_a_mismatch():
    bom = price_bom("USD", CENT, [line("gpu", "0.333", 3)], terms(tax_pct="10"))
    check_totals(bom, CENT)
    with pytest.raises(BomError, match="total"):
        check_totals(bom.model_copy(update={"total": bom.total + CENT}), CENT)
    with pytest.raises(BomError, match="subtotal"):
        check_totals(bom.model_copy(update={"lines": bom.lines * 2}), CENT)
    with pytest.raises(BomError, match="not rounded"):
        check_totals(bom.model_copy(update={"shipping": Decimal("0.001"), "total": bom.total + Decimal("0.001")}),
                     CENT)
