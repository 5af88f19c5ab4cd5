"""Which running app instance owns a recovery copy: an OS file lock held for the instance's life.

Each `RecoveryStore` that writes takes an exclusive lock on ``<instance>.instance.lock`` in the
recovery folder and keeps it until the store is closed or the process ends. The operating
system drops the lock when the process dies, SIGKILL and power loss included, so "the lock is
free" means "its instance crashed or quit", with no stale-lock timeouts and no PID reuse
mistakes. Another instance tests a copy's owner with `is_live` (a non-blocking lock attempt)
and never offers or deletes a live instance's copy. POSIX uses `flock`, Windows `msvcrt.locking`.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.input_error import english
from ..core.message import Msg

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

LOCK_SUFFIX = ".instance.lock"


class LockHeldError(OSError):
    """Another process holds this instance's lock: `msg` says so (words/input_words.py "lock.held"),
    naming the lock file; `str()` is its English."""

    def __init__(self, path: Path) -> None:
        self.msg = Msg("lock.held", file=str(path))
        super().__init__(self.msg.id)

    def __str__(self) -> str:
        return english(self.msg)


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on the open file `fd` without waiting; False when another holds it."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


class InstanceLock:
    """The lock this instance holds on its own lock file while it may have recovery copies."""

    def __init__(self, folder: Path, instance: str) -> None:
        self.path = folder / f"{instance}{LOCK_SUFFIX}"
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock (idempotent). Raises OSError when the folder is not writable."""
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        if not try_lock(fd):
            os.close(fd)
            raise LockHeldError(self.path)
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        os.close(fd)   # closing the descriptor releases the lock
        try:
            self.path.unlink()
        except OSError:
            pass

    def __del__(self) -> None:
        self.release()


def is_live(folder: Path, instance: str) -> bool:
    """True while the instance that wrote `instance`'s copies still runs (holds its lock)."""
    if not instance:
        return False   # copies from before instance ids: their writer is long gone
    path = folder / f"{instance}{LOCK_SUFFIX}"
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return False   # no lock file: the instance quit cleanly or never locked
    try:
        return not try_lock(fd)
    finally:
        os.close(fd)   # also drops the probe's lock when it got one
