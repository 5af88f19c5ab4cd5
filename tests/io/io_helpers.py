"""Helpers shared by the io tests (imported by name: pytest puts tests/io on sys.path)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from configurator.core.catalog import Catalog
from configurator.io.catalog_io import load_catalog

HERE = Path(__file__).resolve().parent
FIXTURE_CATALOG = HERE / "fixture_catalog"
CORPUS = HERE.parent / "corpus"


def fixture_catalog() -> Catalog:
    """A small made-up catalog (tests/io/fixture_catalog), independent of the shipped one."""
    return load_catalog([FIXTURE_CATALOG], [FIXTURE_CATALOG / "prices"])


def corpus_cases() -> dict[str, list[dict]]:
    with open(CORPUS / "cases.toml", "rb") as fh:
        return tomllib.load(fh)
