"""Catalog + build + undo stack + latest evaluation; says what changed after each edit.

The GUI (and scripts) change the build only through `Session.apply(op)`. Each applied op
records its inverse, so undo/redo replay ops; the session re-runs check + evaluate once
per edit (or once per `with session.batch():`) through its one `Evaluator` (which owns the
memos and was given the exchange rates and model presets) and publishes one frozen `Evaluation`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from psygnal import Signal

from .build import Build
from .catalog import Catalog
from .evaluate.result import Evaluation
from .evaluator import Evaluator
from .ops import AnyOp, Batch, OpError


@dataclass(frozen=True)
class OpChanges:
    """What an edit touched, so views can decide whether to redraw."""

    label: str
    placements: bool = False
    options: bool = False
    chassis: bool = False
    whole: bool = False


@dataclass
class _Step:
    op: AnyOp
    inverse: AnyOp
    label: str


def _changes_of(op: AnyOp, label: str) -> OpChanges:
    kind = getattr(op, "op", "")
    if isinstance(op, Batch):
        subs = [_changes_of(o, label) for o in op.ops]
        return OpChanges(label, any(s.placements for s in subs), any(s.options for s in subs),
                         any(s.chassis for s in subs), any(s.whole for s in subs))
    return OpChanges(
        label,
        placements=kind in ("place", "remove", "add_bridge", "remove_bridge"),
        options=kind == "set_option",
        chassis=kind == "set_chassis",
        whole=kind in ("restore", "set_chassis"),
    )


class Session:
    """One open build. Signals: `changed(OpChanges)`, `evaluated(Evaluation)`,
    `undo_changed()`, `clean_changed(bool)`, `path_changed(object)`."""

    changed = Signal(object)
    evaluated = Signal(object)
    undo_changed = Signal()
    clean_changed = Signal(bool)
    path_changed = Signal(object)

    def __init__(self, catalog: Catalog, build: Build, path: Path | None = None, *,
                 evaluator: Evaluator | None = None) -> None:
        """`evaluator` (from `io.evaluator_io.default_evaluator`) brings the exchange rates and model
        presets; without one, prices stay in USD and there are no presets (tests, scripts)."""
        if evaluator is not None and evaluator.catalog is not catalog:
            raise ValueError("Session: the evaluator was built for another catalog")
        self.catalog = catalog
        self.evaluator = evaluator if evaluator is not None else Evaluator(catalog)
        self.build = build
        self.path = path
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._clean_depth: int | None = 0
        self._batch: list[tuple[AnyOp, AnyOp]] | None = None
        self.evaluation: Evaluation = self.reevaluate()

    # ------------------------------------------------------------------ edits
    def apply(self, op: AnyOp, label: str | None = None) -> None:
        """Apply `op`; raises OpError (build unchanged) if it is impossible."""
        was_clean = self.is_clean
        inverse = op.apply(self.build, self.catalog)
        text = label or op.describe()
        if self._batch is not None:
            self._batch.append((op, inverse))
            return
        self._undo.append(_Step(op, inverse, text))
        self._redo.clear()
        if self._clean_depth is not None and self._clean_depth >= len(self._undo):
            self._clean_depth = None  # the saved state can no longer be reached by redo
        self._after(_changes_of(op, text), was_clean)

    @contextmanager
    def batch(self, label: str) -> Iterator[None]:
        """Group several `apply` calls into one undo step and one re-evaluation."""
        if self._batch is not None:
            yield
            return
        was_clean = self.is_clean
        self._batch = []
        before = self.build.snapshot()
        try:
            yield
        except Exception:
            self._batch = None
            self.build.restore(before)
            raise
        steps, self._batch = self._batch, None
        if not steps:
            return
        op = Batch(ops=tuple(s[0] for s in steps), label=label)
        inverse = Batch(ops=tuple(s[1] for s in reversed(steps)), label=label)
        self._undo.append(_Step(op, inverse, label))
        self._redo.clear()
        if self._clean_depth is not None and self._clean_depth >= len(self._undo):
            self._clean_depth = None
        self._after(_changes_of(op, label), was_clean)

    def undo(self) -> bool:
        if not self._undo:
            return False
        was_clean = self.is_clean
        step = self._undo.pop()
        step.inverse.apply(self.build, None)
        self._redo.append(step)
        self._after(_changes_of(step.inverse, "Undo " + step.label), was_clean)
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        was_clean = self.is_clean
        step = self._redo.pop()
        # with the catalog, as when first applied: SetChassis needs it to drop the slots the new chassis lacks
        step.inverse = step.op.apply(self.build, self.catalog)
        self._undo.append(step)
        self._after(_changes_of(step.op, "Redo " + step.label), was_clean)
        return True

    # ------------------------------------------------------------------ state
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undo_text(self) -> str:
        return self._undo[-1].label if self._undo else ""

    @property
    def redo_text(self) -> str:
        return self._redo[-1].label if self._redo else ""

    @property
    def is_clean(self) -> bool:
        return self._clean_depth == len(self._undo)

    def mark_clean(self, path: Path | None = None) -> None:
        """Call after saving: the current state is what is on disk."""
        was_clean = self.is_clean
        self._clean_depth = len(self._undo)
        if path is not None and path != self.path:
            self.path = path
            self.path_changed.emit(path)
        if not was_clean:
            self.clean_changed.emit(True)

    def replace_build(self, build: Build, path: Path | None = None, clean: bool = True) -> None:
        """Open another build: clears undo history."""
        self.build = build
        self.path = path
        self._undo.clear()
        self._redo.clear()
        self._clean_depth = 0 if clean else None
        self.path_changed.emit(path)
        self.clean_changed.emit(self.is_clean)
        self.undo_changed.emit()
        self.reevaluate()
        self.changed.emit(OpChanges("Open", True, True, True, True))

    def reevaluate(self) -> Evaluation:
        """Check and evaluate the build now and publish the result (`evaluated`)."""
        self.evaluation = self.evaluator.evaluate(self.build)
        self.evaluated.emit(self.evaluation)
        return self.evaluation

    def _after(self, changes: OpChanges, was_clean: bool) -> None:
        self.reevaluate()
        self.changed.emit(changes)
        self.undo_changed.emit()
        if was_clean != self.is_clean:
            self.clean_changed.emit(self.is_clean)


__all__ = ["Session", "OpChanges", "OpError"]
