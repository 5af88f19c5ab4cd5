"""Tools ▸ Quotes…: the team store's quotes beside the builder (store/team/, docs/team-store.md).

Lists the quotes the user may see (filtered by status, customer, mine only), quotes the open build
as a draft, and moves a quote through its lifecycle (submit, approve, reject, issue, revise,
duplicate); an issued revision's frozen PDF is saved as issued. A refusal (no approver, frozen, no
permission, no server) is shown in the view's status line, in the user's language; the build is
never touched.

A quote issued at another seat appears here within 2 s: on PostgreSQL the view LISTENs for the
quotes trigger's notification (store/team/live.py, its socket watched by a QSocketNotifier) and
reads the list when one arrives; on SQLite, which has no notifications, it reads the list every
1.5 s while shown. A seat on PostgreSQL works on from its local copy while the server cannot be
reached (store/team/offline.py): new drafts wait there, the view tries the server every 10 s and
sends them when it answers (and whenever it reads the list with drafts waiting); the line under
the store says when the price lists were last copied and how many quotes are waiting.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QSocketNotifier, QTime, QTimer
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
from ...store.team import quotes, schema
from ...store.team.connect import Store, StoreError, default_url, now, open_store
from ...store.team.live import Listener
from ...store.team.offline import Seat, is_server
from ...words.render import say
from ..screen_fit import resize_to_fit
from ..theme import plural
from ..tr_marks import QT_TRANSLATE_NOOP

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
#: how often a seat cut from its server tries it again (and the sync line's "… ago" is redrawn)
RETRY_MS = 10_000


def _tr(text: str) -> str:
    return QCoreApplication.translate("QuotesView", text)


class QuotesDialog(QDialog):
    def __init__(self, session: Session, parent: QWidget | None = None, store_url: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Quotes"))
        self.session = session
        self.store: Store | None = None
        #: a seat on PostgreSQL (with its local copy); None on SQLite
        self.seat: Seat | None = None
        #: the LISTEN connection while the seat's server is reachable
        self.live: Listener | None = None
        self._notifier: QSocketNotifier | None = None
        #: how many notifications made the view read the list (tests check they, not polling, did)
        self.notified = 0
        self._synced = False
        self._shown: list[quotes.Quote] = []
        layout = QVBoxLayout(self)
        self.where = QLabel()
        self.where.setWordWrap(True)
        layout.addWidget(self.where)
        self.sync_line = QLabel()
        layout.addWidget(self.sync_line)
        self.sync_line.hide()

        filters = QHBoxLayout()
        self.status = QComboBox()
        self.status.addItem(self.tr("All statuses"), "")
        for key in schema.STATUSES:
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
        for key, label in (("create", self.tr("Quote this build")), ("update", self.tr("Re-price from this build")),
                           ("submit", self.tr("Submit")),
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
        self.clock = QTimer(self)
        self.clock.setInterval(RETRY_MS)
        self.clock.timeout.connect(self._tick)
        self._connect(store_url)
        resize_to_fit(self, 1100, 600)

    def _connect(self, url: str | None) -> None:
        url = url or default_url()
        try:
            if is_server(url):
                self.seat = Seat(url)
                self.seat.connect()
                self.store = self.seat.store
            else:
                self.store = open_store(url)
        except StoreError as exc:
            self.store = None
            self.where.setText(self.tr("No store: {reason}").replace("{reason}", say(exc.msg)))
            self._enable()
            return
        if self.seat is not None:
            self._settle()
            self.clock.start()
        else:
            self._show_where()
            self.timer.start()
        self.refresh()

    # -------------------------------------------------------------- a seat and its server
    def _show_where(self) -> None:
        store = self.store
        assert store is not None
        if self.seat is not None and not self.seat.online:
            self.where.setText(self.tr("Offline: {url} cannot be reached. New drafts are kept on this computer and "
                                       "sent when it answers; numbers and approvals wait for it.")
                               .replace("{url}", self.seat.shown))
            self.where.setToolTip(say(self.seat.reason) if self.seat.reason else "")
            return
        self.where.setText(self.tr("Store: {url} ({engine}) · you: {user}").replace("{url}", store.url_shown)
                           .replace("{engine}", store.dialect).replace("{user}", store.actor))

    def _show_sync(self) -> None:
        seat = self.seat
        if seat is None:
            return
        when = seat.synced_at()
        parts = [self.tr("price lists synced {ago}").replace("{ago}", self._ago(when)) if when
                 else self.tr("price lists not synced yet")]
        waiting = len(seat.waiting())
        if waiting:
            parts.append(plural(self.tr("%n quote(s) waiting to sync", "", waiting), waiting))
        self.sync_line.setText(" · ".join(parts))
        self.sync_line.show()

    def _ago(self, when: datetime) -> str:
        seconds = max(0, int((now() - when).total_seconds()))
        if seconds < 60:
            return self.tr("just now")
        if seconds < 3600:
            return plural(self.tr("%n min ago", "", seconds // 60), seconds // 60)
        if seconds < 86400:
            return plural(self.tr("%n h ago", "", seconds // 3600), seconds // 3600)
        return self.tr("on {date}").replace("{date}", when.astimezone().strftime("%Y-%m-%d %H:%M"))

    def _settle(self) -> None:
        """After the seat connected or lost its server: listen or not, poll or not, sync what waits."""
        seat = self.seat
        assert seat is not None
        if seat.online and self.live is None:
            assert seat.server is not None
            try:
                self.live = Listener(seat.server)
            except StoreError:
                self.live = None
            else:
                self._notifier = QSocketNotifier(self.live.fileno(), QSocketNotifier.Type.Read, self)
                self._notifier.activated.connect(self._on_notified)
        if not seat.online:
            self._drop_live()
        # without a listener a reachable server is polled like SQLite; a local copy changes only here
        if seat.online and self.live is None:
            self.timer.start()
        else:
            self.timer.stop()
        if seat.online and (not self._synced or seat.waiting()):
            self._sync()
        self.store = seat.store
        self._show_where()
        self._show_sync()

    def _sync(self) -> None:
        seat = self.seat
        assert seat is not None
        try:
            result = seat.sync()
        except StoreError as exc:
            self.message.setText(say(exc.msg))
            if not seat.online:
                self._settle()
            return
        self._synced = True
        if result.sent:
            self.message.setText(plural(self.tr("%n draft(s) made offline sent to the server", "", result.sent),
                                        result.sent))
        if result.failed:
            first = next(iter(result.failed.values()))
            self.message.setText(self.tr("A draft made offline was refused by the server: {reason}")
                                 .replace("{reason}", say(first)))

    def _drop_live(self) -> None:
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier.deleteLater()
            self._notifier = None
        if self.live is not None:
            self.live.close()
            self.live = None

    def _on_notified(self) -> None:
        if self.live is None or self.seat is None:
            return
        try:
            arrived = self.live.drain()
        except StoreError as exc:
            self._drop_live()
            self.seat.lost(exc)
            self._settle()
            self.refresh()
            return
        if arrived:
            self.notified += 1
            self.refresh()

    def _tick(self) -> None:
        seat = self.seat
        if seat is None:
            return
        if not seat.online:
            try:
                back = seat.connect()
            except StoreError as exc:
                self.message.setText(say(exc.msg))
                return
            if back:
                self._settle()
                self._shown = []
                self.refresh()
                return
        self._show_sync()

    def _lost(self, exc: StoreError) -> bool:
        """A refusal that says the seat's server went away: the view works on from the local copy."""
        if self.seat is None or not self.seat.lost(exc):
            return False
        self._settle()
        self._shown = []
        return True

    def selected(self) -> quotes.Quote | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return self._shown[rows[0].row()] if rows and rows[0].row() < len(self._shown) else None

    def refresh(self) -> None:
        if self.store is None:
            return
        if self.seat is not None and self.seat.online and self.seat.waiting():
            self._sync()
        try:
            found = self._find()
        except StoreError as exc:
            if not self._lost(exc):
                self.message.setText(say(exc.msg))
                return
            found = self._find()
        keep = self.selected()
        if [(q.id, q.status, q.updated_at) for q in found] != [(q.id, q.status, q.updated_at) for q in self._shown]:
            self._fill(found, keep.id if keep else None)
        if self.seat is None or self.seat.online:       # offline, the tooltip says why
            self.where.setToolTip(self.tr("Last refreshed {time}").replace("{time}", QTime.currentTime().toString()))

    def _find(self) -> list[quotes.Quote]:
        assert self.store is not None
        return quotes.find(self.store, status=self.status.currentData() or None,
                           customer=self.customer.text().strip() or None,
                           owner=self.store.actor if self.mine.isChecked() else None)

    def _fill(self, found: list[quotes.Quote], keep: str | None) -> None:
        self._shown = found
        self.table.setRowCount(len(found))
        queued = self.seat is not None and not self.seat.online     # the local copy holds only waiting drafts
        for row, q in enumerate(found):
            draft = self.tr("(draft, waiting to sync)") if queued else self.tr("(draft)")
            cells = (q.number or draft, str(q.revision), _tr(STATUS_WORDS.get(q.status, q.status)),
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
                   "update": status in ("draft", "rejected", "submitted", "approved"),
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
            self._lost(exc)
            self.message.setText(say(exc.msg))
            self.refresh()
            return
        if done is not None:
            self.message.setText(self.tr("{number}: {status}").replace("{number}", done.number or self.tr("(draft)"))
                                 .replace("{status}", _tr(STATUS_WORDS.get(done.status, done.status))))
        self._shown = []
        self.refresh()

    def _do(self, key: str, q: quotes.Quote | None) -> Any:
        from ...formats.team_quotes import draft_quote, issue_quote, update_quote

        store = self.store
        assert store is not None
        if key == "create":
            evaluation = getattr(self.session, "evaluation", None) or self.session.reevaluate()
            return draft_quote(self.seat or store, self.session.build, evaluation)
        if q is None:
            return None
        if key == "update":
            evaluation = getattr(self.session, "evaluation", None) or self.session.reevaluate()
            return update_quote(self.seat or store, q.id, self.session.build, evaluation)
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
        self.clock.stop()
        self._drop_live()
        if self.seat is not None:
            self.seat.close()
        elif self.store is not None:
            self.store.close()
        super().closeEvent(event)


def show_quotes_view(window: Any) -> QuotesDialog:
    """Open (or raise) the window's Quotes view."""
    from ..dialogs.chassis_picker import show_once

    return show_once(window, "_quotes_dialog", lambda: QuotesDialog(window.session, window))
