"""The upgrade quote PDF: what a technician adds to, takes out of and moves in a running server.

    upgrade_quote_pdf(plan, after, after_eval, catalog, settings, "Q-2026-0007")   # -> bytes

It prints, from one `core.upgrade.delta.UpgradePlan` (never recomputing a figure): the parts changing
hands (`core.upgrade.found.delta_bom`: new parts priced, removed parts listed with any trade-in
value, moves), every figure before → after (power idle/typical/max and at the wall, heat,
airflow, PSU load, the feed-loss verdict), the problems the upgrade brings and resolves, and
the totals of AFTER's priced BOM, in which the parts already installed are at zero. It uses the
quote's header, numbering, terms and signature blocks, and its appendix: each "after" figure and
total links to its explanation (`appendix`).
"""

from __future__ import annotations

import io
from datetime import date, timedelta

from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    LongTable,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
)

from ..core.build import Build
from ..core.catalog import Catalog
from ..core.evaluate.result import Evaluation
from ..core.message import Msg
from ..core.money import format_money, format_pct
from ..core.upgrade.delta import Delta, UpgradePlan
from ..core.upgrade.found import ADD, MOVE, REMOVE, delta_bom
from ..store.vendor_settings import UnorderableError, VendorSettings
from ..words.problems import said, text
from ..words.quote_words import Labels
from ..words.render import say
from . import fonts
from .appendix import FigureLinks, appendix, appendix_template, explanations
from .canvas import PageInfo, make_canvas
from .sections import Customer, QuoteMeta, amount_in_words, build_gpus, closing, header, signature, terms
from .styles import (
    ACCENT,
    ACCENT_LIGHT,
    ERROR,
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
    FigureLinker,
    P,
    fig,
    fit_style,
    keep_headings,
    part_number_cell,
    styles,
    table_style,
    totals_table,
    value_cell,
)

#: (delta name, label, unit, digits) in print order
FIGURES: tuple[tuple[str, str, str, int], ...] = (
    ("idle_w", "Power, idle", "W", 0), ("typical_w", "Power, typical", "W", 0), ("max_w", "Power, max", "W", 0),
    ("peak_w", "Power, peak (PSU sizing)", "W", 0), ("wall_idle_w", "At the wall, idle", "W", 0),
    ("wall_typical_w", "At the wall, typical", "W", 0), ("wall_max_w", "At the wall, max", "W", 0),
    ("heat_typical_w", "Heat, typical", "W", 0), ("heat_max_w", "Heat, max", "W", 0),
    ("heat_btu_hr", "Heat, max, in BTU/h", "BTU/h", 0), ("airflow_cfm", "Airflow needed", "CFM", 0),
    ("psu_count", "PSUs installed", "", 0), ("psu_usable_w", "PSU capacity under redundancy", "W", 0),
    ("psu_load_pct_typical", "PSU load, typical", "%", 0), ("psu_load_pct_max", "PSU load at peak", "%", 0),
    ("gpu_count", "GPUs", "", 0), ("host_memory_gb", "Host memory", "GB", 0),
)


def _grid(rows: list[list], widths: list[float], extra: list | None = None) -> LongTable:
    t = LongTable(rows, colWidths=widths, repeatRows=1, splitByRow=1, splitInRow=0)
    t.setStyle(table_style([("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
                            ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID), *(extra or [])]))
    return t


def _num(value: float, digits: int, signed: bool = False) -> str:
    return f"{value:{'+' if signed else ''},.{digits}f}"


#: the `evaluate --json` figure each delta is of: the "after" column links to AFTER's entry in the
#: appendix (the quote holds AFTER's evaluation, not BEFORE's)
FIGURE_KEYS = {
    "idle_w": "power_w.idle", "typical_w": "power_w.typical", "max_w": "power_w.max", "peak_w": "power_w.peak",
    "wall_idle_w": "wall_power_w.idle", "wall_typical_w": "wall_power_w.typical", "wall_max_w": "wall_power_w.max",
    "heat_typical_w": "thermal.heat_typical_w", "heat_max_w": "thermal.heat_max_w", "heat_btu_hr": "heat_btu_hr",
    "airflow_cfm": "airflow_cfm", "psu_count": "psu.count", "psu_usable_w": "psu.usable_w",
    "psu_load_pct_typical": "psu.load_pct.typical", "psu_load_pct_max": "psu.load_pct.max",
    "gpu_count": "gpu.count", "host_memory_gb": "memory.capacity_gb",
}


