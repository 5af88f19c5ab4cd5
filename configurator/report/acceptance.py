"""The acceptance test plan (验收测试方案) and the acceptance report (验收报告) as PDFs.

Both read the core's `Plan` / `Report` / `Comparison` and word every cell through
words/acceptance_text.py, so the PDF says what the CLI prints. The plan is a checklist (a box
per step, the expected value, its tolerance, the tool, a numbered source); the report adds the
measured values, the verdicts, the findings against the baseline and lines to sign. The plan also
lists the build's pinned software stack (report/stack_section.py, the quote's table), so the
technician installs the versions the plan was written for.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from datetime import date

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, LongTable, PageTemplate, Spacer

from ..core.acceptance.baseline_diff import Comparison
from ..core.acceptance.model import Plan, Step
from ..core.acceptance.verdicts import Report, Row
from ..words import acceptance_text as w
from ..words.quote_words import Labels
from ..words.render import say
from ..words.stack_text import ManifestRow
from . import fonts
from .canvas import PageInfo, make_canvas
from .stack_section import stack_section
from .styles import (
    ACCENT,
    ERROR,
    FRAME_W,
    GRID,
    MARGIN_B,
    MARGIN_L,
    MARGIN_R,
    MARGIN_T,
    PAGE_H,
    PAGE_W,
    C,
    P,
    keep_headings,
    kv_table,
    styles,
    table_style,
)

PLAN_COLS = (22, None, 58, 76, 72, 34, 28)
REPORT_COLS = (22, None, 60, 60, 44, 118)


def _widths(cols: tuple[int | None, ...]) -> list[float]:
    fixed = sum(c for c in cols if c)
    return [float(c) if c else FRAME_W - fixed for c in cols]


def _table(head: list[str], rows: list[list[Flowable | str]], cols: tuple[int | None, ...],
           marks: list[tuple] | None = None) -> LongTable:
    st = styles()
    t = LongTable([[P(h, st.head) for h in head]] + rows, colWidths=_widths(cols), repeatRows=1)
    t.setStyle(table_style([("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                            ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID), ("LEFTPADDING", (0, 0), (-1, -1), 3),
                            ("RIGHTPADDING", (0, 0), (-1, -1), 3)] + (marks or [])))
    return t


def _plan_row(step: Step, ref_no: int, lang: str) -> list[Flowable | str]:
    st = styles()
    return [C(str(step.order), st.cell), C(say(step.title, lang), st.cell), C(w.expected(step, lang), st.cell),
            C(w.tolerance(step), st.cell), C(step.tool, st.cell), C(f"[{ref_no}]", st.cell), C("☐", st.cell)]


def plan_story(plan: Plan, lang: str, stack: Sequence[ManifestRow] = ()) -> list[Flowable]:
    st = styles()
    refs = w.sources(plan)
    number = {id(r): i + 1 for i, r in enumerate(refs)}
    by_key = {(r.url, r.note, str(r.value)): number[id(r)] for r in refs}
    story: list[Flowable] = [P(w.label("plan-title", lang), st.h1),
                             kv_table([(w.label("build", lang), plan.build_name), (w.label("server", lang), plan.chassis),
                                       (w.label("date", lang), date.today().isoformat())]),
                             Spacer(1, 4), P(w.label("script-note", lang), st.small)]
    story += [P(say(n, lang), st.muted) for n in plan.notes]
    head = [w.label(k, lang) for k in ("no", "check", "expected", "tolerance", "tool", "source", "done")]
    for name in plan.groups():
        story.append(P(w.group(name, lang), st.h2))
        rows = [_plan_row(s, by_key[(s.source.url, s.source.note, str(s.source.value))], lang)
                for s in plan.steps if s.group == name]
        story.append(_table(head, rows, PLAN_COLS))
    story += stack_section(stack, Labels(lang))
    story.append(P(w.label("sources", lang), st.h2))
    for i, ref in enumerate(refs, 1):
        story.append(P(f"[{i}] {w.source(ref, lang)}" + (f" — {ref.note}" if ref.note else ""), st.small))
    return story


def _report_row(row: Row, lang: str) -> list[Flowable | str]:
    st = styles()
    return [C(str(row.step.order), st.cell), C(say(row.step.title, lang), st.cell),
            C(w.expected(row.step, lang), st.cell), C(w.measured(row), st.cell),
            C(w.verdict(row, lang), st.cell_b if row.verdict == "fail" else st.cell), C(w.details(row, lang), st.small)]


def report_story(report: Report, comparison: Comparison | None, lang: str) -> list[Flowable]:
    st = styles()
    r = report.results
    story: list[Flowable] = [
        P(w.label("report-title", lang), st.h1),
        kv_table([(w.label("build", lang), report.plan.build_name), (w.label("server", lang), report.plan.chassis),
                  (w.label("serial", lang), r.system_serial or "-"), (w.label("host", lang), r.host or "-"),
                  (w.label("taken", lang), r.taken or "-"), (w.label("outcome", lang), w.outcome(report, lang))])]
    head = [w.label(k, lang) for k in ("no", "check", "expected", "measured", "verdict", "source")]
    head[-1] = ""
    for name in report.plan.groups():
        rows = [x for x in report.rows if x.step.group == name]
        story.append(P(w.group(name, lang), st.h2))
        marks = [("TEXTCOLOR", (4, i + 1), (4, i + 1), ERROR) for i, x in enumerate(rows) if x.verdict == "fail"]
        story.append(_table(head, [_report_row(x, lang) for x in rows], REPORT_COLS, marks))
    if comparison is not None:
        story.append(P(w.label("findings", lang), st.h2))
        if comparison.unchanged:
            story.append(P(w.label("unchanged", lang), st.body))
        story += [P("• " + say(f.message, lang), st.body) for f in comparison.findings]
    story += [P(say(n, lang), st.muted) for n in r.notes]
    story.append(P(w.label("signatures", lang), st.h2))
    sign = [[P(w.label(k, lang), st.kv_key), "", P(w.label("date", lang), st.kv_key), ""]
            for k in ("technician", "customer")]
    story.append(_table(["", "", "", ""], sign, (70, None, 40, 110)))
    return story


def _pdf(story: Callable[[], list[Flowable]], title: str, name: str, lang: str) -> bytes:
    fonts.register()
    tr = Labels(lang)
    info = PageInfo(vendor=title, quote_label=name[:80], customer="", page_w=PAGE_W, page_h=PAGE_H,
                    margin_l=MARGIN_L, margin_r=MARGIN_R, page_label=tr("Page {page} of {total}"))
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=(PAGE_W, PAGE_H), leftMargin=MARGIN_L, rightMargin=MARGIN_R,
                          topMargin=MARGIN_T, bottomMargin=MARGIN_B, title=f"{title}: {name}",
                          creator="ai-server-configurator")
    frame = Frame(MARGIN_L, MARGIN_B, FRAME_W, PAGE_H - MARGIN_T - MARGIN_B, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    doc.build(keep_headings(story()), canvasmaker=make_canvas(info))
    return buf.getvalue()


def plan_pdf(plan: Plan, language: str = "en", stack: Sequence[ManifestRow] = ()) -> bytes:
    """The acceptance plan checklist in `language` ("en", "zh_CN"), with the pinned software stack's
    rows (`formats.exporters.acceptance_pdf.pinned_stack`) when given."""
    return _pdf(lambda: plan_story(plan, language, stack), w.label("plan-title", language), plan.build_name, language)


def report_pdf(report: Report, comparison: Comparison | None = None, language: str = "en") -> bytes:
    """The signable acceptance report in `language`, with the findings against the baseline if given."""
    return _pdf(lambda: report_story(report, comparison, language), w.label("report-title", language),
                report.plan.build_name, language)
