"""Work that takes seconds (a cold catalog load, a recommend search) run off the GUI thread.

`Job(fn)` runs `fn(report)` on a plain Python thread; `fn` calls `report(*figures)` as it goes
(the core's and store's Qt-free `progress` callables). The thread never touches a Qt object: it
only sets plain attributes, and the GUI thread reads them from a timer (`Job.poll`), so results are
always handled on the GUI thread and a window closed meanwhile cannot be reached from the worker.
`cancel()` makes the next `report` raise `JobCancelledError` inside the worker, which ends it there; the
work must therefore leave nothing half-done when its progress callback raises (the recommend search
is pure, the catalog cache writes each entry whole).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class JobCancelledError(Exception):
    """Raised by `Job.report` in the worker once the job was cancelled."""


class Job:
    """One background run of `fn(report)`; read `figures`, `done`, `result`, `error`, `cancelled`."""

    def __init__(self, fn: Callable[[Callable[..., None]], Any], name: str = "configurator-job") -> None:
        self._fn = fn
        self._cancel = threading.Event()
        self.finished = threading.Event()
        # the last `report(*figures)` of the worker (a tuple of numbers), () before the first
        self.figures: tuple = ()
        self.result: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> Job:
        self._thread.start()
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
        return self.finished.is_set()

    def wait(self, seconds: float | None = None) -> bool:
        """Block this thread up to `seconds` for the end; True when it has ended."""
        return self.finished.wait(seconds)

    def _run(self) -> None:
        try:
            self.result = self._fn(self.report)
        except JobCancelledError:
            self.cancelled = True
        except Exception as exc:  # noqa: BLE001 - handed over, not swallowed: the GUI thread raises it again (loading.py) or says a refused request (recommendations.py)
            self.error = exc
        finally:
            self.finished.set()
