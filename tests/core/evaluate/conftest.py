"""Fixtures for the evaluation tests: the synthetic catalog (`_evalparts`) and build makers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _evalparts import hgx_placements, make_catalog

from configurator.core.build import Build
from configurator.core.catalog import Catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return make_catalog()


@pytest.fixture
def make_build() -> Callable[..., Build]:
    def make(chassis: str = "hgx-test", placements: dict[str, str] | None = None, **kw: Any) -> Build:
        data: dict[str, Any] = {"chassis": chassis, "placements": placements or {}}
        data.update(kw)
        return Build.model_validate(data)
    return make


@pytest.fixture
def hgx(make_build: Callable[..., Build]) -> Build:
    return make_build("hgx-test", hgx_placements())
