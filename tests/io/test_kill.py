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
import subprocess
import sys
import time
from pathlib import Path

import pytest

from configurator.io.autosave import RecoveryStore
from configurator.io.build_io import load_build

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


class _Child:
    """One child process, killed `delay_s` after it reported ready."""

    def __init__(self, workdir: Path, seed: int, delay_s: float) -> None:
        workdir.mkdir()
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        self.workdir, self.delay_s, self.t_kill = workdir, delay_s, 0.0
        self.ready_at: float | None = None
        self.started = time.time()
        self.proc = subprocess.Popen(
            [sys.executable, str(CHILD), str(workdir), str(seed), str(SAVE_EVERY), str(INTERVAL_S)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)

    def step(self) -> bool:
        """Advance; True once the child has been killed and reaped."""
        now = time.time()
        if self.ready_at is None:
            if self.proc.poll() is not None:
                pytest.fail(f"child died before it was ready: {self.proc.stderr.read().decode()[-2000:]}")
            if now - self.started > 30:
                self.proc.kill()
                pytest.fail("child did not start within 30 s")
            if (self.workdir / "ready").exists():
                self.ready_at = now
            return False
        if now < self.ready_at + self.delay_s:
            return False
        self.t_kill = time.time()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        err = self.proc.stderr.read().decode()
        self.proc.stderr.close()
        assert self.proc.returncode == -signal.SIGKILL, f"child exited by itself ({self.proc.returncode}): {err[-2000:]}"
        return True


def _run_all(tmp_path: Path, rng: random.Random) -> list[_Child]:
    """Run ROUNDS children, PARALLEL at a time, each killed at its own random moment."""
    waiting = [(tmp_path / f"round{r}", rng.randrange(1 << 30), rng.uniform(0.02, 0.6)) for r in range(ROUNDS)]
    live: list[_Child] = []
    done: list[_Child] = []
    try:
        while waiting or live:
            while waiting and len(live) < PARALLEL:
                live.append(_Child(*waiting.pop(0)))
            for child in list(live):
                if child.step():
                    live.remove(child)
                    done.append(child)
            time.sleep(0.002)
    finally:
        for child in live:
            child.proc.kill()
            child.proc.wait()
    return done


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
