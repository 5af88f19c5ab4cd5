"""Energy, support, TCO, cost per PFLOPS and own-vs-rent month by month."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from _evalparts import hgx_placements
from test_eval_cost import FX

from configurator.core.context import resolve
from configurator.core.evaluate.cost import compute_cost, compute_tco, month_series
from configurator.core.evaluate.figures import compute_figures

C = Decimal("0.01")


def tco(build, catalog):
    ctx = resolve(build, catalog)
    f = compute_figures(ctx)
    c = compute_cost(ctx, FX)
    return f, c, compute_tco(ctx, c, f.power, f.compute, FX)


def test_energy_support_total(hgx, catalog):
    f, c, t = tco(hgx, catalog)
    # 80 % of the hours at typical wall power, 20 % idle, × PUE 1.4 × 8766 h
    kwh = (f.power.wall_typical_w * 0.8 + f.power.wall_idle_w * 0.2) * 1.4 * 8766 / 1000
    assert t.energy_kwh_per_year == pytest.approx(kwh)
    assert t.energy_cost_per_year == (Decimal(repr(kwh)) * Decimal("0.15")).quantize(C, ROUND_HALF_UP)
    assert t.capex == c.subtotal_hardware                           # read from the priced BOM
    assert t.support_per_year == c.support.unit_price == (c.subtotal_hardware * Decimal("0.08")).quantize(C, ROUND_HALF_UP)
    assert t.capex + 5 * t.support_per_year == c.total             # the quote's hardware + support
    assert t.total == t.capex + 5 * (t.energy_cost_per_year + t.support_per_year)
    assert t.dense_pflops == pytest.approx(7.912)
    assert t.cost_per_pflops == (t.total / Decimal("7.912")).quantize(C, ROUND_HALF_UP)


def test_own_vs_rent_by_month(hgx, catalog):
    _, _, t = tco(hgx, catalog)
    assert len(t.own_by_month) == len(t.rent_by_month) == 61
    assert t.own_by_month[0] == t.capex and t.own_by_month[-1] == t.total
    assert t.rent_per_gpu_hour == Decimal("2.25")
    assert t.rent_per_month == Decimal("2.25") * 8 * 730 * Decimal("0.8")   # 10,512.00
    assert t.rent_by_month[0] == 0 and t.rent_by_month[12] == 12 * t.rent_per_month
    first = next(m for m in range(61) if t.own_by_month[m] <= t.rent_by_month[m])
    assert t.breakeven_month == first
    assert t.own_by_month[first - 1] > t.rent_by_month[first - 1]


def test_month_series_by_hand():
    own, rent, be = month_series(Decimal("1000.00"), Decimal("120.00"), Decimal("110.00"), 24, C)
    assert own[1] == Decimal("1010.00") and own[12] == Decimal("1120.00")
    assert rent[10] == Decimal("1100.00")
    # own = 1000 + 10 m, rent = 110 m: 110 m ≥ 1000 + 10 m from m = 10
    assert be == 10
    assert month_series(Decimal("1000"), Decimal("1200"), Decimal("50"), 24, C)[2] is None
    own, _, _ = month_series(Decimal("0.00"), Decimal("0.10"), None, 12, C)
    assert own[1] == Decimal("0.01") and own[6] == Decimal("0.05")   # 0.00833… → 0.01; 0.05 exact


def test_support_zero_percent(make_build, catalog):
    _, c, t = tco(make_build("hgx-test", hgx_placements(), commercial={"support_pct_per_year": "0"}), catalog)
    assert c.support is None and t.support_per_year == 0
    assert t.total == t.capex + 5 * t.energy_cost_per_year


def test_rent_override_and_currency(make_build, catalog):
    b = make_build("hgx-test", hgx_placements(), commercial={"rent_per_gpu_hour": "4"})
    _, _, t = tco(b, catalog)
    assert t.rent_per_gpu_hour == Decimal("4") and t.rent_per_month == Decimal("18688.00")
    b = make_build("hgx-test", hgx_placements(), site={"currency": "EUR"})
    _, _, t = tco(b, catalog)
    assert t.rent_per_gpu_hour == Decimal("1.935") and t.currency == "EUR"


def test_no_rent_price(make_build, catalog):
    _, _, t = tco(make_build("pcie-test", {"S1": "gpu-pcie"}), catalog)
    assert t.rent_per_gpu_hour is None and t.rent_by_month == () and t.breakeven_month is None


def test_no_gpus_no_pflops(make_build, catalog):
    _, _, t = tco(make_build("hgx-test", {}), catalog)
    assert t.dense_pflops == 0 and t.cost_per_pflops is None and t.rent_per_month is None


def test_utilization_zero_means_idle_power(make_build, catalog):
    b = make_build("hgx-test", hgx_placements(), commercial={"utilization_pct": 0})
    f, _, t = tco(b, catalog)
    assert t.energy_kwh_per_year == pytest.approx(f.power.wall_idle_w * 1.4 * 8766 / 1000)
    assert t.rent_per_month == 0 and t.breakeven_month is None


def test_month_series_matches_brute_force():
    import random
    rng = random.Random(5)
    for _ in range(3000):
        q = rng.choice([C, Decimal(1)])
        exp = q.as_tuple().exponent
        capex = Decimal(rng.randint(1, 10**7)).scaleb(exp)
        opex = Decimal(rng.choice([0, rng.randint(0, 10**6), rng.randint(0, 100)])).scaleb(exp)
        rent = Decimal(rng.choice([0, rng.randint(0, 10**5), rng.randint(0, 30)])).scaleb(exp)
        months = rng.choice([0, 1, 12, 60, 180])
        own, rent_by, be = month_series(capex, opex, rent, months, q)
        expect = tuple((capex + opex * m / 12).quantize(q, ROUND_HALF_UP) for m in range(months + 1))
        assert own == expect
        assert rent_by == tuple(rent * m for m in range(months + 1))
        assert be == next((m for m in range(months + 1) if own[m] <= rent_by[m]), None)
