"""SIGKILL at any moment loses at most the autosave interval and never corrupts a file.

A real separate Python process (kill_child.py) edits through `Session.apply`, saves with
`save_build` every few edits and writes a recovery copy every `INTERVAL_S`; the test kills
it at random moments. After every kill: the saved file and its `.bak` load, exactly one
recovery copy is listed and loads, its time stamp is within the interval of the kill, and
it holds every edit finished before that. (SIGKILL keeps what reached the OS; the fsyncs in
`safe_write` are what extend this to power cuts, which a test cannot simulate.)
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest
from kill_harness import KilledChild, run_all

from configurator.store.autosave import RecoveryStore
from configurator.store.build_files import load_build

CHILD = Path(__file__).resolve().parent / "kill_child.py"
ROUNDS = 8
PARALLEL = 2
SAVE_EVERY = 3
INTERVAL_S = 0.1
CYCLE_S = 0.5  # one edit + save (three fsyncs) + recovery write, on a slow disk or busy machine
KILL_SLACK_S = 1.0  # between the child's last edit and the kill, on a busy test machine

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def _edit_no(build) -> int:
    return int(build.meta.notes.split("\n", 1)[0].removeprefix("edit "))


def _edits(log: Path) -> list[tuple[int, float]]:
    out = []
    for line in log.read_text().splitlines():
        parts = line.split()
        if len(parts) == 2:          # the last line may be cut off by the kill
            out.append((int(parts[0]), float(parts[1])))
    return out


def _child(workdir: Path, seed: int, delay_s: float) -> KilledChild:
    workdir.mkdir()
    argv = [sys.executable, str(CHILD), str(workdir), str(seed), str(SAVE_EVERY), str(INTERVAL_S)]
    return KilledChild(workdir, seed, delay_s, argv, dict(os.environ))


def _run_all(tmp_path: Path, rng: random.Random) -> list[KilledChild]:
    return run_all(tmp_path, rng, ROUNDS, PARALLEL, (0.02, 0.6), _child)


def test_sigkill_loses_at_most_the_autosave_interval(tmp_path):
    rng = random.Random()
    seed = rng.randrange(1 << 30)
    rng = random.Random(seed)
    started = time.time()
    stats = {"edits": 0, "temp_files_left": 0}
    lag: list[float] = []
    for r, child in enumerate(_run_all(tmp_path, rng)):
        workdir, t_kill = child.workdir, child.t_kill
        where = f"(seed {seed}, {workdir.name}, killed {child.delay_s:.3f} s after it was ready)"

        doc = workdir / "doc.json"
        saved = load_build(doc)                                  # never corrupt
        bak = workdir / "doc.json.bak"
        if bak.exists():
            assert _edit_no(load_build(bak)) <= _edit_no(saved), where

        edits = _edits(workdir / "edits.log")
        last_edit = edits[-1][0] if edits else 0
        assert _edit_no(saved) % SAVE_EVERY == 0 and _edit_no(saved) <= last_edit + 1, where

        store = RecoveryStore(workdir / "recovery")
        entries = store.list()
        assert store.problems == [], (store.problems, where)
        assert len(entries) == 1, where
        recovered = store.load(entries[0])
        stamp = entries[0].saved_at_unix
        t_last = edits[-1][1] if edits else stamp
        # the recovery copy is at most one interval (plus one edit cycle) behind the last edit ...
        assert t_last - INTERVAL_S - CYCLE_S <= stamp <= t_kill + 0.01, (t_last - stamp, where)
        # ... and, measured from the kill, within the interval plus what a busy machine adds
        assert t_kill - stamp <= INTERVAL_S + CYCLE_S + KILL_SLACK_S, (t_kill - stamp, where)
        must_have = [n for n, t in edits if t <= t_last - INTERVAL_S - CYCLE_S]
        if must_have:
            assert _edit_no(recovered) >= max(must_have), where
        assert _edit_no(recovered) <= last_edit + 1, where
        lag.append(t_kill - stamp)
        stats["edits"] += last_edit
        stats["temp_files_left"] += sum(1 for p in workdir.rglob("*.tmp"))
    assert stats["edits"] > ROUNDS, stats  # the children really were editing
    print(f"kill test: {ROUNDS} kills in {time.time() - started:.1f} s, {stats}, "
          f"recovery lag max {max(lag):.3f} s")
