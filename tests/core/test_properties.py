"""Property tests: thousands of random builds never crash the rules or the evaluation,
always give the same answer twice, and round-trip through the build file exactly.

Builds are drawn from the shipped catalog (and the small io test catalog), with slots that
do not exist, unknown part ids, parts of the wrong category, and options inside and
outside their limits. Random text is thrown at the build-file reader too: it may only ever
raise `BuildFileError`.
"""

from __future__ import annotations

import json
import os
import string
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from configurator.core.build import Build
from configurator.core.catalog import Catalog
from configurator.core.ops import OpError, Place, Remove, SetChassis, SetOption
from configurator.core.slots import slot_map
from configurator.store.build_files import BuildFileError, dumps_build, load_build, loads_build, save_build
from configurator.store.catalogs import load_catalog

IO_FIXTURE = Path(__file__).resolve().parents[1] / "io" / "fixture_catalog"
_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


#: CONFIGURATOR_PROPERTY_SCALE=20 for a long soak, on top of the hypothesis profile (tests/conftest.py)
SCALE = float(os.environ.get("CONFIGURATOR_PROPERTY_SCALE", "1"))


def fast(n: int) -> settings:
    """`n` examples in the "thorough" hypothesis profile (`make test-slow`), a share of them in the
    default "suite" profile (its max_examples / 100, see tests/conftest.py), times SCALE; no
    per-example deadline (the machine may be busy)."""
    share = settings.default.max_examples / 100
    return settings(max_examples=max(1, int(n * share * SCALE)), deadline=None, suppress_health_check=_HEALTH)


from configurator.core.evaluator import evaluate  # noqa: E402
from configurator.core.rules import check  # noqa: E402

needs_engine = pytest.mark.engine  # the engine exists: never skip these silently


def _catalogs() -> list[Catalog]:
    shipped = load_catalog()
    fixture = load_catalog([IO_FIXTURE], [IO_FIXTURE / "prices"])
    return [c for c in (shipped, fixture) if c.by_category("chassis")]


CATALOGS = _catalogs()

# ----------------------------------------------------------------------------- strategies

_ALNUM = string.ascii_letters + string.digits
SLOT = st.text(alphabet=_ALNUM + "_.-", min_size=1, max_size=16)
PART = st.builds(lambda a, b: a + b, st.sampled_from(_ALNUM), st.text(alphabet=_ALNUM + "._+-", max_size=24))
TEXT = st.text(alphabet=st.one_of(st.characters(codec="utf-8", exclude_categories=("Cs",)),
                                  st.sampled_from("训练服务器株式会社🚀👩‍🔬é\n\t\"\\")), max_size=60)
FINITE = st.floats(allow_nan=False, allow_infinity=False)
MONEY = st.decimals(min_value=0, max_value=Decimal("1e6"), places=4, allow_nan=False, allow_infinity=False)
ANY_NUMBER = st.one_of(st.floats(), st.integers(min_value=-10**20, max_value=10**20),
                       st.decimals(allow_nan=True), st.text(max_size=5), st.none(), st.booleans())


@st.composite
def catalog_and_build(draw, valid_options: bool = True) -> tuple[Catalog, dict]:
    """A catalog and a build dict: real slots and parts mixed with made-up and misplaced ones."""
    catalog = draw(st.sampled_from(CATALOGS))
    chassis_ids = [p.id for p in catalog.by_category("chassis")]
    chassis_id = draw(st.one_of(st.sampled_from(chassis_ids), PART) if draw(st.integers(0, 9)) == 0
                      else st.sampled_from(chassis_ids))
    chassis = catalog.chassis(chassis_id)
    real_slots = list(slot_map(chassis)) if chassis else []
    slot = st.one_of(st.sampled_from(real_slots), SLOT) if real_slots else SLOT
    part_ids = list(catalog.parts)
    part = st.one_of(st.sampled_from(part_ids), PART)
    placements = draw(st.dictionaries(slot, part, max_size=24))
    bridges = draw(st.lists(st.lists(slot, min_size=2, max_size=4, unique=True).map(tuple), max_size=3))
    modes = list(chassis.psu.redundancy_modes) if chassis else []
    data: dict = {
        "chassis": chassis_id,
        "placements": placements,
        "bridges": bridges,
        "psu_redundancy": draw(st.one_of(st.just(""), st.sampled_from(modes or ["N+1"]), st.text(max_size=6))),
        "psu_feeds": draw(st.dictionaries(slot, st.sampled_from(["A", "B"]), max_size=6)),
        "multi_node": draw(st.booleans()),
        "meta": {"name": draw(TEXT), "customer": draw(TEXT), "notes": draw(TEXT)},
    }
    if valid_options:
        data["site"] = {
            "input_voltage_v": draw(st.floats(90, 480)),
            "ambient_c": draw(st.floats(-20, 60)),
            "altitude_m": draw(st.floats(-500, 6000)),
            "electricity_price_kwh": draw(MONEY),
            "pue": draw(st.floats(1.0, 5.0)),
        }
        data["commercial"] = {
            "tco_years": draw(st.integers(1, 15)),
            "utilization_pct": draw(st.floats(0, 100)),
            "discount_pct": draw(st.decimals(0, 100, places=2)),
            "tax_pct": draw(st.decimals(0, 100, places=3)),
            "shipping": draw(MONEY),
            "rent_per_gpu_hour": draw(st.one_of(st.none(), MONEY)),
        }
    else:
        data["site"] = draw(st.fixed_dictionaries({}, optional={
            k: ANY_NUMBER for k in ("input_voltage_v", "ambient_c", "altitude_m", "electricity_price_kwh", "pue")}))
        data["commercial"] = draw(st.fixed_dictionaries({}, optional={
            k: ANY_NUMBER for k in ("tco_years", "utilization_pct", "discount_pct", "shipping", "rent_per_gpu_hour")}))
    return catalog, data


