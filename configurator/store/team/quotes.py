"""The quote lifecycle: draft → submitted → approved/rejected → issued → won/lost/expired/superseded.

The database holds the rules (migrations/versions/0002): an issued quote is frozen and a change to
it is a new revision (`revise`); a price change after approval voids the approval; a discount over
the owner's limit cannot be issued without an approver (also through `duplicate`, which starts a
fresh draft). Issuing draws the number, renders the PDF with it and stores the frozen snapshot in one
transaction, so a failed render or a killed client leaves no number used.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, Row, and_, delete, insert, or_, select, update

from ...core.message import Msg
from . import schema as t
from .connect import Store, StoreError, now
from .numbers import DEFAULT_MASK, draw_number, revision_number

OUTCOMES = ("won", "lost", "expired")


@dataclass(frozen=True)
class Line:
    part_id: str
    name: str
    qty: int
    unit_price: Decimal | None


@dataclass(frozen=True)
class Quote:
    id: str
    family: str
    revision: int
    title: str
    customer: str | None
    owner: str
    status: str
    currency: str
    subtotal: Decimal
    discount_pct: Decimal
    total: Decimal
    number: str | None
    approved_by: str | None
    issued_at: datetime | None
    updated_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "family": self.family, "revision": self.revision, "title": self.title,
                "customer": self.customer, "owner": self.owner, "status": self.status,
                "currency": self.currency, "subtotal": str(self.subtotal), "discount_pct": str(self.discount_pct),
                "total": str(self.total), "number": self.number, "approved_by": self.approved_by,
                "issued_at": self.issued_at.isoformat() if self.issued_at else None,
                "updated_at": self.updated_at.isoformat()}


_COLUMNS = (t.quotes.c.id, t.quotes.c.family, t.quotes.c.revision, t.quotes.c.title, t.customers.c.name,
            t.quotes.c.owner, t.quotes.c.status, t.quotes.c.currency, t.quotes.c.subtotal,
            t.quotes.c.discount_pct, t.quotes.c.total, t.quotes.c.number, t.quotes.c.approved_by,
            t.quotes.c.issued_at, t.quotes.c.updated_at)


def _select() -> Any:
    return select(*_COLUMNS).select_from(t.quotes.outerjoin(t.customers, t.customers.c.id == t.quotes.c.customer_id))


def _quote(row: Row[Any]) -> Quote:
    return Quote(*tuple(row))  # the columns of _select, in order


def _audit(store: Store, conn: Connection, action: str, entity: str, entity_id: str, **detail: Any) -> None:
    """The audit row on SQLite (PostgreSQL's triggers write their own, as the connected role)."""
    if store.dialect == "sqlite":
        conn.execute(insert(t.audit_log).values(at=now(), actor=store.actor, action=action, entity=entity,
                                                entity_id=entity_id,
                                                detail=json.dumps(detail, default=str, sort_keys=True)))


def _customer_id(conn: Connection, name: str | None) -> int | None:
    if not name:
        return None
    found = conn.execute(select(t.customers.c.id).where(t.customers.c.name == name)).scalar_one_or_none()
    if found is not None:
        return int(found)
    return int(conn.execute(insert(t.customers).values(name=name, created_at=now())
                            .returning(t.customers.c.id)).scalar_one())


def _total(subtotal: Decimal, discount_pct: Decimal) -> Decimal:
    return (subtotal * (Decimal(100) - discount_pct) / Decimal(100)).quantize(Decimal("0.01"))


def _write_lines(conn: Connection, quote_id: str, lines: Sequence[Line]) -> None:
    conn.execute(delete(t.quote_lines).where(t.quote_lines.c.quote_id == quote_id))
    if lines:
        conn.execute(insert(t.quote_lines), [
            {"quote_id": quote_id, "line": i, "part_id": ln.part_id, "name": ln.name[:300], "qty": ln.qty,
             "unit_price": ln.unit_price} for i, ln in enumerate(lines, 1)])


def _get(conn: Connection, key: str) -> Quote:
    row = conn.execute(_select().where(or_(t.quotes.c.id == key, t.quotes.c.number == key))).first()
    if row is None:
        raise StoreError(Msg("store.no-quote", quote=key))
    return _quote(row)


def create(store: Store, *, title: str, build_json: str, currency: str, subtotal: Decimal,
           discount_pct: Decimal = Decimal(0), lines: Sequence[Line] = (), customer: str | None = None,
           family: str | None = None, revision: int = 0) -> Quote:
    """A new draft quote owned by the acting user. On a seat's local copy (offline.py) it is also
    queued in the outbox, in the same transaction, to be sent to the server by its id."""
    quote_id = str(uuid.uuid4())
    stamp = now()
    with store.begin() as conn:
        conn.execute(insert(t.quotes).values(
            id=quote_id, family=family or quote_id, revision=revision, title=title[:200],
            customer_id=_customer_id(conn, customer), owner=store.actor, status="draft", currency=currency,
            build_json=build_json, subtotal=subtotal, discount_pct=discount_pct,
            total=_total(subtotal, discount_pct), created_at=stamp, updated_at=stamp, updated_by=store.actor))
        _write_lines(conn, quote_id, lines)
        if _replica_of(conn) is not None:
            conn.execute(insert(t.outbox).values(quote_id=quote_id, queued_at=stamp))
        _audit(store, conn, "insert", "quotes", quote_id, title=title, discount_pct=discount_pct)
        return _get(conn, quote_id)


def edit(store: Store, key: str, *, build_json: str | None = None, subtotal: Decimal | None = None,
         discount_pct: Decimal | None = None, lines: Sequence[Line] | None = None, title: str | None = None) -> Quote:
    """Change a quote that is not issued; a price change voids its approval (the database does)."""
    with store.begin() as conn:
        q = _get(conn, key)
        if q.status not in ("draft", "submitted", "approved", "rejected"):
            raise StoreError(Msg("quote.issued-frozen"))
        sub = q.subtotal if subtotal is None else subtotal
        disc = q.discount_pct if discount_pct is None else discount_pct
        values: dict[str, Any] = {"subtotal": sub, "discount_pct": disc, "total": _total(sub, disc),
                                  "updated_at": now(), "updated_by": store.actor}
        if build_json is not None:
            values["build_json"] = build_json
        if title is not None:
            values["title"] = title[:200]
        if q.status == "rejected":
            values["status"] = "draft"
        conn.execute(update(t.quotes).where(t.quotes.c.id == q.id).values(**values))
        if lines is not None:
            _write_lines(conn, q.id, lines)
        _audit(store, conn, "update", "quotes", q.id, discount_pct=disc, subtotal=sub)
        return _get(conn, q.id)


def _replica_of(conn: Connection) -> str | None:
    """The server whose local copy this store is (offline.py), or None."""
    found = conn.execute(select(t.settings.c.value).where(t.settings.c.key == "replica_of")).scalar_one_or_none()
    return None if found is None else str(found)


def server_only(conn: Connection, to: str) -> None:
    """Numbers and approvals are the server's: a seat's local copy (offline.py) refuses to move a
    quote past draft."""
    server = _replica_of(conn)
    if server is not None:
        raise StoreError(Msg("store.server-only", to=to, server=str(server)))


def _move(store: Store, key: str, allowed_from: tuple[str, ...], to: str, **values: Any) -> Quote:
    with store.begin() as conn:
        server_only(conn, to)
        q = _get(conn, key)
        if q.status not in allowed_from:
            raise StoreError(Msg("store.bad-move", quote=q.number or q.id, status=q.status, to=to))
        conn.execute(update(t.quotes).where(t.quotes.c.id == q.id).values(
            status=to, updated_at=now(), updated_by=store.actor, **values))
        _audit(store, conn, "update", "quotes", q.id, status=to, was=q.status)
        return _get(conn, q.id)


def submit(store: Store, key: str) -> Quote:
    return _move(store, key, ("draft", "rejected"), "submitted")


def approve(store: Store, key: str) -> Quote:
    """An approver approves a submitted quote (not their own; the database checks on PostgreSQL)."""
    with store.begin() as conn:
        server_only(conn, "approved")
        q = _get(conn, key)
        role = conn.execute(select(t.users.c.role).where(t.users.c.name == store.actor)).scalar_one_or_none()
    if role not in ("approver", "owner"):
        raise StoreError(Msg("store.not-approver", user=store.actor))
    if q.owner == store.actor and role != "owner":
        raise StoreError(Msg("store.own-approval", user=store.actor))
    return _move(store, key, ("submitted",), "approved", approved_by=store.actor, approved_at=now())


def reject(store: Store, key: str) -> Quote:
    return _move(store, key, ("submitted",), "rejected")


def close(store: Store, key: str, outcome: str) -> Quote:
    if outcome not in OUTCOMES:
        raise StoreError(Msg("store.bad-outcome", outcome=outcome))
    return _move(store, key, ("issued",), outcome)


def number_mask(conn: Connection) -> str:
    found = conn.execute(select(t.settings.c.value).where(t.settings.c.key == "number_mask")).scalar_one_or_none()
    return str(found) if found else DEFAULT_MASK


def issue(store: Store, key: str, render: Callable[[Quote, str, str], bytes], *, catalog_version: str,
          today: date | None = None) -> Quote:
    """Issue a quote: draw its number (a revision keeps its family's number with a letter), render
    the PDF with it (`render(quote, number, build_json)`, in this transaction: it must not open
    another connection to the store), freeze the snapshot and supersede the revision before,
    all in one transaction."""
    with store.begin() as conn:
        server_only(conn, "issued")
        q = _get(conn, key)
        if q.status not in ("draft", "approved"):
            raise StoreError(Msg("store.bad-move", quote=q.number or q.id, status=q.status, to="issued"))
        if q.revision == 0:
            initials = conn.execute(select(t.users.c.initials).where(t.users.c.name == q.owner)).scalar_one()
            number = draw_number(conn, number_mask(conn), today or now().date(), str(initials))
        else:
            base = conn.execute(select(t.quotes.c.number).where(and_(
                t.quotes.c.family == q.family, t.quotes.c.revision == 0))).scalar_one()
            number = revision_number(str(base), q.revision)
        stamp = now()
        # the database refuses here (no approver for a discount over the limit) before anything is kept
        conn.execute(update(t.quotes).where(t.quotes.c.id == q.id).values(
            status="issued", number=number, issued_at=stamp, updated_at=stamp, updated_by=store.actor))
        issued = _get(conn, q.id)
        build_json = conn.execute(select(t.quotes.c.build_json).where(t.quotes.c.id == q.id)).scalar_one()
        conn.execute(insert(t.quote_snapshots).values(
            quote_id=q.id, number=number, pdf=render(issued, number, build_json), build_json=build_json,
            catalog_version=catalog_version, created_at=stamp, created_by=store.actor))
        conn.execute(update(t.quotes).where(and_(t.quotes.c.family == q.family, t.quotes.c.id != q.id,
                                                 t.quotes.c.status == "issued"))
                     .values(status="superseded", updated_at=stamp, updated_by=store.actor))
        _audit(store, conn, "issue", "quotes", q.id, number=number)
        return issued


def revise(store: Store, key: str) -> Quote:
    """A new draft revision of an issued quote (the issued one stays, with its PDF, until the
    revision is issued)."""
    with store.begin() as conn:
        q = _get(conn, key)
        if q.status != "issued":
            raise StoreError(Msg("store.bad-move", quote=q.number or q.id, status=q.status, to="revision"))
        latest = conn.execute(select(t.quotes.c.revision).where(t.quotes.c.family == q.family)
                              .order_by(t.quotes.c.revision.desc())).scalars().first()
        build_json = conn.execute(select(t.quotes.c.build_json).where(t.quotes.c.id == q.id)).scalar_one()
        lines = _lines(conn, q.id)
    return create(store, title=q.title, build_json=build_json, currency=q.currency, subtotal=q.subtotal,
                  discount_pct=q.discount_pct, lines=lines, customer=q.customer, family=q.family,
                  revision=int(latest or 0) + 1)


def duplicate(store: Store, key: str) -> Quote:
    """A new quote family from any quote: a draft, unapproved and unnumbered."""
    with store.begin() as conn:
        q = _get(conn, key)
        build_json = conn.execute(select(t.quotes.c.build_json).where(t.quotes.c.id == q.id)).scalar_one()
        lines = _lines(conn, q.id)
    return create(store, title=q.title, build_json=build_json, currency=q.currency, subtotal=q.subtotal,
                  discount_pct=q.discount_pct, lines=lines, customer=q.customer)


def _lines(conn: Connection, quote_id: str) -> list[Line]:
    rows = conn.execute(select(t.quote_lines.c.part_id, t.quote_lines.c.name, t.quote_lines.c.qty,
                               t.quote_lines.c.unit_price).where(t.quote_lines.c.quote_id == quote_id)
                        .order_by(t.quote_lines.c.line)).all()
    return [Line(*r) for r in rows]


def get(store: Store, key: str) -> Quote:
    with store.begin() as conn:
        return _get(conn, key)


def lines(store: Store, key: str) -> list[Line]:
    with store.begin() as conn:
        return _lines(conn, _get(conn, key).id)


def find(store: Store, *, status: str | None = None, customer: str | None = None,
         owner: str | None = None, limit: int = 500) -> list[Quote]:
    """Quotes the acting user may see, newest first."""
    query = _select()
    if status:
        query = query.where(t.quotes.c.status == status)
    if customer:
        query = query.where(t.customers.c.name == customer)
    if owner:
        query = query.where(t.quotes.c.owner == owner)
    with store.begin() as conn:
        return [_quote(r) for r in conn.execute(query.order_by(t.quotes.c.updated_at.desc()).limit(limit))]


def revisions(store: Store, key: str) -> list[Quote]:
    with store.begin() as conn:
        q = _get(conn, key)
        return [_quote(r) for r in conn.execute(_select().where(t.quotes.c.family == q.family)
                                                .order_by(t.quotes.c.revision))]


def snapshot(store: Store, key: str) -> tuple[bytes, str, str]:
    """The frozen PDF, build JSON and catalog version of an issued quote (any revision, by number)."""
    with store.begin() as conn:
        q = _get(conn, key)
        row = conn.execute(select(t.quote_snapshots.c.pdf, t.quote_snapshots.c.build_json,
                                  t.quote_snapshots.c.catalog_version)
                           .where(t.quote_snapshots.c.quote_id == q.id)).first()
    if row is None:
        raise StoreError(Msg("store.no-snapshot", quote=q.number or q.id))
    return bytes(row[0]), str(row[1]), str(row[2])


def audit_trail(store: Store, entity_id: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
    query = select(t.audit_log).order_by(t.audit_log.c.id.desc()).limit(limit)
    if entity_id:
        query = query.where(t.audit_log.c.entity_id == entity_id)
    with store.begin() as conn:
        return [{"at": r.at.isoformat() if isinstance(r.at, datetime) else str(r.at), "actor": r.actor,
                 "action": r.action, "entity": r.entity, "entity_id": r.entity_id, "detail": r.detail}
                for r in conn.execute(query)]
