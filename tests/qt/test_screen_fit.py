"""Top-level windows open no larger than the screen (issue #30: on a 1366×768 laptop the main
window's first start, the compare view's last column and the recommendation table's "Open as
build" were off-screen)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QRect

from configurator.qt import screen_fit

LAPTOP = Path(__file__).parents[1] / "fixtures" / "screens" / "laptop-1366x768.json"


class _Screen:
    def __init__(self, w: int, h: int) -> None:
        self._room = QRect(0, 0, w, h)

    def availableGeometry(self) -> QRect:
        return self._room


class _Widget:
    def __init__(self, screen: _Screen) -> None:
        self._screen = screen

    def screen(self) -> _Screen:
        return self._screen


def test_a_wish_size_shrinks_to_a_laptop_screen_and_stays_on_a_large_one():
    w, h = screen_fit.fitted_size(1600, 1000, _Widget(_Screen(1366, 738)))  # type: ignore[arg-type]
    assert w <= 1366 and h <= 738 * screen_fit.MAX_SHARE_H
    assert screen_fit.fitted_size(1500, 950, _Widget(_Screen(2560, 1400))) == (1500, 950)  # type: ignore[arg-type]


PROBE = """
import json
from PySide6.QtWidgets import QApplication
from configurator.qt.app import make_app
from configurator.core.session import Session
from configurator.store.catalogs import default_catalog
from configurator.qt.window.file_actions import default_chassis, new_build
from configurator.qt.window.main_window import MainWindow
from configurator.qt.views.recommendations import RecommendDialog
app = make_app()
catalog = default_catalog()
session = Session(catalog, new_build(catalog, default_chassis(catalog)))
window = MainWindow(session)
dialog = RecommendDialog(session)
room = app.primaryScreen().availableGeometry()
print(json.dumps({"room": [room.width(), room.height()], "window": [window.width(), window.height()],
                  "recommend": [dialog.width(), dialog.height()]}))
"""


def test_on_a_1366x768_laptop_the_main_window_and_the_recommend_view_fit(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={LAPTOP}", CONFIGURATOR_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    sizes = json.loads(done.stdout.strip().splitlines()[-1])
    room_w, room_h = sizes["room"]
    assert (room_w, room_h) == (1366, 768)
    for name in ("window", "recommend"):
        w, h = sizes[name]
        assert w <= room_w and h <= room_h, (name, sizes)