def figures_table(plan: UpgradePlan, tr: Labels, links: FigureLinker | None = None) -> LongTable:
    """Figure | before | after | change, then the PSU and feed-loss verdicts (red when overloaded);
    with `links`, each "after" figure links to its explanation."""
    st = styles()
    by = {d.name: d for d in plan.deltas}
    rows: list[list] = [[P(h, st.head) if i == 0 else P(h, st.head_r) for i, h in
                         enumerate(tr(w) for w in ("Figure", "Before", "After", "Change"))]]
    for name, label, unit, digits in FIGURES:
        d: Delta | None = by.get(name)
        if d is None:
            continue
        u = f" {unit}" if unit else ""
        after = value_cell(fig(_num(d.after, digits) + u, FIGURE_KEYS.get(name, "")), st.cell_r, links)
        rows.append([P(tr(label), st.cell), P(_num(d.before, digits) + u, st.cell_r), after,
                     P(_num(d.change, digits, signed=True) + u, st.cell_br if d.change else st.cell_r)])
    rows.append([P(tr("PSUs"), st.cell), C(tr.named(plan.psu_before), st.cell_r), C(tr.named(plan.psu_after), st.cell_r),
                 ""])
    none = tr("n/a (no redundancy)")
    after = tr.named(plan.feed_loss_after) if plan.feed_loss_after else none
    overloaded = plan.feed_loss_pct_after is not None and plan.feed_loss_pct_after > 100
    # a Paragraph ignores the table's TEXTCOLOR: an overloaded verdict is coloured in its own markup
    before = tr.named(plan.feed_loss_before) if plan.feed_loss_before else none
    rows.append([P(tr("Losing one feed"), st.cell), C(before, st.cell_r),
                 PM(f'<font color="#{ERROR.hexval()[2:]}">{fonts.markup(after)}</font>', st.cell_r) if overloaded
                 else C(after, st.cell_r), ""])
    return _grid(rows, [150, 110, 110, FRAME_W - 370])


def _slots(where: str, tr: Labels, most: int = 6) -> str:
    """A long slot list shortened to its count, first and last: '16 slots: CPU1_DIMM_A1 … CPU2_DIMM_H1'."""
    slots = where.split(", ")
    if len(slots) <= most:
        return where
    return tr("{n} slots: {first} … {last}").format(n=len(slots), first=slots[0], last=slots[-1])


def changes_table(plan: UpgradePlan, catalog: Catalog, locale: str, tr: Labels) -> LongTable:
    """The delta BOM: bought lines priced, removed parts with their trade-in, moves."""
    st = styles()
    cur = plan.currency
    rows: list[list] = [[P(tr(h), st.head) for h in ("Change", "Part number", "Description", "Slots")] +
                        [P(tr(h), st.head_r) for h in ("Qty", "Unit price", "Extended")]]
    words = {ADD: tr("Buy"), REMOVE: tr("Take out"), MOVE: tr("Move")}
    # part numbers up to 17 characters fit at 6.2 pt and more; the description takes what is left
    widths = [40, 92, FRAME_W - 40 - 92 - 74 - 26 - 70 - 72, 74, 26, 70, 72]
    ask = tr("on request")
    for ln in delta_bom(plan, catalog):
        if ln.group == ADD:
            unit = ask if ln.unit_price is None else format_money(ln.unit_price, cur, locale)
            ext = ask if ln.extended is None else format_money(ln.extended, cur, locale)
        elif ln.group == REMOVE:
            unit = tr("trade-in ") + format_money(ln.unit_price, cur, locale) if ln.unit_price is not None else "—"
            ext = format_money(-ln.extended, cur, locale) if ln.extended is not None else "—"
        else:
            unit = ext = "—"
        rows.append([P(words[ln.group], st.cell_b), part_number_cell(ln.part_number, ln.sku_note, tr, widths[1]),
                     C(tr.named(ln.name), st.cell, 200), C(_slots(ln.where, tr), st.cell, 120), P(f"{ln.qty:,}", st.cell_r),
                     _money_cell(unit, widths[5] - 6), _money_cell(ext, widths[6] - 6)])
    if len(rows) == 1:
        rows.append([P(tr("No parts change."), st.cell), "", "", "", "", "", ""])
    return _grid(rows, widths)


