"""Concurrent quote issuing on the team store (issue 28): 20 clients issue 1,000 quotes in all on a
local PostgreSQL (packaging/team_server.py) and on the seat's SQLite file; two clients are killed in
the middle of an issuing transaction. Prints issues per second, median and p95 latency per issue,
and checks the numbers are distinct with no gap.

    python bench/bench_team_numbers.py [--clients 20] [--quotes 1000] [--engines postgresql,sqlite]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "packaging")]

from _util import summary  # noqa: E402

from configurator.store.team import connect, users  # noqa: E402

WORKER = ROOT / "tests" / "store" / "team" / "issue_worker.py"


def run(engine: str, clients: int, total: int) -> str:
    server = None
    folder = Path(tempfile.mkdtemp(prefix="bench-team-"))
    os.environ["CONFIGURATOR_HOME"] = str(folder)      # not this user's own counter (carried over on first use)
    if engine == "postgresql":
        import team_server

        server = team_server.start()
        url = server.url()
    else:
        url = f"sqlite:///{folder / 'store.sqlite'}"
    try:
        admin = connect.open_store(url, actor="admin")
        for i in range(clients):
            users.add_user(admin, f"c{i}", "sales", discount_limit_pct=Decimal(10))
        admin.close()
        per = total // clients
        killed = {3: per // 2, clients - 2: per // 3}       # these two die mid-transaction, after this many
        counts = [killed[i] if i in killed else per for i in range(clients)]
        for i in range(total - sum(counts)):                # the others issue the rest: 1,000 in all
            counts[[j for j in range(clients) if j not in killed][i % (clients - len(killed))]] += 1
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        start = time.perf_counter()
        procs = [subprocess.Popen(
            [sys.executable, str(WORKER), server.url(user=f"c{i}") if server else url, f"c{i}",
             str(counts[i] + (1 if i in killed else 0)), str(killed.get(i, -1))],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(clients)]
        lines = []
        for i, proc in enumerate(procs):
            out, err = proc.communicate(timeout=1800)
            if proc.returncode not in (0, 9):
                raise SystemExit(f"client {i} failed: {err[-1500:]}")
            lines += [json.loads(x) for x in out.splitlines()]
        wall = time.perf_counter() - start
        numbers = [x["number"] for x in lines]
        seqs = sorted(int(n.rsplit("-", 1)[1]) for n in numbers)
        ok = len(set(numbers)) == len(numbers) and seqs == list(range(1, len(numbers) + 1))
        if not ok:
            missing = sorted(set(range(1, len(numbers) + 1)) - set(seqs))[:10]
            print(f"  {engine}: missing {missing}, repeated {len(numbers) - len(set(numbers))}", flush=True)
        return (f"{engine}: {len(numbers)} quotes issued by {clients} clients ({len(killed)} killed mid-transaction) "
                f"in {wall:.1f} s = {len(numbers) / wall:.0f} issues/s; distinct and gapless: {ok}\n  "
                + summary(f"{engine} issue latency", [x["seconds"] for x in lines]))
    finally:
        if server:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--quotes", type=int, default=1000)
    parser.add_argument("--engines", default="postgresql,sqlite")
    args = parser.parse_args()
    for engine in args.engines.split(","):
        print(run(engine, args.clients, args.quotes), flush=True)


if __name__ == "__main__":
    main()
