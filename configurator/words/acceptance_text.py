"""The acceptance plan, report and comparison worded: the same cells for the CLI, the PDF and the
GUI (a step's expected value, its tolerance, a measured value, a verdict, a source)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.message import Msg
from .acceptance_words import LABELS
from .render import say

if TYPE_CHECKING:   # the quote's stack rows use `confidence_word` alone: no acceptance model loads for them
    from ..core.acceptance.baseline_diff import Comparison
    from ..core.acceptance.model import Plan, Reference, Step
    from ..core.acceptance.verdicts import Report, Row


def label(name: str, language: str | None = None, **args: Any) -> str:
    return say(Msg(f"accept.label.{name}", **args), language)


def number(value: float, unit: str = "") -> str:
    text = f"{value:,.0f}" if abs(value) >= 100 or value == int(value) else f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{text} {unit}".strip()


def expected(step: Step, language: str | None = None) -> str:
    if step.rule == "all_pass":
        return label("all-pass", language)
    # the relation is a symbol, the same in every language
    return ("≥ " if step.rule == "at_least" else "= ") + number(step.expected, step.unit)


def tolerance(step: Step) -> str:
    if step.rule != "at_least" or not step.tolerance_pct:
        return "-"
    return f"−{step.tolerance_pct:g} % (≥ {number(step.threshold, step.unit)})"


def measured(row: Row) -> str:
    if row.measured is None:
        return "-"
    if row.step.rule == "all_pass":
        return "OK" if row.measured >= 1 else "FAIL"
    return number(row.measured, row.step.unit)


def verdict(row: Row, language: str | None = None) -> str:
    return say(Msg(f"accept.verdict.{row.verdict}"), language)


def outcome(report: Report, language: str | None = None) -> str:
    return say(Msg(f"accept.outcome.{report.outcome}"), language)


def group(name: str, language: str | None = None) -> str:
    return say(Msg(f"accept.group.{name}"), language)


def confidence_word(confidence: str, language: str | None = None) -> str:
    """A source's confidence ('high', 'datasheet', 'secondary' …) in `language`; an unknown word as it is."""
    key = f"accept.confidence.{confidence}"
    return say(Msg(key), language) if key in LABELS else confidence


def source(ref: Reference, language: str | None = None) -> str:
    """'URL (date, confidence[, estimate])'."""
    estimate = ref.estimate and ref.confidence != "estimate"      # a catalog figure may say it already
    flags = [ref.date, confidence_word(ref.confidence, language)] + ([label("estimate", language)] if estimate else [])
    url = ref.url
    if ref.key.startswith("build.") and url.startswith("build: "):   # core/acceptance/checklist.py `_build_ref`
        url = f"{label('build', language)}: {url.removeprefix('build: ')}"
    return f"{url} ({', '.join(f for f in flags if f and f != '-')})"


def details(row: Row, language: str | None = None) -> str:
    return "; ".join(say(m, language) for m in row.detail)


def sources(plan: Plan) -> list[Reference]:
    """The plan's distinct sources, in first-use order (the PDF numbers them)."""
    seen: dict[tuple[str, str, str], Reference] = {}
    for step in plan.steps:
        seen.setdefault((step.source.url, step.source.note, str(step.source.value)), step.source)
    return list(seen.values())


def plan_text(plan: Plan, language: str | None = None) -> str:
    lines = [f"{label('plan-title', language)}: {plan.build_name} ({plan.chassis})"]
    for name in plan.groups():
        lines.append("\n" + group(name, language))
        for s in (s for s in plan.steps if s.group == name):
            lines.append(f"  {s.order:3} {say(s.title, language)}: {expected(s, language)}"
                         f"{'' if tolerance(s) == '-' else '  ' + tolerance(s)}  [{s.tool}]  {source(s.source, language)}")
    lines += [say(n, language) for n in plan.notes]
    return "\n".join(lines)


def report_text(report: Report, language: str | None = None) -> str:
    r = report.results
    lines = [f"{label('report-title', language)}: {report.plan.build_name}",
             f"{label('serial', language)}: {r.system_serial or '-'}   {label('host', language)}: {r.host or '-'}"
             f"   {label('taken', language)}: {r.taken or '-'}"]
    for row in report.rows:
        extra = details(row, language)
        lines.append(f"  {row.step.order:3} {verdict(row, language):8} {say(row.step.title, language)}: "
                     f"{measured(row)} ({expected(row.step, language)}){'  — ' + extra if extra else ''}")
    lines += [say(n, language) for n in r.notes]
    lines.append(f"{label('outcome', language)}: {outcome(report, language)}")
    return "\n".join(lines)


def comparison_text(comparison: Comparison, language: str | None = None) -> str:
    head = label("findings", language)
    if comparison.unchanged:
        return f"{head}: {label('unchanged', language)}"
    return "\n".join([f"{head}:"] + [f"  - {say(f.message, language)}" for f in comparison.findings])
