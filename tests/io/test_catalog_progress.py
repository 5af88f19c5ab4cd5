"""The catalog load's progress callback (store/catalogs.py `LoadProgress`): what the GUI's start-up
window shows (issue #30: "the cold load of a 20,000-part catalog is silent for 9–20 s")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from configurator.store import paths
from configurator.store.catalog_cache import CatalogCache
from configurator.store.catalogs import load_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog  # noqa: E402


class StopError(Exception):
    pass


@pytest.fixture(scope="module")
def user(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("progress") / "user"
    write_big_catalog(folder, 1_200)
    return folder


def _load(user: Path, cache: Path, progress):
    return load_catalog([paths.catalog_dir(), user], [paths.price_dir()], cache=CatalogCache(cache), progress=progress)


def test_a_cold_load_counts_files_and_parts_and_says_it_builds(user, tmp_path, monkeypatch) -> None:
    from configurator.store import catalogs

    monkeypatch.setattr(catalogs, "TICK_PARTS", 50)      # the generated files hold a few hundred parts each
    seen: list[tuple[int, int, int, bool]] = []
    catalog = _load(user, tmp_path / "cache", lambda *f: seen.append(f))
    files = len([p for p in paths.catalog_dir().glob("*.toml") if p.name not in ("models.toml", "fx.toml")])
    files += len(list(user.glob("*.toml"))) + len(list(paths.price_dir().glob("*.csv")))
    assert seen[0] == (0, files, 0, False)               # before the first file: the files in all
    assert seen[-1][:2] == (files, files) and seen[-1][3] is True
    assert seen[-1][2] == len(catalog.parts)              # every part read once (the generated ids are new)
    done = [f[0] for f in seen]
    assert done == sorted(done)                          # never goes back
    parts = [f[2] for f in seen]
    assert parts == sorted(parts)
    # a file of more than TICK_PARTS parts reports inside its parse, not only at its end
    assert any(b[0] == a[0] and b[2] > a[2] for a, b in zip(seen, seen[1:], strict=False))


def test_a_warm_load_does_not_say_it_builds(user, tmp_path) -> None:
    _load(user, tmp_path / "cache", None)
    seen: list[tuple[int, int, int, bool]] = []
    warm = _load(user, tmp_path / "cache", lambda *f: seen.append(f))
    assert seen and not any(f[3] for f in seen)
    assert seen[-1][2] >= len(warm.parts)


def test_a_load_stopped_by_its_progress_leaves_a_cache_that_loads_the_same(user, tmp_path) -> None:
    """The GUI's Quit raises from the callback: the load ends there, and what it cached is whole."""
    calls = []

    def stop_midway(*figures) -> None:
        calls.append(figures)
        if figures[3] and figures[0] >= 3:
            raise StopError

    with pytest.raises(StopError):
        _load(user, tmp_path / "cache", stop_midway)
    assert calls[-1][0] < calls[-1][1]                    # it did stop before the end
    again = _load(user, tmp_path / "cache", None)
    fresh = load_catalog([paths.catalog_dir(), user], [paths.price_dir()])
    assert again.parts == fresh.parts and again.issues == fresh.issues
