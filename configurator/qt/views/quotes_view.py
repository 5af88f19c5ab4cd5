"""Tools ▸ Quotes…: the team store's quotes beside the builder (store/team/, docs/team-store.md).

Lists the quotes the user may see (filtered by status, customer, mine only), quotes the open build
as a draft, and moves a quote through its lifecycle (submit, approve, reject, issue, revise,
duplicate); an issued revision's frozen PDF is saved as issued. The list refreshes every 1.5 s
while shown, so a quote issued at another seat appears here within 2 s. A refusal (no approver,
frozen, no permission) is shown in the view's status line, in the user's language; the build is
never touched.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QTime, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.session import Session
from ...store.team import quotes, tables
from ...store.team.connect import Store, StoreError, open_store
from ...words.render import say
from ..screen_fit import resize_to_fit

COLUMNS = (QT_TRANSLATE_NOOP("QuotesView", "Number"), QT_TRANSLATE_NOOP("QuotesView", "Rev."),
           QT_TRANSLATE_NOOP("QuotesView", "Status"), QT_TRANSLATE_NOOP("QuotesView", "Customer"),
           QT_TRANSLATE_NOOP("QuotesView", "Owner"), QT_TRANSLATE_NOOP("QuotesView", "Total"),
           QT_TRANSLATE_NOOP("QuotesView", "Discount"), QT_TRANSLATE_NOOP("QuotesView", "Title"),
           QT_TRANSLATE_NOOP("QuotesView", "Updated"))
STATUS_WORDS = {
    "draft": QT_TRANSLATE_NOOP("QuotesView", "draft"), "submitted": QT_TRANSLATE_NOOP("QuotesView", "submitted"),
    "approved": QT_TRANSLATE_NOOP("QuotesView", "approved"), "rejected": QT_TRANSLATE_NOOP("QuotesView", "rejected"),
    "issued": QT_TRANSLATE_NOOP("QuotesView", "issued"), "won": QT_TRANSLATE_NOOP("QuotesView", "won"),
    "lost": QT_TRANSLATE_NOOP("QuotesView", "lost"), "expired": QT_TRANSLATE_NOOP("QuotesView", "expired"),
    "superseded": QT_TRANSLATE_NOOP("QuotesView", "superseded"),
}
REFRESH_MS = 1500


def _tr(text: str) -> str:
    return QCoreApplication.translate("QuotesView", text)


class QuotesDialog(QDialog):
    def __init__(self, session: Session, parent: QWidget | None = None, store_url: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Quotes"))
        self.session = session
        self.store: Store | None = None
        self._shown: list[quotes.Quote] = []
        layout = QVBoxLayout(self)
        self.where = QLabel()
        layout.addWidget(self.where)

        filters = QHBoxLayout()
        self.status = QComboBox()
        self.status.addItem(self.tr("All statuses"), "")
        for key in tables.STATUSES:
            self.status.addItem(_tr(STATUS_WORDS[key]), key)
        self.customer = QLineEdit()
        self.customer.setPlaceholderText(self.tr("Customer"))
        self.mine = QCheckBox(self.tr("Mine only"))
        for w in (self.status, self.customer, self.mine):
            filters.addWidget(w)
        filters.addStretch(1)
        layout.addLayout(filters)
        self.status.currentIndexChanged.connect(self.refresh)
        self.customer.editingFinished.connect(self.refresh)
        self.mine.toggled.connect(self.refresh)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([_tr(c) for c in COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._enable)
        layout.addWidget(self.table, 1)

        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, label in (("create", self.tr("Quote this build")), ("submit", self.tr("Submit")),
                           ("approve", self.tr("Approve")), ("reject", self.tr("Reject")),
                           ("issue", self.tr("Issue")), ("revise", self.tr("Revise")),
                           ("duplicate", self.tr("Duplicate")), ("pdf", self.tr("Save issued PDF…"))):
            button = QPushButton(label)
            button.clicked.connect(lambda _=False, k=key: self.act(k))
            buttons.addWidget(button)
            self.buttons[key] = button
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.message)

        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self._connect(store_url)
        resize_to_fit(self, 1100, 600)

    def _connect(self, url: str | None) -> None:
        try:
            self.store = open_store(url)
        except StoreError as exc:
            self.store = None
            self.where.setText(self.tr("No store: {reason}").replace("{reason}", say(exc.msg)))
            self._enable()
            return
        self.where.setText(self.tr("Store: {url} ({engine}) · you: {user}").replace("{url}", self.store.url_shown)
                           .replace("{engine}", self.store.dialect).replace("{user}", self.store.actor))
        self.refresh()
        self.timer.start()

    def selected(self) -> quotes.Quote | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return self._shown[rows[0].row()] if rows and rows[0].row() < len(self._shown) else None

    def refresh(self) -> None:
        if self.store is None:
            return
        try:
            found = quotes.find(self.store, status=self.status.currentData() or None,
                                customer=self.customer.text().strip() or None,
                                owner=self.store.actor if self.mine.isChecked() else None)
        except StoreError as exc:
            self.message.setText(say(exc.msg))
            return
        keep = self.selected()
        if [(q.id, q.status, q.updated_at) for q in found] != [(q.id, q.status, q.updated_at) for q in self._shown]:
            self._fill(found, keep.id if keep else None)
        self.where.setToolTip(self.tr("Last refreshed {time}").replace("{time}", QTime.currentTime().toString()))

    def _fill(self, found: list[quotes.Quote], keep: str | None) -> None:
        self._shown = found
        self.table.setRowCount(len(found))
        for row, q in enumerate(found):
            cells = (q.number or self.tr("(draft)"), str(q.revision), _tr(STATUS_WORDS.get(q.status, q.status)),
                     q.customer or "", q.owner, f"{q.currency} {q.total:,}", f"{q.discount_pct} %", q.title,
                     q.updated_at.strftime("%Y-%m-%d %H:%M"))
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
            if q.id == keep:
                self.table.selectRow(row)
        self._enable()

    def _enable(self) -> None:
        q = self.selected()
        status = q.status if q else None
        allowed = {"create": self.store is not None,
                   "submit": status in ("draft", "rejected"), "approve": status == "submitted",
                   "reject": status == "submitted", "issue": status in ("draft", "approved"),
                   "revise": status == "issued", "duplicate": q is not None,
                   "pdf": status in ("issued", "won", "lost", "expired", "superseded")}
        for key, button in self.buttons.items():
            button.setEnabled(bool(allowed[key]) and self.store is not None)

    def act(self, key: str) -> None:
        if self.store is None:
            return
        q = self.selected()
        try:
            done = self._do(key, q)
        except StoreError as exc:
            self.message.setText(say(exc.msg))
            return
        if done is not None:
            self.message.setText(self.tr("{number}: {status}").replace("{number}", done.number or self.tr("(draft)"))
                                 .replace("{status}", _tr(STATUS_WORDS.get(done.status, done.status))))
        self._shown = []
        self.refresh()

    def _do(self, key: str, q: quotes.Quote | None) -> Any:
        from ...formats.team_quotes import draft_quote, issue_quote

        store = self.store
        assert store is not None
        if key == "create":
            evaluation = getattr(self.session, "evaluation", None) or self.session.reevaluate()
            return draft_quote(store, self.session.build, evaluation)
        if q is None:
            return None
        if key == "issue":
            return issue_quote(store, q.id)
        if key == "pdf":
            pdf, _build, _version = quotes.snapshot(store, q.id)
            name, _filter = QFileDialog.getSaveFileName(self, self.tr("Save issued PDF"),
                                                        f"{(q.number or 'quote').replace('/', '-')}.pdf",
                                                        self.tr("PDF (*.pdf)"))
            if name:
                from pathlib import Path

                from ...store.safe_write import atomic_write

                atomic_write(Path(name), pdf)
            return None
        return getattr(quotes, key)(store, q.id)

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        self.timer.stop()
        if self.store is not None:
            self.store.close()
        super().closeEvent(event)


def show_quotes_view(window: Any) -> QuotesDialog:
    """Open (or raise) the window's Quotes view."""
    from ..dialogs.chassis_picker import show_once

    return show_once(window, "_quotes_dialog", lambda: QuotesDialog(window.session, window))
