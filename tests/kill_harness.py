"""Shared harness of the SIGKILL tests: start child processes, kill each at a random moment.

A child writes `<workdir>/ready` when it starts editing; the harness SIGKILLs it `delay_s`
later (and, where the test sets `progressed`, not before the child has done that much work, so
that a busy machine cannot make a kill land before anything happened) and reaps it.
tests/io/test_kill.py (Qt-free session) and tests/qt/test_gui_kill.py (the real window) give it
their own command line and environment.
"""

from __future__ import annotations

import random
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


class KilledChild:
    """One child process, killed `delay_s` after it reported ready."""

    def __init__(self, workdir: Path, seed: int, delay_s: float, argv: list[str], env: dict[str, str],
                 start_timeout_s: float = 30) -> None:
        self.workdir, self.seed, self.delay_s, self.t_kill = workdir, seed, delay_s, 0.0
        self.start_timeout_s = start_timeout_s
        self.ready_at: float | None = None
        #: when set: the kill also waits until this says the child has got far enough
        self.progressed: Callable[[], bool] | None = None
        self.progress_timeout_s = 120.0
        self.started = time.time()
        self.proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     env={**env, "PYTHONPATH": str(REPO)})

    def _stderr(self) -> str:
        return self.proc.stderr.read().decode()[-3000:]

    def step(self) -> bool:
        """Advance; True once the child has been killed and reaped."""
        now = time.time()
        if self.ready_at is None:
            if self.proc.poll() is not None:
                pytest.fail(f"child died before it was ready: {self._stderr()}")
            if now - self.started > self.start_timeout_s:
                self.proc.kill()
                pytest.fail(f"child did not start within {self.start_timeout_s} s")
            if (self.workdir / "ready").exists():
                self.ready_at = now
            return False
        if now < self.ready_at + self.delay_s or not self._far_enough(now):
            if self.proc.poll() is not None:
                pytest.fail(f"child (seed {self.seed}) died by itself: {self._stderr()}")
            return False
        self.t_kill = time.time()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        err = self._stderr()
        self.proc.stderr.close()
        assert self.proc.returncode == -signal.SIGKILL, f"child exited by itself ({self.proc.returncode}): {err}"
        return True

    def _far_enough(self, now: float) -> bool:
        if self.progressed is None or self.progressed():
            return True
        assert self.ready_at is not None
        if now - self.ready_at > self.progress_timeout_s:
            self.proc.kill()
            pytest.fail(f"child (seed {self.seed}) made too little progress in {self.progress_timeout_s:.0f} s")
        return False


def run_all(tmp_path: Path, rng: random.Random, rounds: int, parallel: int, delay_s: tuple[float, float],
            make: Callable[[Path, int, float], KilledChild], poll_s: float = 0.002) -> list[KilledChild]:
    """Run `rounds` children, `parallel` at a time, each killed at its own random moment."""
    waiting = [(tmp_path / f"round{r}", rng.randrange(1 << 30), rng.uniform(*delay_s)) for r in range(rounds)]
    live: list[KilledChild] = []
    done: list[KilledChild] = []
    try:
        while waiting or live:
            while waiting and len(live) < parallel:
                live.append(make(*waiting.pop(0)))
            for child in list(live):
                if child.step():
                    live.remove(child)
                    done.append(child)
            time.sleep(poll_s)
    finally:
        for child in live:
            child.proc.kill()
            child.proc.wait()
    return done
