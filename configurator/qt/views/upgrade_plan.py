"""View ▸ Upgrade plan…: what the open build adds to, takes out of and moves in the server as found.

BEFORE is the server the build was imported from (its owned parts, `core.upgrade.before_of`) or
a build file the technician picks. The view redraws from the session's evaluation on every edit
while it is shown (`core.upgrade.upgrade_of` re-uses that evaluation, so only BEFORE is
evaluated again) and prints the plan's figures; it computes none of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.build import Build
from ...core.upgrade.delta import UpgradePlan
from ...core.upgrade.found import upgrade_of
from ...store.build_files import load_build
from ...words import i18n
from ...words.errors import error_text
from ...words.part_words import part_name
from ...words.problems import text as problem_text
from ...words.render import say
from .. import theme
from ..dialogs.chassis_picker import show_once
from ..screen_fit import resize_to_fit
from ..tr_marks import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from ...core.session import SessionLike

#: (delta name, label, unit) in the order the table lists them
FIGURES: tuple[tuple[str, str, str], ...] = (
    ("idle_w", QT_TRANSLATE_NOOP("UpgradeView", "Power, idle"), "W"),
    ("typical_w", QT_TRANSLATE_NOOP("UpgradeView", "Power, typical"), "W"),
    ("max_w", QT_TRANSLATE_NOOP("UpgradeView", "Power, max"), "W"),
    ("wall_idle_w", QT_TRANSLATE_NOOP("UpgradeView", "At the wall, idle"), "W"),
    ("wall_typical_w", QT_TRANSLATE_NOOP("UpgradeView", "At the wall, typical"), "W"),
    ("wall_max_w", QT_TRANSLATE_NOOP("UpgradeView", "At the wall, max"), "W"),
    ("heat_max_w", QT_TRANSLATE_NOOP("UpgradeView", "Heat, max"), "W"),
    # the same heat in the unit facilities quote cooling in: named apart, not a second "Heat, max"
    ("heat_btu_hr", QT_TRANSLATE_NOOP("UpgradeView", "Heat, max, in BTU/h"), "BTU/h"),
    ("airflow_cfm", QT_TRANSLATE_NOOP("UpgradeView", "Airflow needed"), "CFM"),
    ("psu_count", QT_TRANSLATE_NOOP("UpgradeView", "PSUs installed"), ""),
    ("psu_load_pct_typical", QT_TRANSLATE_NOOP("UpgradeView", "PSU load, typical"), "%"),
    ("psu_load_pct_max", QT_TRANSLATE_NOOP("UpgradeView", "PSU load at peak"), "%"),
    ("gpu_count", QT_TRANSLATE_NOOP("UpgradeView", "GPUs"), ""),
    ("host_memory_gb", QT_TRANSLATE_NOOP("UpgradeView", "Host memory"), "GB"),
)
ACTIONS = {"add": QT_TRANSLATE_NOOP("UpgradeView", "Add"), "remove": QT_TRANSLATE_NOOP("UpgradeView", "Remove"),
           "move": QT_TRANSLATE_NOOP("UpgradeView", "Move")}


def _label(text: str) -> str:
    """One of the QT_TRANSLATE_NOOP labels above, translated (the literal is what lupdate extracts)."""
    return QCoreApplication.translate("UpgradeView", text)


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def _fill(table: QTableWidget, rows: list[list[str]], right_from: int = 99) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            if c >= right_from:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)


class UpgradeView(QWidget):
    """The upgrade plan of the session's build against BEFORE (owned parts, or a chosen file)."""

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.before: Build | None = None      # None: the build's owned parts
        self.before_path: Path | None = None
        self.plan: UpgradePlan | None = None
        self.source = QLabel(wordWrap=True)
        pick = QPushButton(self.tr("Compare with a build file…"))
        pick.clicked.connect(self.choose_before)
        self.owned_button = QPushButton(self.tr("Compare with the owned parts"))
        self.owned_button.clicked.connect(self.use_owned)
        top = QHBoxLayout()
        top.addWidget(self.source, 1)
        top.addWidget(pick)
        top.addWidget(self.owned_button)
        self.changes = _table([self.tr("Change"), self.tr("Part"), self.tr("Slot"), self.tr("Owned")])
        self.figures = _table([self.tr("Figure"), self.tr("Before"), self.tr("After"), self.tr("Change")])
        self.psu = QLabel(wordWrap=True)
        self.feed = QLabel(wordWrap=True)
        self.cost = QLabel(wordWrap=True)
        self.problems = QLabel(wordWrap=True)
        self.problems.setTextFormat(Qt.TextFormat.PlainText)   # messages name parts: data, never markup
        tables = QHBoxLayout()
        tables.addWidget(self.changes, 1)
        tables.addWidget(self.figures, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(tables, 1)
        for label in (self.psu, self.feed, self.cost, self.problems):
            label.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(label)
        session.evaluated.connect(self._on_evaluated)
        self.refresh()

    # ------------------------------------------------------------------ BEFORE
    def choose_before(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("The server as it is now"), "",
                                              self.tr("Configurator build (*.json)"))
        if path:
            self.set_before_file(Path(path))

    def set_before_file(self, path: Path) -> bool:
        """Compare with the build in `path`; a bad file is one line in the view, BEFORE unchanged."""
        try:
            self.before = load_build(path)
        except (ValueError, OSError) as exc:
            self.source.setText(error_text(exc))
            return False
        self.before_path = path
        self.refresh()
        return True

    def use_owned(self) -> None:
        self.before, self.before_path = None, None
        self.refresh()

    # ------------------------------------------------------------------ render
    def _on_evaluated(self, _ev) -> None:
        if self.isVisible():   # hidden: no work on the edit path; showEvent catches up
            self.refresh()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        s = self.session
        self.plan = upgrade_of(s.build, s.evaluator, before=self.before, after_eval=s.evaluation)
        self.owned_button.setEnabled(self.before is not None)
        if self.before_path is not None:
            self.source.setText(self.tr("Before: %s") % self.before_path.name)
        elif self.plan is not None:
            self.source.setText(self.tr("Before: the parts the server had when it was imported (owned)."))
        if self.plan is None:
            self.source.setText(self.tr("This build owns no parts, so it is a new server, not an upgrade. Import "
                                        "the server (File ▸ Import from server…) or compare with a build file."))
            for table in (self.changes, self.figures):
                table.setRowCount(0)
            for label in (self.psu, self.feed, self.cost, self.problems):
                label.clear()
            return
        self._render(self.plan)

    def _render(self, plan: UpgradePlan) -> None:
        _fill(self.changes, [[_label(ACTIONS[c.action]), self._name(c.part_id),
                              f"{c.from_slot} → {c.slot}" if c.action == "move" else c.slot,
                              self.tr("yes") if c.owned else ""] for c in plan.changes]
              or [[self.tr("No parts change."), "", "", ""]])
        by = {d.name: d for d in plan.deltas}
        rows = []
        for name, label, unit in FIGURES:
            d = by[name]
            u = f" {unit}" if unit else ""
            rows.append([_label(label), f"{d.before:,.0f}{u}", f"{d.after:,.0f}{u}", f"{d.change:+,.0f}{u}"])
        _fill(self.figures, rows, right_from=1)
        self.psu.setText(self.tr("PSUs: %1 → %2").replace("%1", say(plan.psu_before))
                         .replace("%2", say(plan.psu_after)))
        self._render_feed(plan)
        self._render_cost(plan)
        lines = [self.tr("%1: %2").replace("%1", i18n._(v.severity.upper())).replace("%2", problem_text(v))
                 for v in plan.new_problems]
        self.problems.setText(self.tr("New problems: %s") % (len(lines)) + ("\n" + "\n".join(lines) if lines else "")
                              + (("\n" + self.tr("Resolved: %s") % ", ".join(v.code for v in plan.resolved_problems))
                                 if plan.resolved_problems else ""))

    def _render_feed(self, plan: UpgradePlan) -> None:
        after = plan.feed_loss_pct_after
        verdict = (self.tr("no redundancy") if after is None else
                   self.tr("holds (%s %% of the remaining feeds)") % f"{after:.0f}" if after <= 100 else
                   self.tr("OVERLOADED (%s %% of the remaining feeds)") % f"{after:.0f}")
        self.feed.setText(self.tr("Losing one feed after the upgrade: %s") % verdict)
        bad = after is not None and after > 100
        self.feed.setStyleSheet(f"color: {theme.SEVERITY_COLOURS['error'].name()};" if bad else "")

    def _render_cost(self, plan: UpgradePlan) -> None:
        def money(value) -> str:
            return theme.money(value, plan.currency, digits=True)

        removed = [c for c in plan.changes if c.action == "remove"]
        text = (self.tr("New parts %1 · upgrade total %2 (only new parts are priced)")
                .replace("%1", money(plan.cost_new_parts)).replace("%2", money(plan.cost_total)))
        if removed:
            text += "\n" + self.tr("Removed: %s") % ", ".join(f"{self._name(c.part_id)} ({c.slot})" for c in removed)
        if plan.trade_in_total:
            text += "\n" + self.tr("Trade-in %1 · net %2").replace("%1", money(plan.trade_in_total)).replace(
                "%2", money(plan.net_cost))
        if plan.unpriced:
            text += "\n" + self.tr("On request: %s") % ", ".join(plan.unpriced)
        self.cost.setText(text)

    def _name(self, part_id: str) -> str:
        part = self.session.catalog.get(part_id)
        return part_name(part.name) if part is not None else part_id


class UpgradeDialog(QDialog):
    """The upgrade view in its own non-modal window (View ▸ Upgrade plan…)."""

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Upgrade plan"))
        self.view = UpgradeView(session, self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        resize_to_fit(self, 1100, 700)


def show_upgrade_view(window) -> UpgradeDialog:
    """Open (or raise) the window's upgrade view."""
    return show_once(window, "_upgrade_dialog", lambda: UpgradeDialog(window.session, window))
