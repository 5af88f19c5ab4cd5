"""The same store tests on SQLite and on a real PostgreSQL started by the tests (postgres_server.py)."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[3] / "packaging"))
import team_server as postgres_server  # noqa: E402

from configurator.store.team import connect, users
from configurator.store.team.connect import Store

_COUNT = itertools.count()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[postgres_server.Server]:
    try:
        server = postgres_server.start()
    except RuntimeError as exc:
        pytest.skip(f"no PostgreSQL for the team-store tests: {exc}")
    yield server
    server.stop()


class Team:
    """One store, an administrator's connection, and a seat per user."""

    def __init__(self, engine: str, url: str, admin: Store, user_url: Callable[[str], str]) -> None:
        self.engine = engine
        self.url = url
        self.admin = admin
        self._user_url = user_url
        self._open: list[Store] = [admin]

    def user(self, name: str, role: str, limit: str | None = None) -> Store:
        users.add_user(self.admin, name, role, discount_limit_pct=None if limit is None else Decimal(limit))
        return self.seat(name)

    def seat(self, name: str) -> Store:
        if self.engine == "sqlite":
            store = connect.open_store(self.url, actor=name)
        else:
            store = connect.open_store(self._user_url(name), create=False)
        self._open.append(store)
        return store

    def close(self) -> None:
        for store in self._open:
            store.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def team(request, tmp_path, monkeypatch) -> Iterator[Team]:
    # a store of its own: the single-seat counter carried over on first use is this test's (none)
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.sqlite'}"
        admin = connect.open_store(url, actor="admin")
        yield (t := Team("sqlite", url, admin, lambda name: url))
    else:
        server = request.getfixturevalue("pg_server")
        db = f"t{next(_COUNT)}"
        url = postgres_server.fresh_database(server, db)
        admin = connect.open_store(url)
        yield (t := Team("postgresql", url, admin, lambda name: server.url(user=name, db=db)))
    t.close()
