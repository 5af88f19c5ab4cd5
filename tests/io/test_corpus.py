"""Every file in tests/corpus gives the documented one-line message naming file and field.

The table of cases and expected fragments is tests/corpus/cases.toml.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from io_helpers import CORPUS, corpus_cases

from configurator.store.build_files import BuildFileError, load_build, read_build
from configurator.store.catalogs import load_catalog, load_part_file, load_price_file

CASES = corpus_cases()


def _one_line(text: str) -> None:
    assert "\n" not in text and "\r" not in text and "\x1b" not in text, repr(text)


@pytest.mark.parametrize("case", CASES["build"], ids=lambda c: Path(c["file"]).name)
def test_broken_build_is_refused_in_one_line(case, test_catalog):
    path = CORPUS / case["file"]
    for catalog in (None, test_catalog):
        with pytest.raises(BuildFileError) as info:
            load_build(path, catalog=catalog)
        text = str(info.value)
        _one_line(text)
        assert text.startswith(f"{path}: "), text
        assert case["expect"] in text, text
        if case.get("field"):
            assert f"field '{case['field']}" in text, text
        assert info.value.file == str(path)
        assert info.value.message in text
        assert case.get("field", "") in info.value.field


@pytest.mark.parametrize("case", CASES["build_ok"], ids=lambda c: Path(c["file"]).name)
def test_odd_but_valid_build_loads(case, test_catalog):
    path = CORPUS / case["file"]
    plain = load_build(path)
    loaded = read_build(path, catalog=test_catalog)
    assert loaded.build == plain
    if "name" in case:
        assert plain.meta.name == case["name"]
    notes = [str(n) for n in loaded.notes]
    for note in notes:
        _one_line(note)
        assert note.startswith(f"{path}: ")
    for fragment in case.get("notes", []):
        assert any(fragment in n for n in notes), (fragment, notes)
    if not case.get("notes"):
        assert notes == []


def test_unknown_ids_keep_every_placement(test_catalog):
    loaded = read_build(CORPUS / "builds/unknown-parts.json", catalog=test_catalog)
    assert loaded.build.placements == {"SLOT9": "test-nic", "CPU1": "test-gpu-pcie", "SLOT3": "no-such-gpu"}


@pytest.mark.parametrize("case", CASES["catalog"], ids=lambda c: Path(c["dir"]).name)
def test_catalog_keeps_good_entries_and_reports_bad(case):
    catalog = load_catalog([CORPUS / case["dir"]], [])
    assert sorted(catalog.parts) == case["parts"]
    issues = [str(i) for i in catalog.issues]
    for issue in issues:
        _one_line(issue)
    if "expect" in case:
        assert any(case["expect"] in i for i in issues), issues
    else:
        assert issues == []


@pytest.mark.parametrize("case", CASES["price"], ids=lambda c: Path(c["file"]).name)
def test_price_list_keeps_good_rows_and_reports_bad(case):
    prices, issues = load_price_file(CORPUS / case["file"])
    assert [p.part_id for p in prices] == case["ids"]
    texts = [str(i) for i in issues]
    for text in texts:
        _one_line(text)
    if "expect" in case:
        assert any(case["expect"] in t for t in texts), texts
    else:
        assert texts == []


@pytest.mark.parametrize("case", CASES["price_dir"], ids=lambda c: Path(c["dir"]).name)
def test_duplicate_prices_name_both_files(case):
    catalog = load_catalog([], [CORPUS / case["dir"]])
    assert sorted(catalog.prices) == case["ids"]
    assert catalog.prices["nic-a"].origin.endswith("list-a.csv")  # the first is kept
    assert any(case["expect"] in str(i) for i in catalog.issues), catalog.issues


# ----------------------------------------------------------------- generated (too big for git)


def _generate(case: dict, folder: Path) -> Path:
    path = folder / case["name"]
    if case["kind"] == "build":
        with open(path, "wb") as fh:  # 50 MB of valid-looking JSON
            fh.write(b'{"format": 1, "chassis": "x", "meta": {"notes": "')
            fh.write(b"x" * 50_000_000)
            fh.write(b'"}}\n')
    elif case["kind"] == "catalog":
        path.mkdir()
        (path / "nic.toml").write_text('category = "nic"\n# ' + "x" * 64_100_000 + "\n")
    elif case["kind"] == "price":
        path.write_text("id,price,currency,date,source\nnic-a," + "1" * 200_000 + ",USD,2026-01,x\n"
                        "nic-b,5,USD,2026-01,x\n")
    return path


@pytest.mark.parametrize("case", CASES["generated"], ids=lambda c: c["name"])
def test_generated_oversize_input(case, tmp_path):
    path = _generate(case, tmp_path)
    if case["kind"] == "build":
        with pytest.raises(BuildFileError) as info:
            load_build(path)
        text = str(info.value)
    elif case["kind"] == "catalog":
        catalog = load_catalog([path], [])
        assert catalog.parts == {}
        text = str(catalog.issues[0])
    else:
        prices, issues = load_price_file(path)
        assert [p.part_id for p in prices] == ["nic-b"]
        text = str(issues[0])
    _one_line(text)
    assert text.startswith(str(path)), text
    assert case["expect"] in text, text


def test_huge_build_is_refused_without_reading_it(tmp_path, monkeypatch):
    path = _generate({"name": "big.json", "kind": "build"}, tmp_path)
    read = []
    real_open = open

    def spy(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        if Path(file) == path:
            real_read = handle.read
            handle = _Spy(handle, real_read, read)
        return handle

    import builtins
    monkeypatch.setattr(builtins, "open", spy)
    with pytest.raises(BuildFileError, match="10 MB limit"):
        load_build(path)
    assert read == []


class _Spy:
    def __init__(self, handle, real_read, log):
        self._h, self._read, self._log = handle, real_read, log

    def read(self, *args):
        self._log.append(args)
        return self._read(*args)

    def __getattr__(self, name):
        return getattr(self._h, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._h.close()


def test_every_corpus_file_is_listed():
    listed = {c["file"] for kind in ("build", "build_ok", "price", "fx") for c in CASES[kind]}
    listed |= {c["dir"] for kind in ("catalog", "price_dir") for c in CASES[kind]}
    on_disk = {str(p.relative_to(CORPUS)) for p in CORPUS.glob("*/*")
                if p.name != "cases.toml" and p.parent.name not in ("settings", "workloads")}   # listed by their own tests
    assert on_disk == listed, (on_disk - listed, listed - on_disk)


def test_part_file_with_hostile_id_reports_one_line(tmp_path):
    path = tmp_path / "nic.toml"
    path.write_text('category = "nic"\n[[parts]]\nid = "evil\\nid\\u001b[2J' + "x" * 5000 + '"\nname = "n"\n')
    parts, issues = load_part_file(path)
    assert parts == []
    _one_line(str(issues[0]))
    assert len(str(issues[0])) < 600
