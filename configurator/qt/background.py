"""Work that takes seconds (a cold catalog load, a recommend search) run off the GUI thread.

`Job(fn)` runs `fn(report)` on a worker thread (a one-thread `concurrent.futures` executor, whose
future hands the result or the error over); `fn` calls `report(*figures)` as it goes
(the core's and store's Qt-free `progress` callables). The thread never touches a Qt object: it
only sets plain attributes, and the GUI thread reads them from a timer, so results are always
handled on the GUI thread and a window closed meanwhile cannot be reached from the worker. The
interpreter waits for a running worker at exit: closing a window cancels its job first, so it
ends at its next progress report.
`cancel()` makes the next `report` raise `JobCancelledError` inside the worker, which ends it there; the
work must therefore leave nothing half-done when its progress callback raises (the recommend search
is pure, the catalog cache writes each entry whole).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeoutError
from threading import Event
from typing import Any


class JobCancelledError(Exception):
    """Raised by `Job.report` in the worker once the job was cancelled."""


class Job:
    """One background run of `fn(report)`; read `figures`, `done`, `result`, `error`, `cancelled`.
    The outcome is the future's: an error the worker raised is kept there (not caught here) and
    the GUI thread raises or words it (loading.py, recommendations.py)."""

    def __init__(self, fn: Callable[[Callable[..., None]], Any], name: str = "configurator-job") -> None:
        self._fn = fn
        self._name = name
        self._cancel = Event()
        self._future: Future[Any] | None = None
        # the last `report(*figures)` of the worker (a tuple of numbers), () before the first
        self.figures: tuple = ()

    def start(self) -> Job:
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self._name)
        self._future = pool.submit(self._fn, self.report)
        pool.shutdown(wait=False)      # the one task runs on; the thread ends with it
        return self

    def report(self, *figures: Any) -> None:
        """The worker's progress; raises `JobCancelledError` there once `cancel()` was called."""
        if self._cancel.is_set():
            raise JobCancelledError
        self.figures = figures

    def cancel(self) -> None:
        """Ask the worker to stop at its next progress report (returns at once)."""
        self._cancel.set()

    @property
    def done(self) -> bool:
        return self._future is not None and self._future.done()

    def wait(self, seconds: float | None = None) -> bool:
        """Block this thread up to `seconds` for the end; True when it has ended."""
        if self._future is None:
            return False
        try:
            self._future.exception(timeout=seconds)
        except FutureTimeoutError:
            return False
        return True

    def _outcome(self) -> BaseException | None:
        if self._future is None or not self._future.done():
            return None
        return self._future.exception()

    @property
    def cancelled(self) -> bool:
        """The worker stopped at a progress report after `cancel()`."""
        return isinstance(self._outcome(), JobCancelledError)

    @property
    def error(self) -> BaseException | None:
        """What the worker raised (not a cancellation), once it has ended."""
        found = self._outcome()
        return None if isinstance(found, JobCancelledError) else found

    @property
    def result(self) -> Any:
        """What `fn` returned, once it has ended without an error; None before."""
        if self._future is None or not self._future.done() or self._future.exception() is not None:
            return None
        return self._future.result()
