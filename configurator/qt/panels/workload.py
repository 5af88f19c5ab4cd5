"""Workload: the editor plus what the evaluation says about it — the per-GPU memory breakdown as
a stacked bar against the GPU's capacity, the verdict, max batch, training days or decode speed."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...words import say
from ..dialogs.explain_popup import explainable
from ..tr_marks import QT_TRANSLATE_NOOP
from . import format as fmt
from .panel_charts import ChartBox, bar_item_class, chart_font, chart_section, make_plot
from .widgets import Title, ValueGrid, WrapLabel, heading_label, subscribe, subscribe_render
from .workload_editor import WorkloadEditor

if TYPE_CHECKING:
    import numpy as np

    from ...core.changes import OpChanges
    from ...core.session import SessionLike

#: stacked-bar segments, in drawing order, with their colours
SEGMENTS: tuple[tuple[str, str, str], ...] = (
    ("weights", QT_TRANSLATE_NOOP("WorkloadPanel", "Weights"), "#1f5fa8"),
    ("gradients", QT_TRANSLATE_NOOP("WorkloadPanel", "Gradients"), "#5b9bd5"),
    ("optimizer", QT_TRANSLATE_NOOP("WorkloadPanel", "Optimizer states"), "#8e6bbf"),
    ("activations", QT_TRANSLATE_NOOP("WorkloadPanel", "Activations"), "#d98c2b"),
    ("kv_cache", QT_TRANSLATE_NOOP("WorkloadPanel", "KV cache"), "#3a9e8f"),
    ("overhead", QT_TRANSLATE_NOOP("WorkloadPanel", "Runtime buffers"), "#9ca3af"),
    ("reserve", QT_TRANSLATE_NOOP("WorkloadPanel", "CUDA context / fragmentation"), "#d1d5db"),
)
BAR_HEIGHT = 0.6


def segment_values_gb(per_gpu: Any, reserve_bytes: float = 0) -> np.ndarray:
    """The breakdown's segments in GB (10^9 bytes), in SEGMENTS order; `reserve` is what the GPU
    needs beyond PyTorch's peak (CUDA context, fragmentation), from the WorkloadResult."""
    import numpy as np  # here: the window's first frame does not wait for numpy

    return np.array([float(reserve_bytes or 0) if key == "reserve" else float(getattr(per_gpu, key, 0) or 0)
                     for key, _, _ in SEGMENTS]) / 1e9


