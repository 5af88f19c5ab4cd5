"""The compare view's charts (pyqtgraph): cost against compute, TCO over time, stacked power.

Each chart draws figures the comparison already holds: the rows' values (`cost.hardware`,
`compute.bf16_tflops`), each column's TCO month series (`Evaluation.tco.own_by_month`) and its
power lines (`Evaluation.power.lines`, summed per category by the power panel's `by_category`). Nothing is derived
here beyond scaling to the axis unit.
"""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...core.compare import Comparison
from ..panels.panel_charts import chart_font, make_plot
from ..panels.power import CATEGORY_ORDER, by_category, category_name
from ..panels.widgets import caption_label

#: one colour per build column (at most six), told apart in colour and in grey print
BUILD_COLOURS = ("#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2")
HEIGHT = 190
#: the power stack's segments by category: distinct hues, the GPUs (most of the stack) in blue
STACK_COLOURS = {"gpu": "#2563eb", "baseboard": "#93c5fd", "cpu": "#f59e0b", "dimm": "#10b981", "drive": "#8b5cf6",
                 "hba": "#a16207", "nic": "#ec4899", "cooling": "#06b6d4", "chassis": "#64748b", "psu": "#ef4444"}
OTHER_COLOURS = ("#9ca3af", "#84cc16", "#0f766e", "#7c2d12")


def _no_si(plot) -> None:
    """Fixed-unit axes: pyqtgraph would otherwise write 'kUSD (x0.001)' on its own."""
    for name in ("left", "bottom"):
        plot.getPlotItem().getAxis(name).enableAutoSIPrefix(False)


def legend_html(labels: list[str]) -> str:
    return "&nbsp;&nbsp;".join(f"<span style='color:{BUILD_COLOURS[i % 6]}'>■</span> {_esc(label)}"
                               for i, label in enumerate(labels))


def short_label(label: str, limit: int = 12) -> str:
    """A build's label under a bar: without the file suffix, cut to `limit` characters."""
    stem = label.removesuffix(".json")
    return stem if len(stem) <= limit else stem[:limit - 1] + "…"


class LabelBox(NamedTuple):
    """A point's label on a chart, in fractions of the plotted ranges (y up): the point, the label's
    width and height, which side of the point it is on (0: right of it, 1: left) and its line below."""

    x: float
    y: float
    width: float
    height: float
    anchor_x: int
    level: int = 0

    def extent(self, level: int) -> tuple[float, float, float, float]:
        left = self.x - self.width if self.anchor_x else self.x
        top = self.y - 1.1 * level * self.height + self.height   # level 0 sits on the point, each next one a line lower
        return left, left + self.width, top - self.height, top


