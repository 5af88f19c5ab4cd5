"""One client issuing quotes, for the concurrency test and bench/bench_team_numbers.py:

    python issue_worker.py URL USER COUNT KILL_AT

prints one JSON line per issued quote ({"number", "seconds"}); at issue number KILL_AT (0-based;
-1: never) the process dies inside the issuing transaction, after its number was drawn.
"""

from __future__ import annotations

import json
import os
import sys
import time
from decimal import Decimal

from configurator.store.team import connect, quotes


def main(url: str, user: str, count: int, kill_at: int) -> None:
    store = connect.open_store(url, actor=user, create=False)
    for i in range(count):
        draft = quotes.create(store, title=f"{user} {i}", build_json="{}", currency="USD",
                              subtotal=Decimal("1000"))

        def render(quote: quotes.Quote, number: str, build_json: str, i: int = i) -> bytes:
            if i == kill_at:
                os._exit(9)             # killed mid-transaction: the number was drawn, nothing committed
            return number.encode()

        start = time.perf_counter()
        issued = quotes.issue(store, draft.id, render, catalog_version="bench")
        print(json.dumps({"number": issued.number, "seconds": time.perf_counter() - start}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
