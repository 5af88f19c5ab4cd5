"""Quote tests: every test gets its own CONFIGURATOR_HOME (quote counter, vendor.toml)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "home"
    monkeypatch.setenv("CONFIGURATOR_HOME", str(path))
    return path


@pytest.fixture()
def pdf_pages():
    """Text of each page of a PDF, whitespace collapsed."""

    def read(path: Path) -> list[str]:
        return [" ".join(p.extract_text().split()) for p in PdfReader(str(path)).pages]

    return read
