"""The compare view's file work: exporting the comparison (the `COMPARE_EXPORTERS` registry:
XLSX, CSV, PDF, JSON) and applying a buyer's price list (`io.compare_io.load_price_list`) to all
builds or to one, without editing the builds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QMenu, QToolButton, QWidget

from .. import i18n
from ..core.compare import Comparison, PriceList
from ..io.compare_io import load_price_list
from ..io.exporters import COMPARE_EXPORTERS, ExportRequest
from ..io.formats import dialog_filter


def export_comparison(parent: QWidget, cmp: Comparison, name: str, start_dir: Path | None) -> str:
    """Ask for a file and write `cmp` with exporter `name`; the status line to show ('' when cancelled)."""
    fmt = COMPARE_EXPORTERS[name]
    start = (start_dir or Path.home()) / ("comparison" + fmt.suffixes[0])
    chosen, _ = QFileDialog.getSaveFileName(parent, parent.tr("Export %s") % i18n.translate(fmt.description),
                                            str(start), dialog_filter(fmt))
    if not chosen:
        return ""
    target = Path(chosen)
    if target.suffix.lower() not in fmt.suffixes:
        target = target.with_name(target.name + fmt.suffixes[0])
    request = ExportRequest(options=tuple((c.build, c.evaluation) for c in cmp.columns),
                            catalog=cmp.columns[0].catalog, sources=tuple(c.source for c in cmp.columns),
                            comparison=cmp)
    try:
        out = fmt.write(request, target)
    except (ValueError, OSError) as exc:     # one line naming the file; a bug is not caught here
        raise ValueError(str(exc).splitlines()[0] if str(exc) else repr(exc)) from None
    return parent.tr("Exported %s") % out


def choose_price_list(parent: QWidget, catalog: Any, start_dir: Path | None) -> PriceList | None:
    """Ask for a price-list CSV and read it (PriceListError / OSError: one line, raised as ValueError)."""
    chosen, _ = QFileDialog.getOpenFileName(parent, parent.tr("Apply a price list"), str(start_dir or Path.home()),
                                            parent.tr("Price list (*.csv);;All files (*)"))
    if not chosen:
        return None
    try:
        return load_price_list(Path(chosen), catalog)
    except (ValueError, OSError) as exc:
        raise ValueError(str(exc).splitlines()[0] if str(exc) else repr(exc)) from None


def export_button(view: Any) -> QToolButton:
    """'Export' with one entry per comparison format."""
    button = QToolButton(objectName="compareExport")
    button.setText(view.tr("Export"))
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QMenu(button)
    for name, fmt in COMPARE_EXPORTERS.items():
        menu.addAction(i18n.translate(fmt.description) + "…", lambda n=name: view.export(n))
    button.setMenu(menu)
    return button


def price_button(view: Any) -> QToolButton:
    """'Price list' with: for all builds, for one build (filled when it opens), and remove all."""
    button = QToolButton(objectName="comparePrices")
    button.setText(view.tr("Price list"))
    button.setToolTip(view.tr("Price the comparison with your own price list (CSV, as in docs/catalog.md); "
                              "the builds are not changed"))
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QMenu(button)

    def fill() -> None:
        menu.clear()
        menu.addAction(view.tr("For all builds…"), lambda: view.apply_price_list(None))
        for i, label in enumerate(view.labels()):
            menu.addAction(view.tr("For %s only…") % label, lambda i=i: view.apply_price_list(i))
        menu.addSeparator()
        menu.addAction(view.tr("Back to catalog prices"), view.clear_price_lists)

    menu.aboutToShow.connect(fill)
    button.setMenu(menu)
    return button
