"""Recovery copies: one per document, newest first, corrupt ones skipped and reported."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC
from pathlib import Path

import pytest

from configurator import __version__
from configurator.core.build import Build
from configurator.store import paths
from configurator.store.autosave import RecoveryEntry, RecoveryStore
from configurator.store.build_files import BuildFileError


@pytest.fixture
def store(tmp_path) -> RecoveryStore:
    return RecoveryStore(tmp_path / "recovery")


def test_default_folder_is_the_user_recovery_dir():
    assert RecoveryStore().folder == paths.recovery_dir()


def test_write_list_load_discard(store, tmp_path):
    doc = tmp_path / "quotes" / "hgx.json"
    build = Build(chassis="test-2u", placements={"CPU1": "test-cpu"}, meta={"name": "HGX for ACME 🚀"})
    before = time.time()
    written = store.write(build, doc)
    assert written.parent == store.folder
    [entry] = store.list()
    assert store.problems == []
    assert entry.path == written
    assert entry.source == Path(os.path.abspath(doc))
    assert entry.app_version == __version__
    assert entry.build_name == "HGX for ACME 🚀"
    assert entry.saved_at.tzinfo == UTC
    assert before - 0.01 <= entry.saved_at_unix <= time.time() + 0.01
    assert store.load(entry) == build
    store.discard(doc)
    assert store.list() == []


def test_header_is_small_and_readable(store):
    path = store.write(Build(chassis="x"), None)
    doc = json.loads(path.read_text())
    assert {k for k in doc if k != "build"} == {"recovery", "saved_at", "saved_at_unix", "source", "app_version", "pid",
                                                "instance"}
    assert doc["source"] is None and doc["pid"] == os.getpid()
    assert doc["build"]["format"] == 1


def test_one_file_per_document(store, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    store.write(Build(chassis="a1"), a)
    store.write(Build(chassis="a2"), a)            # same document: replaced
    store.write(Build(chassis="b"), b)
    store.write(Build(chassis="u0"), None)
    store.write(Build(chassis="u1"), None, document=1)
    entries = store.list()
    assert len(entries) == 4
    assert sorted(store.load(e).chassis for e in entries) == ["a2", "b", "u0", "u1"]
    assert store.path_for(a) == store.path_for(tmp_path / "." / "a.json")  # same file, same copy


def test_newest_first(store, tmp_path):
    for i in range(3):
        path = store.write(Build(chassis=f"c{i}"), tmp_path / f"{i}.json")
        stamp = time.time() - 100 * (3 - i)
        doc = json.loads(path.read_text())
        doc["saved_at_unix"] = stamp
        path.write_text(json.dumps(doc))
    assert [store.load(e).chassis for e in store.list()] == ["c2", "c1", "c0"]


@pytest.mark.parametrize("content", [
    b"",
    b"{\"recovery\": 1, \"saved_at_unix\": 17",                        # cut off by a kill
    b"\xff\xfe garbage",
    b"[]",
    b"{\"recovery\": 99, \"build\": {}}",
    b"{\"recovery\": 1, \"saved_at_unix\": \"soon\", \"build\": {\"format\": 1, \"chassis\": \"x\"}}",
    b"{\"recovery\": 1, \"saved_at_unix\": NaN, \"build\": {\"format\": 1, \"chassis\": \"x\"}}",
    b"{\"recovery\": 1, \"saved_at_unix\": 1e400, \"build\": {\"format\": 1, \"chassis\": \"x\"}}",
    b"{\"recovery\": 1, \"saved_at_unix\": 1700000000, \"build\": {\"format\": 9, \"chassis\": \"x\"}}",
    b"{\"recovery\": 1, \"saved_at_unix\": 1700000000, \"build\": {\"format\": 1, \"chassis\": 5}}",
    b"[" * 100000,
])
def test_corrupt_copies_are_skipped_and_reported(store, tmp_path, content):
    good = store.write(Build(chassis="good"), tmp_path / "good.json")
    bad = store.folder / f"doc-broken{'.recovery.json'}"
    bad.write_bytes(content)
    entries = store.list()
    assert [e.path for e in entries] == [good]
    assert len(store.problems) == 1
    assert store.problems[0].startswith(str(bad)) and "\n" not in store.problems[0]
    with pytest.raises(BuildFileError):
        store.load(bad)


def test_missing_folder_lists_nothing(tmp_path):
    store = RecoveryStore(tmp_path / "never-created")
    assert store.list() == [] and store.problems == []
    store.discard(None)  # nothing to discard: no error


def test_discard_by_entry(store):
    store.write(Build(chassis="x"), None)
    [entry] = store.list()
    assert isinstance(entry, RecoveryEntry)
    store.discard(entry)
    assert store.list() == []


def test_stale_temp_files_are_cleaned_but_not_listed(store):
    store.write(Build(chassis="x"), None)
    stale = store.folder / ".doc-abc.recovery.json.0000.tmp"
    stale.write_bytes(b"{\"recov")
    old = time.time() - 7200
    os.utime(stale, (old, old))
    assert len(store.list()) == 1
    assert not stale.exists()


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_non_finite_constant_is_refused_in_english_and_in_chinese(store, constant):
    """JSON's constants in a recovery copy (store/autosave.py, words "recovery.not-finite"): the
    line the GUI's "Cannot restore" shows, English as before, and in Chinese for the CLI's words."""
    from configurator.words.errors import error_text

    bad = store.folder / "doc-nan.recovery.json"
    bad.parent.mkdir(parents=True)
    bad.write_text('{"recovery": 1, "saved_at_unix": ' + constant + ', "build": {"format": 1, "chassis": "x"}}')
    with pytest.raises(BuildFileError) as info:
        store.load(bad)
    assert str(info.value) == f"{bad}: corrupt recovery file ({constant} is not allowed)"
    assert error_text(info.value, "zh_CN") == f"{bad}: 恢复文件已损坏（不允许 {constant}）"
    assert store.list() == [] and store.problems == [str(info.value)]


def test_a_cut_off_copy_is_refused_in_english_and_in_chinese(store):
    """A copy a kill cut off: the json module's reason and place, English as it words it, Chinese under zh_CN."""
    from configurator.words.errors import error_text

    bad = store.folder / "doc-cut.recovery.json"
    bad.parent.mkdir(parents=True)
    bad.write_text('{"recovery": 1, "saved_at_unix": 17')
    with pytest.raises(BuildFileError) as info:
        store.load(bad)
    assert str(info.value) == f"{bad}: corrupt recovery file (Expecting ',' delimiter: line 1 column 36 (char 35))"
    assert error_text(info.value, "zh_CN") == f"{bad}: 恢复文件已损坏（此处应为分隔符 ','：第 1 行第 36 列（第 35 个字符））"
