"""Build result models from already-computed values without pydantic validation.

The evaluation runs on every edit; `Model(**values)` validation would dominate its cost.
`construct` does what `BaseModel.model_construct` does for our plain result models (no
aliases, no private attributes, no post-init) with the defaults looked up once per class.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from ..categories import KEYS as CATEGORIES

M = TypeVar("M", bound=BaseModel)

_DEFAULTS: dict[type, dict[str, Any]] = {}
_set = object.__setattr__


def _defaults(cls: type[BaseModel]) -> dict[str, Any]:
    found = _DEFAULTS.get(cls)
    if found is None:
        found = {name: f.get_default(call_default_factory=True)
                 for name, f in cls.model_fields.items() if not f.is_required()}
        _DEFAULTS[cls] = found
    return found


def construct(cls: type[M], **values: Any) -> M:
    """An instance of `cls` holding `values` (trusted) plus the class defaults for the rest."""
    for name, value in _defaults(cls).items():  # appended after the given ones: field order is kept
        if name not in values:
            values[name] = value
    obj = cls.__new__(cls)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


_GROUPS: tuple[object, tuple] | None = None


def part_groups(ctx: Any) -> tuple[tuple[Any, int], ...]:
    """(part, qty) per distinct placed part, by category (catalog.CATEGORIES order), then slot order.

    Power and cost both need it; the last context's answer is kept (identity-checked).
    """
    global _GROUPS
    last = _GROUPS
    if last is not None and last[0] is ctx:
        return last[1]
    out: list[tuple[Any, int]] = []
    for cat in CATEGORIES[1:]:
        counts: dict[str, int] = {}
        first: dict[str, Any] = {}
        for pl in ctx.of(cat):
            pid = pl.part.id
            if pid in counts:
                counts[pid] += 1
            else:
                counts[pid] = 1
                first[pid] = pl.part
        out.extend((first[pid], n) for pid, n in counts.items())
    result = tuple(out)
    _GROUPS = (ctx, result)
    return result


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


_CLEARABLE: list[Any] = []


def clear_memos() -> None:
    """Forget every memoised result (per-chassis topology caches stay); for cold benchmarks."""
    for cache in _CLEARABLE:
        cache.clear()


class Memo:
    """A bounded memo whose hits are checked by identity of the objects they were built from."""

    def __init__(self, limit: int = 4096) -> None:
        self._data: dict[Any, tuple[tuple[Any, ...], Any]] = {}
        self._limit = limit
        _CLEARABLE.append(self._data)

    def get(self, key: Any, sources: tuple[Any, ...]) -> Any:
        hit = self._data.get(key)
        if hit is None:
            return None
        for a, b in zip(hit[0], sources):
            if a is not b:
                return None
        return hit[1]

    def put(self, key: Any, sources: tuple[Any, ...], value: Any) -> Any:
        if len(self._data) >= self._limit:
            self._data.clear()
        self._data[key] = (sources, value)
        return value
