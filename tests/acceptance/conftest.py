"""`--lang zh_CN` on a command sets the process's language: every test here ends in English again."""

from __future__ import annotations

import pytest

from configurator.words import i18n


@pytest.fixture(autouse=True)
def _english_again():
    yield
    i18n.set_language("en")
