"""Who may do what: users, their role and discount limit; on PostgreSQL each user is a login role
that is a member of the group role of its job (cfg_sales, cfg_approver, …), which the grants and
row-level security of migrations/versions/0002 name."""

from __future__ import annotations

import re
from decimal import Decimal

from sqlalchemy import insert, select, text, update

from ...core.message import Msg
from . import schema as t
from .connect import Store, StoreError, now
from .numbers import check_mask

_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


def add_user(store: Store, name: str, role: str, *, discount_limit_pct: Decimal | None = None,
             initials: str | None = None, password: str | None = None) -> None:
    """Add a user (an administrator's connection on PostgreSQL: it creates the login role)."""
    if not _NAME.fullmatch(name):
        raise StoreError(Msg("store.bad-user-name", user=name[:80]))
    if role not in t.ROLES or (role == "owner" and store.dialect == "postgresql"):
        raise StoreError(Msg("store.bad-role", role=role, roles=", ".join(r for r in t.ROLES if r != "owner")))
    with store.begin() as conn:
        if conn.execute(select(t.users.c.name).where(t.users.c.name == name)).first() is not None:
            conn.execute(update(t.users).where(t.users.c.name == name).values(
                role=role, discount_limit_pct=discount_limit_pct, initials=(initials or name[:3]).upper()))
        else:
            conn.execute(insert(t.users).values(name=name, role=role, initials=(initials or name[:3]).upper(),
                                                discount_limit_pct=discount_limit_pct, created_at=now()))
        if store.dialect == "postgresql":
            exists = conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"), {"n": name}).first()
            # identifiers cannot be bound parameters: the name is checked against _NAME above
            if exists is None:
                conn.execute(text(f'CREATE ROLE "{name}" LOGIN'))
            if password is not None:
                quoted = conn.execute(text("SELECT quote_literal(:p)"), {"p": password}).scalar_one()
                conn.execute(text(f'ALTER ROLE "{name}" PASSWORD {quoted}'))
            for other in t.ROLES:
                if other != "owner":
                    conn.execute(text(f'REVOKE cfg_{other} FROM "{name}"'))
            conn.execute(text(f'GRANT cfg_{role} TO "{name}"'))


def set_number_mask(store: Store, mask: str) -> None:
    check_mask(mask)
    with store.begin() as conn:
        if conn.execute(select(t.settings.c.key).where(t.settings.c.key == "number_mask")).first():
            conn.execute(update(t.settings).where(t.settings.c.key == "number_mask").values(value=mask))
        else:
            conn.execute(insert(t.settings).values(key="number_mask", value=mask))


def users(store: Store) -> list[dict[str, object]]:
    with store.begin() as conn:
        return [{"name": r.name, "role": r.role, "initials": r.initials,
                 "discount_limit_pct": None if r.discount_limit_pct is None else str(r.discount_limit_pct)}
                for r in conn.execute(select(t.users).order_by(t.users.c.name))]
