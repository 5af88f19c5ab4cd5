"""The recommendation view: a job and its limits in, the Pareto front of builds out.

`RecommendDialog` reads the job (a model preset, training or serving, tokens and deadline or a
target rate) and the constraints, runs `core.recommend.recommend` on the session's evaluator, and
shows the front as a pyqtgraph scatter (money against time or rate) beside a table of the builds
with why each is there and what binds it. Clicking a point selects its row (Ctrl-click several to
compare them side by side in the table); "Open as build" replaces the session's build with the
chosen server as one undoable step (`ops.Restore`).

The search runs on a worker thread (`qt/background.py`) with its own `Evaluator` over the session's
catalog, rates and presets (the session's memos stay the GUI thread's); a bar under the table
follows the core's `progress(block, blocks)` and Cancel stops it at the next block, keeping the
result shown before. The result is taken on the GUI thread, from a timer the dialog owns, so a
dialog closed meanwhile (which cancels its search) is never reached from the worker.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, get_args

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...core.evaluate.workload import InferJob, TrainJob, Workload
from ...core.evaluate.workload_models import InferPrecision, TrainPrecision
from ...core.evaluator import Evaluator
from ...core.ops import Restore
from ...core.recommend import Recommendation, Request, recommend
from ...core.recommend.request import DEFAULT_MAX_SERVERS
from ...words.errors import error_text
from ...words.i18n import _
from ...words.part_words import part_name
from ...words.render import say
from ..background import Job
from ..panels.panel_charts import make_plot
from ..screen_fit import resize_to_fit
from ..tr_marks import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from ...core.session import SessionLike

_COLUMNS = ("#", QT_TRANSLATE_NOOP("RecommendDialog", "Servers"), QT_TRANSLATE_NOOP("RecommendDialog", "Chassis"),
            QT_TRANSLATE_NOOP("RecommendDialog", "GPUs"), QT_TRANSLATE_NOOP("RecommendDialog", "Price"),
            QT_TRANSLATE_NOOP("RecommendDialog", "Time / rate"),
            QT_TRANSLATE_NOOP("RecommendDialog", "Why and what binds"))


class RecommendDialog(QDialog):
    """Inputs, the front's scatter, the builds' table and their explanations."""

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.recommendation: Recommendation | None = None
        # the search under way, None when none is
        self.job: Job | None = None
        self._poll = QTimer(self)
        self._poll.setInterval(50)
        self._poll.timeout.connect(self._check_job)
        self.setWindowTitle(self.tr("Recommend a build"))
        resize_to_fit(self, 1500, 900)
        layout = QHBoxLayout(self)
        layout.addWidget(self._inputs(), 0)
        split = QSplitter(Qt.Orientation.Vertical)
        self.plot = make_plot(height=260)
        self.plot.setMouseEnabled(True, True)
        import pyqtgraph as pg
        self.scatter = pg.ScatterPlotItem(size=11, brush=pg.mkBrush("#2563eb"), pen=pg.mkPen("#1e3a8a"))
        self.scatter.sigClicked.connect(self._on_points_clicked)
        self.plot.addItem(self.scatter)
        split.addWidget(self.plot)
        self.table = QTableWidget(0, len(_COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in _COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)   # the "#" column numbers the rows
        self.table.itemSelectionChanged.connect(self._on_selection_change)
        split.addWidget(self.table)
        self.details = QTextBrowser()
        split.addWidget(self.details)
        split.setSizes([300, 330, 200])
        right = QVBoxLayout()
        right.addWidget(split, 1)
        # parts the search left out for want of a price (a user catalog's), hidden when there are none
        self.left_out = QLabel()
        self.left_out.setWordWrap(True)
        self.left_out.setVisible(False)
        right.addWidget(self.left_out)
        # the search's progress (block N of M) and its Cancel, shown while one runs
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        searching = QHBoxLayout()
        searching.addWidget(self.progress, 1)
        searching.addWidget(self.cancel_button)
        self.searching = QWidget()
        self.searching.setLayout(searching)
        searching.setContentsMargins(0, 0, 0, 0)
        self.searching.setVisible(False)
        right.addWidget(self.searching)
        self.status = QLabel()
        self.open_button = QPushButton(self.tr("Open as build"))
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self.open_selected)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.open_button)
        right.addLayout(row)
        layout.addLayout(right, 1)

    # ------------------------------------------------------------------ inputs
    def _inputs(self) -> QWidget:
        box = QWidget()
        form = QFormLayout(box)
        self.preset = QComboBox()
        for key in sorted(self.session.evaluator.presets):
            self.preset.addItem(key, key)
        index = self.preset.findData("llama-2-7b")
        self.preset.setCurrentIndex(max(index, 0))
        self.mode = QComboBox()
        for label, key in ((self.tr("Training"), "train"), (self.tr("Fine-tuning"), "finetune"),
                           (self.tr("Serving"), "infer")):
            self.mode.addItem(label, key)
        # the job's number format, optimizer and ZeRO stage: `configurator recommend`'s --precision,
        # --optimizer and --zero, with its defaults (mixed / bf16 for serving, adamw, ZeRO-3)
        self.precision = QComboBox()
        self.optimizer = QComboBox()
        for key in get_args(TrainJob.model_fields["optimizer"].annotation):
            self.optimizer.addItem(key, key)
        self.zero = QSpinBox()
        self.zero.setRange(0, 3)
        self.zero.setValue(3)
        self.zero.setToolTip(self.tr("0: none; 1: optimizer states sharded over the GPUs; 2: and gradients; "
                                     "3: and weights"))
        self.mode.currentIndexChanged.connect(self._job_kind_changed)
        self._job_kind_changed()
        self.tokens = QLineEdit("1e10")
        self.deadline = self._spin(0, 100000, 14, self.tr("none"))
        self.rate = self._spin(0, 1e9, 0, self.tr("none"))
        self.budget = QLineEdit("")
        self.budget.setPlaceholderText(self.tr("no limit"))
        self.currency = QComboBox()
        for cur in sorted(self.session.evaluator.fx.per_usd):
            self.currency.addItem(cur)
        self.currency.setCurrentText(self.session.build.site.currency)
        self.max_kw = self._spin(0, 1000, 0, self.tr("no limit"))
        self.max_ru = QSpinBox()
        self.max_ru.setRange(0, 100000)
        self.max_ru.setSpecialValueText(self.tr("no limit"))
        self.cooling = QComboBox()
        for label, key in ((self.tr("Air or liquid"), "any"), (self.tr("Air"), "air"), (self.tr("Liquid"), "liquid")):
            self.cooling.addItem(label, key)
        self.ambient = self._spin(-20, 60, self.session.build.site.ambient_c)
        self.objective = QComboBox()
        for label, key in ((self.tr("Lowest price"), "price"), (self.tr("Lowest TCO"), "tco"),
                           (self.tr("Fastest"), "time"), (self.tr("Lowest cost per million tokens"), "cost_per_mtok")):
            self.objective.addItem(label, key)
        self.servers = QSpinBox()
        self.servers.setRange(1, 512)
        self.servers.setValue(DEFAULT_MAX_SERVERS)
        for label, widget in ((self.tr("Model"), self.preset), (self.tr("Job"), self.mode),
                              (self.tr("Precision"), self.precision), (self.tr("Optimizer"), self.optimizer),
                              (self.tr("ZeRO stage"), self.zero), (self.tr("Training tokens"), self.tokens),
                              (self.tr("Deadline (days)"), self.deadline),
                              (self.tr("Serving target (tokens/s)"), self.rate), (self.tr("Budget"), self.budget),
                              (self.tr("Currency"), self.currency), (self.tr("Max kW per server"), self.max_kw),
                              (self.tr("Max rack units"), self.max_ru), (self.tr("Cooling"), self.cooling),
                              (self.tr("Site ambient (°C)"), self.ambient), (self.tr("Objective"), self.objective),
                              (self.tr("Max servers"), self.servers)):
            form.addRow(label, widget)
        self.go = go = QPushButton(self.tr("Recommend"))
        go.setDefault(True)
        go.clicked.connect(self.run)
        form.addRow(go)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b91c1c")
        form.addRow(self.error)
        box.setMaximumWidth(360)
        return box

    def _job_kind_changed(self) -> None:
        """Serving has its own number formats and no optimizer or ZeRO stage."""
        infer = self.mode.currentData() == "infer"
        choices, default = ((get_args(InferPrecision), "bf16") if infer else (get_args(TrainPrecision), "mixed"))
        if [self.precision.itemData(i) for i in range(self.precision.count())] != list(choices):
            self.precision.clear()
            for key in choices:     # "mixed" is a word, the other formats are names (fp32, bf16, int8, …)
                self.precision.addItem(self.tr("mixed (16-bit weights, FP32 master copy)") if key == "mixed" else key, key)
            self.precision.setCurrentIndex(self.precision.findData(default))
        self.optimizer.setEnabled(not infer)
        self.zero.setEnabled(not infer)

    def _spin(self, lo: float, hi: float, value: float, special: str = "") -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(lo, hi)
        spin.setDecimals(1)
        spin.setValue(value)
        if special:
            spin.setSpecialValueText(special)
        return spin

    def request(self) -> Request:
        """The `Request` the inputs describe; ValueError with a one-line reason."""
        shape = self.session.evaluator.presets[self.preset.currentData()]
        mode = self.mode.currentData()
        if mode == "infer":
            wl = Workload(model=shape, mode="infer", infer=InferJob(precision=self.precision.currentData()),
                          preset=self.preset.currentData())
        else:
            try:
                tokens = float(self.tokens.text()) if self.tokens.text().strip() else None
            except ValueError:
                raise ValueError(self.tr("Training tokens: not a number")) from None
            wl = Workload(model=shape, mode="train", preset=self.preset.currentData(),
                          train=TrainJob(precision=self.precision.currentData(), optimizer=self.optimizer.currentData(),
                                         zero_stage=self.zero.value(), checkpointing=True, tokens=tokens))
        try:
            budget = Decimal(self.budget.text()) if self.budget.text().strip() else None
        except InvalidOperation:
            raise ValueError(self.tr("Budget: not a number")) from None
        return Request(workload=wl, deadline_days=(self.deadline.value() or None) if mode != "infer" else None,
                       target_tokens_per_s=(self.rate.value() or None) if mode == "infer" else None,
                       budget=budget, currency=self.currency.currentText(),
                       max_kw_per_server=self.max_kw.value() or None, max_rack_units=self.max_ru.value() or None,
                       cooling=self.cooling.currentData(), ambient_c=self.ambient.value(),
                       objective=self.objective.currentData(), max_servers=self.servers.value(),
                       auto_concurrency=mode == "infer")   # as recommend's CLI without --batch: MLPerf's bounds

    # ------------------------------------------------------------------ results
    def run(self) -> None:
        """Start the search with the current inputs (on a worker thread); the front is shown when
        it ends (`_check_job`). A search already running is left to finish."""
        if self.job is not None:
            return
        try:
            req = self.request()
        except ValueError as exc:   # pydantic's ValidationError is a ValueError
            self.error.setText(error_text(exc))
            return
        self.error.setText("")
        ev = self.session.evaluator
        # its own evaluator: the worker never shares the session's memos with the GUI thread
        searcher = Evaluator(ev.catalog, ev.fx, ev.presets)
        self.job = Job(lambda progress: recommend(req, searcher, progress), name="recommend").start()
        self.progress.setRange(0, 0)        # busy until the first block is swept
        self.progress.setFormat(self.tr("Preparing the search…"))
        self.cancel_button.setEnabled(True)
        self.searching.setVisible(True)
        self.go.setEnabled(False)
        self._poll.start()

    def cancel(self) -> None:
        """Stop the search at its next block; the result shown before stays."""
        if self.job is not None:
            self.job.cancel()
            self.cancel_button.setEnabled(False)
            self.progress.setFormat(self.tr("Cancelling…"))

    def wait(self, timeout_ms: int = 60_000) -> None:
        """Block until the search under way has ended and its result is shown (tests, scripts)."""
        job = self.job
        if job is not None:
            job.wait(timeout_ms / 1000)
            self._check_job()

    def _check_job(self) -> None:
        """On the GUI thread: the worker's progress, and its result once it has ended."""
        job = self.job
        if job is None:
            self._poll.stop()
            return
        if len(job.figures) == 2 and not job.done:
            done, total = job.figures
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.progress.setFormat(self.tr("Searching: block %1 of %2").replace("%1", f"{done:,}")
                                    .replace("%2", f"{total:,}"))
        if not job.done:
            return
        self._poll.stop()
        self.job = None
        self.searching.setVisible(False)
        self.go.setEnabled(True)
        if job.cancelled:
            self.status.setText(self.tr("Search cancelled; the result shown is the previous one.")
                                if self.recommendation is not None else self.tr("Search cancelled."))
        elif isinstance(job.error, ValueError):     # a request the search refuses: said beside the form
            self.error.setText(error_text(job.error))
        elif job.error is not None:                 # a bug: raised here, where the app's error hook reports it
            raise job.error
        else:
            self.recommendation = job.result
            self._show(job.result)

    def done(self, result: int) -> None:  # noqa: D401 - Qt's name: close, Esc, accept and reject end here
        """Closing the view cancels its search (the worker stops at its next block)."""
        if self.job is not None:
            self.job.cancel()
        self._poll.stop()
        self.job = None
        self.searching.setVisible(False)
        self.go.setEnabled(True)
        super().done(result)

    def _show(self, rec: Recommendation) -> None:
        training = rec.request.training
        self.plot.setLabel("bottom", self.tr("Price (%s)") % rec.request.currency)
        self.plot.setLabel("left", self.tr("Days to train") if training else self.tr("Tokens/s"))
        spots = [{"pos": (float(r.price), r.days if training else r.tokens_per_s), "data": i}
                 for i, r in enumerate(rec.results)]
        self.scatter.setData(spots)
        self.table.setRowCount(len(rec.results))
        for i, r in enumerate(rec.results):
            c = r.evaluation.compute
            speed = (self.tr("%s days") % f"{r.days:,.1f}" if training
                     else self.tr("%s tokens/s") % f"{r.tokens_per_s:,.0f}")
            words = " ".join(_text(x) for x in (*r.reasons, *r.binds))
            for col, value in enumerate((str(i + 1), str(r.servers), part_name(r.evaluation.chassis_name),
                                         f"{c.gpu_count} × {part_name(c.gpu_model)}", f"{r.price:,.0f}", speed, words)):
                item = QTableWidgetItem(value)
                item.setToolTip(value if col in (2, 3, 6) else "")   # the names and reasons may be cut
                self.table.setItem(i, col, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self._fit_reasons()
        self.status.setText(self.tr("%s valid servers, %s scored, %s s") % (
            f"{rec.enumerated:,}", f"{rec.candidates:,}", f"{rec.seconds:.2f}") if rec.results
            else _(rec.none_reason))
        left = "\n".join(say(m) for m in rec.left_out_messages)
        self.left_out.setText(left)
        self.left_out.setVisible(bool(left))
        if rec.results:
            # not selectRow(): in extended selection that reads the keyboard's modifiers, so a held
            # Ctrl (or one a synthetic key event left pressed) would toggle the best row off
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            self.table.selectionModel().setCurrentIndex(self.table.model().index(0, 0), flags)

    def _fit_reasons(self) -> None:
        """The reasons (the last column, one long line each) take the width left, not their whole
        length: at 1366 px they ran off the right edge behind a scroll bar (the tooltip has all of it)."""
        self.table.resizeColumnsToContents()
        last = self.table.columnCount() - 1
        room = self.table.viewport().width()
        if sum(self.table.columnWidth(c) for c in range(last + 1)) <= room:
            return
        for col in (2, 3):     # chassis and GPUs: the longest names give way first, down to 220 px
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), 220))
        rest = room - sum(self.table.columnWidth(c) for c in range(last))
        self.table.setColumnWidth(last, max(rest, 160))

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.table.rowCount():
            self._fit_reasons()

    def _on_points_clicked(self, _item: Any, points: Any, event: Any = None) -> None:
        add = event is not None and bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if not add:
            self.table.clearSelection()
        mode = QAbstractItemView.SelectionMode.MultiSelection
        self.table.setSelectionMode(mode)
        for p in points:
            self.table.selectRow(int(p.data()))
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

    def selected_rows(self) -> list[int]:
        return sorted({i.row() for i in self.table.selectedIndexes()})

    def _on_selection_change(self) -> None:
        rows = self.selected_rows()
        self.open_button.setEnabled(len(rows) == 1)
        if self.recommendation is None:
            return
        parts = []
        for i in rows:
            r = self.recommendation.results[i]
            ev = r.evaluation
            parts.append(f"<h3>{i + 1}. {r.servers} × {part_name(ev.chassis_name)}</h3><p>"
                         + self.tr("%s × %s; %s %s; peak %s W per server; %s warning(s).") % (
                             ev.compute.gpu_count, part_name(ev.compute.gpu_model), f"{r.price:,.2f}", ev.cost.currency,
                             f"{ev.power.peak_w:,.0f}", r.warnings)
                         + "</p><ul>" + "".join(f"<li>{_text(x)}</li>" for x in (*r.reasons, *r.binds)) + "</ul>")
        self.details.setHtml("".join(parts))
        brushes = ["#f59e0b" if i in rows else "#2563eb" for i in range(len(self.recommendation.results))]
        self.scatter.setBrush(brushes)

    def open_selected(self) -> None:
        """Replace the session's build with the selected server (one undo step)."""
        rows = self.selected_rows()
        if self.recommendation is None or len(rows) != 1:
            return
        build = self.recommendation.results[rows[0]].build
        self.session.apply(Restore(state=build.snapshot()), label=self.tr("Open recommended build"))


def _text(reason: Any) -> str:
    """A reason in the current language."""
    return _(reason.template).format(**dict(reason.values))
