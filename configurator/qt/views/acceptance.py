"""View ▸ Acceptance test…: the open build's acceptance plan, a results folder judged against it,
the comparison with the server's stored baseline, and the troubleshooter.

Every cell is worded by words/acceptance_text.py, the same words the CLI and the PDFs use; the
view computes nothing of its own (core/acceptance, core/troubleshoot do).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.acceptance import Comparison, Plan, Report, check, compare, plan_for
from ...core.message import Msg
from ...core.session import Session
from ...core.troubleshoot.causes import SYMPTOMS, diagnose, facts_for
from ...words import acceptance_text as words
from ...words.errors import error_text
from ...words.render import say
from .. import theme
from ..dialogs.chassis_picker import show_once
from ..screen_fit import resize_to_fit


class AcceptanceView(QWidget):
    """The plan of the session's build; with results, their verdicts and the baseline comparison."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.plan: Plan | None = None
        self.report: Report | None = None
        self.comparison: Comparison | None = None
        self.status = QLabel(wordWrap=True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QHBoxLayout()
        for text, slot in ((self.tr("Import results…"), self.choose_results),
                           (self.tr("Save as baseline"), self.save_baseline),
                           (self.tr("Script…"), self.export_script), (self.tr("Plan PDF…"), self.export_plan),
                           (self.tr("Report PDF…"), self.export_report)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        self.table = QTableWidget(0, 7)
        self.table.setHorizontalHeaderLabels([self.tr("No."), self.tr("Check"), self.tr("Expected"),
                                              self.tr("Tolerance"), self.tr("Measured"), self.tr("Verdict"),
                                              self.tr("Source")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.findings = QLabel(wordWrap=True)
        self.findings.setTextFormat(Qt.TextFormat.PlainText)
        self.symptom = QComboBox()
        for code in SYMPTOMS:
            self.symptom.addItem(say(Msg(f"trouble.symptom.{code}")), code)
        self.symptom.currentIndexChanged.connect(self.refresh_causes)
        self.causes = QPlainTextEdit(readOnly=True)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.findings)
        layout.addWidget(QLabel(self.tr("Troubleshoot:")))
        layout.addWidget(self.symptom)
        layout.addWidget(self.causes, 1)
        self.refresh()

    # ------------------------------------------------------------------ actions
    def choose_results(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("The folder the acceptance script wrote"))
        if folder:
            self.load_results(Path(folder))

    def load_results(self, folder: Path) -> bool:
        """Judge `folder` against the plan and compare it with the stored baseline; a bad folder is one line."""
        from ...formats.importers.acceptance import read_results
        from ...store.acceptance_baselines import load_baseline

        try:
            results = read_results(folder)
            baseline = load_baseline(results.server_key) if results.server_key else None
        except (ValueError, OSError) as exc:
            self.status.setText(error_text(exc))
            return False
        assert self.plan is not None
        self.report = check(self.plan, results)
        self.comparison = compare(baseline, results, self.plan) if baseline is not None else None
        self.redraw()
        return True

    def save_baseline(self) -> None:
        from ...store.acceptance_baselines import save_baseline

        if self.report is None:
            self.status.setText(self.tr("Import results first."))
            return
        try:
            path = save_baseline(self.report.results)
        except (ValueError, OSError) as exc:
            self.status.setText(error_text(exc))
            return
        self.status.setText(self.tr("Baseline stored: %s") % path)

    def _save_path(self, title: str, name: str, pattern: str) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(self, title, name, pattern)
        return Path(path) if path else None

    def export_script(self) -> None:
        from ...formats.exporters.acceptance_script import write_script

        path = self._save_path(self.tr("Acceptance script"), "accept.sh", "*.sh")
        if path and self.plan is not None:
            write_script(self.plan, path)

    def export_plan(self) -> None:
        from ...formats.exporters.acceptance_pdf import write_plan_pdf

        path = self._save_path(self.tr("Acceptance plan"), "acceptance-plan.pdf", "*.pdf")
        if path and self.plan is not None:
            s = self.session
            write_plan_pdf(self.plan, path, s.build.meta.language, build=s.build, catalog=s.catalog)

    def export_report(self) -> None:
        from ...formats.exporters.acceptance_pdf import write_report_pdf

        if self.report is None:
            self.status.setText(self.tr("Import results first."))
            return
        path = self._save_path(self.tr("Acceptance report"), "acceptance-report.pdf", "*.pdf")
        if path:
            write_report_pdf(self.report, path, self.comparison, self.session.build.meta.language)

    # ------------------------------------------------------------------ render
    def refresh(self) -> None:
        """The plan of the build as it is now (results already judged are kept until the next import)."""
        from ...store.acceptance_references import load_references

        s = self.session
        self.plan = plan_for(s.build, s.catalog, load_references())
        self.report = check(self.plan, self.report.results) if self.report is not None else None
        self.redraw()

    def redraw(self) -> None:
        assert self.plan is not None
        rows = self.report.rows if self.report is not None else None
        steps = self.plan.steps
        self.table.setRowCount(len(steps))
        for r, step in enumerate(steps):
            row = rows[r] if rows is not None else None
            cells = [str(step.order), say(step.title), words.expected(step), words.tolerance(step),
                     words.measured(row) if row else "", words.verdict(row) if row else "", words.source(step.source)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if row is not None and row.verdict == "fail" and c == 5:
                    item.setForeground(theme.SEVERITY_COLOURS["error"])
                self.table.setItem(r, c, item)
        self.status.setText(f"{words.label('outcome')}: {words.outcome(self.report)}" if self.report is not None
                            else words.label("script-note"))
        self.findings.setText(words.comparison_text(self.comparison) if self.comparison is not None else "")
        self.refresh_causes()

    def refresh_causes(self) -> None:
        s = self.session
        codes = frozenset(v.code for v in s.evaluation.violations)
        facts = facts_for(s.build, s.catalog, codes, self.report)
        lines = []
        for n, cause in enumerate(diagnose(str(self.symptom.currentData()), facts), 1):
            evidence = "; ".join(say(e) for e in cause.evidence) or say(Msg("trouble.label.none"))
            lines += [f"{n}. {say(cause.title)}", f"   {say(Msg('trouble.label.evidence'))}: {evidence}",
                      f"   {say(Msg('trouble.label.check'))}: {say(cause.check)}",
                      f"   {say(Msg('trouble.label.fix'))}: {say(cause.fix)}"]
        self.causes.setPlainText("\n".join(lines))


class AcceptanceDialog(QDialog):
    """The acceptance view in its own non-modal window (View ▸ Acceptance test…)."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Acceptance test"))
        self.view = AcceptanceView(session, self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        resize_to_fit(self, 1200, 800)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.view.refresh()
        super().showEvent(event)


def show_acceptance_view(window) -> AcceptanceDialog:  # noqa: ANN001 - the main window
    """Open (or raise) the window's acceptance view."""
    return show_once(window, "_acceptance_dialog", lambda: AcceptanceDialog(window.session, window))