def _money_cell(text: str, width: float) -> Paragraph:
    """An amount right-aligned on one line: set smaller when wider than the cell, never split; a
    "trade-in" prefix may wrap above it (the amount's own characters are joined with no-break)."""
    st = styles()
    head, sep, amount = text.rpartition(" ")
    style = fit_style(amount, st.cell_r, width)
    return PM(fonts.markup(head) + (" " if sep else "") + fonts.markup(amount).replace(" ", "&nbsp;"), style)


def problems(plan: UpgradePlan, tr: Labels) -> list[Flowable]:
    st = styles()
    out: list[Flowable] = [P(tr("Problems the upgrade brings"), st.h3)]
    out += [PM(f"<b>{fonts.markup(tr(v.severity.upper()))}</b> {fonts.markup(said(v.message, tr.language))}", st.small)
            for v in plan.new_problems] or [P(tr("None."), st.small)]
    if plan.resolved_problems:
        out += [P(tr("Problems the upgrade resolves"), st.h3)]
        out += [P(said(v.message, tr.language), st.small) for v in plan.resolved_problems]
    if plan.stack_needs:    # what the new GPUs require of the software (core/stack/upgrade_needs.py)
        out += [P(tr("Software stack"), st.h3), *(P(say(m, tr.language), st.small) for m in plan.stack_needs)]
    return out


def _trade_in_rows(plan: UpgradePlan, locale: str, tr: Labels) -> Table | None:
    if not plan.trade_in_total:
        return None
    st = styles()
    money = lambda v: format_money(v, plan.currency, locale)   # noqa: E731 - a local formatter
    t = Table([[P(tr("Trade-in of removed parts"), st.cell), P(money(-plan.trade_in_total), st.cell_r)],
               [P(tr("Net cost of the upgrade ({currency})").format(currency=plan.currency), st.cell_b),
                P(money(plan.net_cost), st.cell_br)]],
              colWidths=[150, 92], hAlign="RIGHT")
    t.setStyle(table_style([("BACKGROUND", (0, 1), (-1, 1), ACCENT_LIGHT), ("LINEABOVE", (0, 1), (-1, 1), 0.8, ACCENT)]))
    return t


def upgrade_story(plan: UpgradePlan, after: Build, after_eval: Evaluation, catalog: Catalog,
                  meta: QuoteMeta) -> tuple[list[Flowable], FigureLinks]:
    """The upgrade's blocks, between the quote header and its terms, and the figures they link to."""
    st = styles()
    ch = catalog.chassis(after.chassis)
    tr = meta.labels
    name = tr.named(ch.name) if ch else after.chassis
    before = catalog.chassis(plan.chassis_before)
    moved = "" if plan.chassis_before == plan.chassis_after else \
        tr(" (moved from {chassis})").format(chassis=tr.named(before.name) if before else plan.chassis_before)
    links = FigureLinks.of(after, catalog, after_eval, language=tr.language, internal=meta.internal)
    out: list[Flowable] = [
        P(tr("Upgrade of {name}").format(name=after.meta.name or name), st.h2),
        P(tr("Server: {name}{moved}. Only new parts are priced; the parts already installed stay at no charge, "
             "and removed parts are listed for return or trade-in.").format(name=name, moved=moved), st.body),
        P(tr("Parts"), st.h3), changes_table(plan, catalog, meta.locale, tr),
        Spacer(1, 6), KeepTogether([totals_table(after_eval.cost, meta.locale, label=tr("Upgrade total"), tr=tr,
                                                 links=links),
                                    *amount_in_words(after_eval.cost.total, meta, links)]),   # 大写 of a CNY total
    ]
    trade = _trade_in_rows(plan, meta.locale, tr)
    if trade is not None:
        out += [Spacer(1, 3), KeepTogether([trade, *(amount_in_words(plan.net_cost, meta) if plan.net_cost >= 0
                                                     else [])])]
    if plan.unpriced:
        out.append(P(tr("On request (no price in the price list): ") + ", ".join(plan.unpriced), st.muted))
    out += [P(tr("Power, heat and PSUs before and after"), st.h3), figures_table(plan, tr, links), *problems(plan, tr)]
    return out, links