def _build(data: dict) -> Build:
    try:
        return Build.model_validate(data)
    except ValidationError:
        assume(False)  # e.g. a bridge naming a slot twice: impossible, rejected by the model
        raise


# ----------------------------------------------------------------------------- rules + evaluation


@needs_engine
@fast(1500)
@given(catalog_and_build())
def test_check_and_evaluate_never_crash_repeat_and_round_trip(drawn):
    catalog, data = drawn
    build = _build(data)
    first = (check(build, catalog), evaluate(build, catalog))
    again = (check(build, catalog), evaluate(Build.model_validate(build.snapshot()), catalog))
    assert first == again
    save_load_exact(build)


@needs_engine
@fast(500)
@given(catalog_and_build(valid_options=False))
def test_options_outside_limits_are_rejected_cleanly(drawn):
    catalog, data = drawn
    try:
        build = Build.model_validate(data)
    except ValidationError:
        return  # refused by the model, with a message: fine
    check(build, catalog)
    evaluate(build, catalog)


OPTION_PATHS = ["site.ambient_c", "site.input_voltage_v", "site.pue", "commercial.tco_years",
                "commercial.discount_pct", "commercial.shipping", "meta.name", "psu_redundancy",
                "multi_node", "site.bogus", "placements", "nonsense"]


@st.composite
def op_sequence(draw, catalog: Catalog, chassis_id: str):
    chassis = catalog.chassis(chassis_id)
    slots = list(slot_map(chassis)) + ["NO_SUCH_SLOT"]
    parts = list(catalog.parts) + ["no-such-part"]
    chassis_ids = [p.id for p in catalog.by_category("chassis")] + ["no-such-chassis"]
    op = st.one_of(
        st.builds(Place, slot=st.sampled_from(slots), part=st.sampled_from(parts)),
        st.builds(Remove, slot=st.sampled_from(slots)),
        st.builds(SetOption, path=st.sampled_from(OPTION_PATHS), value=ANY_NUMBER),
        st.builds(SetChassis, chassis=st.sampled_from(chassis_ids)),
    )
    return draw(st.lists(op, max_size=12))


@needs_engine
@fast(80)
@given(st.data())
def test_random_edit_sequences_only_raise_op_error_and_undo_fully(data):
    from configurator.core.session import Session

    catalog = data.draw(st.sampled_from(CATALOGS))
    chassis_id = data.draw(st.sampled_from([p.id for p in catalog.by_category("chassis")]))
    session = Session(catalog, Build(chassis=chassis_id))
    start = session.build.snapshot()
    for op in data.draw(op_sequence(catalog, chassis_id)):
        before = session.build.snapshot()
        try:
            session.apply(op)
        except OpError:
            assert session.build.snapshot() == before  # an impossible edit changes nothing
        save_load_exact(session.build)
    while session.undo():
        pass
    assert session.build.snapshot() == start


# ----------------------------------------------------------------------------- build files


def save_load_exact(build: Build) -> None:
    text = dumps_build(build)
    again = loads_build(text)
    assert again == build
    assert dumps_build(again) == text


@fast(150)
@given(catalog_and_build())
def test_build_file_round_trip_is_exact(drawn):
    _, data = drawn
    save_load_exact(_build(data))


_TMP = tempfile.TemporaryDirectory(prefix="configurator-props-")


@fast(60)
@given(catalog_and_build(), st.booleans())
def test_save_build_on_disk_round_trips(drawn, twice):
    _, data = drawn
    build = _build(data)
    path = Path(_TMP.name) / "b.json"
    save_build(build, path)
    if twice:
        save_build(build, path)
        assert load_build(path.with_name("b.json.bak")) == build
    assert load_build(path) == build


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20,
)


@fast(250)
@given(st.one_of(
    JSON.map(lambda v: json.dumps(v)),
    st.dictionaries(st.sampled_from(["format", "kind", "chassis", "placements", "site", "meta", "parts",
                                     "bridges", "workload", "commercial"]), JSON).map(json.dumps),
    st.text(alphabet=string.printable + "{}[]\":,训🚀\x00", max_size=200),
    st.binary(max_size=200),
))
def test_reader_only_ever_raises_build_file_error(text):
    try:
        loads_build(text, name="fuzz.json")
    except BuildFileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("fuzz.json")


@fast(150)
@given(catalog_and_build(), st.data())
def test_damaged_saved_file_is_refused_or_loads(drawn, data):
    """A saved file with bytes cut, flipped or inserted: a clean refusal or a valid build."""
    _, build_data = drawn
    raw = bytearray(dumps_build(_build(build_data)).encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["cut", "flip", "insert", "truncate"]))
        if action == "cut":
            del raw[pos]
        elif action == "flip":
            raw[pos] ^= 1 << data.draw(st.integers(0, 7))
        elif action == "insert":
            raw.insert(pos, data.draw(st.integers(0, 255)))
        else:
            del raw[pos:]
        if not raw:
            raw = bytearray(b"{")
    try:
        loaded = loads_build(bytes(raw), name="damaged.json")
    except BuildFileError as exc:
        assert "\n" not in str(exc)
    else:
        save_load_exact(loaded)
