"""The store's tables (SQLAlchemy Core). The migrations in migrations/versions create them; this
module is what the code reads and writes through, and a test checks both agree."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    Numeric,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData(naming_convention={
    "ix": "ix_%(column_0_label)s", "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s", "pk": "pk_%(table_name)s",
})

#: the roles a user can hold (PostgreSQL: group roles named cfg_<role>); "owner" is the single seat
ROLES = ("sales", "approver", "pricing_admin", "catalog_admin", "technician", "viewer", "owner")

#: quote states; "issued" freezes the quote (a change makes a revision)
STATUSES = ("draft", "submitted", "approved", "rejected", "issued", "won", "lost", "expired", "superseded")

MONEY = Numeric(16, 2)

settings = Table(
    "settings", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

users = Table(
    "users", metadata,
    Column("name", String(63), primary_key=True),
    Column("role", String(32), nullable=False),
    Column("initials", String(8), nullable=False, server_default=""),
    # the largest discount this user may issue without an approver; NULL: no limit
    Column("discount_limit_pct", Numeric(5, 2)),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

customers = Table(
    "customers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("customer_group", String(64), nullable=False, server_default="default"),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

price_lists = Table(
    "price_lists", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(200), nullable=False),
    Column("currency", String(3), nullable=False),
    Column("customer_group", String(64), nullable=False, server_default="default"),
    Column("valid_from", Date),
    Column("valid_to", Date),
    Column("source", String(500), nullable=False, server_default=""),
    Column("imported_at", DateTime(timezone=True), nullable=False),
    Column("imported_by", String(63), nullable=False),
    UniqueConstraint("name", "valid_from", name="uq_price_lists_name_valid_from"),
)

price_entries = Table(
    "price_entries", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("price_list_id", Integer, ForeignKey("price_lists.id", ondelete="CASCADE"), nullable=False),
    Column("part_id", String(128), nullable=False),
    Column("min_qty", Integer, nullable=False, server_default="1"),
    Column("price", MONEY, nullable=False),
    # what the company pays: unreadable to sales engineers, technicians and viewers (PostgreSQL grants)
    Column("cost", MONEY),
    UniqueConstraint("price_list_id", "part_id", "min_qty", name="uq_price_entries_list_part_qty"),
)

quotes = Table(
    "quotes", metadata,
    Column("id", String(36), primary_key=True),
    Column("family", String(36), nullable=False),          # the first revision's id
    Column("revision", Integer, nullable=False, server_default="0"),
    Column("title", String(200), nullable=False),
    Column("customer_id", Integer, ForeignKey("customers.id")),
    Column("owner", String(63), ForeignKey("users.name"), nullable=False),
    Column("status", String(16), nullable=False, server_default="draft"),
    Column("currency", String(3), nullable=False),
    Column("build_json", Text, nullable=False),
    Column("subtotal", MONEY, nullable=False),
    Column("discount_pct", Numeric(5, 2), nullable=False, server_default="0"),
    Column("total", MONEY, nullable=False),
    Column("approved_by", String(63)),
    Column("approved_at", DateTime(timezone=True)),
    Column("number", String(64), unique=True),
    Column("issued_at", DateTime(timezone=True)),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("updated_by", String(63), nullable=False),
    UniqueConstraint("family", "revision", name="uq_quotes_family_revision"),
)

quote_lines = Table(
    "quote_lines", metadata,
    Column("quote_id", String(36), ForeignKey("quotes.id", ondelete="CASCADE"), primary_key=True),
    Column("line", Integer, primary_key=True),
    Column("part_id", String(128), nullable=False),
    Column("name", String(300), nullable=False),
    Column("qty", Integer, nullable=False),
    Column("unit_price", MONEY),
)

quote_snapshots = Table(
    "quote_snapshots", metadata,
    Column("quote_id", String(36), ForeignKey("quotes.id"), primary_key=True),
    Column("number", String(64), nullable=False, unique=True),
    Column("pdf", LargeBinary, nullable=False),
    Column("build_json", Text, nullable=False),
    Column("catalog_version", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("created_by", String(63), nullable=False),
)

counters = Table(
    "counters", metadata,
    Column("key", String(128), primary_key=True),
    Column("value", Integer, nullable=False),
)

baselines = Table(
    "baselines", metadata,
    Column("serial", String(128), primary_key=True),
    Column("server", String(200), nullable=False),
    Column("data", Text, nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("recorded_by", String(63), nullable=False),
)

audit_log = Table(
    "audit_log", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("actor", String(63), nullable=False),
    Column("action", String(32), nullable=False),
    Column("entity", String(32), nullable=False),
    Column("entity_id", String(64), nullable=False),
    Column("detail", Text, nullable=False, server_default=""),
)

#: a seat's local copy only (SQLite; migrations/versions/0003): the drafts made while the server was
#: unreachable, sent by their own id (idempotent) when it is reachable again (offline.py)
outbox = Table(
    "outbox", metadata,
    Column("quote_id", String(36), ForeignKey("quotes.id", ondelete="CASCADE"), primary_key=True),
    Column("queued_at", DateTime(timezone=True), nullable=False),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("last_error", Text, nullable=False, server_default=""),
)
