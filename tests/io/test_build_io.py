"""Build files: exact round trips, atomic saves with a backup, and clear refusals."""

from __future__ import annotations

import json
import os
from decimal import Decimal

import pytest

from configurator.core.build import FORMAT_KIND, FORMAT_VERSION, Build
from configurator.store import build_files as build_io
from configurator.store.build_files import BuildFileError, dumps_build, load_build, loads_build, read_build, save_build


def _rich_build() -> Build:
    return Build(
        chassis="test-2u",
        placements={"SLOT3": "test-gpu-pcie", "CPU1": "test-cpu", "NVME2": "test-nvme"},
        bridges=(("SLOT1", "SLOT3"),),
        psu_feeds={"PSU2": "B", "PSU1": "A"},
        site={"ambient_c": 27.5, "electricity_price_kwh": Decimal("0.123456789012345678901234567890")},
        commercial={"shipping": Decimal("1234.50"), "discount_pct": Decimal("12.5"), "tax_pct": Decimal("1E-7")},
        meta={"name": "训练服务器 🚀", "customer": "株式会社テスト 👩‍🔬", "notes": "line 1\nline 2\t\"quoted\" \\ é"},
        workload=_workload(name="llama-70b 训练", train={"tokens": 10**15, "seq_len": 8192}, mfu=0.425),
    )


def test_save_then_load_is_exact(tmp_path):
    build = _rich_build()
    path = tmp_path / "rich.json"
    save_build(build, path)
    again = load_build(path)
    assert again == build
    assert again.commercial.shipping == Decimal("1234.50") and str(again.commercial.shipping) == "1234.50"
    assert str(again.site.electricity_price_kwh) == "0.123456789012345678901234567890"
    assert again.meta.name == "训练服务器 🚀"
    assert dumps_build(again) == path.read_text(encoding="utf-8")


def test_file_text_is_stable_sorted_utf8(tmp_path):
    path = tmp_path / "b.json"
    save_build(_rich_build(), path)
    raw = path.read_bytes()
    text = raw.decode("utf-8")
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert "训练服务器 🚀" in text  # UTF-8, not \u escapes
    assert text.splitlines()[1:3] == [f'  "format": {FORMAT_VERSION},', f'  "kind": "{FORMAT_KIND}",']
    data = json.loads(text)
    body_keys = list(data)[2:]
    assert body_keys == sorted(body_keys)
    assert list(data["placements"]) == sorted(data["placements"])
    assert text == json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    # the same build edited in another order writes the same bytes
    other = Build(**{**_rich_build().model_dump(), "placements": dict(reversed(list(_rich_build().placements.items())))})
    assert dumps_build(other) == text


def test_save_keeps_previous_version_as_bak(tmp_path):
    path = tmp_path / "b.json"
    first = Build(chassis="test-2u", meta={"name": "first"})
    second = Build(chassis="test-2u", meta={"name": "second"})
    save_build(first, path)
    assert not (tmp_path / "b.json.bak").exists()
    save_build(second, path)
    assert load_build(path) == second
    assert load_build(tmp_path / "b.json.bak") == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "b.json.bak"]  # no temp files left


