"""Format versions: one test per migration step, newer files refused, bad `format` handled."""

from __future__ import annotations

import json

import pytest

from configurator.core.build import FORMAT_KIND, FORMAT_VERSION
from configurator.store.build_files import BuildFileError, dumps_build, loads_build, parse_build
from configurator.store.build_migrations import MIGRATIONS, MigrationError, detect_version, migrate
from configurator.words import say

V0 = {
    "chassis": "test-2u",
    "name": "pre-release build",
    "customer": "ACME",
    "notes": "from the 0.0 prototype",
    "parts": [{"slot": "CPU1", "id": "test-cpu"}, {"slot": "SLOT1", "id": "test-gpu-pcie"}],
    "site": {"voltage": 208, "ambient_c": 30},
    "psu_redundancy": "N+1",
}


def test_every_old_version_has_a_step():
    assert sorted(MIGRATIONS) == list(range(FORMAT_VERSION))


def test_v0_to_v1():
    data, version = migrate(json.loads(json.dumps(V0)))
    assert version == 0
    assert data == {
        "format": 1,
        "kind": FORMAT_KIND,
        "chassis": "test-2u",
        "placements": {"CPU1": "test-cpu", "SLOT1": "test-gpu-pcie"},
        "site": {"input_voltage_v": 208, "ambient_c": 30},
        "meta": {"name": "pre-release build", "customer": "ACME", "notes": "from the 0.0 prototype"},
        "psu_redundancy": "N+1",
    }


def test_v0_file_loads_and_saves_as_current():
    loaded = parse_build(json.dumps(V0), "old.json")
    assert loaded.version == 0
    assert "migrated from format version 0" in str(loaded.notes[0])
    build = loaded.build
    assert build.site.input_voltage_v == 208
    assert build.meta.customer == "ACME"
    resaved = json.loads(dumps_build(build))
    assert resaved["format"] == FORMAT_VERSION and "parts" not in resaved
    assert loads_build(dumps_build(build)) == build


def test_explicit_format_0_is_v0():
    data, version = migrate({**V0, "format": 0})
    assert version == 0 and data["placements"]["CPU1"] == "test-cpu"


def test_v0_minimal():
    data, _ = migrate({"chassis": "c"})
    assert data == {"format": 1, "kind": FORMAT_KIND, "chassis": "c", "placements": {}}


@pytest.mark.parametrize("bad, field, fragment", [
    ({"parts": {"CPU1": "x"}}, "parts", "must be a list"),
    ({"parts": [["CPU1", "x"]]}, "parts[0]", "exactly 'slot' and 'id'"),
    ({"parts": [{"slot": "CPU1"}]}, "parts[0]", "exactly 'slot' and 'id'"),
    ({"parts": [{"slot": "CPU1", "id": "x", "qty": 2}]}, "parts[0]", "exactly 'slot' and 'id'"),
    ({"parts": [{"slot": 1, "id": "x"}]}, "parts[0].slot", "must be a string"),
    ({"parts": [{"slot": "A", "id": "x"}, {"slot": "A", "id": "y"}]}, "parts[1]", "already holds 'x'"),
    ({"site": {"voltage": 230, "input_voltage_v": 230}}, "site.voltage", "together with"),
    ({"name": "n", "meta": {"name": "m"}}, "meta", "together with"),
])
def test_broken_v0(bad, field, fragment):
    with pytest.raises(MigrationError) as info:
        migrate({"chassis": "c", **bad})
    assert info.value.field == field and fragment in say(info.value.msg, "en")


@pytest.mark.parametrize("value, fragment", [
    (FORMAT_VERSION + 1, f"format version {FORMAT_VERSION + 1} is newer than this app supports"),
    (10**6, "is newer than this app supports"),
    (-1, "unknown format version -1"),
    ("1", "must be a whole number (got '1')"),
    (1.0, "must be a whole number (got 1.0)"),
    (True, "must be a whole number (got True)"),
    (None, "must be a whole number (got None)"),
    ([1], "must be a whole number (got list)"),
])
def test_bad_format_values(value, fragment):
    with pytest.raises(BuildFileError) as info:
        loads_build(json.dumps({"format": value, "chassis": "x"}), name="f.json")
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_newer_version_message_is_the_documented_one():
    with pytest.raises(BuildFileError) as info:
        loads_build('{"format": 7, "chassis": "x", "future_field": 1}', name="x.json")
    assert str(info.value) == f"x.json: format version 7 is newer than this app supports ({FORMAT_VERSION}); update the app"


def test_current_layout_without_format_is_refused():
    with pytest.raises(MigrationError, match="missing"):
        detect_version({"chassis": "x", "placements": {}})


def test_v0_migration_never_drops_a_part_or_a_key():
    """Issue 10 class 3: every part and every top-level key survives the step (or it refuses)."""
    from configurator.store.build_migrations import migrate
    parts = [{"slot": f"S{i}", "id": f"p{i}"} for i in range(20)]
    data = {"format": 0, "chassis": "c", "parts": parts, "name": "n", "site": {"voltage": 230}, "extra": 1}
    out, version = migrate(data)
    assert version == 0 and len(out["placements"]) == len(parts)
    assert out["extra"] == 1 and out["meta"] == {"name": "n"} and out["site"] == {"input_voltage_v": 230}
