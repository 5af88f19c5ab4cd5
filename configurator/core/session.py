"""Catalog + build + undo stack + latest evaluation; says what changed after each edit.

The GUI (and scripts) change the build only through `Session.apply(op)`. Each applied op
records its inverse, so undo/redo replay ops; the undo stack keeps the last `MAX_UNDO` steps
(glue's `command.py`). The session re-runs check + evaluate once per edit (or once per
`with session.batch():`) through its one `Evaluator` (which owns the memos and was given the
exchange rates and model presets), publishes one frozen `Evaluation` and says what the edit
changed with a typed `OpChanges` (core/changes.py). Views depend on `SessionLike`, the
protocol `Session` and the window's stand-in for the active document both meet.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from psygnal import Signal, SignalInstance

from .build import Build
from .catalog import Catalog
from .changes import OpChanges
from .evaluate.result import Evaluation
from .evaluator import Evaluator
from .message import Msg
from .ops import AnyOp, Batch, Label, OpError

#: the most undo steps a session keeps; the oldest is dropped first
MAX_UNDO = 200


@dataclass
class _Step:
    op: AnyOp
    inverse: AnyOp
    label: Label            # a message the views word (`op.describe()`), or a view's own words


class SessionLike(Protocol):
    """What a view may use of a session: the build and catalog to read, ops to apply, the undo
    history, and the signals `changed(OpChanges)`, `evaluated(Evaluation)`, `undo_changed()`,
    `clean_changed(bool)` and `path_changed(object)`."""

    @property
    def catalog(self) -> Catalog: ...
    @property
    def evaluator(self) -> Evaluator: ...
    @property
    def build(self) -> Build: ...
    @property
    def path(self) -> Path | None: ...
    @property
    def evaluation(self) -> Evaluation: ...
    @property
    def changed(self) -> SignalInstance: ...
    @property
    def evaluated(self) -> SignalInstance: ...
    @property
    def undo_changed(self) -> SignalInstance: ...
    @property
    def clean_changed(self) -> SignalInstance: ...
    @property
    def path_changed(self) -> SignalInstance: ...

    def apply(self, op: AnyOp, label: Label | None = None) -> None: ...
    def batch(self, label: Label) -> AbstractContextManager[None]: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...
    @property
    def can_undo(self) -> bool: ...
    @property
    def can_redo(self) -> bool: ...
    @property
    def undo_text(self) -> Label: ...
    @property
    def redo_text(self) -> Label: ...
    @property
    def is_clean(self) -> bool: ...
    def mark_clean(self, path: Path | None = None) -> None: ...
    def replace_build(self, build: Build, path: Path | None = None, clean: bool = True) -> None: ...
    def reevaluate(self) -> Evaluation: ...


class Session:
    """One open build. Signals: `changed(OpChanges)`, `evaluated(Evaluation)`,
    `undo_changed()`, `clean_changed(bool)`, `path_changed(object)`."""

    changed = Signal(OpChanges)
    evaluated = Signal(Evaluation)
    undo_changed = Signal()
    clean_changed = Signal(bool)
    path_changed = Signal(object)

    def __init__(self, catalog: Catalog, build: Build, path: Path | None = None, *,
                 evaluator: Evaluator | None = None, max_undo: int = MAX_UNDO) -> None:
        """`evaluator` (from `io.evaluator_io.default_evaluator`) brings the exchange rates and model
        presets; without one, prices stay in USD and there are no presets (tests, scripts).
        `max_undo`: the most undo steps kept."""
        if evaluator is not None and evaluator.catalog is not catalog:
            raise ValueError("Session: the evaluator was built for another catalog")
        self.catalog = catalog
        self.evaluator = evaluator if evaluator is not None else Evaluator(catalog)
        self.build = build
        self.path = path
        self.max_undo = max_undo
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._clean_depth: int | None = 0
        self._batch: list[tuple[AnyOp, AnyOp]] | None = None
        self.evaluation: Evaluation = self.reevaluate()

    # ------------------------------------------------------------------ edits
    def apply(self, op: AnyOp, label: Label | None = None) -> None:
        """Apply `op`; raises OpError (build unchanged) if it is impossible. `label`: the step's name
        in the view's own words; by default the op's (a message, `words.render.named` words it)."""
        was_clean = self.is_clean
        inverse = op.apply(self.build, self.catalog, self.evaluator.context)
        text = label or op.describe()
        if self._batch is not None:
            self._batch.append((op, inverse))
            return
        self._record(_Step(op, inverse, text))
        self._after(op.changes().labelled(text), was_clean)

    @contextmanager
    def batch(self, label: Label) -> Iterator[None]:
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
        op = Batch(ops=tuple(s[0] for s in steps))
        inverse = Batch(ops=tuple(s[1] for s in reversed(steps)))
        self._record(_Step(op, inverse, label))
        self._after(op.changes().labelled(label), was_clean)

    def _record(self, step: _Step) -> None:
        """Push a new step: redo is gone, and the oldest step past `max_undo` is dropped."""
        self._undo.append(step)
        self._redo.clear()
        if self._clean_depth is not None and self._clean_depth >= len(self._undo):
            self._clean_depth = None  # the saved state can no longer be reached by redo
        if len(self._undo) > self.max_undo:
            del self._undo[0]
            if self._clean_depth is not None:
                # the saved state moved one step down; below the stack's bottom it is out of reach
                self._clean_depth = self._clean_depth - 1 if self._clean_depth > 0 else None

    def undo(self) -> bool:
        if not self._undo:
            return False
        was_clean = self.is_clean
        step = self._undo.pop()
        step.inverse.apply(self.build, None)
        self._redo.append(step)
        self._after(step.inverse.changes().labelled(Msg("op.label.undo", step=step.label)), was_clean)
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        was_clean = self.is_clean
        step = self._redo.pop()
        # with the catalog, as when first applied: SetChassis needs it to drop the slots the new chassis lacks
        step.inverse = step.op.apply(self.build, self.catalog, self.evaluator.context)
        self._undo.append(step)
        self._after(step.op.changes().labelled(Msg("op.label.redo", step=step.label)), was_clean)
        return True

    # ------------------------------------------------------------------ state
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undo_text(self) -> Label:
        """The name of the step undo would take back ("" for none): a message, or a view's words."""
        return self._undo[-1].label if self._undo else ""

    @property
    def redo_text(self) -> Label:
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
        self.changed.emit(OpChanges.everything(Msg("op.label.open")))

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


__all__ = ["MAX_UNDO", "OpChanges", "OpError", "Session", "SessionLike"]