def test_failed_save_leaves_old_file(tmp_path, monkeypatch):
    path = tmp_path / "b.json"
    save_build(Build(chassis="test-2u", meta={"name": "old"}), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_build(Build(chassis="test-2u", meta={"name": "new"}), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_save_keeps_file_permissions(tmp_path):
    path = tmp_path / "b.json"
    save_build(Build(chassis="x"), path)
    os.chmod(path, 0o640)
    save_build(Build(chassis="y"), path)
    assert path.stat().st_mode & 0o777 == 0o640


def _workload(name: str = "m", **extra: object) -> dict:
    """A workload that validates (a build's workload is checked like every other field)."""
    model = {"name": name, "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn": 14336, "vocab": 128256}
    return {"mode": "train", "model": model, **extra}


def test_lone_surrogate_in_workload_round_trips(tmp_path):
    build = Build(chassis="x", workload=_workload(name="bad \ud800 half"))
    path = tmp_path / "s.json"
    save_build(build, path)
    path.read_bytes().decode("utf-8")  # still valid UTF-8 on disk (\u escapes)
    assert load_build(path) == build


def test_save_refuses_what_it_could_not_read_back(tmp_path):
    build = Build(chassis="x", workload={"deep": _nest(80)})
    path = tmp_path / "deep.json"
    with pytest.raises(BuildFileError, match="nested too deeply"):
        save_build(build, path)
    assert not path.exists()
    with pytest.raises(BuildFileError, match="cannot save"):
        save_build(Build(chassis="x", workload=_workload(mfu=float("nan"))), path)
    assert not path.exists()


def _nest(n: int):
    value: object = 1
    for _ in range(n):
        value = {"a": value}
    return value


def test_save_refuses_oversize_build(tmp_path, monkeypatch):
    monkeypatch.setattr(build_io, "MAX_BUILD_BYTES", 1000)
    with pytest.raises(BuildFileError, match="cannot save: the build is"):
        save_build(Build(chassis="x", meta={"notes": "n" * 5000}), tmp_path / "big.json")


def test_loads_build_names_the_source():
    with pytest.raises(BuildFileError) as info:
        loads_build("{", name="clipboard")
    assert str(info.value).startswith("clipboard: not valid JSON at line 1 column 2")
    assert info.value.file == "clipboard" and info.value.field == ""
    assert isinstance(info.value, ValueError)


def test_loads_build_accepts_bytes_and_bom():
    text = dumps_build(Build(chassis="x"))
    assert loads_build(b"\xef\xbb\xbf" + text.encode()) == Build(chassis="x")
    assert loads_build("\ufeff" + text) == Build(chassis="x")


def test_error_attributes():
    with pytest.raises(BuildFileError) as info:
        loads_build('{"format": 1, "chassis": "x", "site": {"ambient_c": "hot"}}', name="hgx.json")
    err = info.value
    assert (err.file, err.field) == ("hgx.json", "site.ambient_c")
    assert str(err) == f"hgx.json: field 'site.ambient_c': {err.message}"
    assert "valid number" in err.message


def test_many_errors_are_counted_on_the_one_line():
    with pytest.raises(BuildFileError) as info:
        loads_build('{"format": 1, "chassis": "x", "site": {"ambient_c": "hot", "pue": 0, "altitude_m": -9999}}')
    assert str(info.value).endswith("(and 2 more problems)")


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(BuildFileError, match="no such file"):
        load_build(tmp_path / "nope.json")
    with pytest.raises(BuildFileError, match="is a folder"):
        load_build(tmp_path)


def test_read_build_reports_version_and_notes(test_catalog, tmp_path):
    path = tmp_path / "b.json"
    save_build(Build(chassis="test-2u", placements={"SLOT1": "test-gpu-pcie"}, psu_redundancy="2N",
                     psu_feeds={"PSU7": "A"}, bridges=(("SLOT1", "SLOT8"),)), path)
    loaded = read_build(path, catalog=test_catalog)
    assert loaded.version == FORMAT_VERSION
    notes = [str(n) for n in loaded.notes]
    assert any("field 'psu_redundancy': '2N' is not offered by Test 2U" in n for n in notes)
    assert any("field 'psu_feeds.PSU7': Test 2U has no PSU bay PSU7" in n for n in notes)
    assert any("field 'bridges[0]': Test 2U has no slot SLOT8" in n for n in notes)
    assert read_build(path).notes == ()


def test_part_id_used_as_chassis_is_noted(test_catalog):
    loaded = build_io.parse_build(dumps_build(Build(chassis="test-nic")), "b.json", test_catalog)
    assert "'test-nic' is not a chassis" in str(loaded.notes[0])


@pytest.mark.parametrize("text", ["NaN", "1e999", "-Infinity", "9" * 5000, "null", "true", "\"x\"", "[]"])
def test_top_level_non_objects(text):
    with pytest.raises(BuildFileError) as info:
        loads_build(text, name="x.json")
    assert str(info.value).startswith("x.json: ")
    assert "\n" not in str(info.value)


def test_message_and_field_are_capped():
    key = "K" * 5000 + "\n"
    with pytest.raises(BuildFileError) as info:
        loads_build(json.dumps({"format": 1, "chassis": "x", "placements": {key: "p"}}))
    assert len(str(info.value)) < 600 and "\n" not in str(info.value)


def test_example_builds_load(tmp_path):
    from configurator.store import paths

    for path in sorted(paths.examples_dir().glob("*.json")):
        if "vendor" in path.name:
            continue
        build = load_build(path)
        save_build(build, tmp_path / path.name)
        assert load_build(tmp_path / path.name) == build
