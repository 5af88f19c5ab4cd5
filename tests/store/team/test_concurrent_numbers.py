"""Numbers never repeat and never skip under concurrent issuing, also when clients are killed in the
middle of the issuing transaction (issue 28). The full-size run (20 clients, 1,000 quotes) is
bench/bench_team_numbers.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

WORKER = Path(__file__).with_name("issue_worker.py")


def test_concurrent_clients_get_distinct_gapless_numbers_even_when_killed(team):
    for name in ("c0", "c1", "c2", "c3", "c4", "c5"):
        team.user(name, "sales", limit="10")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).parents[3]), os.environ.get("PYTHONPATH", "")]))
    procs = []
    for i in range(6):
        url = team.url if team.engine == "sqlite" else team._user_url(f"c{i}")
        kill_at = 3 if i in (1, 4) else -1
        procs.append(subprocess.Popen([sys.executable, str(WORKER), url, f"c{i}", "8", str(kill_at)], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    numbers = []
    for i, proc in enumerate(procs):
        out, err = proc.communicate(timeout=240)
        assert proc.returncode == (9 if i in (1, 4) else 0), err[-2000:]
        numbers += [json.loads(line)["number"] for line in out.splitlines()]
    assert len(numbers) == 4 * 8 + 2 * 3
    seqs = sorted(int(n.rsplit("-", 1)[1]) for n in numbers)
    assert seqs == list(range(1, len(numbers) + 1)), seqs
