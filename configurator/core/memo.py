"""The evaluator's memos: value-keyed tables an `Evaluator` owns (one per session), never a module.

`bench/bench_engine.py` decides which exist: a memo is kept only where removing it breaks the
400 µs check + evaluate target after an edit (see docs/engine.md, "What is remembered").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

#: (family name, value key of every input it reads, compute) -> result: an `Evaluator`'s memo, or `fresh`
Family = Callable[[str, Hashable, Callable[[], Any]], Any]


def fresh(name: str, key: Hashable, fn: Callable[[], T]) -> T:
    """The `Family` that remembers nothing: `fn()` every time (a build evaluated once, the tests)."""
    return fn()


class BoundedMemo:
    """A memo keyed by value that forgets everything once it holds `limit` entries.

    Owned by an `Evaluator` (one per session), never by a module: keys are plain values
    (part ids, option values, tokens), so a hit can only be an equal input.
    """

    __slots__ = ("_data", "_limit")

    def __init__(self, limit: int = 4096) -> None:
        self._data: dict[Hashable, Any] = {}
        self._limit = limit

    def get(self, key: Hashable) -> Any:
        """The value stored under `key`, or None."""
        return self._data.get(key)

    @property
    def lookup(self) -> Callable[[Hashable], Any]:
        """`get` as the dict's own bound method, for hot loops (it stays valid across clears)."""
        return self._data.get

    def get_or(self, key: Hashable, fn: Callable[[], T]) -> T:
        """The value stored under `key`, else `fn()` stored there (a None result is not remembered)."""
        found = self._data.get(key)
        return found if found is not None else self.put(key, fn())

    def put(self, key: Hashable, value: T) -> T:
        """Store and return `value` (clearing first when full: the next edits refill it)."""
        if len(self._data) >= self._limit:
            self._data.clear()
        self._data[key] = value
        return value

    def __len__(self) -> int:
        return len(self._data)
