"""Offline-first seats: a seat on PostgreSQL keeps a local SQLite copy of its own.

The copy (`seats/<server>-<digest>.sqlite` in the user's data folder, one per server address and
user) holds the drafts made while the server could not be reached, queued in its outbox by the
quote's own id, and the price lists as of the last sync. `sync()` sends each queued draft by that
id (a draft already on the server is updated, never inserted twice, so re-sending after a lost
reply duplicates nothing), then copies the price lists (price, never cost) and records when.

Numbers and approvals are the server's: the copy is marked a replica (settings `replica_of`), and
the store refuses to submit, approve, reject or issue a quote there (quotes.server_only), in words
that say the draft is kept and will be sent. docs/team-store.md describes it for users.
"""

from __future__ import annotations

import getpass
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from ...core.message import Msg
from .. import paths
from . import quotes
from . import schema as t
from .connect import Store, StoreError, now, open_store

#: settings keys of a local copy
REPLICA_OF = "replica_of"          # quotes.py reads it: a replica refuses numbers, queues new drafts
SYNCED_AT = "synced_at"
#: the connect timeout of a seat (seconds): an unreachable server is known this soon
CONNECT_TIMEOUT = 3


def is_server(url: str | None) -> bool:
    """Whether `url` is a PostgreSQL server (a seat keeps a local copy of it)."""
    if not url:
        return False
    try:
        return make_url(url).get_backend_name() == "postgresql"
    except ArgumentError:
        return False


def local_path(url: str) -> Path:
    """The local copy of the server at `url` for its user (the password is no part of the name)."""
    parsed = make_url(url)
    user = parsed.username or getpass.getuser()
    key = f"{user}@{parsed.host or 'localhost'}:{parsed.port or 5432}/{parsed.database or ''}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    host = re.sub(r"[^A-Za-z0-9._-]", "_", parsed.host or "localhost")[:40]
    return paths.user_data_dir() / "seats" / f"{host}-{digest}.sqlite"


@dataclass(frozen=True)
class SyncResult:
    sent: int                    # drafts sent to the server (inserted or brought up to date)
    kept: int                    # drafts the server already had as sent (a repeated sync)
    failed: dict[str, Msg]       # quote id -> why the server refused it (it stays queued)
    price_lists: int             # price lists copied
    at: datetime


