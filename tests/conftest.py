"""Test-wide set-up: offscreen Qt, a throwaway user folder (never the real home), and the
hypothesis profiles that size the property tests."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # a 1920×1200 desktop, not the offscreen plugin's 800×800: windows fit the screen they open on
    # (qt/screen_fit.py), and most GUI tests are about a desktop; tests/qt/test_screen_fit.py tries a laptop
    SCREENS = Path(__file__).parent / "fixtures" / "screens"
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={SCREENS / 'desktop-1920x1200.json'}"
os.environ["CONFIGURATOR_LANG"] = "en"  # tests assert English texts whatever the machine's locale
if "CONFIGURATOR_HOME" not in os.environ:
    os.environ["CONFIGURATOR_HOME"] = tempfile.mkdtemp(prefix="configurator-test-home-")

# as in the app, where every shell imports the words: an input error's str() is worded by them
import configurator.words  # noqa: E402, F401

# How many examples the property tests draw. Each test asks for its thorough count through
# `fast(n)` (tests/core/test_properties.py), which scales n by this profile's max_examples / 100:
# "thorough" (`make test-slow`, or `pytest --hypothesis-profile=thorough`) runs every n in full,
# "suite" (the default, `make test`) a quarter of it, which still draws every class of input
# (the corpus cases in tests/corpus were found that way) while keeping `make test` within budget.
# No per-example deadline in either: the machine is shared and may be busy.
settings.register_profile("suite", max_examples=25, deadline=None)
settings.register_profile("thorough", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


@pytest.fixture(autouse=True)
def _english_again():
    """`--lang zh_CN` on a command sets the process's language: every test ends in English again
    (a test in the same worker must not inherit another's language)."""
    yield
    from configurator.words import i18n

    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _no_window_left_on_screen():
    """A window a test leaves shown is hidden after it: Qt would paint it again whenever a later test
    processes events, long after its test (and maybe part of its objects) is gone."""
    yield
    import sys

    widgets = sys.modules.get("PySide6.QtWidgets")
    app = widgets.QApplication.instance() if widgets is not None else None
    if app is not None:
        for window in app.topLevelWidgets():
            if window.isVisible():
                window.hide()
