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


@pytest.fixture(autouse=True)
def keep_language():
    """A test that runs the CLI with --lang zh_CN leaves the app's language as it found it."""
    from configurator.words.i18n import current_language, set_language

    before = current_language()
    yield
    set_language(before)