class WorkloadPanel(QWidget):
    """Edit the workload and see whether it fits the GPUs and how fast it runs."""

    title = Title("WorkloadPanel", QT_TRANSLATE_NOOP("WorkloadPanel", "Workload"))

    def __init__(self, session: SessionLike, parent: QWidget | None = None, presets: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.plot: Any = None            # the pyqtgraph chart, once built (see ChartBox)
        self._capacity_share = 1.0       # where the capacity line is, as a share of the x range
        self._result: Any = None       # the workload result on show, for a chart built later
        self.setObjectName("WorkloadPanel")
        layout = QVBoxLayout(self)
        self.editor = WorkloadEditor(session, presets=presets, parent=self)
        layout.addWidget(self.editor)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color:{fmt.COLOURS['error']};")
        self.error.hide()
        self.editor.error_changed.connect(self._on_error_change)
        layout.addWidget(self.error)
        self.verdict = heading_label()
        layout.addWidget(self.verdict)
        layout.addWidget(self._build_chart())
        self.legend = ValueGrid()
        for key, name, colour in SEGMENTS:
            self.legend.add_row(key, f'<span style="color:{colour}">■</span> '
                                + QCoreApplication.translate("WorkloadPanel", name))
        self.legend.add_row("total", self.tr("Total per GPU"))
        layout.addWidget(self.legend)
        self.figures = ValueGrid()
        self.figures.add_row("max_batch", self.tr("Largest batch that fits"))
        self.figures.add_row("speed", self.tr("Training time"))
        self.figures.add_row("states", self.tr("Model states per GPU"))
        self.figures.add_row("mfu", self.tr("MFU assumed"))
        self.figures.add_row("kv", self.tr("KV cache (serving engine)"))
        self._show_kv(False)
        for key in ("speed", "states", "kv"):   # long values wrap in a narrow dock instead of widening it
            self.figures.values[key].setWordWrap(True)
        layout.addWidget(self.figures)
        self._explainable(session)
        self.notes = WrapLabel()
        self.notes.setStyleSheet(f"color:{fmt.COLOURS['muted']};")
        layout.addWidget(self.notes)
        layout.addStretch(1)
        self.editor.refresh(external=False)
        subscribe(session.changed, self, "_on_build_change")
        subscribe_render(session.evaluated, self, "_on_evaluation_change")
        if session.evaluation is not None:
            self._on_evaluation_change(session.evaluation)

    def _build_chart(self) -> QWidget:
        self.chart = ChartBox(self._make_plot, lambda: self._render_chart(self._result), height=90)
        return chart_section(self.tr("Memory per GPU (GB) against the GPU's capacity"), self.chart, top=4, stretch=0)

    def _make_plot(self, parent: QWidget) -> QWidget:
        import numpy as np  # here: the window's first frame does not wait for numpy
        import pyqtgraph as pg

        self.plot = make_plot(parent, height=90)
        item = self.plot.getPlotItem()
        item.hideAxis("left")
        item.getAxis("bottom").setLabel(self.tr("GB"))
        # the unit is fixed: pyqtgraph would otherwise relabel small ranges "GB (x0.001)"
        item.getAxis("bottom").enableAutoSIPrefix(False)
        brushes = [pg.mkBrush(c) for _, _, c in SEGMENTS]
        self.bars = bar_item_class()(x0=np.zeros(len(SEGMENTS)), y=np.zeros(len(SEGMENTS)),
                                    width=np.zeros(len(SEGMENTS)), height=BAR_HEIGHT, brushes=brushes,
                                    pen=pg.mkPen("w", width=1))
        self.plot.addItem(self.bars)
        self.capacity_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#111827", width=2))
        self.capacity_text = pg.TextItem(color="#111827", anchor=(1.0, 1.0))
        self.capacity_text.setFont(chart_font())
        self.plot.addItem(self.capacity_line)
        self.plot.addItem(self.capacity_text)
        item.getViewBox().sigResized.connect(self._place_capacity_text)   # the side depends on the pixels
        return self.plot

    def _place_capacity_text(self, *_args: Any) -> None:
        """The capacity label left of its line where it fits there, else right of it."""
        if self.plot is None or not self.capacity_text.isVisible():
            return
        fits = label_fits_left(self._capacity_share, self.capacity_text.toPlainText(), self.plot.getPlotItem())
        self.capacity_text.setAnchor((1.04, 1.0) if fits else (-0.04, 1.0))

    # ------------------------------------------------------------------ events
    def _on_error_change(self, message: str) -> None:
        self.error.setText(self.tr("Not applied: {msg}").format(msg=message) if message else "")
        self.error.setVisible(bool(message))

    def _on_build_change(self, changes: OpChanges) -> None:
        if changes.touches("workload"):
            self.editor.refresh(external=True)

    def _on_evaluation_change(self, ev: Any) -> None:
        result = getattr(ev, "workload", None)
        if result is None:
            self._render_empty()
            return
        values = segment_values_gb(result.per_gpu, getattr(result, "reserve_bytes", 0))
        capacity = result.capacity_bytes / 1e9
        self._render_chart(result)
        self.verdict.setText(fmt.coloured(say(result.verdict), "ok" if result.fits else "error"))
        for (key, _, _), gb in zip(SEGMENTS, values):
            self.legend.set(key, fmt.gb(gb * 1e9) if gb > 0 else "—", None if gb > 0 else "muted")
        total = float(values.sum())
        self.legend.set("total", self.tr("{total} of {cap} ({pct})").format(
            total=fmt.gb(total * 1e9), cap=fmt.gb(capacity * 1e9, 0),
            pct=fmt.percent(100 * total / capacity if capacity else 0)),
            "ok" if result.fits else "error", bold=True)
        self._render_figures(result)
        self.notes.setText("\n".join(say(n) for n in result.notes))

    def _render_chart(self, result: Any) -> None:
        """The stacked bar and the capacity line; empty without a result."""
        import numpy as np  # here: the window's first frame does not wait for numpy

        self._result = result
        if self.plot is None:
            return
        if result is None:
            n = len(SEGMENTS)
            self.bars.setOpts(x0=np.zeros(n), y=np.zeros(n), width=np.zeros(n), height=BAR_HEIGHT)
            self.capacity_line.setVisible(False)
            self.capacity_text.setVisible(False)
            return
        values = segment_values_gb(result.per_gpu, getattr(result, "reserve_bytes", 0))
        capacity = result.capacity_bytes / 1e9
        self.bars.setOpts(x0=np.concatenate(([0.0], np.cumsum(values)[:-1])), y=np.zeros(len(values)),
                          width=values, height=BAR_HEIGHT)
        self.capacity_line.setValue(capacity)
        self.capacity_line.setVisible(True)
        text = self.tr("GPU {cap}").format(cap=fmt.gb(capacity * 1e9, 0))
        self.capacity_text.setText(text)
        self.capacity_text.setPos(capacity, BAR_HEIGHT / 2)
        self.capacity_text.setVisible(True)
        item = self.plot.getPlotItem()
        x_max = max(float(values.sum()), capacity, 1.0) * 1.04
        # left of the capacity line where the label fits there, else right of it: a small GPU
        # under a big model ("GPU 48 GB" at 48 of 2,100 GB) was cut to its last digit at the left edge
        self._capacity_share = capacity / x_max
        self._place_capacity_text()
        item.setXRange(0, x_max, padding=0)
        item.setYRange(-0.4, 1.0, padding=0)

    def _explainable(self, session: SessionLike) -> None:
        """Each figure opens its explanation on click (the speed row follows the workload's mode)."""
        for key, _name, _colour in SEGMENTS:
            explainable(self.legend.values[key], session,
                        "workload.reserve_bytes" if key == "reserve" else f"workload.per_gpu_bytes.{key}")
        for label in (self.legend.values["total"], self.verdict):
            explainable(label, session, "workload.per_gpu_bytes.total")
        explainable(self.figures.values["max_batch"], session, "workload.max_batch")
        explainable(self.figures.values["speed"], session, self._speed_figure)
        explainable(self.figures.values["states"], session, "workload.model_states.total")
        explainable(self.figures.values["mfu"], session, "workload.mfu")

    def _speed_figure(self) -> str:
        result = self._result
        if result is not None and getattr(result, "train_days", None) is None:
            return "workload.decode_tokens_per_s"
        return "workload.train_days"

    def _render_figures(self, result: Any) -> None:
        if result.max_batch:
            self.figures.set("max_batch", fmt.number(result.max_batch))
        else:
            self.figures.set("max_batch", self.tr("none (batch 1 does not fit)"), "error")
        caption = self.figures.captions["speed"]
        if result.train_days is not None:
            caption.setText(self.tr("Training time"))
            self.figures.set("speed", self.tr("{days} days").format(days=fmt.number(result.train_days, 1)))
        elif result.decode_tokens_per_s is not None:
            caption.setText(self.tr("Decode"))
            text = self.tr("{tps} tokens/s").format(tps=fmt.number(result.decode_tokens_per_s))
            prefill = getattr(result, "prefill_tokens_per_s", None)
            if prefill:
                text += self.tr(" · prefill {tps} tokens/s").format(tps=fmt.number(prefill))
            self.figures.set("speed", text)
        else:
            self.figures.set("speed", "—")
        self._render_states(result)
        self.figures.set("mfu", fmt.percent(100 * result.mfu))
        tokens, conc = getattr(result, "kv_cache_tokens", None), getattr(result, "max_concurrency", None)
        self._show_kv(tokens is not None and conc is not None)
        if tokens is not None and conc is not None:
            self.figures.set("kv", self.tr("{tokens} tokens · up to {conc} sequences of {context} tokens").format(
                tokens=fmt.number(tokens), conc=fmt.number(math.floor(conc)),
                context=fmt.number(getattr(result, "concurrency_tokens", 0) or 0)))

    def _show_kv(self, shown: bool) -> None:
        """The KV-capacity row only for a serving engine's result (training and whole-batch have none)."""
        self.figures.captions["kv"].setVisible(shown)
        self.figures.values["kv"].setVisible(shown)

    def _render_states(self, result: Any) -> None:
        """Training: the ZeRO-partitioned model states; inference: the whole batch's output rate."""
        caption = self.figures.captions["states"]
        states = getattr(result, "model_states", None)
        if result.train_days is not None and states is not None and states.total:
            caption.setText(self.tr("Model states per GPU"))
            self.figures.set("states", self.tr("{total} ({bpp} B/param: weights {w} · gradients {g} · "
                                               "optimizer {o})").format(
                total=fmt.gb(states.total), bpp=fmt.number(states.bytes_per_param, 0), w=fmt.gb(states.weights),
                g=fmt.gb(states.gradients), o=fmt.gb(states.optimizer)))
            return
        caption.setText(self.tr("Serving throughput"))
        serving = getattr(result, "serving_tokens_per_s", None)
        self.figures.set("states", "—" if serving is None else
                         self.tr("{tps} output tokens/s").format(tps=fmt.number(serving)))

    def _render_empty(self) -> None:
        self._render_chart(None)
        has_spec = bool(self.session.build.workload)
        self.verdict.setText(self.tr("The workload could not be evaluated") if has_spec
                             else self.tr("No workload: pick a model preset to check the fit"))
        for key, _, _ in SEGMENTS:
            self.legend.set(key, "—")
        self.legend.set("total", "—")
        for key in ("max_batch", "speed", "states", "mfu"):
            self.figures.set(key, "—")
        self._show_kv(False)
        self.notes.setText("")


def label_fits_left(share: float, text: str, item: Any) -> bool:
    """Whether `text` fits left of a line at `share` (0..1) of the plot's width (its view box's
    pixels; before the first layout, a third of the width)."""
    from PySide6.QtGui import QFontMetrics

    width = float(item.getViewBox().width())
    if width <= 120:        # not laid out yet (a new view box is 100 px wide)
        return share > 0.33
    return share * width >= QFontMetrics(chart_font()).horizontalAdvance(text) + 6
