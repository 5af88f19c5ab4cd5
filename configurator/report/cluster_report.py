"""The cluster plan as a PDF: key figures, the rack elevation, the fabric diagram(s), the BOM
grouped as servers / fabric / racks and power / services, and the plan's problems.

Every number is read from the `ClusterPlan` (core/cluster); the drawings come from
`cluster_layout`, the same shapes the GUI's cluster view paints.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, LongTable, PageTemplate, Spacer

from ..core.cluster.plan import ClusterPlan
from ..core.money import format_money
from ..store.vendor_settings import VendorSettings, load_settings
from ..words.problems import said
from ..words.quote_words import Labels
from . import fonts
from .canvas import PageInfo, make_canvas
from .cluster_drawing import to_drawing
from .cluster_shapes import ENGLISH, MAX_RACKS, fabric_diagram, rack_elevation
from .styles import (
    ACCENT,
    ACCENT_LIGHT,
    FRAME_W,
    GRID,
    MARGIN_B,
    MARGIN_L,
    MARGIN_R,
    MARGIN_T,
    PAGE_H,
    PAGE_W,
    PM,
    C,
    P,
    keep_headings,
    kv_table,
    styles,
    table_style,
)

LOCALE = "en_US"
RACKS_PER_ROW = 6    # 6 racks fill the frame at ~3/4 scale: rack names and verdicts stay readable


def _kw(w: float) -> str:
    return f"{w / 1000:,.1f} kW"


def key_figures(plan: ClusterPlan, tr: Labels = ENGLISH) -> list[tuple[str, str]]:
    """The plan's headline figures as (label, value) pairs in `tr`'s language."""
    cost, loc = plan.cost, tr.money_locale_override or LOCALE
    pairs = [(tr("Servers"), tr.fill("{n} ({gpus} GPUs)", n=plan.spec.server_count, gpus=plan.gpus)),
             (tr("Racks"), str(len(plan.racks))),
             (tr("Power, max at the wall"), _kw(plan.total("max_w"))), (tr("Power, typical"), _kw(plan.total("typical_w"))),
             (tr("Facility at PUE"), f"{_kw(plan.facility_max_w)} (PUE {plan.spec.site.pue:g})"),
             (tr("Heat"), f"{plan.heat_btu_hr:,.0f} BTU/h"), (tr("Floor"), f"{plan.floor_m2:.1f} m²"),
             (tr("Weight"), f"{plan.total('weight_kg'):,.0f} kg"),
             (tr("Capex"), format_money(cost.capex, cost.currency, loc)),
             (tr.fill("TCO, {years} years", years=cost.years), format_money(cost.tco, cost.currency, loc))]
    if cost.on_request:   # optics, cables, racks, PDUs, installation without a price: said, not silently left out
        pairs.append((tr("Not in capex or TCO (priced on request)"),
                      ", ".join(dict.fromkeys(tr.named(i) for i in cost.on_request))))
    here = plan.scaled
    if here is not None:
        pairs.append((tr("Time to train"), tr.fill("{days} days, scaling efficiency {pct}",
            days=f"{here.days:,.1f}", pct=f"{here.efficiency:.0%}")))
    return pairs


def bom_table(plan: ClusterPlan, tr: Labels = ENGLISH) -> LongTable:
    """The cluster BOM, one band per group (servers, fabric, racks and power, services), then capex."""
    st = styles()
    cost, loc = plan.cost, tr.money_locale_override or LOCALE
    rows: list[list] = [[P(tr("Item"), st.head), P(tr("Qty"), st.head_r), P(tr("Unit price"), st.head_r),
                         P(tr("Extended"), st.head_r)]]
    cmds: list[tuple] = [("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                         ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID)]
    group = None
    ask = tr("on request")
    for ln in cost.lines:
        if ln.group != group:
            group = ln.group
            rows.append([P(tr.named(group), st.cell_b), "", "", ""])
            r = len(rows) - 1
            cmds += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), ACCENT_LIGHT),
                     ("NOSPLIT", (0, r), (-1, r + 1))]
        unit = ask if ln.unit_price is None else format_money(ln.unit_price, cost.currency, loc)
        ext = ask if ln.extended is None else format_money(ln.extended, cost.currency, loc)
        rows.append([C(tr.named(ln.item), st.cell, 200), P(f"{ln.qty:,}", st.cell_r), P(unit, st.cell_r),
                     P(ext, st.cell_r)])
    rows.append([P(tr.fill("Capex ({currency}, priced lines)", currency=cost.currency), st.cell_b), "", "",
                 P(format_money(cost.capex, cost.currency, loc), st.cell_br)])
    t = LongTable(rows, colWidths=[FRAME_W - 40 - 90 - 95, 40, 90, 95], repeatRows=1, splitByRow=1, splitInRow=0)
    t.setStyle(table_style(cmds))
    return t


def _problems(plan: ClusterPlan, tr: Labels) -> list[Flowable]:
    """The plan's violations (severity, code, message, fix) and notes, in `tr`'s language."""
    st = styles()
    out: list[Flowable] = []
    for v in plan.violations:
        # the rule's code is the tool's (`cluster --json` and the CLI print it), not the reader's
        out.append(PM(f"<b>{fonts.markup(tr(v.severity.upper()))}</b> {fonts.markup(said(v.message, tr.language))}",
                      st.small))
        if v.fix is not None:
            out.append(P(tr.fill("Fix: {fix}", fix=said(v.fix.description, tr.language)), st.muted))
    out += [P(tr.named(n), st.muted) for n in plan.notes]
    return [KeepTogether([P(tr("Problems and notes"), st.h2), *out[:2]]), *out[2:]]   # no heading alone at a page foot


def cluster_story(plan: ClusterPlan, tr: Labels = ENGLISH, document: Sequence[tuple[str, str]] = ()) -> list[Flowable]:
    """The plan's blocks; `document` pairs (seller, date, revision) head the key figures."""
    st = styles()
    out: list[Flowable] = [P(tr.fill("Cluster plan: {name}", name=plan.spec.name), st.h1), Spacer(1, 4)]
    if document:
        out += [kv_table(list(document), columns=3, key_w=50), Spacer(1, 4)]
    out += [kv_table(key_figures(plan, tr)), P(tr("Rack elevation"), st.h2)]
    drawn = min(len(plan.racks), MAX_RACKS)
    for first in range(0, max(1, drawn), RACKS_PER_ROW):   # rows of racks, so that the labels stay legible
        racks = rack_elevation(plan, tr, first, RACKS_PER_ROW)
        last = first + RACKS_PER_ROW >= drawn
        out.append(KeepTogether([to_drawing(racks, FRAME_W), Spacer(1, 3 if last else 8),
                                 *([P(racks.caption, st.muted)] if last else [])]))
    for fabric in (plan.fabric, plan.storage):
        if fabric is not None:
            pic = fabric_diagram(fabric, FRAME_W, tr)
            head = tr("Compute fabric" if fabric.role == "compute" else "Storage fabric")
            out += [KeepTogether([P(head, st.h2), to_drawing(pic, FRAME_W), Spacer(1, 3), P(pic.caption, st.muted)])]
    out += [P(tr("Bill of materials"), st.h2), bom_table(plan, tr)]
    if plan.violations or plan.notes:
        out += _problems(plan, tr)
    return out


