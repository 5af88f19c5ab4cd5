"""Power: draw per level against the PSU capacity usable under the redundancy, wall power,
PDU feeds, and a bar chart of typical / max power by component category."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from ...core.psu import parse_redundancy
from ...words.part_words import part_name
from .. import theme
from ..dialogs.explain_popup import explainable
from ..tr_marks import QT_TRANSLATE_NOOP
from . import format as fmt
from .labels import HeldLabel
from .panel_charts import ChartBox, bar_item_class, chart_font, chart_section, make_plot
from .widgets import GaugeBar, Title, caption_label, heading_label, set_style, subscribe_render, value_label

if TYPE_CHECKING:
    from ...core.session import SessionLike

#: bar order, top to bottom; categories not listed follow in the order they appear
CATEGORY_ORDER = ("gpu", "baseboard", "cpu", "dimm", "nic", "drive", "cooling", "chassis")
_CATEGORY_NAMES = {
    "gpu": QT_TRANSLATE_NOOP("PowerPanel", "GPUs"),
    "baseboard": QT_TRANSLATE_NOOP("PowerPanel", "GPU baseboard"),
    "cpu": QT_TRANSLATE_NOOP("PowerPanel", "CPUs"),
    "dimm": QT_TRANSLATE_NOOP("PowerPanel", "Memory"),
    "nic": QT_TRANSLATE_NOOP("PowerPanel", "NICs"),
    "drive": QT_TRANSLATE_NOOP("PowerPanel", "Drives"),
    "cooling": QT_TRANSLATE_NOOP("PowerPanel", "Fans / pumps"),
    "chassis": QT_TRANSLATE_NOOP("PowerPanel", "Board, BMC, switches"),
}
BAR_HEIGHT = 0.36


def category_name(category: str) -> str:
    """The bar's label: the power-specific names above, else the category registry's title."""
    text = _CATEGORY_NAMES.get(category)
    return QCoreApplication.translate("PowerPanel", text) if text else theme.category_title(category)


def by_category(lines: Any) -> list[tuple[str, float, float]]:
    """(category, typical W, max W) summed per category, in CATEGORY_ORDER."""
    sums: dict[str, list[float]] = {}
    for line in lines:
        acc = sums.setdefault(line.category, [0.0, 0.0])
        acc[0] += line.typical_w
        acc[1] += line.max_w
    order = [c for c in CATEGORY_ORDER if c in sums] + [c for c in sums if c not in CATEGORY_ORDER]
    return [(c, sums[c][0], sums[c][1]) for c in order]


def psu_arrangement(psu: Any) -> str:
    """"4+2 × 3,000 W" (active + spare × rating), with the mode name when it says more."""
    if psu.count <= 0:
        return QCoreApplication.translate("PowerPanel", "no PSU installed")
    spare = max(0, psu.count - psu.active)
    text = f"{psu.active}+{spare} × {fmt.watts(psu.rating_w)}"
    if psu.redundancy and psu.redundancy != f"{psu.active}+{spare}":
        text += f" ({psu.redundancy})"
    return text


def feed_loss_level(pct: float, redundancy: str) -> fmt.Level:
    """Colour of a feed-loss load: over 100 % is what Problems reports, an error where the
    mode promises to survive a feed (N+N, 2N, K+K: `power.feed-capacity` / `insufficient`),
    else a warning (`power.feed-loss-overload`)."""
    level = fmt.load_level(pct)
    if level == "error" and not parse_redundancy(redundancy).grid:
        return "warning"
    return level


class PowerPanel(QWidget):
    """Estimated draw against usable PSU capacity, per level and per component category."""

    title = Title("PowerPanel", QT_TRANSLATE_NOOP("PowerPanel", "Power"))
    LEVELS = ("idle", "typical", "max", "peak")

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.plot: Any = None            # the pyqtgraph chart, once built (see ChartBox)
        self._power: Any = None          # the power result on show, for a chart built later
        self._chart_rows: list | None = None   # what the chart shows: redraw only when it changes
        self._tick_names: list[str] | None = None
        self.setObjectName("PowerPanel")
        layout = QVBoxLayout(self)
        self.headline = heading_label(held=True)
        layout.addWidget(self.headline.holder)
        layout.addLayout(self._build_levels())
        self.wall = HeldLabel(wrap=True)
        self.feeds = HeldLabel(wrap=True)
        self.feeds.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.wall.holder)
        layout.addWidget(self.feeds.holder)
        layout.addWidget(self._build_chart(), 1)
        self._explainable(session)
        subscribe_render(session.evaluated, self, "_on_evaluation_change")
        if session.evaluation is not None:
            self._on_evaluation_change(session.evaluation)

    # ------------------------------------------------------------------ layout
    def _explainable(self, session: SessionLike) -> None:
        """Each figure opens its explanation on click (the max row's load is against psu.usable_w)."""
        load = {"idle": "psu.load_pct.idle", "typical": "psu.load_pct.typical", "max": "psu.usable_w",
                "peak": "psu.load_pct.max"}
        for level in self.LEVELS:
            explainable(self.level_draw[level], session, f"power_w.{level}")
            explainable(self.level_load[level], session, load[level])
        explainable(self.headline, session, "power_w.max")
        explainable(self.wall, session, "wall_power_w.max")
        explainable(self.feeds, session, "psu.usable_w")

    def _build_levels(self) -> QGridLayout:
        names = {"idle": self.tr("Idle"), "typical": self.tr("Typical (training)"),
                 "max": self.tr("Max (all parts at TDP)"), "peak": self.tr("Transient peak")}
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        for col, text in enumerate((self.tr("Draw"), self.tr("Load"), self.tr("of usable PSU capacity")), 1):
            grid.addWidget(caption_label(text), 0, col, Qt.AlignmentFlag.AlignRight if col < 3
                           else Qt.AlignmentFlag.AlignLeft)
        self.level_draw: dict[str, HeldLabel] = {}
        self.level_load: dict[str, HeldLabel] = {}
        self.level_bar: dict[str, GaugeBar] = {}
        for row, level in enumerate(self.LEVELS, 1):
            grid.addWidget(QLabel(names[level]), row, 0)
            self.level_draw[level] = value_label()
            self.level_load[level] = value_label()
            self.level_bar[level] = GaugeBar()
            grid.addWidget(self.level_draw[level].holder, row, 1)
            grid.addWidget(self.level_load[level].holder, row, 2)
            grid.addWidget(self.level_bar[level], row, 3)
        grid.setColumnStretch(3, 1)
        return grid

    def _build_chart(self) -> QWidget:
        self.chart = ChartBox(self._make_plot, self._on_chart_ready, height=190)
        legend = QLabel(fmt.coloured("■", "accent") + " " + self.tr("typical") + "&nbsp;&nbsp;&nbsp;"
                        + fmt.coloured("■", "accent_light") + " " + self.tr("max"))
        return chart_section(self.tr("Power by component (kW, DC side)"), self.chart, legend)

    def _make_plot(self, parent: QWidget) -> QWidget:
        import pyqtgraph as pg

        self.plot = make_plot(parent, height=190)
        item = self.plot.getPlotItem()
        item.invertY(True)
        item.getAxis("bottom").setLabel(self.tr("kW"))
        # the unit is fixed: pyqtgraph would otherwise relabel small ranges "kW (x0.001)"
        item.getAxis("bottom").enableAutoSIPrefix(False)
        self.typical_bars = bar_item_class()(x0=[], y=[], width=[], height=BAR_HEIGHT,
                                            brush=fmt.COLOURS["accent"], pen=pg.mkPen(None))
        self.max_bars = bar_item_class()(x0=[], y=[], width=[], height=BAR_HEIGHT,
                                        brush=fmt.COLOURS["accent_light"], pen=pg.mkPen(None))
        self.plot.addItem(self.max_bars)
        self.plot.addItem(self.typical_bars)
        return self.plot

    def _on_chart_ready(self) -> None:
        if self._power is not None:
            self._render_chart(self._power)

    # ------------------------------------------------------------------ render
    def _on_evaluation_change(self, ev: Any) -> None:
        power, psu = ev.power, ev.psu
        self._render_headline(power, psu)
        self._render_levels(power, psu)
        # each level has its own PSU efficiency (80 PLUS curve at that load), so name all three
        self.wall.setText(self.tr("At the wall: {idle} idle · {typ} typical · {mx} max "
                                  "(PSUs {ei} / {et} / {em} % efficient)").format(
            idle=fmt.kilowatts(power.wall_idle_w), typ=fmt.kilowatts(power.wall_typical_w),
            mx=fmt.kilowatts(power.wall_max_w), ei=fmt.number(power.efficiency_idle_pct or power.efficiency_pct),
            et=fmt.number(power.efficiency_pct), em=fmt.number(power.efficiency_max_pct or power.efficiency_pct)))
        self._render_feeds(psu)
        self._render_chart(power)

    def _render_headline(self, power: Any, psu: Any) -> None:
        usable = psu.usable_w
        if usable > 0:
            headroom = 100.0 * (1.0 - power.max_w / usable)
            level = fmt.load_level(100.0 - headroom)
            text = self.tr("est. {mx} max / {usable} usable ({headroom} headroom)").format(
                mx=fmt.kilowatts(power.max_w), usable=fmt.kilowatts(usable), headroom=fmt.percent(headroom))
            text = fmt.coloured(text, level)
        else:
            text = fmt.coloured(self.tr("est. {mx} max / no usable PSU capacity").format(
                mx=fmt.kilowatts(power.max_w)), "error")
            if psu.count and psu.rating_w <= 0:
                # a high-line-only PSU on a 120 V feed: "1 × 0 W installed" would read as a bug
                self.headline.setText(text + " · " + self.tr("{n} × {name} installed: no output at the site's "
                                                             "input voltage").format(n=psu.count, name=part_name(psu.name)))
                return
            if psu.count and psu.active == 0:
                # e.g. 2 PSUs under 4+2: say what is installed, not a meaningless "0+2"
                self.headline.setText(text + " · " + self.tr("{n} × {w} installed; {mode} needs more").format(
                    n=psu.count, w=fmt.watts(psu.rating_w), mode=psu.redundancy))
                return
        self.headline.setText(f"{text} · {psu_arrangement(psu)}")

    def _render_levels(self, power: Any, psu: Any) -> None:
        usable = psu.usable_w
        draw = {"idle": power.idle_w, "typical": power.typical_w, "max": power.max_w, "peak": power.peak_w}
        for level, w in draw.items():
            pct = 100.0 * w / usable if usable > 0 else float("inf")
            state = fmt.load_level(pct)
            self.level_draw[level].setText(fmt.kilowatts(w))
            load = self.level_load[level]
            load.setText(fmt.percent(pct) if usable > 0 else "—")
            set_style(load, f"color:{fmt.COLOURS[state]};" + ("font-weight:600;" if state != "ok" else ""))
            self.level_bar[level].set_value(pct / 100.0 if usable > 0 else 1.25, state,
                                            f"{fmt.kilowatts(w)} / {fmt.kilowatts(usable)}")

    def _render_feeds(self, psu: Any) -> None:
        """PSUs and capacity per feed, and what the others carry when one fails: the
        evaluation's `feed_loss_pct`, the figure `power.feed-loss-overload` judges."""
        if not psu.feeds or not psu.count:
            self.feeds.setText("")
            return
        parts = []
        for feed, n in sorted(psu.feeds.items()):
            cap = psu.feed_capacity_w.get(feed, 0.0)
            part = self.tr("Feed {feed}: {n} × PSU = {cap}").format(feed=feed, n=n, cap=fmt.kilowatts(cap))
            failed = [f for f in sorted(psu.feed_loss_pct) if f != feed]
            if failed:
                pct = psu.feed_loss_pct[failed[0]]
                alone = self.tr("{pct} at peak if {other} fails").format(pct=fmt.percent(pct), other=failed[0])
                part += " (" + fmt.coloured(alone, feed_loss_level(pct, psu.redundancy)) + ")"
            parts.append(part)
        self.feeds.setText("<br>".join(parts))

    def _render_chart(self, power: Any) -> None:
        import numpy as np  # here: the window's first frame does not wait for numpy

        self._power = power
        if self.plot is None:
            return
        rows = by_category(power.lines)
        if rows == self._chart_rows:
            return  # e.g. an option edit: the same bars, nothing to redraw
        self._chart_rows = rows
        y = np.arange(len(rows), dtype=float)
        typical = np.array([r[1] for r in rows], dtype=float) / 1000.0
        mx = np.array([r[2] for r in rows], dtype=float) / 1000.0
        zeros = np.zeros(len(rows))
        self.typical_bars.setOpts(x0=zeros, y=y - BAR_HEIGHT / 2, width=typical, height=BAR_HEIGHT)
        self.max_bars.setOpts(x0=zeros, y=y + BAR_HEIGHT / 2, width=mx, height=BAR_HEIGHT)
        item = self.plot.getPlotItem()
        left = item.getAxis("left")
        names = [category_name(r[0]) for r in rows]
        if names != self._tick_names:  # setTicks re-lays the axis out: only for new categories
            self._tick_names = names
            left.setTicks([list(enumerate(names))])
            # a fixed width: pyqtgraph drops tick labels wider than the axis until a later relayout
            metrics = QFontMetrics(chart_font())
            left.setWidth(max((metrics.horizontalAdvance(n) for n in names), default=40) + 14)
        top = float(mx.max()) if len(rows) else 1.0
        _set_range(item, (0, max(top, 0.1) * 1.08), (-0.6, max(len(rows), 1) - 0.4))


def _set_range(item: Any, x: tuple[float, float], y: tuple[float, float]) -> None:
    """Set the view range only when it moves: a new range re-draws both axes' ticks."""
    (x0, x1), (y0, y1) = item.getViewBox().viewRange()
    if (x0, x1, y0, y1) != (*x, *y):
        item.setRange(xRange=x, yRange=y, padding=0)
