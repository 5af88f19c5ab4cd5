"""Fixtures for the io tests."""

from __future__ import annotations

import pytest
from io_helpers import fixture_catalog

from configurator.core.catalog import Catalog


@pytest.fixture(scope="session")
def test_catalog() -> Catalog:
    catalog = fixture_catalog()
    assert catalog.issues == (), catalog.issues
    return catalog
