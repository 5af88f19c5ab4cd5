"""Legal-but-wrong builds are data: violations with a code, a message, slots and a fix.

A violation's `message` and its fix's `description` are `Msg`s (core/message.py): a message id
and typed parameters, worded at the edge by `configurator.words.problems` (`text(v)`,
`fix_text(f)`, `english(v)` for `--json`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .message import Msg

if TYPE_CHECKING:   # the ops are made where a fix is (rules/_common.py): `check` imports no op
    from .ops import AnyOp

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}

# Plain frozen records, not pydantic models: the rules make them from values they computed, and
# nothing reads one from a file, so there is nothing to validate (and `check` defines no op model).
@dataclass(frozen=True, slots=True)
class Fix:
    """How to resolve a violation. `ops` is set when the fix is mechanical (GUI: "Apply fix")."""

    description: Msg
    ops: tuple[AnyOp, ...] = ()

    @property
    def applicable(self) -> bool:
        return bool(self.ops)


@dataclass(frozen=True, slots=True)
class Violation:
    severity: Severity
    code: str
    message: Msg
    slots: tuple[str, ...] = ()
    fix: Fix | None = None

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """In a model's field (`Evaluation.violations`), held as it is: an instance, never validated
        or taken apart (pydantic would otherwise read the fields, and the ops' types with them)."""
        from pydantic_core import core_schema

        return core_schema.is_instance_schema(cls)
