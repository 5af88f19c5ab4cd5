"""File ▸ Verify against the server…: the open build against what the server reports (a BMC, a
probe folder or probe.py's JSON), the result in a dock beside the build.

The source is asked for by the import dialog (`ImportServerDialog(verify=True)`), which reads the
server's inventory on a worker thread; `formats.verify.verify` compares it with the build exactly
as `configurator verify` does, and the dock lists one row per category (build, server) and one per
difference, in the user's language (the findings worded by `words.say`, as the CLI's text is).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...formats.verify import KIND_WORDS, Verification, verify
from ...words import say
from ...words.i18n import _
from .. import theme
from ..tr_marks import QT_TRANSLATE_NOOP

CATEGORY_WORDS = {"gpu": QT_TRANSLATE_NOOP("VerifyPanel", "GPUs"), "cpu": QT_TRANSLATE_NOOP("VerifyPanel", "CPUs"),
                  "dimm": QT_TRANSLATE_NOOP("VerifyPanel", "Memory"), "drive": QT_TRANSLATE_NOOP("VerifyPanel", "Drives"),
                  "nic": QT_TRANSLATE_NOOP("VerifyPanel", "Network cards"),
                  "psu": QT_TRANSLATE_NOOP("VerifyPanel", "PSUs"), "fan": QT_TRANSLATE_NOOP("VerifyPanel", "Fans"),
                  "pcie": QT_TRANSLATE_NOOP("VerifyPanel", "PCIe devices")}


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class VerifyPanel(QWidget):
    """The last verification of the build: a verdict, the counts per category (one line), every difference."""

    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.window_ = window
        self.result: Verification | None = None
        self.verdict = QLabel(self.tr("Not verified yet: File ▸ Verify against the server…"), wordWrap=True)
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        # one line per category would take the dock's height: the counts are one wrapped line
        self.counts = QLabel(wordWrap=True)
        self.counts.setTextFormat(Qt.TextFormat.PlainText)
        self.findings = _table([self.tr("Difference"), self.tr("Category"), self.tr("What the server reports")])
        self.again = QPushButton(self.tr("Verify again…"))
        self.again.clicked.connect(lambda: verify_against_server(self.window_))
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.verdict, 1)
        top.addWidget(self.again)
        layout.insertLayout(0, top)
        layout.addWidget(self.counts)
        layout.addWidget(self.findings, 1)

    def _category(self, cat: str) -> str:
        return self.tr(CATEGORY_WORDS.get(cat, cat))

    def show_result(self, result: Verification) -> None:
        self.result = result
        n = len(result.findings)
        text = (self.tr("%1: all parts match the build.") if result.ok
                else self.tr("%1: %n difference(s) from the build.", "", n))
        self.verdict.setText(theme.plural(text, n).replace("%1", result.source))
        colour = theme.SEVERITY_COLOURS["error"].name() if not result.ok else ""
        self.verdict.setStyleSheet(f"color: {colour}; font-weight: bold;" if colour else "font-weight: bold;")
        parts = []
        for cat, (build_n, server_n) in result.counts.items():
            bad = any(f.category == cat for f in result.findings)
            blind = cat in result.blind
            mark = self.tr("DIFF") if bad else self.tr("not seen") if blind else self.tr("OK")
            seen = self.tr("not reported") if blind else str(server_n)
            parts.append(self.tr("%2: %1 (build %3, server %4)").replace("%1", mark).replace("%2", self._category(cat))
                         .replace("%3", str(build_n)).replace("%4", seen))
        self.counts.setText(" · ".join(parts))
        self._fill(self.findings, [[_(KIND_WORDS.get(f.kind, f.kind.upper())), self._category(f.category),
                                    say(f.message)] for f in result.findings], right_from=99)

    @staticmethod
    def _fill(table: QTableWidget, rows: list[list[str]], right_from: int) -> None:
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if c >= right_from:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(r, c, item)


def verify_panel(window: Any) -> VerifyPanel:
    """The window's verification dock (made the first time, to the right of the build) and its panel."""
    panel = getattr(window, "verify_panel", None)
    if panel is None:
        panel = VerifyPanel(window)
        dock = QDockWidget(QCoreApplication.translate("VerifyPanel", "Verification"), window)
        dock.setObjectName("dock_verify")
        dock.setWidget(panel)
        # beside Problems, the widest dock area: a difference is a line of text
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        if "violations" in window.docks:
            window.tabifyDockWidget(window.docks["violations"], dock)
        window.docks["verify"] = dock
        window.verify_panel = panel
    dock = window.docks["verify"]
    dock.show()
    dock.raise_()
    return panel


def show_verification(window: Any, inventory: Any) -> Verification:
    """Compare the window's build with `inventory` and show the result in the verification dock."""
    session = window.session
    result = verify(session.build, inventory, session.catalog)
    verify_panel(window).show_result(result)
    return result


def verify_against_server(window: Any) -> None:
    """Ask for the server (BMC or probe), read what it reports off the GUI thread, show the comparison."""
    from ..dialogs.import_server import ImportServerDialog

    dialog = ImportServerDialog(window.session.catalog, window, verify=True)
    try:
        if dialog.exec() and dialog.result_ is not None:
            result = show_verification(window, dialog.result_)
            n = len(result.findings)
            window.show_message(QCoreApplication.translate("VerifyPanel", "Verified: all parts match") if result.ok
                                else theme.plural(QCoreApplication.translate("VerifyPanel", "Verified: %n difference(s)",
                                                                             "", n), n))
    finally:
        dialog.deleteLater()