def cluster_pdf(plan: ClusterPlan, language: str = "en", settings: VendorSettings | None = None,
                issued: date | None = None) -> bytes:
    """The plan as a PDF in `language` ("en", "zh_CN"): the seller (the vendor profile, else
    `load_settings()`), the issue date and the plan's revision head it and every page."""
    from babel.dates import format_date

    fonts.register()
    tr = Labels(language)
    settings = tr.settings(settings if settings is not None else load_settings())
    day = format_date(issued or date.today(), format="long", locale="zh_CN" if tr.chinese else "en_GB")
    seller = settings.vendor.company
    document = [(tr("Prepared by"), seller), (tr("Issue date"), day), (tr("Revision"), str(plan.spec.revision))]
    label = f"{tr('Cluster plan')} · {plan.spec.name[:60]} · {tr('Revision')} {plan.spec.revision} · {day}"
    info = PageInfo(vendor=seller, quote_label=label, customer="", page_w=PAGE_W,
                    page_h=PAGE_H, margin_l=MARGIN_L, margin_r=MARGIN_R, page_label=tr("Page {page} of {total}"))
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=(PAGE_W, PAGE_H), leftMargin=MARGIN_L, rightMargin=MARGIN_R,
                          topMargin=MARGIN_T, bottomMargin=MARGIN_B, title=tr.fill("Cluster plan: {name}", name=plan.spec.name),
                          creator="ai-server-configurator")
    frame = Frame(MARGIN_L, MARGIN_B, FRAME_W, PAGE_H - MARGIN_T - MARGIN_B, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    doc.build(keep_headings(cluster_story(plan, tr, document)), canvasmaker=make_canvas(info))
    return buf.getvalue()
