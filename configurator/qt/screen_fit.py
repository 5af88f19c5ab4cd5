"""Windows that fit the screen they open on: a wish size, shrunk to the available area.

A window's preferred size (the main window's 1600×1000, the compare view's 1500×950) is larger
than a 1366×768 laptop's screen: its buttons and last columns would open off-screen. Each
top-level window asks for its size here instead of calling `resize` with fixed numbers.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: the share of the screen's available area a window may take (room for its frame and title bar)
MAX_SHARE_W = 0.96
MAX_SHARE_H = 0.90


def fitted_size(width: int, height: int, widget: QWidget | None = None) -> tuple[int, int]:
    """(`width`, `height`), each at most its share of the available screen area."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    if screen is None:
        return width, height
    room = screen.availableGeometry()
    return min(width, int(room.width() * MAX_SHARE_W)), min(height, int(room.height() * MAX_SHARE_H))


def resize_to_fit(widget: QWidget, width: int, height: int) -> None:
    """Resize `widget` to its wish size, shrunk to fit its screen."""
    widget.resize(*fitted_size(width, height, widget))
