"""The priced BOM from a build: lines in Decimal, currency conversion, per-line rounding, the
support line and the totals (the arithmetic alone is in test_bom.py)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from _evalparts import make_catalog

from configurator.core.context import resolve
from configurator.core.evaluate.cost import compute_cost
from configurator.core.fx import FxTable
from configurator.words.render import in_english

FX = FxTable({"USD": Decimal(1), "EUR": Decimal("0.86"), "JPY": Decimal("148")}, {"USD": 2, "EUR": 2, "JPY": 0})


def cost(build, catalog, fx=FX):
    return compute_cost(resolve(build, catalog), fx)


def test_total_is_sum_of_lines(hgx, catalog):
    c = cost(hgx, catalog)
    assert c.currency == "USD" and c.missing_prices == ()
    hardware = [line for line in c.lines if line.kind == "hardware"]
    assert c.subtotal_hardware == sum(line.extended for line in hardware)
    assert c.subtotal == c.total == sum(line.extended for line in c.lines)   # no discount, tax or shipping
    for line in c.lines:
        assert line.extended == line.unit_price * line.qty
        assert line.unit_price.as_tuple().exponent == -2
    # grouped for the customer: Compute, Memory, Storage, Network, Power and cooling, Chassis, Services
    assert [line.category for line in c.lines] == ["gpu", "cpu", "dimm", "drive", "nic", "psu", "cooling",
                                                   "chassis", "service"]
    gpu = next(line for line in c.lines if line.part_id == "gpu-sxm")
    assert (gpu.qty, gpu.unit_price, gpu.extended, gpu.group) == (8, Decimal("30000.00"), Decimal("240000.00"),
                                                                  "Compute")


def test_support_line_is_part_of_the_bom(hgx, catalog):
    c = cost(hgx, catalog)
    support = c.support
    assert support is not None and support.kind == "service" and support.group == "Services"
    assert in_english(support.name) == "Support and warranty extension, 5 years (8 % of hardware per year)"
    assert support.qty == 5 and support.part_number == "SVC-SUPPORT-1Y"
    assert support.unit_price == (c.subtotal_hardware * Decimal("0.08")).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert c.subtotal_services == support.extended == support.unit_price * 5
    assert c.total == c.subtotal_hardware + c.subtotal_services


def test_support_zero_percent_has_no_line(make_build, catalog):
    c = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}, commercial={"support_pct_per_year": "0"}), catalog)
    assert c.support is None and c.subtotal_services == 0
    assert c.total == c.subtotal_hardware == Decimal("55000.00")
    one = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}, commercial={"tco_years": 1}), catalog)
    assert in_english(one.support.name).startswith("Support and warranty extension, 1 year (")


def test_conversion_and_half_up_rounding(hgx, catalog):
    lines = {line.part_id: line for line in cost(hgx, catalog).lines}
    # 1200 EUR at 0.86 EUR/USD = 1395.3488… USD → 1395.35
    assert lines["nvme-gen5"].unit_price == Decimal("1395.35")
    assert "1200 EUR converted" in lines["nvme-gen5"].price_source
    # 350.335 → 350.34 half-up per line, before × qty
    assert lines["dimm-64-4800"].unit_price == Decimal("350.34")
    assert lines["dimm-64-4800"].extended == Decimal("350.34") * 32


def test_half_up_not_half_even(make_build):
    cat = make_catalog({"hgx-test": ("0.125", "USD"), "gpu-sxm": ("2.665", "USD")})
    c = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}, commercial={"support_pct_per_year": "0"}), cat)
    assert [line.unit_price for line in c.lines] == [Decimal("2.67"), Decimal("0.13")]
    assert c.total == Decimal("2.80")


def test_other_currencies(make_build, catalog):
    jpy = cost(make_build("hgx-test", {"GPU1": "gpu-sxm", "NVME1": "nvme-gen5"}, site={"currency": "JPY"}), catalog)
    lines = {line.part_id: line for line in jpy.lines}
    assert lines["gpu-sxm"].unit_price == Decimal("4440000")              # 30000 × 148, no minor unit
    expected = (Decimal(1200) / Decimal("0.86") * 148).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    assert lines["nvme-gen5"].unit_price == expected
    eur = cost(make_build("hgx-test", {"NVME1": "nvme-gen5"}, site={"currency": "EUR"}), catalog)
    assert {line.part_id: line.unit_price for line in eur.lines}["nvme-gen5"] == Decimal("1200.00")


def test_missing_prices(make_build, catalog):
    c = cost(make_build("hgx-test", {"GPU1": "gpu-sxm", "X1": "dpu-2x200"}), catalog)
    dpu = next(line for line in c.lines if line.part_id == "dpu-2x200")
    assert dpu.unit_price is None and dpu.extended is None and dpu.price_source == "no price"
    assert c.missing_prices == ("dpu-2x200",) and c.on_request == (dpu,)
    assert c.subtotal_hardware == Decimal("55000.00")                    # the unpriced line is left out
    assert c.support.unit_price == Decimal("4400.00")                    # 8 % of the priced hardware


def test_unknown_currency_leaves_lines_unpriced(make_build, catalog):
    c = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}, site={"currency": "SEK"}), catalog)
    assert c.total == 0 and set(c.missing_prices) == {"hgx-test", "gpu-sxm"} and c.support is None
    assert "no exchange rate USD→SEK" in c.lines[0].price_source


def test_discount_tax_shipping(make_build, catalog):
    com = {"discount_pct": "10", "tax_pct": "13", "shipping": "500", "support_pct_per_year": "0"}
    c = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}, commercial=com), catalog)
    assert c.subtotal == Decimal("55000.00")
    assert c.discount == Decimal("5500.00") and c.tax == Decimal("6500.00")    # 13 % of 49,500 + 500 shipping
    assert c.total == Decimal("55000.00") - Decimal("5500.00") + Decimal("6500.00") + Decimal("500.00")
    inc = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}, commercial={**com, "prices_include_tax": True}), catalog)
    # the net list prices grossed up by 13 % (issue #29): the tax is contained in the total, not given away
    assert inc.subtotal == Decimal("62150.00")                                   # 55,000 × 1.13
    assert inc.discount == Decimal("6215.00")
    assert inc.tax_included and inc.tax == ((Decimal(55935) + 500) * 13 / 113).quantize(Decimal("0.01"))
    assert inc.total == Decimal("55935.00") + Decimal("500.00")


def test_discount_applies_to_support_too(make_build, catalog):
    c = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}, commercial={"discount_pct": "10"}), catalog)
    assert c.subtotal == Decimal("55000.00") + 5 * Decimal("4400.00")
    assert c.discount == Decimal("7700.00") and c.total == c.subtotal - c.discount


def test_nothing_priced_total_keeps_minor_unit(make_build):
    c = cost(make_build("hgx-test", {"GPU1": "gpu-sxm"}), make_catalog({}))
    assert c.total == 0 and str(c.total) == "0.00" and c.missing_prices == ("gpu-sxm", "hgx-test")


def test_evaluation_recomputes_the_bom_when_support_terms_change(make_build, catalog):
    from configurator.core.evaluator import evaluate
    b = make_build("hgx-test", {"GPU1": "gpu-sxm"})
    first = evaluate(b, catalog, fx=FX)
    b.commercial = b.commercial.model_copy(update={"support_pct_per_year": Decimal("10"), "tco_years": 3})
    second = evaluate(b, catalog, fx=FX)
    assert first.cost.support.qty == 5 and second.cost.support.qty == 3
    assert second.cost.support.unit_price == Decimal("5500.00")
    assert second.tco.support_per_year == second.cost.support.unit_price
    assert second.tco.capex == second.cost.subtotal_hardware
