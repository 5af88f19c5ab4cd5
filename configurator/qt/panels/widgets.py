"""Common pieces of the panels: translated titles, safe subscriptions, value grids,
a gauge bar, plot set-up with explicit fonts, and a coalescing option writer."""

from __future__ import annotations

import weakref
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from ...core.ops import OpError, SetOption
from .format import COLOURS


class Title:
    """A class attribute translated when read, so a translator installed after import applies.

    Usage: ``title = Title("PowerPanel", QT_TRANSLATE_NOOP("PowerPanel", "Power"))``.
    """

    def __init__(self, context: str, text: str) -> None:
        self.context = context
        self.text = text

    def __get__(self, obj: object, owner: type | None = None) -> str:
        return QCoreApplication.translate(self.context, self.text)


def subscribe(signal: Any, owner: QWidget, method: str) -> None:
    """Connect a psygnal `signal` to `owner.<method>` without keeping the widget alive.

    The relay drops itself once the widget is garbage-collected or its C++ side deleted,
    so a closed panel never receives another evaluation.
    """
    ref = weakref.ref(owner)

    def relay(*args: Any) -> None:
        obj = ref()
        if obj is None or not shiboken6.isValid(obj):
            signal.disconnect(relay, missing_ok=True)
            return
        getattr(obj, method)(*args)

    signal.connect(relay)


@contextmanager
def blocked(*widgets: QWidget) -> Iterator[None]:
    """Write values into widgets without their change signals echoing back to the model."""
    unique = list(dict.fromkeys(widgets))   # a widget listed twice must not stay blocked
    previous = [w.blockSignals(True) for w in unique]
    try:
        yield
    finally:
        for w, was in zip(unique, previous):
            w.blockSignals(was)


def chart_font(point_size: int = 9) -> QFont:
    """The font every chart uses (set explicitly: pyqtgraph ignores the app font)."""
    font = QFont()
    font.setPointSize(point_size)
    return font


def make_plot(parent: QWidget | None = None, height: int = 180) -> pg.PlotWidget:
    """A white, static plot with explicit tick fonts and no mouse interaction."""
    plot = pg.PlotWidget(parent=parent, background="w")
    plot.setMinimumHeight(height)
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(False, False)
    plot.hideButtons()
    item = plot.getPlotItem()
    font = chart_font()
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        axis.setTickFont(font)
        axis.setPen(pg.mkPen("#9ca3af"))
        axis.setTextPen(pg.mkPen("#374151"))
        axis.label.setFont(font)
    item.showGrid(x=True, y=False, alpha=0.25)
    return plot


def value_label(text: str = "—") -> QLabel:
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def caption_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(f"color:{COLOURS['muted']};")
    return label


def heading_label(text: str = "") -> QLabel:
    """The panel's one-line summary: larger, bold, wraps rather than truncates."""
    label = QLabel(text)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.15)
    font.setBold(True)
    label.setFont(font)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


class ElidedLabel(QLabel):
    """One line of plain text cut with "…" to the width it gets; the full text is the tooltip."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)
        self.setText(text)

    def full_text(self) -> str:
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        self._full = text
        self._elide()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(self.width(), 40))
        super().setText(shown)


class ValueGrid(QWidget):
    """Rows of caption (left) and right-aligned value; values addressed by key."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(16)
        self._grid.setVerticalSpacing(4)
        self._grid.setColumnStretch(1, 1)
        self.values: dict[str, QLabel] = {}
        self.captions: dict[str, QLabel] = {}

    def add_row(self, key: str, caption: str, extra: QWidget | None = None) -> QLabel:
        row = self._grid.rowCount()
        value = value_label()
        self.captions[key] = caption_label(caption)
        self._grid.addWidget(self.captions[key], row, 0)
        self._grid.addWidget(value, row, 1)
        if extra is not None:
            self._grid.addWidget(extra, row, 2)
        self.values[key] = value
        return value

    def set(self, key: str, text: str, level: str | None = None, bold: bool = False) -> None:
        label = self.values[key]
        label.setText(text)
        style = []
        if level:
            style.append(f"color:{COLOURS.get(level, level)};")
        if bold:
            style.append("font-weight:600;")
        label.setStyleSheet("".join(style))

    def text(self, key: str) -> str:
        return self.values[key].text()


class GaugeBar(QWidget):
    """A horizontal bar: fill = value / capacity, coloured by level, a tick at 100 %."""

    def __init__(self, parent: QWidget | None = None, span: float = 1.25, tick: bool = True) -> None:
        super().__init__(parent)
        self._tick = tick
        self._fraction = 0.0
        self._level = "ok"
        self._span = span            # the bar's full width in units of capacity
        self._text = ""
        self.setMinimumSize(120, 16)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(200, 18)

    @property
    def fraction(self) -> float:
        return self._fraction

    @property
    def level(self) -> str:
        return self._level

    def set_value(self, fraction: float, level: str, text: str = "") -> None:
        self._fraction = max(0.0, fraction)
        self._level = level
        self._text = text
        self.setToolTip(text)
        self.update()

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(0.5, 2.5, -0.5, -2.5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#e5e7eb"))
        p.drawRoundedRect(r, 3, 3)
        fill = r.adjusted(0, 0, 0, 0)
        fill.setWidth(r.width() * min(self._fraction / self._span, 1.0))
        p.setBrush(QColor(COLOURS.get(self._level, self._level)))
        p.drawRoundedRect(fill, 3, 3)
        if not self._tick:
            p.end()
            return
        x = r.left() + r.width() / self._span
        p.setPen(QPen(QColor("#111827"), 1.5))
        p.drawLine(int(x), int(r.top()) - 2, int(x), int(r.bottom()) + 2)
        p.end()


class OptionWriter:
    """Writes editor values back as `SetOption`s, one undo step per user change.

    Rapid edits to the same option (spinbox arrows held, typing) restart a short timer and
    are applied once; editing another option or `flush()` (editingFinished) applies at once.
    `writing` is true while the session re-renders, so views don't echo their own edit.
    """

    def __init__(self, session: Any, parent: QWidget | None = None, delay_ms: int = 400,
                 on_error: Callable[[str, str], None] | None = None) -> None:
        self.session = session
        self.writing = False
        self._pending: tuple[str, Any] | None = None
        self._on_error = on_error
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.flush)

    @property
    def pending(self) -> tuple[str, Any] | None:
        return self._pending

    def set_later(self, path: str, value: Any) -> None:
        if self._pending is not None and self._pending[0] != path:
            self.flush()
        self._pending = (path, value)
        self._timer.start()

    def set_now(self, path: str, value: Any) -> None:
        self.set_later(path, value)
        self.flush()

    def cancel(self) -> None:
        self._timer.stop()
        self._pending = None

    def flush(self) -> None:
        self._timer.stop()
        if self._pending is None:
            return
        path, value = self._pending
        self._pending = None
        if _current(self.session.build, path) == value:
            return
        self.writing = True
        try:
            self.session.apply(SetOption(path=path, value=value))
        except OpError as exc:
            if self._on_error is not None:
                self._on_error(path, str(exc))
        finally:
            self.writing = False


def _current(build: Any, path: str) -> Any:
    obj = build
    for part in path.split("."):
        obj = getattr(obj, part, None)
    return obj
