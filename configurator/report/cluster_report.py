"""The cluster plan as a PDF: key figures, the rack elevation, the fabric diagram(s), the BOM
grouped as servers / fabric / racks and power / services, and the plan's problems.

Every number is read from the `ClusterPlan` (core/cluster); the drawings come from
`cluster_layout`, the same shapes the GUI's cluster view paints.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, LongTable, PageTemplate, Spacer

from ..core.cluster.plan import ClusterPlan
from ..core.money import format_money
from ..io.safe_write import atomic_write
from .canvas import PageInfo, make_canvas
from .cluster_drawing import to_drawing
from .cluster_layout import fabric_diagram, rack_elevation
from .layout import (
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
    C,
    P,
    kv_table,
    styles,
    table_style,
)

LOCALE = "en_US"


def _kw(w: float) -> str:
    return f"{w / 1000:,.1f} kW"


def key_figures(plan: ClusterPlan) -> list[tuple[str, str]]:
    cost = plan.cost
    pairs = [("Servers", f"{plan.spec.server_count} ({plan.gpus} GPUs)"), ("Racks", str(len(plan.racks))),
             ("Power, max at the wall", _kw(plan.total("max_w"))), ("Power, typical", _kw(plan.total("typical_w"))),
             ("Facility at PUE", f"{_kw(plan.facility_max_w)} (PUE {plan.spec.site.pue:g})"),
             ("Heat", f"{plan.heat_btu_hr:,.0f} BTU/h"), ("Floor", f"{plan.floor_m2:.1f} m²"),
             ("Weight", f"{plan.total('weight_kg'):,.0f} kg"),
             ("Capex", format_money(cost.capex, cost.currency, LOCALE)),
             (f"TCO, {cost.years} years", format_money(cost.tco, cost.currency, LOCALE))]
    here = plan.scaled
    if here is not None:
        pairs.append(("Time to train", f"{here.days:,.1f} days, scaling efficiency {here.efficiency:.0%}"))
    return pairs


def bom_table(plan: ClusterPlan) -> LongTable:
    st = styles()
    cost = plan.cost
    rows: list[list] = [[P("Item", st.head), P("Qty", st.head_r), P("Unit price", st.head_r), P("Extended", st.head_r)]]
    cmds: list[tuple] = [("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                         ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID)]
    group = None
    for ln in cost.lines:
        if ln.group != group:
            group = ln.group
            rows.append([P(group, st.cell_b), "", "", ""])
            r = len(rows) - 1
            cmds += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), ACCENT_LIGHT),
                     ("NOSPLIT", (0, r), (-1, r + 1))]
        unit = "on request" if ln.unit_price is None else format_money(ln.unit_price, cost.currency, LOCALE)
        ext = "on request" if ln.extended is None else format_money(ln.extended, cost.currency, LOCALE)
        rows.append([C(ln.item, st.cell, 200), P(f"{ln.qty:,}", st.cell_r), P(unit, st.cell_r), P(ext, st.cell_r)])
    rows.append([P(f"Capex ({cost.currency}, priced lines)", st.cell_b), "", "",
                 P(format_money(cost.capex, cost.currency, LOCALE), st.cell_br)])
    t = LongTable(rows, colWidths=[FRAME_W - 40 - 90 - 95, 40, 90, 95], repeatRows=1, splitByRow=1, splitInRow=0)
    t.setStyle(table_style(cmds))
    return t


def cluster_story(plan: ClusterPlan) -> list[Flowable]:
    st = styles()
    out: list[Flowable] = [P(f"Cluster plan: {plan.spec.name}", st.h1), Spacer(1, 4), kv_table(key_figures(plan)),
                           P("Rack elevation", st.h2)]
    racks = rack_elevation(plan)
    out += [KeepTogether([to_drawing(racks, FRAME_W), Spacer(1, 3), P(racks.caption, st.muted)])]
    for fabric in (plan.fabric, plan.storage):
        if fabric is not None:
            pic = fabric_diagram(fabric, FRAME_W)
            out += [KeepTogether([P(f"{fabric.role.capitalize()} fabric", st.h2), to_drawing(pic, FRAME_W),
                                  Spacer(1, 3), P(pic.caption, st.muted)])]
    out += [P("Bill of materials", st.h2), bom_table(plan)]
    if plan.violations or plan.notes:
        out.append(P("Problems and notes", st.h2))
        out += [P(f"{v.severity.upper()} {v.code}: {v.message}", st.small) for v in plan.violations]
        out += [P(n, st.muted) for n in plan.notes]
    return out


def write_cluster_pdf(plan: ClusterPlan, path: Path) -> Path:
    """Render the plan to `path` (atomically); returns the path."""
    info = PageInfo(vendor="Cluster plan", quote_label=plan.spec.name[:80], customer="", page_w=PAGE_W, page_h=PAGE_H,
                    margin_l=MARGIN_L, margin_r=MARGIN_R)
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=(PAGE_W, PAGE_H), leftMargin=MARGIN_L, rightMargin=MARGIN_R,
                          topMargin=MARGIN_T, bottomMargin=MARGIN_B, title=f"Cluster plan {plan.spec.name}",
                          creator="ai-server-configurator")
    frame = Frame(MARGIN_L, MARGIN_B, FRAME_W, PAGE_H - MARGIN_T - MARGIN_B, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    doc.build(cluster_story(plan), canvasmaker=make_canvas(info))
    atomic_write(path, buf.getvalue())
    return path
