"""The software stack in the user's language: the manifest rows the quote prints, the text
`configurator stack` prints and its JSON (codes and parameters beside the worded message).

Everything reads one `StackPlan` (and, for a server, its `Finding`s), so the CLI, the quote and
the GUI list the same versions with the same words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.message import Msg
from ..core.stack.installed import Finding, InstalledStack
from ..core.stack.pinning import PinnedItem, StackPlan
from ..core.stack.rows import Row
from .acceptance_text import confidence_word
from .i18n import _, pad
from .render import say


@dataclass(frozen=True)
class ManifestRow:
    """One worded line of the pinned stack: component, exact version, why, and where it was read."""

    component: str
    version: str
    note: str
    source: str


def manifest_rows(plan: StackPlan, language: str | None = None) -> list[ManifestRow]:
    """The pinned stack as worded rows (empty when no stack fits)."""
    return [ManifestRow(say(Msg(f"stack.component.{i.component}"), language), i.version,
                        say(i.note, language) if i.note else "", _source(i.row, language)) for i in plan.pinned]


def _source(row: Row, language: str | None = None) -> str:
    return f"{row.source} ({row.date}, {confidence_word(row.confidence, language)})"


def plan_text(plan: StackPlan, findings: tuple[Finding, ...] | None = None,
              installed: InstalledStack | None = None) -> str:
    """What `configurator stack` prints."""
    gpus = ", ".join(f"{g.name} [{g.architecture} {g.compute_capability}]".replace(" ]", "]") for g in plan.gpus)
    lines = [_("Software stack for {gpus}").format(gpus=gpus or "-")]
    lines += [f"  {say(p)}" for p in plan.problems]
    if plan.pinned:
        lines.append(_("Pinned stack:"))
        for row in manifest_rows(plan):
            lines.append(f"  {pad(row.component, 38)} {row.version}" + (f"  ({row.note})" if row.note else ""))
            lines.append(f"  {'':38} {_('source: {source}').format(source=row.source)}")
    if plan.rejected:
        lines.append(_("Candidates that do not fit:"))
        lines += [f"  - {say(r.reason)}" for r in plan.rejected]     # each reason names its candidate
    if installed is not None:
        lines.append(_("Installed on the server:"))
        lines += [f"  {pad(say(Msg(f'stack.field.{k}')), 22)} {v}" for k, v in installed.reported().items()] or ["  -"]
    if findings:
        lines.append(_("Against the pinned stack:"))
        for f in findings:
            lines.append(f"  {pad(_(f.severity.upper()), 7)} {say(f.message)}")
            if f.fix:
                lines.append("          " + _("fix: {fix}").format(fix=say(f.fix)))
    return "\n".join(lines)


def plan_json(plan: StackPlan, findings: tuple[Finding, ...] | None = None,
              installed: InstalledStack | None = None) -> dict[str, Any]:
    """The stable JSON shape (docs/stack.md): codes and parameters, and the worded message."""
    data: dict[str, Any] = {
        "vendor": plan.vendor,
        "gpus": [{"id": g.id, "name": g.name, "architecture": g.architecture,
                  "compute_capability": g.compute_capability} for g in plan.gpus],
        "pinned": [_pinned_json(i) for i in plan.pinned],
        "fabric_manager_required": plan.nvswitch,
        "rejected": [{"kind": r.kind, "candidate": r.candidate, **_msg_json(r.reason), "source": _row_json(r.row)}
                     for r in plan.rejected],
        "problems": [_msg_json(p) for p in plan.problems],
    }
    if installed is not None:
        data["installed"] = installed.reported()
    if findings is not None:
        data["findings"] = [{"severity": f.severity, **_msg_json(f.message),
                             "fix": say(f.fix) if f.fix else None} for f in findings]
    return data


def _pinned_json(item: PinnedItem) -> dict[str, Any]:
    return {"component": item.component, "version": item.version, "note": say(item.note) if item.note else "",
            "source": _row_json(item.row)}


def _row_json(row: Row) -> dict[str, str]:
    return {"source": row.source, "date": row.date, "confidence": row.confidence, "note": row.note}


def _msg_json(msg: Msg) -> dict[str, Any]:
    return {"code": msg.id, "params": {k: _param(v) for k, v in msg.params.items()}, "message": say(msg)}


def _param(value: object) -> object:
    if isinstance(value, Msg):
        return value.id
    items = getattr(value, "items", None)
    return [str(v) for v in items] if isinstance(items, tuple) else value
