"""A violation's words: its message and its fix in the user's language, or in English for `--json`.

Every view that shows a violation (the CLI's `check` and `evaluate`, the Problems panel, the
upgrade plan, the quote, the exporters) words it here, so a problem reads the same everywhere:
its message (a `Msg`) is worded by `say`.
"""

from __future__ import annotations

from typing import Any

from ..core.message import Msg
from ..core.violations import Fix, Violation
from .render import say


def said(message: Msg, language: str | None = None) -> str:
    """`message` in `language` (default: the current one)."""
    return say(message, language)


def text(v: Violation, language: str | None = None) -> str:
    """The violation's message in `language` (default: the current one)."""
    return said(v.message, language)


def fix_text(fix: Fix | None, language: str | None = None) -> str:
    """The fix's words in `language`, "" when there is no fix."""
    return said(fix.description, language) if fix is not None else ""


def english(v: Violation) -> str:
    """The violation's message in English (what `--json` and scripts read)."""
    return text(v, "en")


def violation_json(v: Violation) -> dict[str, Any]:
    """The `--json` object of a violation (docs/cli.md): code, English message and fix, slots."""
    return {
        "severity": v.severity,
        "code": v.code,
        "message": english(v),
        "slots": list(v.slots),
        "fix": fix_text(v.fix, "en") if v.fix else None,
        "fix_applicable": bool(v.fix and v.fix.ops),
    }
