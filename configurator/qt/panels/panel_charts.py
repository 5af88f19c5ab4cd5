"""The panels' charts: pyqtgraph plots with explicit fonts, built after the window's first frame.

pyqtgraph is imported only where a chart is built: its import costs ~0.45 s of start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import shiboken6
from PySide6.QtCore import QRectF, QSize, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QSizePolicy, QVBoxLayout, QWidget


def chart_font(point_size: int = 9) -> QFont:
    """The font every chart uses (set explicitly: pyqtgraph ignores the app font)."""
    font = QFont()
    font.setPointSize(point_size)
    return font


_PLOT: list[type] = []


def _plot_class() -> type:
    """pyqtgraph's PlotWidget that skips a paint once its scene is gone: a panel torn down while a
    paint was still queued (a closed window, a panel rebuilt) made pyqtgraph's paintEvent call into a
    deleted scene (a crash seen in the test suite, never in a window: the guard costs one check)."""
    if not _PLOT:
        import pyqtgraph as pg

        class GuardedPlotWidget(pg.PlotWidget):
            def paintEvent(self, ev: Any) -> None:  # noqa: N802 - Qt API
                scene = self.scene()
                if scene is None or not shiboken6.isValid(scene) or not shiboken6.isValid(self):
                    return
                super().paintEvent(ev)

        _PLOT.append(GuardedPlotWidget)
    return _PLOT[0]


_BARS: list[type] = []


def bar_item_class() -> type:
    """pyqtgraph's BarGraphItem whose bounding rect is worked out once per data and view transform,
    as a PlotCurveItem's is: BarGraphItem works it out on every ask (its pixel padding maps the
    item to the device, ~25 µs), and Qt asks a few times an item per repaint of the chart."""
    if not _BARS:
        import pyqtgraph as pg

        class CachedBarGraphItem(pg.BarGraphItem):
            _bounds: Any = None

            def setOpts(self, **opts: Any) -> None:  # noqa: N802 - pyqtgraph API
                self._bounds = None
                super().setOpts(**opts)

            def viewTransformChanged(self) -> None:  # noqa: N802 - pyqtgraph API
                self._bounds = None
                super().viewTransformChanged()

            def boundingRect(self) -> Any:  # noqa: N802 - Qt API
                if self._bounds is None:
                    self._bounds = super().boundingRect()
                return QRectF(self._bounds)   # a copy: a caller may move the rect it gets

        _BARS.append(CachedBarGraphItem)
    return _BARS[0]


def make_plot(parent: QWidget | None = None, height: int = 180, axis_items: dict[str, Any] | None = None) -> Any:
    """A white, static pyqtgraph PlotWidget with explicit tick fonts and no mouse interaction."""
    import pyqtgraph as pg

    plot = _plot_class()(parent=parent, background="w", axisItems=axis_items)
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
        # the grid lines make each axis span the plot: any data change would repaint (replay)
        # every tick, line and label; a cached pixmap is blitted instead until the ticks change
        axis.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    item.showGrid(x=True, y=False, alpha=0.25)
    return plot


class PointMarker(QGraphicsEllipseItem):
    """One marked point of a chart: a disc `size` px across with a white rim, at its position
    in data coordinates (`setPos`), the same size at any zoom. A pyqtgraph ScatterPlotItem
    draws the same disc for ~1 ms per repaint (it re-derives its view and masks per paint)."""

    def __init__(self, size: float, colour: str) -> None:
        super().__init__(-size / 2, -size / 2, size, size)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        pen = QPen(QColor("white"))
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setBrush(QBrush(QColor(colour)))

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        super().paint(painter, option, widget)


_defer_charts = False


@contextmanager
def charts_deferred() -> Iterator[None]:
    """Panels built inside build their charts only after first painted (see `ChartBox`)."""
    global _defer_charts
    previous, _defer_charts = _defer_charts, True
    try:
        yield
    finally:
        _defer_charts = previous


class ChartBox(QWidget):
    """The place of a panel's pyqtgraph chart; `build()` makes it with `make()`.

    Built at once, except inside `charts_deferred()`: then the box first paints empty at the
    chart's size and builds the chart right after, so the window's first frame does not wait
    for pyqtgraph, and a chart in a background tab is built when its tab is first shown.
    `make(box)` returns the plot widget, a child of `box`, then `on_ready()` draws the data the
    panel holds; `ready` says whether the chart exists yet.
    """

    def __init__(self, make: Callable[[QWidget], QWidget], on_ready: Callable[[], None], height: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._make = make
        self._on_ready = on_ready
        self._scheduled = False
        self.plot: QWidget | None = None
        self.setMinimumHeight(height)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        if not _defer_charts:
            self.build()

    def build(self) -> None:
        if self.plot is None and shiboken6.isValid(self):
            self.plot = self._make(self)
            self._layout.addWidget(self.plot)
            self._on_ready()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # a new PlotWidget's hint is its first size (a child's 100 × 30), later the size it has
        return self.plot.sizeHint() if self.plot is not None else QSize(100, 30)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self.plot.minimumSizeHint() if self.plot is not None else QSize(68, 68)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        if self.plot is None and not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self.build)   # after this frame is on screen
        super().paintEvent(event)


def chart_section(caption: str, chart: QWidget, legend: QWidget | None = None, top: int = 6,
                  stretch: int = 1) -> QWidget:
    """A captioned chart block as the panels lay it out: caption, chart, optional legend on the right."""
    from PySide6.QtCore import Qt

    from .widgets import caption_label

    box = QWidget()
    v = QVBoxLayout(box)
    v.setContentsMargins(0, top, 0, 0)
    v.addWidget(caption_label(caption))
    v.addWidget(chart, stretch)
    if legend is not None:
        legend.setFont(chart_font())
        v.addWidget(legend, 0, Qt.AlignmentFlag.AlignRight)
    return box
