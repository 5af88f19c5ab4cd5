"""Quote numbers: unique and sequential per installation, e.g. ``Q-2026-0001``.

The counter is ``paths.user_data_dir()/quote-counter.json``: ``{"format": 1, "years": {"2026": 7}}``.
The sequence restarts each calendar year (the year is part of the number, so numbers stay
unique). Updates are atomic (`io.safe_write.atomic_write`) and serialised across processes
with an OS file lock, so two quotes written at once never share a number. A quote whose
rendering fails gives its number back (`release_quote_number`) so failures leave no gaps.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

from ..core.input_error import InputError
from ..core.message import Msg
from . import paths
from .instance_lock import try_lock
from .safe_write import atomic_write
from .text_files import FileReadError, read_text
from .vendor_settings import QuoteError

COUNTER_FILE = "quote-counter.json"
_LOCK_WAIT_S = 10.0
MAX_COUNTER_BYTES = 1_000_000   # a few bytes per year; anything near this is not a counter


class CounterError(QuoteError, InputError):
    """The quote counter cannot be read or locked: a message naming its file (words/input_words.py)."""


def counter_path() -> Path:
    return paths.user_data_dir() / COUNTER_FILE


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the counter's OS file lock: the system drops it when its holder dies (even by
    SIGKILL), so a crashed quote never blocks the next one; waits up to `_LOCK_WAIT_S`."""
    lock = path.with_suffix(".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + _LOCK_WAIT_S
        while not try_lock(fd):
            if time.monotonic() > deadline:
                raise CounterError(Msg("counter.locked"), str(lock))
            time.sleep(0.01)
        yield   # the lock file stays: unlinking it would let a waiter lock a file nobody else sees
    finally:
        os.close(fd)   # releases the lock


def _read(path: Path) -> dict[str, int]:
    if not path.exists():
        return {}
    try:
        data = json.loads(read_text(path, max_bytes=MAX_COUNTER_BYTES, what="quote counter"))
        years = data["years"]
        if not all(isinstance(k, str) and isinstance(v, int) and v >= 0 for k, v in years.items()):
            raise ValueError
        return dict(years)
    except FileReadError as exc:
        raise CounterError(exc.msg, exc.file, exc.field, exc.entry) from None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        raise CounterError(Msg("counter.corrupt"), str(path)) from None


def _write(path: Path, years: dict[str, int]) -> None:
    text = json.dumps({"format": 1, "years": years}, indent=2, sort_keys=True) + "\n"
    atomic_write(path, text.encode("utf-8"))


def format_number(prefix: str, year: int, seq: int) -> str:
    return f"{prefix}-{year}-{seq:04d}"


def next_quote_number(prefix: str = "Q", today: date | None = None) -> str:
    """Take the next number from the installation's counter and persist it."""
    year = (today or date.today()).year
    path = counter_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path):
        years = _read(path)
        seq = years.get(str(year), 0) + 1
        years[str(year)] = seq
        _write(path, years)
    return format_number(prefix, year, seq)


def release_quote_number(number: str, prefix: str = "Q", today: date | None = None) -> bool:
    """Give back `number` after the quote it was taken for failed to render or write.

    Only the latest number of its year can go back (one taken since stays, and so does the
    gap); True when the counter was rolled back."""
    year = (today or date.today()).year
    path = counter_path()
    if not path.exists():
        return False
    with _locked(path):
        years = _read(path)
        seq = years.get(str(year), 0)
        if seq < 1 or format_number(prefix, year, seq) != number:
            return False
        years[str(year)] = seq - 1
        _write(path, years)
    return True