def upgrade_quote_pdf(plan: UpgradePlan, after: Build, after_eval: Evaluation, catalog: Catalog,
                      settings: VendorSettings, number: str, *, issue_date: date | None = None,
                      customer: str | None = None, draft: bool = False, internal: bool = False) -> bytes:
    """The upgrade quote PDF, drawn from its arguments alone; `after_eval` is AFTER priced as the
    upgrade (owned parts at zero). An AFTER with errors raises `UnorderableError` unless `draft`
    (then every page is marked). The customer's copy unless `internal` (the seller's, with the appendix)."""
    errors = refused_errors(after_eval, draft)
    fonts.register()
    labels = Labels(after.meta.language)
    settings = labels.settings(settings)
    issued = issue_date or date.today()
    meta = QuoteMeta(number=number, revision=after.meta.revision, issued=issued,
                     valid_until=issued + timedelta(days=after.meta.valid_days), currency=plan.currency,
                     locale=labels.money_locale_override or settings.quote.locale,
                     customer=customer or after.meta.customer or "", labels=labels,
                     tax_basis="Prices include tax" if after_eval.cost.tax_included else "Prices exclude tax",
                     tax_rate=format_pct(after_eval.cost.tax_pct), details=Customer(), draft=bool(errors),
                     internal=internal)
    body, links = upgrade_story(plan, after, after_eval, catalog, meta)
    story = [*header(settings, meta), *body, Spacer(1, 10),
             *closing(terms(settings, meta, False, build_gpus([after], catalog)), signature(meta, [])),
             *appendix([("", explanations(links), links)], labels)]
    return _render(story, meta, settings)


def refused_errors(after_eval: Evaluation, draft: bool) -> list[str]:
    """The AFTER build's errors; raises `UnorderableError` when there are any and it is not a draft."""
    errors = [f"{v.code}: {text(v)}" for v in after_eval.errors]   # the app's language, as the error line
    if errors and not draft:
        raise UnorderableError(Msg("quote.unorderable-upgrade", n=len(errors)), errors)
    return errors


def _render(story: list[Flowable], meta: QuoteMeta, settings: VendorSettings) -> bytes:
    info = PageInfo(vendor=settings.vendor.company, quote_label=meta.labels("Upgrade {label}").format(label=meta.label),
                    customer=meta.customer,
                    page_w=PAGE_W, page_h=PAGE_H, margin_l=MARGIN_L, margin_r=MARGIN_R,
                    page_label=meta.labels("Page {page} of {total}"),
                    watermark=meta.labels("DRAFT — NOT ORDERABLE") if meta.draft else "")
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=(PAGE_W, PAGE_H), leftMargin=MARGIN_L, rightMargin=MARGIN_R,
                          topMargin=MARGIN_T, bottomMargin=MARGIN_B, title=f"Upgrade {meta.label}",
                          author=settings.vendor.company, creator="ai-server-configurator")
    frame = Frame(MARGIN_L, MARGIN_B, FRAME_W, PAGE_H - MARGIN_T - MARGIN_B, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame]), appendix_template()])
    doc.build(keep_headings(story), canvasmaker=make_canvas(info))
    return buf.getvalue()
