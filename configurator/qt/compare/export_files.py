"""The compare view's file work (`CompareFiles`, mixed into `CompareView`): exporting the comparison
shown through the `COMPARE_EXPORTERS` registry (XLSX, CSV, PDF, JSON) and applying a buyer's price
list (`io.compare_io.load_price_list`) to all builds or to one, without editing the builds."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMenu, QToolButton

from ...core.compare import Comparison, PriceList
from ...formats.exporters import ExportRequest
from ...formats.exporters.comparisons import COMPARE_EXPORTERS
from ...formats.registry import dialog_filter
from ...store.price_lists import load_price_list
from ...words import i18n
from ...words.errors import error_text
from ..theme import named

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QWidget

    from ...core.compare import Comparer
    from ..window.documents import Document

    class CompareViewBase(QWidget):
        """What `CompareFiles` uses of the compare view (qt/compare/compare_window.py)."""

        comparison: Comparison | None
        docs: list[Document]
        comparer: Comparer
        status: QLabel
        common_prices: PriceList | None
        column_prices: dict[Document, PriceList]

        def labels(self) -> list[str]: ...
        def refresh(self) -> None: ...
        def _say(self, text: str) -> None: ...
else:
    CompareViewBase = object


def _one_line(exc: Exception) -> str:
    return error_text(exc)


class CompareFiles(CompareViewBase):
    """Export and price-list actions; the view provides `comparison`, `docs`, `comparer`, `status`,
    `common_prices`, `column_prices`, `labels()`, `refresh()` and `_say()`."""

    def _start_dir(self) -> Path | None:
        paths = [d.session.path for d in self.docs if d.session.path]
        return Path(paths[0]).parent if paths else None

    def export(self, name: str) -> None:
        """Ask for a file and write the comparison shown with the comparison exporter `name`."""
        cmp = self.comparison
        if cmp is None:
            return
        fmt = COMPARE_EXPORTERS[name]
        start = (self._start_dir() or Path.home()) / ("comparison" + fmt.suffixes[0])
        chosen, _ = QFileDialog.getSaveFileName(self, self.tr("Export %s") % i18n._(fmt.description),
                                                str(start), dialog_filter(fmt))
        if not chosen:
            return
        target = Path(chosen)
        if target.suffix.lower() not in fmt.suffixes:
            target = target.with_name(target.name + fmt.suffixes[0])
        request = ExportRequest(options=tuple((c.build, c.evaluation) for c in cmp.columns),
                                catalog=cmp.columns[0].catalog, sources=tuple(c.source for c in cmp.columns),
                                comparison=cmp)
        try:
            out = fmt.write(request, target)
        except (ValueError, OSError) as exc:     # one line naming the file; a bug is not caught here
            self._say(_one_line(exc))
            return
        self.status.setText(self.tr("Exported %s") % out)

    def apply_price_list(self, column: int | None) -> None:
        """Price all builds (None) or build `column` with a price-list CSV the user picks."""
        chosen, _ = QFileDialog.getOpenFileName(self, self.tr("Apply a price list"),
                                                str(self._start_dir() or Path.home()),
                                                self.tr("Price list (*.csv);;All files (*)"))
        if not chosen:
            return
        try:
            plist: PriceList = load_price_list(Path(chosen), self.comparer.evaluator.catalog)
        except (ValueError, OSError) as exc:     # PriceListError: the first bad row, one line
            self._say(_one_line(exc))
            return
        if column is None:
            self.common_prices = plist
        else:
            self.column_prices[self.docs[column]] = plist
        self.refresh()

    def clear_price_lists(self) -> None:
        self.common_prices = None
        self.column_prices.clear()
        self.refresh()

    def export_button(self) -> QToolButton:
        """'Export' with one entry per comparison format."""
        button = named(QToolButton(), "compareExport")
        button.setText(self.tr("Export"))
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        for name, fmt in COMPARE_EXPORTERS.items():
            menu.addAction(i18n._(fmt.description) + "…", partial(self.export, name))
        button.setMenu(menu)
        return button

    def price_button(self) -> QToolButton:
        """'Price list' with: for all builds, for one build (listed when the menu opens), back to catalog prices."""
        button = named(QToolButton(), "comparePrices")
        button.setText(self.tr("Price list"))
        button.setToolTip(self.tr("Price the comparison with your own price list (CSV, as in docs/catalog.md); "
                                  "the builds are not changed"))
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)

        def fill() -> None:
            menu.clear()
            menu.addAction(self.tr("For all builds…"), lambda: self.apply_price_list(None))
            for i, label in enumerate(self.labels()):
                menu.addAction(self.tr("For %s only…") % label, partial(self.apply_price_list, i))
            menu.addSeparator()
            menu.addAction(self.tr("Back to catalog prices"), self.clear_price_lists)

        menu.aboutToShow.connect(fill)
        button.setMenu(menu)
        return button