def free_level(box: LabelBox, placed: list[LabelBox]) -> int:
    """The first line (0, 1, …) at which `box` overlaps none of the labels already `placed`."""
    level = 0
    while level < len(placed) + 1 and any(_overlap(box.extent(level), other.extent(other.level)) for other in placed):
        level += 1
    return level


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class CompareCharts(QWidget):
    """Three charts side by side, redrawn from each new `Comparison` with `setData`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        import pyqtgraph as pg

        self._pg = pg
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.scatter_plot, self.scatter_caption = self._section(row, self.tr("Hardware price vs compute"))
        self.tco_plot, _ = self._section(row, self.tr("Cost of ownership over time"))
        self.power_plot, _ = self._section(row, self.tr("Power at full load by component"))
        for plot in (self.scatter_plot, self.tco_plot, self.power_plot):
            _no_si(plot)
        self.scatter = pg.ScatterPlotItem(size=12, pen=pg.mkPen("#111827", width=0.8))
        self.scatter_plot.addItem(self.scatter)
        self._labels: list = []
        self._lines: list = []
        self._bars: list = []
        self._bar_labels: list[str] = []     # the builds' labels under the power bars, uncut
        self.power_plot.getPlotItem().getViewBox().sigResized.connect(self._fit_bar_labels)
        self.legend = QLabel()
        self.legend.setFont(chart_font())
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.power_legend = QLabel()
        self.power_legend.setFont(chart_font())
        self.power_legend.setTextFormat(Qt.TextFormat.RichText)

    def _section(self, row: QHBoxLayout, caption: str):
        box = QWidget()
        v = QVBoxLayout(box)
        v.setContentsMargins(0, 0, 0, 0)
        label = caption_label(caption)
        v.addWidget(label)
        plot = make_plot(box, HEIGHT)
        plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        v.addWidget(plot, 1)
        row.addWidget(box, 1)
        return plot, label

    # ------------------------------------------------------------------ drawing
    def show_comparison(self, cmp: Comparison) -> None:
        labels = [c.label for c in cmp.columns]
        self.legend.setText(legend_html(labels))
        self._draw_scatter(cmp)
        self._draw_tco(cmp)
        self._draw_power(cmp)

    def _draw_scatter(self, cmp: Comparison) -> None:
        pg = self._pg
        price, compute = cmp.row("cost.hardware"), cmp.row("compute.bf16_tflops")
        for item in self._labels:
            self.scatter_plot.removeItem(item)
        self._labels = []
        # the plotted builds: (column, PFLOPS, thousands of the currency); the axes run from zero, so a
        # ratio read off the chart is the true ratio, and the labels are placed in those same ranges
        points = [(i, float(x) / 1000.0, float(y) / 1000.0)
                  for i, (x, y) in enumerate(zip(compute.values, price.values, strict=True))
                  if isinstance(x, (int, float)) and isinstance(y, (Decimal, int, float))
                  and price.unit]       # prices in different currencies share no axis: none plotted
        x_span = max((p[1] for p in points), default=1.0) * 1.1 or 1.0
        y_span = max((p[2] for p in points), default=1.0) * 1.15 or 1.0
        right = x_span / 1.1 * 0.6   # labels of points beyond this go to their left
        font = chart_font(8)
        metrics = QFontMetrics(font)
        # the plotting area in pixels, for each label's extent in data units (a default before the first layout)
        view = self.scatter_plot.getViewBox()
        width_px, height_px = max(view.width(), 200.0), max(view.height(), 100.0)
        boxes: list[LabelBox] = []
        for i, x, y in points:
            # cut with "…" (a bare cut read "….jso"), in the build's colour: a label stacked under
            # another's is a line away from its own point
            label = short_label(cmp.columns[i].label, 28)
            box = LabelBox(x / x_span, y / y_span, metrics.horizontalAdvance(label) / width_px,
                           metrics.height() / height_px, 1 if x > right else 0)
            # labels that would print over an earlier one stack below it instead
            level = free_level(box, boxes)
            boxes.append(box._replace(level=level))
            side = 1.06 if box.anchor_x else -0.06     # clear of the point's disc
            text = pg.TextItem(label, color=BUILD_COLOURS[i % 6], anchor=(side, 1 - 1.1 * level))
            text.setFont(font)
            text.setPos(x, y)
            self.scatter_plot.addItem(text)
            self._labels.append(text)
        self.scatter.setData([{"pos": (x, y), "brush": pg.mkBrush(BUILD_COLOURS[i % 6])} for i, x, y in points])
        if points:
            self.scatter_plot.setXRange(0, x_span, padding=0)
            self.scatter_plot.setYRange(0, y_span, padding=0)
        item = self.scatter_plot.getPlotItem()
        item.setLabel("bottom", self.tr("dense BF16 PFLOPS"))
        item.setLabel("left", self.tr("thousand %s") % price.unit if price.unit
                      else self.tr("currencies differ: not plotted"))
        self.scatter_caption.setToolTip(self.tr("Each build's list hardware price against its dense BF16 "
                                                "compute: lower right is more compute for the money"))

    def _draw_tco(self, cmp: Comparison) -> None:
        pg = self._pg
        while len(self._lines) < len(cmp.columns):
            self._lines.append(self.tco_plot.plot([], []))
        for i, line in enumerate(self._lines):
            if i >= len(cmp.columns):
                line.setData([], [])
                continue
            series = cmp.columns[i].evaluation.tco.own_by_month if cmp.row("cost.tco").unit else ()
            line.setPen(pg.mkPen(BUILD_COLOURS[i % 6], width=2))
            line.setData([m / 12.0 for m in range(len(series))], [float(v) / 1000.0 for v in series])
        currency = cmp.row("cost.tco").unit
        item = self.tco_plot.getPlotItem()
        item.setLabel("bottom", self.tr("years"))
        item.setLabel("left", self.tr("thousand %s") % currency if currency
                      else self.tr("currencies differ: not plotted"))

    def _fit_bar_labels(self, *_args) -> None:
        """Each bar's label cut to the room under it (12 characters at most): at 1024 px they ran
        into each other ("pcie-l40s-8dgx-h100-8g…")."""
        if not self._bar_labels:
            return
        room = self.power_plot.getPlotItem().getViewBox().width() / len(self._bar_labels) - 6
        metrics = QFontMetrics(chart_font())
        ticks = [(i, metrics.elidedText(short_label(label), Qt.TextElideMode.ElideRight, max(int(room), 12)))
                 for i, label in enumerate(self._bar_labels)]
        self.power_plot.getPlotItem().getAxis("bottom").setTicks([ticks])

    def _draw_power(self, cmp: Comparison) -> None:
        pg = self._pg
        for bar in self._bars:
            self.power_plot.removeItem(bar)
        self._bars = []
        # the power panel's sums per category and its names: the builder's bars and these stacks agree
        stacks = [{cat: max_w for cat, _typ, max_w in by_category(col.evaluation.power.lines)}
                  for col in cmp.columns]
        order = list(CATEGORY_ORDER) + sorted({k for s in stacks for k in s} - set(CATEGORY_ORDER))
        used = [k for k in order if any(k in s for s in stacks)]
        base = [0.0] * len(stacks)
        legend = []
        for key in used:
            heights = [s.get(key, 0.0) / 1000.0 for s in stacks]
            brush = pg.mkBrush(STACK_COLOURS.get(key) or OTHER_COLOURS[order.index(key) % len(OTHER_COLOURS)])
            bar = pg.BarGraphItem(x=list(range(len(stacks))), y0=list(base), height=heights, width=0.6,
                                  brush=brush, pen=pg.mkPen("#ffffff", width=0.5))
            self.power_plot.addItem(bar)
            self._bars.append(bar)
            base = [b + h for b, h in zip(base, heights, strict=True)]
            legend.append(f"<span style='color:{brush.color().name()}'>■</span> {_esc(category_name(key))}")
        self.power_legend.setText(self.tr("Power:") + " " + "&nbsp;&nbsp;".join(legend))
        self._bar_labels = [c.label for c in cmp.columns]
        self._fit_bar_labels()
        self.power_plot.getPlotItem().setLabel("left", self.tr("kW (DC side)"))
        self.power_plot.setXRange(-0.6, len(stacks) - 0.4, padding=0)
