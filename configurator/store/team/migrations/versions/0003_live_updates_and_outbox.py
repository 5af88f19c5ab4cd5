"""Live updates between seats and the offline seat's outbox.

PostgreSQL: a statement trigger on quotes sends NOTIFY cfg_quotes (an empty payload: a listener
learns only that quotes changed and reads them through its own grants and row-level security,
never another seat's quote ids). SQLite has no NOTIFY (its seats poll): there the migration adds
the outbox, the drafts a seat made while its server was unreachable (offline.py), which only a
seat's local copy uses.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

#: the channel a seat LISTENs on (live.py)
CHANNEL = "cfg_quotes"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"""CREATE FUNCTION cfg_quotes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_notify('{CHANNEL}', ''); RETURN NULL; END $$""")
        op.execute("CREATE TRIGGER quotes_notify AFTER INSERT OR UPDATE OR DELETE ON quotes "
                   "FOR EACH STATEMENT EXECUTE FUNCTION cfg_quotes_notify()")
        return
    op.create_table(
        "outbox",
        sa.Column("quote_id", sa.String(length=36), nullable=False),
        sa.Column("queued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("last_error", sa.Text(), server_default="", nullable=False),
        sa.ForeignKeyConstraint(["quote_id"], ["quotes.id"], name=op.f("fk_outbox_quote_id_quotes"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("quote_id", name=op.f("pk_outbox")),
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS quotes_notify ON quotes")
        op.execute("DROP FUNCTION IF EXISTS cfg_quotes_notify")
        return
    op.drop_table("outbox")
