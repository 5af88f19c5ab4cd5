"""A cache entry is rebuilt unless it is intact and exactly ours: each kind of damage below, alone,
must send the catalog file to be parsed again (and each must change the entry: a damage that misses
its target fails the test instead of passing it by accident)."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from configurator.store import catalog_cache_entry as catalog_entry
from configurator.store import catalogs as catalog_io
from configurator.store import paths
from configurator.store.catalog_cache import CatalogCache, entry_key
from configurator.store.catalogs import load_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog  # noqa: E402


def _load(user: Path, cache: CatalogCache):
    return load_catalog([paths.catalog_dir(), user], [paths.price_dir()], cache=cache)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, Any]:
    """A 600-part user catalog, its cache folder and the catalog loaded cold (shared; copy the folder)."""
    work = tmp_path_factory.mktemp("entry")
    write_big_catalog(work / "user", 600)
    cold = _load(work / "user", CatalogCache(work / "cache"))
    return work / "user", work / "cache", cold


def _entry(cache: Path, user: Path, file: str) -> Path:
    path = user / file
    return CatalogCache(cache).path(entry_key(catalog_io.display_name(path), path.read_bytes()))


def _split(raw: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    _, _, rest = raw.partition(b"\n")
    line, _, body = rest.partition(b"\n")
    return json.loads(line), json.loads(body)


def _join(head: dict[str, Any], body: dict[str, Any]) -> bytes:
    """An entry with a checksum that matches: what a bug, not a crash, would write."""
    rest = json.dumps(head).encode() + b"\n" + json.dumps(body, separators=(",", ":")).encode()
    return hashlib.sha256(rest).hexdigest().encode() + b"\n" + rest


def _resealed(change: Callable[[dict, dict], None]) -> Callable[[bytes], bytes]:
    def damage(raw: bytes) -> bytes:
        head, body = _split(raw)
        change(head, body)
        return _join(head, body)
    return damage


def _column(body: dict, name: str) -> int:
    return [f for f in body["fields"] if f not in body["constants"]].index(name)


def _set_ref(body: dict, name: str, ref: Any) -> None:
    body["rows"][0][_column(body, name)] = ref


def _flip_bit(raw: bytes) -> bytes:
    at = len(raw) * 2 // 3
    return raw[:at] + bytes([raw[at] ^ 0x01]) + raw[at + 1:]


# damages a crash, a full disk or a bad sector leave: the checksum alone must catch the last ones
ACCIDENTS = {
    "garbage": lambda raw: b"\x00\xff garbage",
    "empty": lambda raw: b"",
    "truncated": lambda raw: raw[: len(raw) // 2],
    "last byte lost": lambda raw: raw[:-1],
    "checksum line only": lambda raw: raw.partition(b"\n")[0],
    "one bit flipped": _flip_bit,
    "a figure changed": lambda raw: raw.replace(b"700.0", b"300.0", 1),   # still valid JSON and a valid part
    "a name changed": lambda raw: raw.replace(b"NVIDIA H100", b"NVIDIA H900", 1),
}

# entries whose checksum matches but which are not what this code writes for this file
FOREIGN = {
    "another format": _resealed(lambda head, body: head.update(format=99)),
    "another version": _resealed(lambda head, body: head.update(version="0.0.1")),
    "another key": _resealed(lambda head, body: head.update(key="0" * 64)),
    "another category": _resealed(lambda head, body: head.update(category="cpu")),
    "unknown category": _resealed(lambda head, body: head.update(category="toaster")),
    "count too high": _resealed(lambda head, body: head.update(count=head["count"] + 1)),
    "a row missing": _resealed(lambda head, body: body["rows"].pop()),
    "a row one value short": _resealed(lambda head, body: body["rows"][0].pop()),
    "a row not a list": _resealed(lambda head, body: body["rows"].__setitem__(0, {"id": "x"})),
    "another field list": _resealed(lambda head, body: body["fields"].__setitem__(1, "title")),
    "a constant not a field": _resealed(lambda head, body: body["constants"].update(colour="red")),
    "a nested field as a plain tuple": _resealed(lambda head, body: body["tuples"].append("sources")),
    "a reference below the table": _resealed(lambda head, body: _set_ref(body, "sources", -1)),
    "a reference past the table": _resealed(lambda head, body: _set_ref(body, "sources", 99_999)),
    "a reference as text": _resealed(lambda head, body: _set_ref(body, "sources", "0")),
    "a reference as a float": _resealed(lambda head, body: _set_ref(body, "sources", 0.0)),
    "a group past the table": _resealed(lambda head, body: body["shared"]["sources"]["groups"][0].append(99_999)),
    "a shared table missing": _resealed(lambda head, body: body["shared"].pop("sources")),
    "a shared source invalid": _resealed(
        lambda head, body: body["shared"]["sources"]["values"][0].update(confidence="rumour")),
    "issues not strings": _resealed(lambda head, body: head.update(issues=[[1, 2, 3, 4]])),
    "trusted missing": _resealed(lambda head, body: head.pop("trusted")),
    # an entry to be validated on reading is: a part the model refuses is caught there
    "untrusted, a part invalid": _resealed(lambda head, body: (
        head.update(trusted=False), body["rows"][0].__setitem__(_column(body, "tdp_w"), -700.0))),
}


@pytest.mark.parametrize("damage", list(ACCIDENTS.values()) + list(FOREIGN.values()),
                         ids=list(ACCIDENTS) + list(FOREIGN))
def test_a_damaged_or_foreign_entry_is_rebuilt(built, tmp_path, damage):
    user, folder, cold = built
    shutil.copytree(folder, tmp_path / "cache")
    entry = _entry(tmp_path / "cache", user, "big-gpus.toml")
    before = entry.read_bytes()
    entry.write_bytes(damage(before))
    assert entry.read_bytes() != before, "the damage did not change the entry"
    cache = CatalogCache(tmp_path / "cache")
    cat = _load(user, cache)
    assert cache.misses == 1                          # the damaged entry, parsed from the file again
    assert cat.parts == cold.parts and cat.issues == cold.issues
    assert entry.read_bytes() == before              # and written over with what it should hold


def test_every_entry_of_shipped_parts_is_trusted_and_reads_back_type_for_type(built, tmp_path):
    """The fast path is taken for every category, and gives what validation gave: 700 stays 700
    (an unvalidated default), 700.0 stays 700.0, tuples stay tuples."""
    user, folder, cold = built
    heads = [json.loads(p.read_bytes().split(b"\n", 2)[1]) for p in folder.glob("*.json")]
    assert {h["category"] for h in heads if h["count"]} >= {"gpu", "cpu", "chassis", "accessory", "hba"}
    assert all(h["trusted"] for h in heads)
    warm = _load(user, CatalogCache(folder))
    assert list(warm.parts) == list(cold.parts)
    for part_id, part in cold.parts.items():
        again = warm.parts[part_id]
        assert type(again) is type(part)
        for name in type(part).model_fields:
            assert _types(getattr(again, name)) == _types(getattr(part, name)), (part_id, name)
        assert again == part and hash(again) == hash(part)
        assert again.model_dump() == part.model_dump()


def _types(value: Any) -> Any:
    return tuple(_types(v) for v in value) if isinstance(value, tuple) else (type(value), value)


def test_an_entry_that_would_not_read_back_exactly_is_validated_on_reading(monkeypatch, tmp_path):
    """When reading an entry back would not give the validated parts exactly (a NaN, a value JSON
    cannot hold), it is written untrusted and its parts go through validation."""
    user = tmp_path / "user"
    write_big_catalog(user, 100)
    cold = _load(user, CatalogCache(tmp_path / "cache"))
    monkeypatch.setattr(catalog_entry, "_same_parts", lambda originals, rebuilt: False)
    shutil.rmtree(tmp_path / "cache")
    _load(user, CatalogCache(tmp_path / "cache"))
    heads = [json.loads(p.read_bytes().split(b"\n", 2)[1]) for p in (tmp_path / "cache").glob("*.json")]
    assert not any(h["trusted"] for h in heads if h["count"])

    def no_construct(*args: Any) -> Any:
        raise AssertionError("an untrusted entry's parts were built unvalidated")
    monkeypatch.setattr(catalog_entry, "_construct", no_construct)
    cache = CatalogCache(tmp_path / "cache")
    warm = _load(user, cache)
    assert cache.misses == 0 and warm.parts == cold.parts


def test_a_part_with_a_nan_is_cached_untrusted(tmp_path):
    """NaN is not equal to itself, so such a part cannot be shown to read back exactly."""
    user = tmp_path / "user"
    user.mkdir()
    chassis = (paths.catalog_dir() / "chassis.toml").read_text(encoding="utf-8")
    (user / "nan.toml").write_text(chassis.replace("\nambient_min_c = 10\n", "\nambient_min_c = nan\n", 1),
                                   encoding="utf-8")
    cold = _load(user, CatalogCache(tmp_path / "cache"))
    nan = [p for p in cold.parts.values() if p.category == "chassis" and p.ambient_min_c != p.ambient_min_c]
    assert len(nan) == 1 and not cold.issues
    head = json.loads(_entry(tmp_path / "cache", user, "nan.toml").read_bytes().split(b"\n", 2)[1])
    assert head["trusted"] is False
    cache = CatalogCache(tmp_path / "cache")
    warm = _load(user, cache)
    assert cache.misses == 0 and math.isnan(warm.parts[nan[0].id].ambient_min_c)


def test_the_key_follows_the_code_that_validates(tmp_path):
    package = Path(catalog_entry.__file__).resolve().parents[1]
    copy = tmp_path / "configurator"
    for rel in catalog_entry.RULES_CODE:
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(package / rel, copy / rel)
    same = catalog_entry.fingerprint(copy, "1.0")
    assert catalog_entry.fingerprint(copy, "1.0") == same
    assert catalog_entry.fingerprint(copy, "1.1") != same
    for rel in catalog_entry.RULES_CODE:
        original = (copy / rel).read_bytes()
        (copy / rel).write_bytes(original.replace(b"le=", b"lt=", 1) + b"\n")
        assert catalog_entry.fingerprint(copy, "1.0") != same, rel
        (copy / rel).write_bytes(original)
    assert catalog_entry.fingerprint(copy, "1.0") == same


def test_reading_back_counts_as_exact_only_type_for_type(built):
    """What decides whether an entry is trusted: 700 == 700.0 and [] == () are not good enough."""
    _, _, cold = built
    for part in (cold.parts["nvidia-h100-sxm5-80gb"], cold.parts["lenovo-thinksystem-440-8i-hba"]):
        model = type(part)
        assert catalog_entry._same_parts([part], catalog_entry._construct(model, [dict(part.__dict__)]))
    gpu = cold.parts["nvidia-h100-sxm5-80gb"]
    changed = [("tdp_w", int(gpu.tdp_w)), ("tdp_w", gpu.tdp_w + 1), ("ecc", int(gpu.ecc)), ("fp8_tflops", None)]
    for name, value in changed:
        rebuilt = catalog_entry._construct(type(gpu), [{**gpu.__dict__, name: value}])
        assert not catalog_entry._same_parts([gpu], rebuilt), name
    hba = cold.parts["lenovo-thinksystem-440-8i-hba"]
    for value in (list(hba.protocols), tuple(p.upper() for p in hba.protocols)):
        rebuilt = catalog_entry._construct(type(hba), [{**hba.__dict__, "protocols": value}])
        assert not catalog_entry._same_parts([hba], rebuilt), value
    reordered = catalog_entry._construct(type(gpu), [dict(reversed(gpu.__dict__.items()))])
    assert not catalog_entry._same_parts([gpu], reordered)
    assert not catalog_entry._same((1, 2), (1, 2.0)) and not catalog_entry._same((), [])   # a tuple[float, ...] field
