"""The tender pack's data (core/tender): deviations computed from the evaluated build, and the
分项报价明细表's per-line tax adding up to the quote's total."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest

from configurator.core.tender import Requirement, deviations, tender_pricing
from configurator.core.tender.deviations import deviation_kind
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.store.tender_files import load_tender


@pytest.fixture(scope="module")
def setup():
    catalog = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    build = load_build(paths.examples_dir() / "inspur-nf5688m7-8gpu.json", catalog)
    return build, default_evaluator(catalog)


def _with_terms(build, **terms):
    return build.model_copy(update={"commercial": build.commercial.model_copy(update=terms)})


def test_deviation_kinds_for_each_comparator():
    assert deviation_kind(">=", 8.0, 8.0) == "none"
    assert deviation_kind(">=", 16.0, 8.0) == "positive"
    assert deviation_kind(">=", 4.0, 8.0) == "negative"
    assert deviation_kind("<=", 6.0, 6.0) == "none"
    assert deviation_kind("<=", 4.0, 6.0) == "positive"
    assert deviation_kind("<=", 8.0, 6.0) == "negative"
    assert deviation_kind("=", 8.0, 8.0) == "none" and deviation_kind("=", 9.0, 8.0) == "negative"
    assert deviation_kind("=", True, True) == "none" and deviation_kind("=", False, True) == "negative"
    assert deviation_kind("contains", "NVIDIA H100 SXM5 80GB", "h100") == "none"
    assert deviation_kind("contains", "NVIDIA H20", "H100") == "negative"


def test_offered_values_are_the_evaluations(setup):
    build, evaluator = setup
    ev = evaluator.evaluate(build)
    reqs = (Requirement("GPU ≥ 8", "gpu.count", ">=", 8.0), Requirement("显存 ≥ 96", "gpu.memory_gb", ">=", 96.0),
            Requirement("内存 ≥ 1 TB", "memory.capacity_gb", ">=", 1000.0),
            Requirement("冗余电源", "psu.redundant", "=", True), Requirement("≤ 4U", "chassis.rack_units", "<=", 4.0),
            Requirement("质保 3 年", "warranty.years", ">=", 3.0), Requirement("H100", "gpu.model", "contains", "H100"))
    rows = deviations(reqs, build, ev)
    assert [r.number for r in rows] == list(range(1, 8))
    assert [r.offered for r in rows] == [ev.compute.gpu_count, ev.compute.vram_gb_per_gpu, ev.memory.capacity_gb,
                                         True, ev.rack_units, build.commercial.tco_years, ev.compute.gpu_model]
    # the NF5688M7 example: 8 × 80 GB H100, 2 TB of DIMMs, 4+2 PSUs, 6U, 5 years of support quoted
    assert [r.kind for r in rows] == ["none", "negative", "positive", "none", "negative", "positive", "none"]
    assert ev.psu.redundancy == "4+2" and ev.rack_units == 6


def test_no_support_line_is_no_warranty_offered(setup):
    build, evaluator = setup
    ev = evaluator.evaluate(_with_terms(build, support_pct_per_year=Decimal(0)))
    (row,) = deviations((Requirement("质保 3 年", "warranty.years", ">=", 3.0),), build, ev)
    assert row.offered == 0 and row.kind == "negative"


@pytest.mark.parametrize("terms", [
    dict(tax_pct=Decimal(13)),
    dict(tax_pct=Decimal(13), discount_pct=Decimal("3.5"), shipping=Decimal("999.99")),
    dict(tax_pct=Decimal(6), prices_include_tax=True, shipping=Decimal(120)),
    dict(tax_pct=Decimal(0)),
])
def test_tax_per_line_and_totals_equal_the_quotes(setup, terms):
    build, evaluator = setup
    cost = evaluator.evaluate(_with_terms(build, **terms)).cost
    p = tender_pricing(cost)
    rate = 1 + cost.tax_pct / 100
    for t in p.lines:
        assert t.line.unit_price is not None
        if cost.tax_included:
            assert t.gross_unit == t.line.unit_price
            assert t.net_unit == (t.line.unit_price / rate).quantize(Decimal("0.01"), ROUND_HALF_UP)
        else:
            assert t.net_unit == t.line.unit_price
            assert t.gross_unit == (t.line.unit_price * rate).quantize(Decimal("0.01"), ROUND_HALF_UP)
        assert t.gross_extended == t.gross_unit * t.line.qty
    assert p.lines_gross == sum(t.gross_extended for t in p.lines)
    assert p.lines_gross + sum(a for _k, a in p.adjustments) == p.total == cost.total
    rounding = dict(p.adjustments).get("rounding", Decimal(0))
    assert abs(rounding) <= Decimal("0.005") * (sum(t.line.qty for t in p.lines) + 2)   # per-line rounding only
    if not cost.tax_pct:
        assert p.adjustments == () or "rounding" not in dict(p.adjustments)
    if cost.discount:
        assert dict(p.adjustments)["discount"] < 0


def test_the_example_requirement_file_reads_and_bad_files_name_the_field(tmp_path):
    tender = load_tender(paths.examples_dir() / "tender-requirements.toml")
    assert tender.number and len(tender.requirements) >= 8
    bad = tmp_path / "t.toml"
    bad.write_text('[[requirement]]\ntext = "x"\nfield = "gpu.colour"\ncomparator = ">="\nvalue = 1\n', "utf-8")
    with pytest.raises(ValueError, match=r"t.toml: field 'requirement\[1\].field': unknown field 'gpu.colour'"):
        load_tender(bad)
    bad.write_text('[[requirement]]\ntext = "x"\nfield = "gpu.count"\ncomparator = "~"\nvalue = 1\n', "utf-8")
    with pytest.raises(ValueError, match=r"requirement\[1\].comparator'"):
        load_tender(bad)
    bad.write_text('[[requirement]]\ntext = "x"\nfield = "gpu.count"\ncomparator = ">="\n', "utf-8")
    with pytest.raises(ValueError, match=r"requirement\[1\].value': missing"):
        load_tender(bad)
