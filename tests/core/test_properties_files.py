"""Property tests over every input file, not only builds (issue 10, class 5).

Random builds with random workloads, random catalog entries, price lists, fx tables and vendor
settings: loading never raises anything but the documented one-line error, a bad entry costs
only itself, and every `evaluate --json` output is valid JSON (parsed with a `parse_constant`
that rejects Infinity and NaN, as strict parsers do).
"""

from __future__ import annotations

import json
import math
import tempfile
from decimal import Decimal
from pathlib import Path

from hypothesis import event, given
from hypothesis import strategies as st
from test_properties import CATALOGS, IO_FIXTURE, catalog_and_build, fast, needs_engine

from configurator.core.build import Build
from configurator.core.evaluate.json_shape import evaluation_to_json
from configurator.core.evaluator import evaluate
from configurator.core.fx import FxTable, parse_fx
from configurator.store.build_files import BuildFileError, loads_build
from configurator.store.catalogs import load_catalog, load_part_file, load_price_file
from configurator.store.fx_rates import load_fx
from configurator.store.vendor_settings import QuoteError, load_settings
from configurator.store.workload_limits import RANGES, workload_problem
from configurator.words.problems import violation_json
from configurator.words.render import in_english


def _reject(name: str):
    raise AssertionError(f"{name} in --json output")


def assert_strict_json(ev) -> None:
    """What `evaluate --json` prints parses with a parser that refuses Infinity/NaN."""
    text = json.dumps(evaluation_to_json(ev, violation_json, in_english), indent=2, ensure_ascii=False, default=str)
    json.loads(text, parse_constant=_reject)


def _one_line(text: str) -> None:
    assert text and "\n" not in text and "\r" not in text, repr(text)


# ----------------------------------------------------------------------------- numbers

EXTREME = st.one_of(st.floats(), st.integers(min_value=-10**45, max_value=10**45),
                    st.sampled_from([1e308, 5e-324, -0.0, 10**39, 2**63, 0, 1]))


def _in_range(field: str):
    low, high = RANGES[field]
    if field in ("mfu", "train.tokens"):
        return st.floats(low, high)
    return st.integers(int(low), int(high))


@st.composite
def workload(draw, extreme: bool) -> dict:
    number = (lambda f: st.one_of(_in_range(f), EXTREME)) if extreme else _in_range
    shape = {"name": draw(st.text(max_size=250)), "layers": draw(number("model.layers")),
             "hidden": 64 * draw(st.integers(1, 2048)), "heads": 1, "kv_heads": 1,
             "ffn": draw(number("model.ffn")), "vocab": draw(number("model.vocab"))}
    mode = draw(st.sampled_from(["train", "infer"]))
    data: dict = {"model": shape, "mode": mode, "mfu": draw(st.one_of(st.none(), number("mfu")))}
    if mode == "train":
        data["train"] = {"micro_batch": draw(number("train.micro_batch")), "seq_len": draw(number("train.seq_len")),
                         "tokens": draw(st.one_of(st.none(), number("train.tokens")))}
    else:
        data["infer"] = {"batch": draw(number("infer.batch")), "context": draw(number("infer.context")),
                         "new_tokens": draw(number("infer.new_tokens"))}
    return data


@needs_engine
@fast(1200)
@given(catalog_and_build(), st.one_of(st.none(), workload(extreme=False), workload(extreme=True)))
def test_evaluate_json_is_always_valid_json(drawn, wl):
    """Thousands of random builds, with workloads inside and far outside their ranges."""
    catalog, data = drawn
    if wl is not None:
        data = {**data, "workload": wl}
    text = json.dumps({"format": 1, "kind": "ai-server-configurator/build", **data}, default=str)
    try:
        build = loads_build(text, "random.json")
    except BuildFileError as exc:
        _one_line(str(exc))
        if wl is not None and workload_problem(wl):
            assert "field 'workload." in str(exc)
        return
    assert wl is None or workload_problem(wl) is None
    ev = evaluate(build, catalog)
    event("workload evaluated" if ev.workload is not None else "no workload result")
    assert_strict_json(ev)


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hgx-h100-8gpu.json"
SHIPPED = next(c for c in CATALOGS if "nvidia-hgx-h100-8gpu" in c.parts or len(c.parts) > 50)