def _aware(stamp: datetime) -> datetime:
    """SQLite keeps no time zone: the store writes UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


@dataclass
class Seat:
    """A seat on a PostgreSQL server with its local copy; `store` is the server while it can be
    reached, else the copy."""

    url: str
    password_file: str | None = None
    create: bool = False
    local: Store = field(init=False)
    server: Store | None = field(init=False, default=None)
    #: why the server is not used (None while connected)
    reason: Msg | None = field(init=False, default=None)
    #: the server's address, password hidden
    shown: str = field(init=False, default="")

    def __post_init__(self) -> None:
        user = make_url(self.url).username or getpass.getuser()
        self.local = open_store(f"sqlite:///{local_path(self.url)}", actor=user)
        self.shown = make_url(self.url).render_as_string(hide_password=True)
        with self.local.begin() as conn:
            _set(conn, REPLICA_OF, self.shown)

    @property
    def store(self) -> Store:
        return self.server or self.local

    @property
    def online(self) -> bool:
        return self.server is not None

    def connect(self) -> bool:
        """Connect to the server if not connected; False (and `reason`) when it cannot be reached.
        Any other refusal (a wrong password, no such user, an old schema) is raised."""
        if self.server is not None:
            return True
        try:
            self.server = open_store(self.url, password_file=self.password_file, create=self.create,
                                     connect_timeout=CONNECT_TIMEOUT)
        except StoreError as exc:
            if exc.msg.id != "store.unreachable":
                raise
            self.reason = exc.msg
            return False
        self.reason = None
        return True

    def lost(self, exc: StoreError) -> bool:
        """After a refusal: whether it says the server went away (the seat then works offline)."""
        if exc.msg.id != "store.unreachable":
            return False
        if self.server is not None:
            self.server.close()
        self.server = None
        self.reason = exc.msg
        return True

    def create_draft(self, **fields: Any) -> quotes.Quote:
        """A new draft (quotes.create's fields): on the server if it can be reached, else in the
        local copy, queued to be sent."""
        if self.connect():
            assert self.server is not None
            try:
                return quotes.create(self.server, **fields)
            except StoreError as exc:
                if not self.lost(exc):
                    raise
        return quotes.create(self.local, **fields)            # queued: the copy is a replica

    def edit_draft(self, key: str, **fields: Any) -> quotes.Quote:
        """Change a draft (quotes.edit's fields): one still waiting in the local copy is changed
        there (the latest version is sent), any other on the server."""
        if self._queued(key):
            return quotes.edit(self.local, key, **fields)
        if not self.connect():
            raise StoreError(Msg("store.offline-not-here", quote=key, server=self.shown))
        assert self.server is not None
        return quotes.edit(self.server, key, **fields)

    def _queued(self, key: str) -> bool:
        with self.local.begin() as conn:
            return conn.execute(select(t.outbox.c.quote_id).join(t.quotes, t.quotes.c.id == t.outbox.c.quote_id)
                                .where(t.quotes.c.id == key)).first() is not None

    def waiting(self) -> list[quotes.Quote]:
        """The drafts waiting to be sent, oldest first."""
        with self.local.begin() as conn:
            ids = [str(i) for i in conn.execute(select(t.outbox.c.quote_id).order_by(t.outbox.c.queued_at))
                   .scalars()]
        return [quotes.get(self.local, i) for i in ids]

    def synced_at(self) -> datetime | None:
        """When the price lists were last copied from the server (None: never)."""
        with self.local.begin() as conn:
            value = conn.execute(select(t.settings.c.value).where(t.settings.c.key == SYNCED_AT)).scalar_one_or_none()
        return datetime.fromisoformat(str(value)) if value else None

    def sync(self) -> SyncResult:
        """Send the queued drafts and copy the price lists; a StoreError (store.unreachable) when
        the server cannot be reached, the drafts staying queued."""
        if not self.connect():
            assert self.reason is not None
            raise StoreError(self.reason)
        assert self.server is not None
        try:
            return self._sync(self.server)
        except StoreError as exc:
            self.lost(exc)
            raise

    def _sync(self, server: Store) -> SyncResult:
        sent = kept = 0
        failed: dict[str, Msg] = {}
        for draft in self.waiting():
            with self.local.begin() as conn:
                build_json = str(conn.execute(select(t.quotes.c.build_json).where(t.quotes.c.id == draft.id))
                                 .scalar_one())
                created = _aware(conn.execute(select(t.quotes.c.created_at).where(t.quotes.c.id == draft.id))
                                 .scalar_one())
            lines = quotes.lines(self.local, draft.id)
            try:
                changed = _send(server, draft, build_json, created, lines)
            except StoreError as exc:
                if exc.msg.id == "store.unreachable":
                    raise
                failed[draft.id] = exc.msg
                with self.local.begin() as conn:
                    conn.execute(update(t.outbox).where(t.outbox.c.quote_id == draft.id).values(
                        attempts=t.outbox.c.attempts + 1, last_error=exc.msg.id))
                continue
            sent += changed
            kept += not changed
            self._sent(draft.id)
        lists = self._copy_prices(server)
        return SyncResult(sent, kept, failed, lists, self.synced_at() or now())

    def _sent(self, quote_id: str) -> None:
        """The server has the draft: it leaves the local copy (and the outbox with it)."""
        with self.local.begin() as conn:
            conn.execute(delete(t.quote_lines).where(t.quote_lines.c.quote_id == quote_id))
            conn.execute(delete(t.quotes).where(t.quotes.c.id == quote_id))

    def _copy_prices(self, server: Store) -> int:
        """The server's price lists as the local copy's (prices only: cost stays on the server)."""
        with server.begin() as conn:
            lists = [dict(r._mapping) for r in conn.execute(select(t.price_lists))]
            entries = [dict(r._mapping) for r in conn.execute(select(
                t.price_entries.c.id, t.price_entries.c.price_list_id, t.price_entries.c.part_id,
                t.price_entries.c.min_qty, t.price_entries.c.price))]
        with self.local.begin() as conn:
            conn.execute(delete(t.price_entries))
            conn.execute(delete(t.price_lists))
            if lists:
                conn.execute(insert(t.price_lists), lists)
            if entries:
                conn.execute(insert(t.price_entries), entries)
            _set(conn, SYNCED_AT, now().isoformat())
        return len(lists)

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
        self.local.close()


def _send(server: Store, draft: quotes.Quote, build_json: str, created: datetime,
          lines: Sequence[quotes.Line]) -> bool:
    """Put `draft` on the server by its id in one transaction: inserted when new, brought up to
    date when the server has an older version of it, left alone when the server has this version
    (the reply to an earlier send was lost) or has moved it on (submitted from another seat).
    Returns whether anything was written."""
    updated = _aware(draft.updated_at)
    with server.begin() as conn:
        there = conn.execute(select(t.quotes.c.status, t.quotes.c.updated_at)
                             .where(t.quotes.c.id == draft.id)).first()
        values: dict[str, Any] = {
            "title": draft.title, "customer_id": quotes._customer_id(conn, draft.customer),
            "currency": draft.currency, "build_json": build_json, "subtotal": draft.subtotal,
            "discount_pct": draft.discount_pct, "total": draft.total, "updated_at": updated,
            "updated_by": server.actor}
        if there is None:
            conn.execute(insert(t.quotes).values(id=draft.id, family=draft.family, revision=draft.revision,
                                                 owner=server.actor, status="draft", created_at=created, **values))
        elif there.status == "draft" and _aware(there.updated_at) < updated:
            conn.execute(update(t.quotes).where(t.quotes.c.id == draft.id).values(**values))
        else:
            return False
        quotes._write_lines(conn, draft.id, lines)
        quotes._audit(server, conn, "sync", "quotes", draft.id, title=draft.title)
        return True


def _set(conn: Connection, key: str, value: str) -> None:
    if conn.execute(select(func.count()).select_from(t.settings).where(t.settings.c.key == key)).scalar_one():
        conn.execute(update(t.settings).where(t.settings.c.key == key).values(value=value))
    else:
        conn.execute(insert(t.settings).values(key=key, value=value))

