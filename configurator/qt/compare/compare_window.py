"""Compare builds…: 2–6 open builds side by side in one window, kept current as they are edited.

The view asks `core.compare.Comparer` for one `Comparison` of the chosen documents (with the
options typed into the grid: for all builds, or per build) and displays it: the table
(qt/compare/grid.py), the charts (qt/compare/compare_charts.py). A click on a build's column header
brings its tab forward in the builder. Nothing here computes a figure.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ...core.compare import (
    MAX_COLUMNS,
    MIN_COLUMNS,
    ColumnInput,
    CompareError,
    Comparer,
    Comparison,
    Options,
    PriceList,
    rebase,
)
from ...words.errors import error_text
from ..panels.widgets import ElidedLabel, subscribe
from ..screen_fit import resize_to_fit
from ..theme import named
from ..window.documents import Document, Documents
from .compare_charts import CompareCharts
from .export_files import CompareFiles
from .grid import CompareTable
from .site_options import OptionsGrid

REFRESH_MS = 150   # edits in a compared tab arrive in bursts (typing, held arrows): compare once after


class ComparePicker(QDialog):
    """Which open builds to compare: a checklist, OK with 2 to 6 ticked."""

    def __init__(self, documents: Documents, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare builds"))
        self.documents = documents
        self.list = QListWidget()
        untitled = self.tr("Untitled")
        for i, doc in enumerate(documents.documents):
            item = QListWidgetItem(doc.name(untitled))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if i < MAX_COLUMNS else Qt.CheckState.Unchecked)
            item.setToolTip(str(doc.session.path or untitled))
            self.list.addItem(item)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.hint = QLabel()
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(self.tr("Compare these builds (2 to %d):") % MAX_COLUMNS))
        lay.addWidget(self.list)
        lay.addWidget(self.hint)
        lay.addWidget(self.buttons)
        self.list.itemChanged.connect(self._on_check)
        self._on_check()
        self.resize(520, 340)

    def chosen(self) -> list[Document]:
        docs = self.documents.documents
        return [docs[i] for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def _on_check(self, *_args: Any) -> None:
        n = len(self.chosen())
        ok = MIN_COLUMNS <= n <= MAX_COLUMNS
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        self.hint.setText("" if ok else self.tr("Tick between %1 and %2 builds (%3 ticked).")
                          .replace("%1", str(MIN_COLUMNS)).replace("%2", str(MAX_COLUMNS)).replace("%3", str(n)))


class CompareView(CompareFiles, QWidget):
    """The comparison window of `docs`, owned by the builder `window` (closed with it)."""

    def __init__(self, window: Any, docs: list[Document]) -> None:
        super().__init__(window, Qt.WindowType.Window)
        self.setObjectName("CompareView")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(self.tr("Compare builds — AI Server Configurator"))
        self.window_ = window
        self.docs = list(docs)
        self.comparer = Comparer(docs[0].session.evaluator)
        self.comparison: Comparison | None = None
        self.common_prices: PriceList | None = None            # a buyer's price list for every build
        self.column_prices: dict[Document, PriceList] = {}     # a document -> its own price list
        self._timer = QTimer(self, singleShot=True, interval=REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self._fitted = False
        self._build_ui()
        for doc in self.docs:
            subscribe(doc.session.evaluated, self, "_on_build_evaluated")
        window.documents.removed.connect(self._on_document_removed)
        window.documents.renamed.connect(self._on_renamed)
        self._fill_controls()
        self.refresh()
        resize_to_fit(self, 1500, 950)

    def fit_parts(self, initial: bool = False) -> None:
        """The options grid at its full height (shown at first only in a tall window), the charts at a
        readable height, the table the rest."""
        grid = self.grid.horizontalHeader().height() + self.grid.verticalHeader().length() + 4
        charts = min(max(230, self.height() * 3 // 10), 330)
        if initial:
            self.show_options.setChecked(self.height() >= 900)
        self.grid.setVisible(self.show_options.isChecked())
        grid = grid if self.grid.isVisible() else 0
        self.splitter.setSizes([grid, max(self.height() - grid - charts - 60, 120), charts])

    def _on_show_options(self, on: bool) -> None:
        self.grid.setVisible(on)
        self.fit_parts()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        if not self._fitted:   # the first real size; after that the user's splitter positions stay
            self.fit_parts(initial=True)
            self._fitted = self.isVisible()

    # ------------------------------------------------------------------ layout
    def _build_ui(self) -> None:
        self.baseline = named(QComboBox(), "compareBaseline")
        self.hide_equal = named(QCheckBox(self.tr("Hide equal rows")), "compareHideEqual")
        self.workload = named(QComboBox(), "compareWorkload")
        self.workload.setToolTip(self.tr("Evaluate every build with one build's workload, or each with its own"))
        # the combos size to a few words, not to their longest build name: the bar fits a 1024 px screen
        for combo, letters in ((self.baseline, 10), (self.workload, 12)):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(letters)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Baseline:")))
        bar.addWidget(self.baseline)
        bar.addSpacing(12)
        bar.addWidget(QLabel(self.tr("Workload:")))
        bar.addWidget(self.workload, 1)
        bar.addSpacing(12)
        bar.addWidget(self.hide_equal)
        self.show_options = named(QCheckBox(self.tr("Site options")), "compareShowOptions")
        self.show_options.setToolTip(self.tr("Electricity price, PUE, years and currency for all builds or per build"))
        bar.addWidget(self.show_options)
        # what an export wrote, cut with "…" to the room left (the full text in its tooltip): a long
        # path never widens the window past the screen
        self.status = named(ElidedLabel(mode=Qt.TextElideMode.ElideMiddle), "compareStatus")
        self.status.setStyleSheet("color:#4b5563;")
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar.addWidget(self.status, 1)
        bar.addWidget(self.price_button())
        bar.addWidget(self.export_button())
        self.bar = bar
        self.grid = OptionsGrid()
        self.grid.setToolTip(self.tr("Type a value to apply it to every build (All builds) or to one build; "
                                     "empty cells keep the build's own value, shown in grey"))
        self.error = named(QLabel(), "compareError")
        self.error.setStyleSheet("color:#b91c1c;")
        self.error.setWordWrap(True)
        self.error.hide()
        self.rates = named(QLabel(), "compareRates")
        self.rates.setWordWrap(True)
        self.rates.hide()
        self.table = CompareTable()
        self.charts = CompareCharts()
        lower = QWidget()
        lv = QVBoxLayout(lower)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(self.charts, 1)
        lv.addWidget(self.charts.legend)
        lv.addWidget(self.charts.power_legend)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        for part in (self.grid, self.table, lower):
            split.addWidget(part)
        split.setStretchFactor(1, 1)
        self.splitter = split
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.error)
        lay.addWidget(self.rates)
        lay.addWidget(split, 1)
        self.baseline.currentIndexChanged.connect(self._on_baseline_change)
        self.hide_equal.toggled.connect(self._show)
        self.show_options.toggled.connect(self._on_show_options)
        self.workload.currentIndexChanged.connect(self._schedule)
        self.grid.edited.connect(self._schedule)
        self.table.column_clicked.connect(self.jump_to)

    def labels(self) -> list[str]:
        untitled = self.tr("Untitled")
        names = [doc.name(untitled) for doc in self.docs]
        # two tabs of one name (two Untitled) would give columns nobody can tell apart
        return [f"{n} ({i + 1})" if names.count(n) > 1 else n for i, n in enumerate(names)]

    def _fill_controls(self) -> None:
        labels = self.labels()
        for combo, first in ((self.baseline, None), (self.workload, self.tr("each build's own"))):
            keep = combo.currentIndex()
            combo.blockSignals(True)
            combo.clear()
            if first is not None:
                combo.addItem(first)
            for label in labels:
                combo.addItem(label if first is None else self.tr("%s's, for every build") % label)
            combo.setCurrentIndex(min(max(keep, 0), combo.count() - 1))
            combo.blockSignals(False)
        self.grid.set_columns(labels)

    # ------------------------------------------------------------------ comparing
    def inputs(self) -> tuple[list[ColumnInput], Options]:
        """The columns and common options as the controls say; ValueError naming a bad cell."""
        common, per_column = self.grid.options()
        chosen = self.workload.currentIndex() - 1
        if 0 <= chosen < len(self.docs) and self.docs[chosen].session.build.workload is not None:
            common = replace(common, workload=self.docs[chosen].session.build.workload)
        labels = self.labels()
        inputs = [ColumnInput(doc.session.build, label=labels[i],
                              source=str(doc.session.path) if doc.session.path else None, options=per_column[i],
                              price_list=self.column_prices.get(doc))
                  for i, doc in enumerate(self.docs)]
        return inputs, common

    def refresh(self) -> None:
        """Compare again (after an edit in a compared tab, or in the controls) and redraw."""
        self._timer.stop()
        if len(self.docs) < MIN_COLUMNS:
            self._say(self.tr("Fewer than two of the compared builds are open: close this view or compare again."))
            return
        baseline = max(self.baseline.currentIndex(), 0)
        try:
            inputs, common = self.inputs()
            # builds in different currencies: every column in the baseline's, converted at the shipped rates
            cmp = self.comparer.compare(inputs, options=common, price_list=self.common_prices, baseline=baseline,
                                        one_currency=True)
        except (ValueError, CompareError) as exc:    # a bad cell, an option a build refuses
            self._say(error_text(exc))
            return
        mixed = sorted({c.currency for c in cmp.columns})
        if len(mixed) > 1:      # a build's own Currency cell says otherwise: no sums across currencies
            self._say(self.tr("The builds are priced in %s: money rows are not compared. Set one currency "
                              "for all builds (Site options ▸ Currency).") % ", ".join(mixed))
        else:
            self._say("")
        self.rates.setText(self._rates_text(cmp) if cmp.converted else "")
        self.rates.setVisible(bool(cmp.converted) and len(mixed) == 1)
        self.comparison = cmp
        self._show()
        self.charts.show_comparison(cmp)
        self.grid.show_in_force(cmp)

    def _rates_text(self, cmp: Comparison) -> str:
        """'All columns in USD, converted at …: 1 USD = 7.15 CNY' for the currencies builds were priced in."""
        target = cmp.columns[cmp.baseline].currency
        rates = [f"1 {target} = {rate:.4g} {cur}" for cur, rate in cmp.converted]
        return self.tr("All columns in %1, converted at the shipped exchange rates: %2").replace(
            "%1", target).replace("%2", "; ".join(rates))

    def _show(self, *_args: Any) -> None:
        if self.comparison is not None:
            self.table.show_comparison(self.comparison, self.hide_equal.isChecked())

    def _say(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def _schedule(self, *_args: Any) -> None:
        self._timer.start()

    def _on_build_evaluated(self, _evaluation: Any) -> None:
        self._schedule()

    def _on_baseline_change(self, index: int) -> None:
        if self.comparison is not None and 0 <= index < len(self.comparison.columns):
            self.comparison = rebase(self.comparison, index)   # deltas only: nothing re-evaluated
            self._show()

    def _on_renamed(self) -> None:
        self._fill_controls()
        self._schedule()

    def _on_document_removed(self, doc: Document) -> None:
        if doc in self.docs:
            index = self.docs.index(doc)
            self.docs.remove(doc)
            self.column_prices.pop(doc, None)
            self.grid.drop_column(index)
            self._fill_controls()
            self.refresh()

    # ------------------------------------------------------------------ navigation
    def jump_to(self, column: int) -> None:
        """Bring build `column`'s tab forward in the builder window."""
        if 0 <= column < len(self.docs):
            self.window_.documents.activate(self.docs[column])
            self.window_.raise_()
            self.window_.activateWindow()


def open_compare(window: Any, docs: list[Document] | None = None) -> CompareView | None:
    """File ▸ Compare builds…: pick 2–6 of the open builds (all of them when `docs` is given) and show them."""
    if docs is None:
        if len(window.documents.documents) < MIN_COLUMNS:
            window.show_message(QCoreApplication.translate("DocumentActions", "Open or duplicate a second build to compare"))
            return None
        picker = ComparePicker(window.documents, window)
        try:
            if not picker.exec():
                return None
            docs = picker.chosen()
        finally:
            picker.deleteLater()
    view = CompareView(window, docs)
    view.show()
    return view
