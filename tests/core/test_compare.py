"""The comparison core: deltas against hand-computed values, best marks, options and price lists."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.catalog import Price
from configurator.core.compare import (
    CATALOG_PRICES,
    GROUPS,
    ROWS,
    ColumnInput,
    CompareError,
    Comparer,
    Delta,
    Options,
    PriceList,
    best_marks,
    deltas,
    rebase,
)
from configurator.core.message import Msg
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator

NAMES = ("hgx-h100-8gpu", "pcie-l40s-8gpu", "dgx-a100-8gpu", "seed-7b-training")


@pytest.fixture(scope="module")
def evaluator():
    return default_evaluator(load_catalog([paths.catalog_dir()], [paths.price_dir()]))


@pytest.fixture(scope="module")
def builds(evaluator):
    return [load_build(paths.examples_dir() / f"{n}.json", evaluator.catalog) for n in NAMES]


@pytest.fixture(scope="module")
def four(evaluator, builds):
    return Comparer(evaluator).compare([ColumnInput(b) for b in builds])


def test_deltas_hand_computed():
    assert deltas((100.0, 150.0, 50.0), 0) == (None, Delta(50.0, 50.0), Delta(-50.0, -50.0))
    assert deltas((4, 8, 2), 1) == (Delta(-4, -50.0), None, Delta(-6, -75.0))
    got = deltas((Decimal("1000.00"), Decimal("1234.56"), None), 0)
    assert got[1] == Delta(Decimal("234.56"), pytest.approx(23.456))
    assert isinstance(got[1].absolute, Decimal) and got[2] is None
    assert deltas((0, 5), 0) == (None, Delta(5, None))       # % of a zero baseline is undefined
    assert deltas((None, 5), 0) == (None, None)
    assert deltas(("a", "b"), 0) == (None, None)


def test_best_marks():
    assert best_marks((3.0, 5.0, 5.0), "higher") == (False, True, True)
    assert best_marks((3.0, 5.0, None), "lower") == (True, False, False)
    assert best_marks((2, 2, 2), "lower") == (False, False, False)     # all equal: nothing is best
    assert best_marks((2, None), "lower") == (False, False)            # one value: nothing to compare
    assert best_marks((1, 9), None) == (False, False)


def test_rows_cover_every_group(four):
    assert [g for g, _ in four.grouped()] == list(GROUPS)
    assert [r.key for r in four.rows] == [s.key for s in ROWS]
    for key in ("power.wall_max_w", "psu.feed_loss", "physical.airflow_cfm", "compute.fp8_tflops",
                "compute.bottleneck", "workload.max_batch", "workload.train_days", "cost.tco",
                "cost.per_pflops", "cost.per_gpu_gb", "cost.per_day", "cost.tflops_per_kw", "problems.errors"):
        four.row(key)


def test_values_are_the_evaluations(four, evaluator, builds):
    for col, build in zip(four.columns, builds, strict=True):
        ev = evaluator.evaluate(build)
        i = four.columns.index(col)
        assert four.row("cost.total").values[i] == ev.cost.total
        assert four.row("cost.tco").values[i] == ev.tco.total
        assert four.row("power.wall_typical_w").values[i] == ev.power.wall_typical_w
        assert col.price_list == CATALOG_PRICES


def test_money_deltas_exact(four):
    row = four.row("cost.tco")
    a, b = row.values[0], row.values[1]
    assert isinstance(a, Decimal) and row.unit == "USD" and row.better == "lower"
    assert row.deltas[0] is None
    assert row.deltas[1].absolute == b - a
    assert row.deltas[1].percent == pytest.approx(float(b - a) / float(a) * 100)
    assert row.best == tuple(v == min(row.values) for v in row.values)


def test_derived_money_rows(four):
    col = four.columns[1]
    ev = col.evaluation
    assert four.row("cost.per_gpu_gb").values[1] == (ev.cost.subtotal_hardware / Decimal("384")).quantize(
        Decimal("0.01"))
    per_day = four.row("cost.per_day").values[1]
    assert per_day == (ev.tco.total / Decimal(ev.tco.years) / Decimal("365.25")).quantize(Decimal("0.01"))
    assert four.row("cost.tflops_per_kw").values[1] == pytest.approx(
        ev.compute.bf16_tflops / ev.power.wall_typical_w * 1000)


def test_workload_rows(four):
    seed = four.columns[3].evaluation.workload
    assert four.row("workload.fit").values[3] == Msg("compare.fits")
    assert four.row("workload.max_batch").values == (None, None, None, seed.max_batch)
    tokens = four.row("workload.tokens_per_s").values[3]
    # Llama-2-7B, Chinchilla default: 20 × params tokens in train_days
    assert tokens == pytest.approx(seed.train_flops / (6 * 6.74e9) / (seed.train_days * 86400), rel=0.01)
    assert four.row("cost.training_run").values[3] is not None


def test_hide_equal_and_rebase(four):
    equal = {r.key for r in four.rows if r.all_equal}
    assert "problems.errors" in equal and "cost.tco" not in equal
    assert all(not r.all_equal for r in four.visible(hide_equal=True))
    again = rebase(four, 2)
    row = again.row("power.max_w")
    assert again.baseline == 2 and row.deltas[2] is None
    assert row.deltas[0].absolute == row.values[0] - row.values[2]
    with pytest.raises(CompareError, match="baseline"):
        rebase(four, 4)


def test_explanations(four):
    tco = four.row("cost.tco").explain(0)
    assert "years" in tco.formula and ("years", "5") in tco.inputs
    bf16 = four.row("compute.bf16_tflops").explain(0)
    assert bf16.sources and "H100" in bf16.sources[0]


def test_options_apply_to_copies(evaluator, builds):
    before = builds[0].snapshot()
    cmp = Comparer(evaluator).compare(
        [ColumnInput(builds[0]), ColumnInput(builds[1], options=Options(pue=1.1))],
        options=Options(currency="EUR", electricity_price_kwh=Decimal("0.30"), tco_years=3, pue=1.6))
    assert builds[0].snapshot() == before
    a, b = cmp.columns
    assert a.currency == b.currency == "EUR" and cmp.row("cost.tco").unit == "EUR"
    assert a.build.site.pue == 1.6 and b.build.site.pue == 1.1          # per-column wins
    assert a.evaluation.tco.years == 3
    # electricity typed in EUR is kept as typed: the build's money inputs move to EUR (issue 30: CNY and
    # 0.9 per kWh read 0.1258741258741258741258741259 USD/kWh), shipping converted at the same rates
    assert a.build.site.electricity_price_kwh == Decimal("0.30") and a.build.site.input_currency == "EUR"
    shipped = builds[0].model_copy(update={"commercial": builds[0].commercial.model_copy(
        update={"shipping": Decimal("100")})})
    col = Comparer(evaluator).compare([ColumnInput(shipped), ColumnInput(builds[1])], options=Options(
        currency="EUR", electricity_price_kwh=Decimal("0.30"))).columns[0]
    assert col.build.commercial.shipping == evaluator.fx.convert(Decimal("100"), "USD", "EUR")


def test_mixed_currencies_have_no_money_deltas(evaluator, builds):
    cmp = Comparer(evaluator).compare([ColumnInput(builds[0]), ColumnInput(builds[1], options=Options(currency="EUR"))])
    row = cmp.row("cost.total")
    assert row.unit == "" and not row.comparable and row.deltas == (None, None) and row.best == (False, False)
    assert cmp.row("power.max_w").comparable


def test_price_list_applied_without_editing(evaluator, builds):
    h100 = Price(part_id="nvidia-h100-sxm5-80gb", price=Decimal("20000"), currency="USD", date="2026-12-01",
                 source="buyer's negotiated price")
    plist = PriceList("buyer.csv", (h100,))
    comparer = Comparer(evaluator)
    cmp = comparer.compare([ColumnInput(builds[0]), ColumnInput(builds[0], label="negotiated", price_list=plist)])
    a, b = cmp.columns
    assert (a.price_list, b.price_list) == (CATALOG_PRICES, "buyer.csv")
    assert a.evaluation.cost.subtotal_hardware - b.evaluation.cost.subtotal_hardware == 8 * 10000
    assert any("negotiated" in ln.price_source for ln in b.evaluation.cost.lines)
    assert evaluator.catalog.price(h100.part_id).price == 30000      # the session's catalog is untouched
    assert comparer.compare([ColumnInput(builds[0]), ColumnInput(builds[1])], price_list=plist).columns[1] \
        .price_list == "buyer.csv"


@pytest.mark.parametrize("n", [1, 7])
def test_column_count(evaluator, builds, n):
    with pytest.raises(CompareError, match="2 to 6"):
        Comparer(evaluator).compare([ColumnInput(builds[0])] * n)


def test_bad_options_name_column_and_field(evaluator, builds):
    with pytest.raises(CompareError, match=r"^HGX.*: currency: no exchange rate USD→XXX"):
        Comparer(evaluator).compare([ColumnInput(builds[0]), ColumnInput(builds[1])], options=Options(currency="XXX"))
    with pytest.raises(CompareError, match=r"commercial.tco_years"):
        Comparer(evaluator).compare([ColumnInput(builds[0]), ColumnInput(builds[1])], options=Options(tco_years=99))