@needs_engine
@fast(800)
@given(st.one_of(workload(extreme=False), workload(extreme=True)))
def test_workloads_on_an_8_gpu_build_give_valid_json(wl):
    """Every in-range workload evaluates on real GPUs to finite figures; out-of-range ones are refused."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["workload"] = wl
    try:
        build = loads_build(json.dumps(data), "random.json")
    except BuildFileError as exc:
        assert workload_problem(wl) is not None or "field 'workload" in str(exc), str(exc)
        return
    ev = evaluate(build, SHIPPED)
    event("workload evaluated" if ev.workload is not None else "workload invalid for the model")
    assert_strict_json(ev)


# ----------------------------------------------------------------------------- catalog files

def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


NIC_FIELDS = {"ports": 2, "port_speed_gbps": 100, "pcie_gen": 4, "pcie_lanes": 16, "tdp_w": 25, "idle_w": 10}
TEXTS = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)


@st.composite
def nic_file(draw) -> str:
    lines = ['category = "nic"']
    for i in range(draw(st.integers(1, 3))):
        fields = {k: draw(st.one_of(st.just(v), EXTREME)) for k, v in NIC_FIELDS.items()}
        lines += ["[[parts]]", f'id = "rand-nic-{i}"', f"name = {_toml(draw(TEXTS))}", 'vendor = "V"']
        lines += [f"{k} = {_toml(v)}" for k, v in fields.items()]
        lines += ["[[parts.sources]]", 'url = "hypothesis"', 'date = "2026-01"', 'confidence = "estimate"']
    return "\n".join(lines) + "\n"


@needs_engine
@fast(300)
@given(nic_file())
def test_random_catalog_entries_load_or_are_skipped_and_evaluate(text):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "nic.toml").write_text(text, encoding="utf-8")
        parts, issues = load_part_file(folder / "nic.toml")
        for issue in issues:
            _one_line(str(issue))
        catalog = load_catalog([IO_FIXTURE, folder], [IO_FIXTURE / "prices"])
    assert "test-2u" in catalog.parts
    for part in parts:
        build = Build(chassis="test-2u", placements={"SLOT2": part.id, "SLOT1": part.id})
        assert_strict_json(evaluate(build, catalog))


# ----------------------------------------------------------------------------- price lists

CSV_CELL = st.one_of(st.sampled_from(["1", "1e9", "1e10", "nan", "inf", "-1", "0.005", '"', '"unclosed', "",
                                      "USD", "usd", "2026-01", "x,y"]), st.text(max_size=12))


@fast(300)
@given(st.lists(st.lists(CSV_CELL, min_size=0, max_size=7), max_size=12))
def test_random_price_lists_never_raise(rows):
    text = "id,price,currency,date,source\n" + "\n".join(",".join(r) for r in rows) + "\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.csv"
        path.write_text(text, encoding="utf-8")
        prices, issues = load_price_file(path)
    for issue in issues:
        _one_line(str(issue))
    for price in prices:
        assert price.price.is_finite() and 0 <= price.price <= Decimal("1e9")


# ----------------------------------------------------------------------------- fx tables

@st.composite
def fx_file(draw) -> str:
    rows = []
    for _ in range(draw(st.integers(0, 6))):
        cur = draw(st.one_of(st.sampled_from(["EUR", "JPY", "GBP", "CNY", "USD", "xx", "EURO"]), st.text(max_size=4)))
        rows.append(f"[[rates]]\ncurrency = {_toml(cur)}\nper_usd = {_toml(draw(EXTREME))}\n"
                    f"minor_unit = {_toml(draw(st.one_of(st.integers(-3, 8), EXTREME)))}\n")
    return "\n".join(rows) if draw(st.integers(0, 9)) else 'rates = "lots"\n'


@needs_engine
@fast(300)
@given(fx_file(), st.sampled_from(["USD", "EUR", "JPY", "GBP"]))
def test_random_fx_tables_never_break_a_priced_evaluation(text, currency):
    issues: list = []
    try:
        fresh = parse_fx(text, "fx.toml", issues)
    except ValueError as exc:
        _one_line(str(exc))
        return
    for issue in issues:
        _one_line(str(issue))
    base = load_fx()
    fx = FxTable({**base.per_usd, **fresh.per_usd}, {**base.minor_unit, **fresh.minor_unit}, base.note)
    catalog = load_catalog([IO_FIXTURE], [IO_FIXTURE / "prices"])
    build = Build(chassis="test-2u", placements={"SLOT1": "test-gpu-pcie"}, site={"currency": currency})
    assert_strict_json(evaluate(build, catalog, fx=fx))


# ----------------------------------------------------------------------------- vendor settings

SETTING_VALUE = st.one_of(TEXTS, st.text(max_size=600), EXTREME, st.booleans())


@fast(200)
@given(st.dictionaries(st.sampled_from(["company", "address", "email", "logo", "phone", "bogus"]), SETTING_VALUE,
                       max_size=4),
       st.dictionaries(st.sampled_from(["locale", "number_prefix", "terms", "payment_terms", "bogus"]),
                       SETTING_VALUE, max_size=3))
def test_random_vendor_settings_raise_only_quote_error(vendor, quote):
    text = "[vendor]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in vendor.items())
    text += "[quote]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in quote.items())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "vendor.toml"
        path.write_text(text, encoding="utf-8")
        try:
            load_settings(path)
        except QuoteError as exc:
            _one_line(str(exc))


@needs_engine
@fast(300)
@given(workload(extreme=True))
def test_out_of_range_workload_given_directly_still_prints_strict_json(wl):
    """The GUI hands `build.workload` to evaluate without the file reader: the JSON stays strict."""
    build = loads_build(EXAMPLE.read_text(encoding="utf-8"), "example.json")
    assert_strict_json(evaluate(build, SHIPPED, workload=wl))
