"""View ▸ Software stack…: the open build's pinned stack, the candidates that fail and why, and,
after "Compare with a server…", what an imported server runs against it.

The view shows `core.stack`'s plan worded by `words.stack_text` (the same rows the CLI and the
quote print); nothing is computed in the widgets.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.session import Session
from ...core.stack import InstalledStack, StackPlan, StackTable, check_installed, plan_stack
from ...words.errors import error_text
from ...words.render import say
from ...words.stack_text import manifest_rows
from ..dialogs.chassis_picker import show_once
from ..screen_fit import resize_to_fit


def _table(headers: list[str], stretch: int) -> QTableWidget:
    """A read-only table whose column `stretch` takes the width left (its text wraps)."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setWordWrap(True)
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    # rows sized while the window was still narrow kept three lines too many: re-fit them as it widens
    header.sectionResized.connect(lambda *_: table.resizeRowsToContents())
    return table


def _fill(table: QTableWidget, rows: list[list[str]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.setItem(r, c, QTableWidgetItem(text))
    table.resizeRowsToContents()


class StackView(QWidget):
    """The pinned stack, the failing candidates and a server's findings for the session's build."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.plan: StackPlan | None = None
        self.installed: InstalledStack | None = None
        self.problems = QLabel(wordWrap=True)
        self.problems.setTextFormat(Qt.TextFormat.PlainText)
        self.pinned = _table([self.tr("Component"), self.tr("Version"), self.tr("Why"), self.tr("Source")], 2)
        self.pinned.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        self.pinned.setColumnWidth(3, 320)
        self.rejected = _table([self.tr("Candidate"), self.tr("Why it does not fit")], 1)
        self.findings = _table([self.tr("Severity"), self.tr("Finding"), self.tr("Fix")], 1)
        compare = QPushButton(self.tr("Compare with a server…"))
        compare.clicked.connect(self.choose_server)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Pinned stack")))
        top.addStretch(1)
        top.addWidget(compare)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.problems)
        layout.addWidget(self.pinned, 4)         # the pinned stack first; the other two are short lists
        layout.addWidget(QLabel(self.tr("Candidates that do not fit")))
        layout.addWidget(self.rejected, 1)
        layout.addWidget(QLabel(self.tr("Against an imported server")))
        layout.addWidget(self.findings, 1)
        session.evaluated.connect(self._on_evaluated)
        self.refresh()

    def table(self) -> StackTable:
        from ...store.stack_tables import read_stack_table

        return self.session.evaluator.stack_table() or read_stack_table()

    def _on_evaluated(self, _ev: object) -> None:
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        table = self.table()
        self.plan = plan_stack(self.session.build, self.session.catalog, table, datetime.date.today())
        self.problems.setText("\n".join(say(p) for p in self.plan.problems))
        _fill(self.pinned, [[r.component, r.version, r.note, r.source] for r in manifest_rows(self.plan)])
        _fill(self.rejected, [[r.candidate, say(r.reason)] for r in self.plan.rejected])
        found = check_installed(self.plan, self.installed, table) if self.installed is not None else ()
        severity = {"error": self.tr("Error"), "warning": self.tr("Warning"), "info": self.tr("Info")}
        _fill(self.findings, [[severity[f.severity], say(f.message), say(f.fix) if f.fix else ""] for f in found])

    def compare_with(self, source: Path) -> bool:
        """Read a server's inventory folder or probe file and show its findings."""
        from ...formats.importers.inventory import read_inventory

        try:
            self.installed = read_inventory(source).software
        except (ValueError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot read the server"), error_text(exc))
            return False
        self.refresh()
        return True

    def choose_server(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Probe file of the server"), str(Path.home()),
                                              self.tr("Probe file (*.json)"))
        return self.compare_with(Path(path)) if path else False


class StackDialog(QDialog):
    """The stack view in its own non-modal window (View ▸ Software stack…)."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Software stack"))
        self.view = StackView(session, self)
        QVBoxLayout(self).addWidget(self.view)
        resize_to_fit(self, 1100, 720)


def show_stack_view(window) -> StackDialog:
    """Open (or raise) the window's software-stack view."""
    return show_once(window, "_stack_dialog", lambda: StackDialog(window.session, window))
