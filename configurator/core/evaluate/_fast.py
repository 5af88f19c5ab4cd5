"""Build result models from already-computed values without pydantic validation.

The evaluation runs on every edit; `Model(**values)` validation would dominate its cost.
`construct` does what `BaseModel.model_construct` does for our plain result models (no
aliases, no private attributes, no post-init), filling unset fields with their defaults.
It also holds `BoundedMemo`, the value-keyed memo an `Evaluator` owns; nothing here keeps state.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

_set = object.__setattr__

#: (family name, value key of every input it reads, compute) -> result: an `Evaluator`'s memo, or `fresh`
Family = Callable[[str, Hashable, Callable[[], Any]], Any]


def fresh(name: str, key: Hashable, fn: Callable[[], T]) -> T:
    """The `Family` that remembers nothing: `fn()` every time (a build evaluated once, the tests)."""
    return fn()


def construct(cls: type[M], **values: Any) -> M:
    """An instance of `cls` holding `values` (trusted) plus the class defaults for the rest."""
    fields = cls.__pydantic_fields__
    if len(values) < len(fields):
        for name, info in fields.items():  # appended after the given ones: field order is kept
            if name not in values and not info.is_required():
                values[name] = info.get_default(call_default_factory=True)
    obj = cls.__new__(cls)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def part_groups(ctx: Any) -> tuple[tuple[Any, int], ...]:
    """(part, qty) per distinct placed part, by category (catalog.CATEGORIES order), then slot order
    (`BuildContext.groups`, derived once per context)."""
    return ctx.groups


def in_slots(ctx: Any, category: str, kind: str) -> tuple[Any, ...]:
    """Placed parts of `category` that sit in a slot of `kind` (a hand-edited build may misplace them)."""
    placed = ctx.of(category)
    for pl in placed:
        if pl.slot.kind != kind:
            return tuple(p for p in placed if p.slot.kind == kind)
    return placed


def gpus_placed(ctx: Any) -> tuple[Any, ...]:
    """GPUs on a baseboard position or in a PCIe slot (the only places a GPU works)."""
    placed = ctx.of("gpu")
    for pl in placed:
        if pl.slot.kind not in ("gpu", "pcie"):
            return tuple(p for p in placed if p.slot.kind in ("gpu", "pcie"))
    return placed


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
