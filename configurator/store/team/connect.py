"""Opening the store: which database, as whom, migrated to the current schema.

The address comes from `--store URL`, else `CONFIGURATOR_STORE_URL`, else the seat's own SQLite
file (`store.sqlite` in the user's data folder, created on first use). A PostgreSQL password comes
from a password file (`--password-file`, `CONFIGURATOR_STORE_PASSWORD_FILE`) or PostgreSQL's own
`~/.pgpass`; it is never written into a build, a setting or a log (addresses are shown with the
password hidden).
"""

from __future__ import annotations

import getpass
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, insert, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError

from ...core.message import Msg
from .. import paths
from ..text_files import FileReadError, read_bytes
from . import schema as t

#: the largest password file read (a password, not a document)
_MAX_PASSWORD_FILE = 4096
_MIGRATIONS = Path(__file__).with_name("migrations")


class StoreError(ValueError):
    """A store that cannot be opened, or an operation the store refuses: `msg` is a code with
    typed parameters (words/team_words.py words it)."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


@dataclass
class Store:
    """An open store: the engine, who is acting, and the engine's dialect ("sqlite", "postgresql")."""

    engine: Engine
    actor: str
    url_shown: str

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction; a refusal raised by the database's rules becomes a `StoreError`."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except DBAPIError as exc:
            raise refusal(exc) from None

    def close(self) -> None:
        self.engine.dispose()


#: the codes the database's own rules raise (migrations/versions/0002), as the store's refusals
RULE_CODES = ("quote.insert-not-draft", "quote.issued-frozen", "quote.closed", "quote.approval-required",
              "quote.no-number", "quote.approver-invalid", "snapshot.frozen", "quote_snapshots.frozen",
              "audit.append-only", "audit_log.frozen")


def refusal(exc: DBAPIError) -> StoreError:
    text = str(exc.orig) if exc.orig is not None else str(exc)
    for code in RULE_CODES:
        if code in text:
            return StoreError(Msg(code))
    if "permission denied" in text or "row-level security" in text:
        return StoreError(Msg("store.permission-denied", detail=text.splitlines()[0][:200]))
    if isinstance(exc, OperationalError):
        return StoreError(Msg("store.unreachable", detail=text.splitlines()[0][:200] if text else ""))
    return StoreError(Msg("store.failed", detail=text.splitlines()[0][:200] if text else type(exc).__name__))


def default_url() -> str:
    env = os.environ.get("CONFIGURATOR_STORE_URL")
    if env:
        return env
    return f"sqlite:///{paths.user_data_dir() / 'store.sqlite'}"


def _password(password_file: str | None) -> str | None:
    name = password_file or os.environ.get("CONFIGURATOR_STORE_PASSWORD_FILE")
    if not name:
        return None
    try:
        data = read_bytes(name, max_bytes=_MAX_PASSWORD_FILE, what="password file")
    except FileReadError as exc:
        raise StoreError(Msg("store.password-file", file=name, detail=exc.msg)) from None
    return data.decode("utf-8", "replace").strip()


def _sqlite_engine(url: Any) -> Engine:
    path = url.database
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 60})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None           # SQLAlchemy's BEGIN below, not the driver's
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA foreign_keys = ON")
        cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA busy_timeout = 60000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # take the write lock at the start: two seats upgrading read locks at once would deadlock
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def make_engine(url: str | None = None, password_file: str | None = None,
                connect_timeout: int = 5) -> tuple[Engine, str]:
    """The engine for `url` (default: `default_url()`) and the address as shown to the user."""
    raw = url or default_url()
    try:
        parsed = make_url(raw)
    except ArgumentError:
        raise StoreError(Msg("store.bad-url", url=raw.split("@")[-1])) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return _sqlite_engine(parsed), parsed.render_as_string(hide_password=True)
    if backend != "postgresql":
        raise StoreError(Msg("store.bad-url", url=parsed.render_as_string(hide_password=True)))
    parsed = parsed.set(drivername="postgresql+psycopg")
    password = _password(password_file)
    if password is not None:
        parsed = parsed.set(password=password)
    engine = create_engine(parsed, pool_pre_ping=True, connect_args={"connect_timeout": connect_timeout})
    return engine, parsed.render_as_string(hide_password=True)


def _script_location() -> str:
    """The migrations folder Alembic reads its scripts from (as files, not imports: a bundle must
    ship them as data); one line, not Alembic's traceback, when an installation lacks it."""
    if not (_MIGRATIONS / "env.py").is_file():
        raise paths.ShippedDataMissingError(Msg("install.migrations-missing", folder=str(_MIGRATIONS)))
    return str(_MIGRATIONS)


def migrate(engine: Engine) -> str:
    """Bring the store's schema to the newest migration; returns the revision it is at."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", _script_location())
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    except DBAPIError as exc:
        raise refusal(exc) from None
    return revision(engine) or ""


def revision(engine: Engine) -> str | None:
    """The store's schema revision (None: not created yet)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", _script_location())
    return ScriptDirectory.from_config(cfg).get_current_head() or ""


def now() -> datetime:
    return datetime.now(UTC)


def open_store(url: str | None = None, *, password_file: str | None = None, actor: str | None = None,
               create: bool = True, connect_timeout: int = 5) -> Store:
    """The store at `url`, migrated to the newest schema. On SQLite the seat's user acts (`actor`,
    else the login name) and is created on first use as the owner (no discount limit), and the
    single-seat quote counter is carried over; on PostgreSQL the connection's role acts and must be
    a user of the store (`configurator store user-add`)."""
    engine, shown = make_engine(url, password_file, connect_timeout)
    try:
        if engine.dialect.name == "sqlite":
            if create or revision(engine) is not None:
                migrate(engine)
            name = actor or getpass.getuser()
            with engine.begin() as conn:
                if conn.execute(select(t.users.c.name).where(t.users.c.name == name)).first() is None:
                    conn.execute(insert(t.users).values(name=name, role="owner", initials=name[:3].upper(),
                                                        discount_limit_pct=None, created_at=now()))
                    _carry_over_counter(conn)
            return Store(engine, name, shown)
        if revision(engine) != head():
            if not create:
                raise StoreError(Msg("store.not-migrated", url=shown))
            migrate(engine)
        with engine.connect() as conn:
            name = conn.exec_driver_sql("SELECT session_user").scalar_one()
        return Store(engine, str(name), shown)
    except DBAPIError as exc:
        engine.dispose()
        raise refusal(exc) from None


def _carry_over_counter(conn: Connection) -> None:
    """The single-seat counter (quote-counter.json: {"years": {"2026": 7}}) as the store's counter for
    the default mask, so the first number issued from the store follows the last one printed."""
    from ..quote_counter import counter_path
    from .numbers import DEFAULT_MASK, counter_key

    path = counter_path()
    try:
        data = json.loads(read_bytes(path, max_bytes=65536, what="quote counter"))
        years = data.get("years", {}) if isinstance(data, dict) else {}
    except (FileReadError, ValueError):
        return
    for year, value in years.items():
        if str(year).isdigit() and isinstance(value, int) and value > 0:
            key = counter_key(DEFAULT_MASK, datetime(int(year), 1, 1).date(), "")
            if conn.execute(select(t.counters.c.value).where(t.counters.c.key == key)).first() is None:
                conn.execute(insert(t.counters).values(key=key, value=value))
