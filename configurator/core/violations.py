"""Legal-but-wrong builds are data: violations with a code, plain words, slots and a fix."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from .ops import AnyOp

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


class Fix(BaseModel):
    """How to resolve a violation. `ops` is set when the fix is mechanical (GUI: "Apply fix")."""

    model_config = ConfigDict(frozen=True)

    description: str
    ops: tuple[AnyOp, ...] = ()

    @property
    def applicable(self) -> bool:
        return bool(self.ops)


class Violation(BaseModel):
    model_config = ConfigDict(frozen=True)

    severity: Severity
    code: str
    message: str
    slots: tuple[str, ...] = ()
    fix: Fix | None = None

    def to_json(self) -> dict:
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "slots": list(self.slots),
            "fix": self.fix.description if self.fix else None,
            "fix_applicable": bool(self.fix and self.fix.ops),
        }
