"""Alembic's environment: migrations run on the connection the store hands over
(`connect.migrate`), on SQLite and on PostgreSQL alike."""

from __future__ import annotations

from alembic import context

from configurator.store.team.schema import metadata


def run_migrations() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


# Alembic runs this file with its context set up; a plain import (a test importing every module) does not
if hasattr(context, "config"):
    run_migrations()
