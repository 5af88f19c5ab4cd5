"""The validated-catalog cache: a second load reads it, a changed or corrupt entry is rebuilt."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from configurator import paths
from configurator.io import catalog_io
from configurator.io.catalog_cache import CACHE_FORMAT, CatalogCache, entry_key
from configurator.io.catalog_io import load_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog  # noqa: E402

GPU = '''category = "gpu"
[[parts]]
id = "test-gpu"
name = "Test GPU"
vendor = "Acme"
'''


def _load(user: Path, cache: CatalogCache):
    return load_catalog([paths.catalog_dir(), user], [paths.price_dir()], cache=cache)


@pytest.fixture
def user(tmp_path: Path) -> Path:
    folder = tmp_path / "user"
    write_big_catalog(folder, 1_000)
    return folder


def test_second_load_comes_from_the_cache_and_equals_the_first(user, tmp_path):
    first = CatalogCache(tmp_path / "cache")
    cold = _load(user, first)
    assert first.hits == 0 and first.misses > 0
    again = CatalogCache(tmp_path / "cache")
    warm = _load(user, again)
    assert again.misses == 0 and again.hits == first.misses
    assert warm.parts == cold.parts and warm.issues == cold.issues
    assert len(warm.parts) >= 1_000
    assert not list((tmp_path / "cache").glob("*.pickle"))


def test_a_changed_file_is_parsed_again(user, tmp_path):
    _load(user, CatalogCache(tmp_path / "cache"))
    gpus = user / "big-gpus.toml"
    gpus.write_text(gpus.read_text(encoding="utf-8").replace('name = "NVIDIA H100', 'name = "Edited H100', 1),
                    encoding="utf-8")
    cache = CatalogCache(tmp_path / "cache")
    cat = _load(user, cache)
    assert cache.misses == 1
    assert any(p.name.startswith("Edited H100") for p in cat.parts.values())


@pytest.mark.parametrize("damage", [
    lambda text: b"\x00\xff garbage",
    lambda text: text[: len(text) // 2],                                  # truncated by a crash
    lambda text: text.replace(b'"format": %d' % CACHE_FORMAT, b'"format": 99', 1),   # another format
    lambda text: text.replace(b'"tdp_w":', b'"tdp_w":-', 1),               # fails validation
    lambda text: text.replace(b'"count": ', b'"count": 1', 1),           # a part missing
    lambda text: text.replace(b'"sources":0', b'"sources":-1', 1),         # a reference outside the table
    lambda text: text.replace(b'"sources":0', b'"sources":99999', 1),
    lambda text: text.replace(b'"sources":0', b'"sources":"0"', 1),
    lambda text: text.replace(b'"confidence":"', b'"confidence":"x', 1),  # a shared source fails validation
])
def test_a_corrupt_entry_is_rebuilt_never_trusted(user, tmp_path, damage):
    cold = _load(user, CatalogCache(tmp_path / "cache"))
    raw = (user / "big-gpus.toml").read_bytes()
    entry = CatalogCache(tmp_path / "cache").path(entry_key(catalog_io.display_name(user / "big-gpus.toml"), raw))
    entry.write_bytes(damage(entry.read_bytes()))
    cache = CatalogCache(tmp_path / "cache")
    cat = _load(user, cache)
    assert cache.misses == 1                          # the damaged entry, parsed from the file again
    assert cat.parts == cold.parts
    assert CatalogCache(tmp_path / "cache").read(entry.stem) is not None   # and written over


def test_a_cache_folder_that_cannot_be_written_only_costs_speed(user, tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the folder should be")
    cat = _load(user, CatalogCache(blocker))
    assert len(cat.parts) >= 1_000 and not cat.issues


def test_user_cache_dir_follows_configurator_home(monkeypatch, tmp_path):
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path))
    assert paths.user_cache_dir() == tmp_path / "cache"


def test_catalog_files_over_5_mb_load_up_to_64_mb(tmp_path):
    folder = tmp_path / "user"
    folder.mkdir()
    padding = ("# " + "x" * 98 + "\n") * 60_000   # 6 MB of comments: over the old 5 MB limit
    (folder / "big.toml").write_text(GPU.replace('vendor = "Acme"', 'vendor = "Acme"\n' + padding)
                                     .replace('name = "Test GPU"', 'name = "Test GPU"\nform_factor = "pcie"'),
                                     encoding="utf-8")
    parts, issues = catalog_io.load_part_file(folder / "big.toml")
    assert not any("limit" in i.message for i in issues)
    (folder / "huge.toml").write_bytes(b"#" * (catalog_io.MAX_FILE_BYTES + 1))
    parts, issues = catalog_io.load_part_file(folder / "huge.toml")
    assert parts == [] and "64 MB limit" in issues[0].message


def test_4000_part_catalog_second_load_is_much_faster(tmp_path):
    """The issue's 4,100-part user catalog (1.6 s today); bench/bench_catalog.py times 20,000."""
    user = tmp_path / "user"
    n = write_big_catalog(user, 4_000)
    t0 = time.perf_counter()
    cold = _load(user, CatalogCache(tmp_path / "cache"))
    cold_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    warm = _load(user, CatalogCache(tmp_path / "cache"))
    warm_s = time.perf_counter() - t0
    assert len(warm.parts) == len(cold.parts) >= n
    assert warm_s < cold_s / 3, (cold_s, warm_s)
