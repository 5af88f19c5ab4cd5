"""Cost: the quote total and hardware of the priced BOM, TCO breakdown, cost per dense PFLOPS,
renting the same GPUs, and a chart of cumulative owning vs renting by month with the break-even
marked. Every figure is read from the evaluation (`ev.cost`, `ev.tco`); none is recomputed."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from .. import theme
from ..dialogs.explain_popup import explainable
from ..tr_marks import QT_TRANSLATE_NOOP
from . import format as fmt
from .labels import HeldLabel
from .panel_charts import ChartBox, PointMarker, chart_font, chart_section, make_plot
from .widgets import Title, ValueGrid, heading_label, subscribe_render

if TYPE_CHECKING:
    from ...core.session import SessionLike


@lru_cache(maxsize=1)
def money_axis_class() -> type:
    """`MoneyAxis`, a pyqtgraph AxisItem, defined on first use (pyqtgraph is imported late)."""
    import pyqtgraph as pg

    class MoneyAxis(pg.AxisItem):
        """Left axis with compact currency ticks ("$1.2M") in the evaluation's currency."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.currency = "USD"
            self.enableAutoSIPrefix(False)

        def set_currency(self, currency: str) -> None:
            if currency != self.currency:
                self.currency = currency
                self.picture = None  # re-draw the tick strings in the new currency
                self.update()

        def tickStrings(self, values: Any, scale: float, spacing: float) -> list[str]:  # noqa: N802 - pyqtgraph API
            return [theme.money_compact(v * scale, self.currency) for v in values]  # cached per value

    return MoneyAxis


#: grid row -> the `evaluate --json` figure it shows (click to explain)
FIGURES = {"quote": "cost.total", "bom": "tco.capex", "energy": "tco.energy_cost_per_year",
           "support": "tco.support_per_year", "total": "tco.total", "per_pflops": "tco.cost_per_pflops",
           "rent_hour": "tco.rent_per_gpu_hour", "rent_month": "tco.rent_per_month", "breakeven": "tco.breakeven_month"}


