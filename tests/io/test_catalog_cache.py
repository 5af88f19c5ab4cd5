"""The validated-catalog cache: a second load reads it, a changed or corrupt entry is rebuilt."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from configurator.store import catalogs as catalog_io
from configurator.store import paths
from configurator.store.catalog_cache import CatalogCache
from configurator.store.catalogs import load_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog, write_big_file  # noqa: E402

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


def test_a_cache_folder_that_cannot_be_written_only_costs_speed(user, tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the folder should be")
    cat = _load(user, CatalogCache(blocker))
    assert len(cat.parts) >= 1_000 and not cat.issues


def test_user_cache_dir_follows_configurator_home(monkeypatch, tmp_path):
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path))
    assert paths.user_cache_dir() == tmp_path / "cache"


def test_catalog_files_load_up_to_64_mb_and_a_larger_one_is_one_line_naming_it(tmp_path):
    folder = tmp_path / "user"
    folder.mkdir()
    padding = ("# " + "x" * 97 + "\n") * ((catalog_io.MAX_FILE_BYTES - 1_000) // 100)   # comments up to the limit
    (folder / "big.toml").write_text(GPU.replace('vendor = "Acme"', 'vendor = "Acme"\n' + padding)
                                     .replace('name = "Test GPU"', 'name = "Test GPU"\nform_factor = "pcie"'),
                                     encoding="utf-8")
    assert catalog_io.MAX_FILE_BYTES - 2_000 < (folder / "big.toml").stat().st_size <= catalog_io.MAX_FILE_BYTES
    parts, issues = catalog_io.load_part_file(folder / "big.toml")
    assert not any("limit" in i.message for i in issues)
    (folder / "big.toml").unlink()
    (folder / "huge.toml").write_bytes(b"#" * (catalog_io.MAX_FILE_BYTES + 1))
    cat = load_catalog([folder], [], cache=CatalogCache(tmp_path / "cache"))
    assert not cat.parts and len(cat.issues) == 1
    line = str(cat.issues[0])
    assert "huge.toml" in line and "64 MB limit" in line and "\n" not in line, line


@pytest.mark.slow
def test_a_64_mb_catalog_file_of_parts_loads_and_then_comes_from_the_cache(tmp_path):
    """The issue's limit with real parts (~12,000 chassis): parsed, cached, read back (~30-45 s)."""
    user = tmp_path / "user"
    n = write_big_file(user / "big-chassis.toml", "chassis.toml", catalog_io.MAX_FILE_BYTES)
    assert catalog_io.MAX_FILE_BYTES - 200 < (user / "big-chassis.toml").stat().st_size <= catalog_io.MAX_FILE_BYTES
    cold = _load(user, CatalogCache(tmp_path / "cache"))
    assert not cold.issues and sum(p.origin.endswith("big-chassis.toml") for p in cold.parts.values()) == n > 10_000
    cache = CatalogCache(tmp_path / "cache")
    warm = _load(user, cache)
    assert cache.misses == 0 and cache.hits > 0
    assert warm.parts == cold.parts


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


def test_a_files_issues_come_back_from_the_cache_with_its_parts(tmp_path):
    """A file with a bad entry, and one with nothing but bad entries: the second load reports the
    same issues from the cache, without parsing either file again."""
    user = tmp_path / "user"
    user.mkdir()
    gpus = (paths.catalog_dir() / "gpus.toml").read_text(encoding="utf-8")
    (user / "some-bad.toml").write_text(gpus.replace("tdp_w = 700", "tdp_w = -700", 1), encoding="utf-8")
    (user / "all-bad.toml").write_text(GPU, encoding="utf-8")      # no form factor, no figures
    cold = _load(user, CatalogCache(tmp_path / "cache"))
    assert {i.file for i in cold.issues} == {catalog_io.display_name(user / n) for n in ("some-bad.toml", "all-bad.toml")}
    cache = CatalogCache(tmp_path / "cache")
    warm = _load(user, cache)
    assert cache.misses == 0 and warm.issues == cold.issues and warm.parts == cold.parts
