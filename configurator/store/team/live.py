"""Live updates between seats on PostgreSQL: LISTEN on the channel the quotes trigger notifies
(migrations/versions/0003) on a connection of its own.

The listener never blocks: `fileno()` is the socket a GUI watches (a QSocketNotifier), and
`drain()` reads whatever notifications have arrived and says how many. A notification carries no
quote id: the seat reads the quotes again through its own grants and row-level security. SQLite
has no notifications; its seats poll.
"""

from __future__ import annotations

from typing import Any

from ...core.message import Msg
from .connect import Store, StoreError

#: the channel of migrations/versions/0003
CHANNEL = "cfg_quotes"


class Listener:
    """LISTEN cfg_quotes as the store's user; a StoreError (store.unreachable) when the server
    cannot be reached or goes away."""

    def __init__(self, store: Store, connect_timeout: int = 3) -> None:
        import psycopg

        url = store.engine.url
        params: dict[str, Any] = {k: v for k, v in url.query.items() if isinstance(v, str)}
        try:
            self.conn = psycopg.connect(host=url.host, port=url.port, user=url.username, password=url.password,
                                        dbname=url.database, connect_timeout=connect_timeout, autocommit=True,
                                        # a server gone without a word (a dropped network) is noticed in ~1 min
                                        keepalives=1, keepalives_idle=30, keepalives_interval=10,
                                        keepalives_count=3, **params)
            self.conn.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error as exc:
            raise _unreachable(exc) from None

    def fileno(self) -> int:
        return int(self.conn.fileno())

    def drain(self) -> int:
        """The notifications that have arrived (0: none), without waiting for more."""
        import psycopg

        try:
            return sum(1 for _ in self.conn.notifies(timeout=0))
        except psycopg.Error as exc:
            raise _unreachable(exc) from None

    def close(self) -> None:
        self.conn.close()


def _unreachable(exc: Exception) -> StoreError:
    text = str(exc).strip().splitlines()
    return StoreError(Msg("store.unreachable", detail=text[0][:200] if text else type(exc).__name__))
