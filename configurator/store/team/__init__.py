"""The shared store: price lists, customers, quotes with numbers, revisions and approvals, server
baselines, users and an audit log, behind one interface on two engines.

SQLite (embedded, one seat, the default: created on first use under the user's data folder) and
PostgreSQL (a team's own server; roles, grants and row-level security enforce who may read cost and
who may approve). SQLAlchemy 2 Core over both; Alembic migrations (migrations/) run on both.
docs/team-store.md describes the lifecycle and the roles.
"""
