"""Helpers shared by the io tests (imported by name: pytest puts tests/io on sys.path)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from configurator.core.catalog import Catalog
from configurator.store.catalogs import load_catalog

HERE = Path(__file__).resolve().parent
FIXTURE_CATALOG = HERE / "fixture_catalog"
CORPUS = HERE.parent / "corpus"


def fixture_catalog() -> Catalog:
    """A small made-up catalog (tests/io/fixture_catalog), independent of the shipped one."""
    return load_catalog([FIXTURE_CATALOG], [FIXTURE_CATALOG / "prices"])


def corpus_cases() -> dict[str, list[dict]]:
    with open(CORPUS / "cases.toml", "rb") as fh:
        return tomllib.load(fh)


PROBE_H200 = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"


def upgraded_probe(folder: Path, extra: dict[str, str]) -> tuple[Path, Path]:
    """The H200 probe imported as a Supermicro SYS-821GE-TNHR (`folder/server.json`) and the same
    build with `extra` placements added (`folder/after.json`): an upgrade's before and after."""
    from configurator.launch import main
    from configurator.store.build_files import load_build, save_build

    before = folder / "server.json"
    assert main(["import", "inventory", str(PROBE_H200), "--chassis", "supermicro-sys-821ge-tnhr", "-o", str(before)]) == 0
    build = load_build(before)
    build.placements = {**build.placements, **extra}
    save_build(build, folder / "after.json")
    return before, folder / "after.json"
