"""What `configurator accept ... --json` prints: the plan, the report and the comparison, with
message ids and parameters beside the words (so a script can read either)."""

from __future__ import annotations

from typing import Any

from ..core.acceptance.baseline_diff import Comparison
from ..core.acceptance.model import Plan, Reference, Step
from ..core.acceptance.verdicts import Report
from ..core.message import Msg
from ..words.render import say


def _msg(msg: Msg) -> dict[str, Any]:
    return {"id": msg.id, "text": say(msg), "args": {k: v for k, v in msg.args if isinstance(v, (str, int, float))}}


def _ref(ref: Reference) -> dict[str, Any]:
    return {"url": ref.url, "date": ref.date, "confidence": ref.confidence, "estimate": ref.estimate, "note": ref.note}


def _step(s: Step) -> dict[str, Any]:
    return {"order": s.order, "group": s.group, "key": s.key, "title": _msg(s.title), "rule": s.rule,
            "expected": s.expected, "unit": s.unit, "tolerance_pct": s.tolerance_pct,
            "threshold": s.threshold if s.rule == "at_least" else s.expected, "tool": s.tool, "target": s.target,
            "source": _ref(s.source)}


def plan_json(plan: Plan) -> dict[str, Any]:
    return {"build": plan.build_name, "chassis": plan.chassis, "steps": [_step(s) for s in plan.steps],
            "notes": [_msg(n) for n in plan.notes]}


def report_json(report: Report) -> dict[str, Any]:
    r = report.results
    return {"build": report.plan.build_name, "server": r.server_key, "system_serial": r.system_serial,
            "host": r.host, "taken": r.taken, "outcome": report.outcome,
            "rows": [{"key": x.step.key, "title": _msg(x.step.title), "expected": x.step.expected,
                      "measured": x.measured, "verdict": x.verdict, "detail": [_msg(d) for d in x.detail]}
                     for x in report.rows],
            "skipped": [{"tool": t, "why": w} for t, w in r.skipped], "notes": [_msg(n) for n in r.notes]}


def comparison_json(c: Comparison) -> dict[str, Any]:
    return {"unchanged": c.unchanged,
            "findings": [{"kind": f.kind, "subject": f.subject, "before": f.before, "after": f.after,
                          "delta_pct": f.delta_pct, "message": _msg(f.message)} for f in c.findings]}