class CostPanel(QWidget):
    """What the build costs to buy and to own, against renting the same GPUs."""

    title = Title("CostPanel", QT_TRANSLATE_NOOP("CostPanel", "Cost & TCO"))

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.plot: Any = None            # the pyqtgraph chart, once built (see ChartBox)
        self._tco: tuple[Any, str] | None = None   # (tco, currency) on show, for a chart built later
        self._chart_key: tuple | None = None        # what the chart shows: redraw only when it changes
        self._rent_shown: tuple | None = None       # the renting curve's months (most edits keep them)
        self._anchor_shown: tuple[float, float] | None = None   # the break-even caption's anchor
        self.setObjectName("CostPanel")
        layout = QVBoxLayout(self)
        self.headline = heading_label(held=True)
        layout.addWidget(self.headline.holder)
        self.missing = HeldLabel(wrap=True)
        self.missing.setStyleSheet(f"color:{fmt.COLOURS['warning']};")
        layout.addWidget(self.missing.holder)
        g = self.grid = ValueGrid(wrap_captions=True)
        g.add_row("quote", self.tr("Quote total"))
        g.add_row("bom", self.tr("Hardware (list prices)"))
        g.add_row("energy", self.tr("Energy per year"))
        g.add_row("support", self.tr("Support per year"))
        g.add_row("total", self.tr("Total cost of ownership"))
        g.add_row("per_pflops", self.tr("Per dense BF16 PFLOPS"))
        g.add_row("rent_hour", self.tr("Renting: per GPU-hour"))
        g.add_row("rent_month", self.tr("Renting: per month"))
        g.add_row("breakeven", self.tr("Owning breaks even"))
        g.values["quote"].setToolTip(self.tr("What the customer signs: hardware, support, discount, tax and "
                                             "shipping, as in the bill of materials and the PDF quote"))
        g.values["per_pflops"].setToolTip(self.tr("Total cost of ownership ÷ dense BF16 PFLOPS"))
        layout.addWidget(g)
        for row, figure in FIGURES.items():
            explainable(g.values[row], session, figure)
        explainable(self.headline, session, "tco.total")
        layout.addWidget(self._build_chart(), 1)
        subscribe_render(session.evaluated, self, "_on_evaluation_change")
        if session.evaluation is not None:
            self._on_evaluation_change(session.evaluation)

    def _build_chart(self) -> QWidget:
        self.chart = ChartBox(self._make_plot, self._on_chart_ready, height=200)
        legend = QLabel(fmt.coloured("━", "accent") + " " + self.tr("own (hardware + energy + support)")
                        + "&nbsp;&nbsp;&nbsp;" + fmt.coloured("╍", "warning") + " " + self.tr("rent the same GPUs"))
        return chart_section(self.tr("Cumulative cost: owning vs renting"), self.chart, legend)

    def _make_plot(self, parent: QWidget) -> QWidget:
        import pyqtgraph as pg

        self.axis = money_axis_class()("left")
        self.plot = make_plot(parent, height=200, axis_items={"left": self.axis})
        item = self.plot.getPlotItem()
        self.axis.setWidth(64)   # fixed: pyqtgraph drops labels wider than the axis until a relayout
        item.showGrid(x=True, y=True, alpha=0.2)
        bottom = item.getAxis("bottom")
        bottom.setLabel(self.tr("months"))
        bottom.setTickSpacing(12, 3)
        # bare curves, not PlotDataItems: nothing here is downsampled, clipped or in a legend,
        # and a PlotDataItem's setData costs ~5 times a curve's
        self.own_curve = pg.PlotCurveItem(pen=pg.mkPen(fmt.COLOURS["accent"], width=2.5))
        self.rent_curve = pg.PlotCurveItem(pen=pg.mkPen(fmt.COLOURS["warning"], width=2.5,
                                                        style=Qt.PenStyle.DashLine))
        self.breakeven_line = pg.InfiniteLine(angle=90, movable=False,
                                              pen=pg.mkPen(fmt.COLOURS["ok"], width=1.5, style=Qt.PenStyle.DotLine))
        self.breakeven_point = PointMarker(9, fmt.COLOURS["ok"])
        self.breakeven_text = pg.TextItem(color=fmt.COLOURS["ok"], anchor=(-0.04, -0.25))
        self.breakeven_text.setFont(chart_font())
        for extra in (self.own_curve, self.rent_curve, self.breakeven_line, self.breakeven_text):
            self.plot.addItem(extra)
        self.plot.addItem(self.breakeven_point, ignoreBounds=True)
        return self.plot

    def _on_chart_ready(self) -> None:
        if self._tco is not None:
            self._render_chart(*self._tco)

    def _on_evaluation_change(self, ev: Any) -> None:
        cost, tco = ev.cost, ev.tco
        cur = cost.currency

        def money(value: Any, digits: bool = True) -> str:
            return theme.money(value, cur, digits=digits)

        g = self.grid
        self.headline.setText(self.tr("{total} over {years} years · quote {quote}").format(
            total=money(tco.total, False), years=tco.years, quote=money(cost.total, False)))
        if cost.missing_prices:
            self.missing.setText(self.tr("No price for {parts}: left out of the totals").format(
                parts=", ".join(cost.missing_prices)))
        else:
            self.missing.setText("")
        self.missing.setVisible(bool(cost.missing_prices))
        g.set("quote", money(cost.total), bold=True)
        g.set("bom", money(cost.subtotal_hardware))
        # values are bare amounts and the words go to the captions, which wrap: a value column of
        # "$529,087.80 over 5 years" made the panel wider than its dock and cut the figures at the right
        g.captions["energy"].setText(self.tr("Energy per year ({kwh} kWh)").format(
            kwh=fmt.number(tco.energy_kwh_per_year)))
        g.set("energy", money(tco.energy_cost_per_year))
        g.set("support", money(tco.support_per_year))
        g.captions["total"].setText(self.tr("Total cost of ownership ({years} years)").format(years=tco.years))
        g.set("total", money(tco.total), bold=True)
        # the caption carries the currency's code: "$" alone is USD, AUD, CAD …, "¥" CNY or JPY
        g.captions["per_pflops"].setText(self.tr("TCO per dense BF16 PFLOPS ({currency})").format(currency=cur))
        g.set("per_pflops", money(tco.cost_per_pflops))
        g.set("rent_hour", money(tco.rent_per_gpu_hour) if tco.rent_per_gpu_hour is not None
              else self.tr("no reference price"))
        g.set("rent_month", money(tco.rent_per_month))
        self._render_breakeven(tco)
        self._render_chart(tco, cur)

    def _render_breakeven(self, tco: Any) -> None:
        month = tco.breakeven_month
        if month is not None:
            text = self.tr("at month {m}").format(m=month)
            if month >= 12:
                text += self.tr(" ({years} years)").format(years=fmt.number(month / 12, 1))
            self.grid.set("breakeven", text, "ok", bold=True)
        elif tco.rent_by_month:
            self.grid.set("breakeven", self.tr("not within {years} years: renting is cheaper").format(years=tco.years), "warning",
                          bold=True)
        else:
            self.grid.set("breakeven", "—")

    def _render_chart(self, tco: Any, currency: str) -> None:
        import numpy as np  # here: the window's first frame does not wait for numpy

        self._tco = (tco, currency)
        if self.plot is None:
            return
        key = (tco.own_by_month, tco.rent_by_month, tco.breakeven_month, currency)
        if key == self._chart_key:
            return  # e.g. a new warning, the same money: nothing to redraw
        self._chart_key = key
        own = np.array([float(x) for x in tco.own_by_month], dtype=float)
        rent = np.array([float(x) for x in tco.rent_by_month], dtype=float)
        self.axis.set_currency(currency)
        self.own_curve.setData(np.arange(len(own), dtype=float), own)
        if tco.rent_by_month != self._rent_shown:   # a part other than a GPU: the same renting curve
            self._rent_shown = tco.rent_by_month
            self.rent_curve.setData(np.arange(len(rent), dtype=float), rent)
        month = tco.breakeven_month
        shown = month is not None and month < len(own)
        for extra in (self.breakeven_line, self.breakeven_point, self.breakeven_text):
            extra.setVisible(shown)
        if shown:
            self.breakeven_line.setValue(month)
            self.breakeven_point.setPos(month, own[month])
            self.breakeven_text.setText(self.tr("break-even: month {m}").format(m=month))
        top = max(float(own.max()) if len(own) else 0.0, float(rent.max()) if len(rent) else 0.0, 1.0)
        if shown:
            # at the foot of the break-even line, on the side with room, clear of both curves
            late = month > 0.55 * max(len(own) - 1, 1)
            anchor = (1.04, 1.0) if late else (-0.04, 1.0)
            if anchor != self._anchor_shown:   # each call places the caption anew
                self._anchor_shown = anchor
                self.breakeven_text.setAnchor(anchor)
            self.breakeven_text.setPos(month, top * 0.03)
        item = self.plot.getPlotItem()
        months = max(len(own) - 1, 1)
        pad = months * 0.02   # the 2 % padding pyqtgraph would add, given explicitly
        # on the right, room for half the last tick's label ("60"): pyqtgraph drops a label that
        # reaches past the axis, and did so for the last month in a narrow dock (a 1024 px window)
        _set_range(item, (-pad, months + months * LAST_TICK_ROOM), (0, top * 1.05))


#: the x range's right padding as a share of the months: half a two-digit label in a 250 px axis
LAST_TICK_ROOM = 0.045


def _set_range(item: Any, x: tuple[float, float], y: tuple[float, float]) -> None:
    """Set the view range only when it moves: a new range re-draws both axes' ticks."""
    (x0, x1), (y0, y1) = item.getViewBox().viewRange()
    if (x0, x1, y0, y1) != (*x, *y):
        item.setRange(xRange=x, yRange=y, padding=0)
