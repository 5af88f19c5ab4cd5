"""The quote's blocks: header, parties, one option's section, the option comparison, terms, signature."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from babel.dates import format_date
from reportlab.lib import colors
from reportlab.platypus import CondPageBreak, Flowable, Image, KeepTogether, Spacer, Table
from reportlab.platypus.flowables import _listWrapOn

from ..core.build import Build
from ..core.catalog import GPU, Catalog, Chassis
from ..core.evaluate.result import Evaluation
from ..core.export_control import controlled, controlled_gpus
from ..core.money import format_money
from ..store.vendor_settings import VendorSettings
from ..words.capital_numerals import rmb_upper
from ..words.problems import said
from ..words.quote_words import Labels
from . import fonts
from .chassis_drawing import chassis_drawing
from .figure_pairs import facility_pairs, num, system_pairs, workload_verdict
from .stack_section import stack_section
from .styles import (
    ACCENT,
    ACCENT_LIGHT,
    ERROR,
    FRAME_W,
    GRID,
    PM,
    WARN,
    C,
    FigureLinker,
    P,
    clip,
    fig,
    kv_table,
    line_table,
    styles,
    table_style,
    totals_table,
    value_cell,
)

if TYPE_CHECKING:   # the rows are made by words/stack_text.py where a quote has a stack
    from ..words.stack_text import ManifestRow


@dataclass(frozen=True)
class OptionDoc:
    """One build as it appears on the quote."""

    letter: str               # "A", "B", "C"; "" for a single quote
    build: Build
    ev: Evaluation            # its priced BOM, `ev.cost`, is what the option's lines and total print
    source: str               # sanitized source file name, '' when none
    chassis: Chassis | None
    stack: tuple[ManifestRow, ...] = ()     # the pinned software stack, worded in the quote's language

    @property
    def title(self) -> str:
        return f"Option {self.letter}" if self.letter else "Configuration"


@dataclass(frozen=True)
class Customer:
    """The customer block and the quote's commercial fields, from the first build's meta."""

    company: str = ""
    contact: str = ""
    email: str = ""
    phone: str = ""
    bill_to: str = ""
    ship_to: str = ""
    po: str = ""
    tax_id: str = ""
    project: str = ""
    notes: str = ""
    payment_terms: str = ""
    lead_time: str = ""
    delivery_terms: str = ""
    invoice_type: str = ""


@dataclass(frozen=True)
class QuoteMeta:
    number: str
    revision: int
    issued: date
    valid_until: date
    currency: str
    locale: str
    customer: str
    tax_basis: str            # "Prices exclude tax" / "Prices include tax"
    tax_rate: str = ""        # "13 %", for the Chinese terms
    labels: Labels = Labels("en")
    details: Customer = Customer()
    draft: bool = False       # a build with errors, quoted anyway: banner and watermark
    internal: bool = False    # the seller's copy: the build file's name, setup notes and the appendix

    @property
    def label(self) -> str:
        return self.labels.fill("Quote {number} rev.\u00a0{revision}", number=self.number, revision=self.revision)

    def day(self, d: date) -> str:
        return format_date(d, format="long", locale=self.locale)


def header(settings: VendorSettings, meta: QuoteMeta) -> list[Flowable]:
    st = styles()
    tr = meta.labels
    v = settings.vendor
    vendor_cells: list[Flowable] = []
    logo = settings.logo_path()
    if logo is not None:
        img = Image(str(logo))
        scale = min(120 / img.imageWidth, 40 / img.imageHeight, 1.0)
        img.drawWidth, img.drawHeight = img.imageWidth * scale, img.imageHeight * scale
        img.hAlign = "LEFT"
        vendor_cells += [img, Spacer(1, 4)]
    vendor_cells.append(C(v.company, st.h1, 120))
    lines = [v.address] + [x for x in (v.contact, v.phone, v.email, v.website) if x]
    if v.tax_id:
        lines.append(f"{tr('Tax ID')} {v.tax_id}")
    vendor_cells.append(C("\n".join(clip(x, 200) for x in lines), st.small, 1500))
    meta_rows = [("Quote number", meta.number), ("Revision", str(meta.revision)), ("Issue date", meta.day(meta.issued)),
                 ("Valid until", meta.day(meta.valid_until)), ("Currency", meta.currency), ("Tax", tr(meta.tax_basis))]
    if meta.details.po:
        meta_rows.append(("Customer PO", meta.details.po))
    meta_table = Table([[P(tr(k), st.muted), C(val, st.cell_b if k == "Quote number" else st.cell, 120)]
                        for k, val in meta_rows], colWidths=[70, 130], hAlign="RIGHT")
    meta_table.setStyle(table_style([("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                                    ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, GRID)]))
    right = [P(tr("QUOTATION"), st.title), Spacer(1, 6), meta_table]
    top = Table([[vendor_cells, right]], colWidths=[FRAME_W - 205, 205])
    top.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                             ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    out: list[Flowable] = [top, Spacer(1, 10)]
    out.append(_parties(settings, meta))
    if settings.placeholder and meta.internal:   # the seller's setup note: not for the customer's eyes
        out.append(Spacer(1, 3))
        out.append(P(tr("Vendor details are placeholders: add vendor.toml to the configurator's settings folder "
                       "(see examples/vendor-settings.toml)."), st.muted))
    return out


def draft_banner(meta: QuoteMeta, docs: Sequence[OptionDoc]) -> list[Flowable]:
    """Page 1 of a quote for a build with errors: a red banner and the errors themselves."""
    st = styles()
    tr = meta.labels
    rows: list[list] = [[P(tr("NOT VALID FOR ORDER — open problems"), st.h2.clone("banner", textColor=colors.white,
                                                                            spaceBefore=0))],
                        [P(tr("This draft quotes a build with errors; it cannot be signed or ordered until they are "
                             "fixed:"), st.cell_b)]]
    for d in docs:
        prefix = f"{tr('Option')} {d.letter}: " if d.letter else ""
        rows += [[P(f"• {prefix}{said(v.message, tr.language)}", st.cell)] for v in d.ev.violations if v.severity == "error"]
    t = Table(rows, colWidths=[FRAME_W])
    t.setStyle(table_style([("BACKGROUND", (0, 0), (-1, 0), ERROR), ("BOX", (0, 0), (-1, -1), 1.2, ERROR),
                           ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                           ("LEFTPADDING", (0, 0), (-1, -1), 6)]))
    return [Spacer(1, 6), t]


def _parties(settings: VendorSettings, meta: QuoteMeta) -> Table:
    st = styles()
    tr = meta.labels
    v = settings.vendor
    c = meta.details
    cust: list[Flowable] = [P(tr("PREPARED FOR"), st.muted), C(meta.customer or tr("(customer not named)"), st.h3, 200)]
    who = [x for x in (c.contact, c.email, c.phone) if x]
    if who:
        cust.append(C(" · ".join(who), st.small, 400))
    for key, value in (("Bill to", c.bill_to), ("Ship to", c.ship_to), ("Tax ID", c.tax_id), ("Project", c.project)):
        if value.strip():
            cust.append(C(f"{tr(key)}: {value.strip()}", st.small, 600))
    contact = [x for x in (v.contact, v.email, v.phone) if x]
    prep = [P(tr("PREPARED BY"), st.muted), C(v.company, st.h3, 200)]
    if contact:
        prep.append(C(" · ".join(contact), st.small, 400))
    bank = getattr(v, "bank", "")
    if bank:
        prep.append(C(f"{tr('Bank')}: {bank}", st.small, 400))
    t = Table([[cust, prep]], colWidths=[FRAME_W / 2, FRAME_W / 2])
    t.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BACKGROUND", (0, 0), (-1, -1), ACCENT_LIGHT),
                           ("LINEBEFORE", (0, 0), (0, 0), 2, ACCENT), ("LINEBEFORE", (1, 0), (1, 0), 2, ACCENT),
                           ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                           ("LEFTPADDING", (0, 0), (-1, -1), 8)]))
    return t


def _open_items(ev: Evaluation, tr: Labels) -> list[Flowable]:
    st = styles()
    items = [v for v in ev.violations if v.severity in ("error", "warning")]
    if not items:
        return [P(tr("Open items: none. The configuration passes all checks."), st.muted.clone("ok", spaceBefore=6))]
    rows = []
    for v in sorted(items, key=lambda x: x.severity != "error"):
        color = ERROR if v.severity == "error" else WARN
        text = fonts.markup(clip(said(v.message, tr.language), 1000))
        if v.fix is not None:
            fix = clip(said(v.fix.description, tr.language), 500)
            text += f' <font color="#5b6470">{fonts.markup(tr("Fix") + ": " + fix)}</font>'
        rows.append([P(tr(v.severity.upper()), st.cell_b.clone("sev", textColor=color)), PM(text, st.cell)])
    t = Table(rows, colWidths=[58, FRAME_W - 58], hAlign="LEFT")
    t.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, GRID),
                           ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                           ("LEFTPADDING", (0, 0), (-1, -1), 3)]))
    return [KeepTogether([P(f"{tr('Open items')} ({len(items)})", st.h3), t])]


def option_section(opt: OptionDoc, meta: QuoteMeta, name_of: Callable[[str], str], *,
                   links: FigureLinker | None = None) -> tuple[list[Flowable], list[Flowable]]:
    """(body, totals block) of one option; the caller decides what the totals are kept with.
    With `links`, every figure printed links to its entry in the appendix."""
    st = styles()
    tr = meta.labels
    body: list[Flowable] = []
    title = f"{tr('Option')} {opt.letter}: {opt.build.meta.name}" if opt.letter else tr("Configuration summary")
    body.append(P(title, st.h2))
    if opt.source and meta.internal:   # the seller's file name: the internal copy only
        body.append(P(f"{tr('Source build file')}: {opt.source}", st.muted))
    half = (FRAME_W - 12) / 2
    system = system_pairs(opt.build, opt.ev, meta.locale, tr, lambda m: said(m, tr.language), meta.internal)
    left = kv_table(_keys(system, tr), width=half, columns=1, key_w=58, links=links)
    right = kv_table(_keys(facility_pairs(opt.build, opt.ev, meta.locale, tr), tr), width=half, columns=1, key_w=54,
                     links=links)
    pair = Table([[left, "", right]], colWidths=[half, 12, half], hAlign="LEFT")
    pair.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    body.append(pair)
    # meta.notes are the engineer's own; only quote_notes are written for the customer
    if opt.build.meta.quote_notes.strip():
        body += [Spacer(1, 4), P(f"{tr('Notes')}: " + opt.build.meta.quote_notes.strip(), st.small)]
    if opt.chassis is not None:
        cooling = opt.ev.thermal.cooling_kind or ""
        drawing = chassis_drawing(opt.chassis, dict(opt.build.placements), name_of, FRAME_W, cooling, tr)
        body += [KeepTogether([P(tr("Chassis layout"), st.h3), drawing])]
    else:
        body.append(P(tr("Chassis drawing unavailable: chassis {chassis} is not in the catalog.")
                      .format(chassis=repr(opt.build.chassis)), st.muted))
    body += _open_items(opt.ev, tr)
    body += stack_section(opt.stack, tr, sources=meta.internal)   # sources: the seller's basis
    body.append(Spacer(1, 4))
    body += [CondPageBreak(120), P(f"{tr('Line items')}{' — ' + tr('Option') + ' ' + opt.letter if opt.letter else ''}",
                                   st.h3), line_table(opt.ev.cost, meta.locale, tr, links)]
    totals: list[Flowable] = [Spacer(1, 6)]
    on_request = opt.ev.cost.on_request
    if on_request:
        n = len(on_request)
        totals.append(P(f"Note: {n} item{'s' if n != 1 else ''} priced on request "
                        f"({', '.join(tr.named(ln.name) for ln in on_request)}) "
                        f"{'are' if n != 1 else 'is'} not included in the total.", st.body.clone("note",
                                                                                                  textColor=WARN)))
        totals.append(Spacer(1, 4))
    label = f"{tr('Total')}, {tr('option')} {opt.letter}" if opt.letter else tr("Total")
    totals.append(totals_table(opt.ev.cost, meta.locale, label, tr, links))
    totals += amount_in_words(opt.ev.cost.total, meta, links)
    return body, totals


def _keys(pairs: list[tuple[str, str]], tr: Labels) -> list[tuple[str, str]]:
    """The summary's labels in the quote's language (the values are figures and part names)."""
    out = []
    for key, value in pairs:
        head, sep, rest = key.partition(", ")
        if head == "TCO" and sep:   # "TCO, 5 years"
            years = rest.split()[0]
            out.append((tr.fill("TCO, {years} years", years=years), value))
        else:
            out.append((tr(key), value))
    return out


def amount_in_words(total, meta: QuoteMeta, links: FigureLinker | None = None) -> list[Flowable]:
    """The CNY total in capital numerals (大写), as a Chinese buyer's finance department needs it."""
    if meta.currency != "CNY":
        return []
    st = styles()
    words = links.link(rmb_upper(total), "cost.total") if links is not None else fonts.markup(rmb_upper(total))
    return [Spacer(1, 3), PM(f"<b>{fonts.markup(meta.labels('Amount in words') + '：')}</b>{words}",
                             st.body.clone("words", alignment=2))]


def comparison(opts: Sequence[OptionDoc], meta: QuoteMeta,
               links: Sequence[FigureLinker | None] = (), catalog: Catalog | None = None) -> list[Flowable]:
    """Side-by-side summary of the options. Never a grand total: the options are alternatives.
    `links[i]` links option i's figures to its entries in the appendix."""
    st = styles()
    loc = meta.locale
    tr = meta.labels
    linkers = [links[i] if i < len(links) else None for i in range(len(opts))]

    def row(label: str, fn) -> list:
        return [P(tr(label), st.muted)] + [value_cell(fn(o), st.cell_r, lk, 150) for o, lk in zip(opts, linkers)]

    total_label = f"{tr('Total')} ({tr('incl. tax') if _taxed(opts) else tr('excl. tax')})"
    label_w = 80
    col = (FRAME_W - label_w) / len(opts)
    rows = [[P("", st.head)] + [P(f"{tr('Option')} {o.letter}", st.head_r) for o in opts],
            [P(tr("Configuration"), st.muted)] + [C(o.build.meta.name, st.cell_br, 150) for o in opts],
            [P(total_label, st.kv_key)]
            + [value_cell(fig(format_money(o.ev.cost.total, meta.currency, loc), "cost.total"), st.cell_br, lk,
                          width=col - 12)
               for o, lk in zip(opts, linkers)],
            row("GPUs", lambda o: f"{fig(str(o.ev.compute.gpu_count), 'gpu.count')} × {clip(o.ev.compute.gpu_model, 120)}"
                if o.ev.compute.gpu_count else tr("none")),
            row("GPU memory", lambda o: fig(f"{num(o.ev.compute.vram_gb, 0, loc)}\u00a0GB", "gpu.vram_gb")),
            row("Dense BF16", lambda o: fig(f"{num(o.ev.compute.bf16_tflops / 1000, 2, loc)} PFLOPS", "gpu.bf16_tflops")),
            row("Max power", lambda o: fig(f"{num(o.ev.power.max_w / 1000, 1, loc)}\u00a0kW", "power_w.max")),
            row("Heat", lambda o: fig(f"{num(o.ev.thermal.heat_btu_hr, 0, loc)}\u00a0BTU/h", "heat_btu_hr")),
            row("Rack units", lambda o: fig(f"{o.ev.rack_units}U", "chassis.rack_units")),
            row("Workload", lambda o: fig(workload_verdict(o.ev).split(":")[0], "workload.per_gpu_bytes.total")
                or tr("not set")),
            row("Open items", lambda o: _count(len(o.ev.errors), "error", tr) + tr(", ")
                + _count(len(o.ev.warnings), "warning", tr))]
    t = Table(rows, colWidths=[label_w] + [col] * len(opts), repeatRows=1)
    t.setStyle(table_style([("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                           ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID),
                           ("BACKGROUND", (0, 2), (-1, 2), ACCENT_LIGHT),
                           ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    note = P(tr("The options are alternatives: each total stands alone and the options are not added together. "
                "Select one option in the acceptance block."), st.muted)
    out = [P(tr("Options compared"), st.h2), t, Spacer(1, 4), note]
    for text in variant_notes(opts, catalog, meta) if catalog is not None else []:
        out += [Spacer(1, 3), P(text, st.muted)]
    return out


def variant_notes(opts: Sequence[OptionDoc], catalog: Catalog, meta: QuoteMeta) -> list[str]:
    """For options whose GPUs compute alike but link at different speeds (H100 and the China-market
    H800), what the difference is, from the catalog's figures."""
    from ..words.quote_words import BOTH_LICENSED, VARIANT_NOTE

    tr = meta.labels
    firsts: list[GPU] = []
    for o in opts:
        gpus = build_gpus([o.build], catalog)
        if gpus and all(g.id != gpus[0].id for g in firsts):
            firsts.append(gpus[0])
    out = []
    for i, a in enumerate(firsts):
        for b in firsts[i + 1:]:
            if a.bf16_tflops == b.bf16_tflops and a.scaleup_gbs != b.scaleup_gbs:
                low = a if a.scaleup_gbs < b.scaleup_gbs else b
                text = tr.fill(VARIANT_NOTE, a=a.name, b=b.name, tflops=num(a.bf16_tflops, 0, meta.locale),
                                               a_gbs=num(a.scaleup_gbs, 0, meta.locale),
                                               b_gbs=num(b.scaleup_gbs, 0, meta.locale), low=low.name)
                if controlled(a) and controlled(b):
                    text += " " + tr(BOTH_LICENSED)
                out.append(text)
    return out


def _taxed(opts: Sequence[OptionDoc]) -> bool:
    return any(o.ev.cost.total_includes_tax for o in opts)


def _count(n: int, word: str, tr: Labels) -> str:
    """'1 error', '2 warnings' in the quote's language."""
    return tr(f"{{n}} {word}" if n == 1 else f"{{n}} {word}s").format(n=n)


DEFAULT_TERMS = (
    "Validity. This quotation is valid until {valid_until}. GPU, memory and storage prices are volatile; "
    "after that date prices and availability must be reconfirmed.",
    "Prices. All prices are in {currency}; {tax_basis_lower}. Shipping is charged as shown; duties, "
    "installation and site work are not included unless quoted as a line item.",
    "Payment. {payment_terms}",
    "Delivery. {lead_time}",
    "Warranty. {warranty}",
    "Technical figures. Power, heat, airflow, performance and workload figures are calculated "
    "from component data and stated assumptions; they are not guaranteed values. Adequate power feeds, cooling and "
    "rack space at the site are the customer's responsibility. Memory sizes use vendor labels "
    "(GB per JEDEC = 2^30 bytes); storage capacities are decimal (1 TB = 10^12 bytes).",
    "Acceptance. An order is accepted when this quotation is signed{select_one} or a purchase order "
    "quoting number {number} is received, and {company} has confirmed it in writing.",
    "Cancellation and returns. Systems are built to order; once assembly has started an order cannot be "
    "cancelled and configured systems cannot be returned except under warranty.",
    "General terms. {company}'s general terms of sale apply; they prevail over the customer's terms.",
)


TERMS_TABLE_MAX_H = 500   # points; the frame is ~728 pt tall, less the heading and what shares the page


def export_clause(settings: VendorSettings, meta: QuoteMeta, gpus: Sequence[GPU]) -> str:
    """The export-control and end-use clause in the quote's language, '' when none applies: on by
    default ('auto') when a quoted GPU needs a U.S. export licence for the destination
    (core/export_control.py, sourced there); a vendor profile sets 'on' or 'off'."""
    from ..words.quote_words import DESTINATION_NAMES, EXPORT_CLAUSE, EXPORT_CLAUSE_GENERAL

    q, tr = settings.quote, meta.labels
    mode = q.export_control
    if mode == "off":
        return ""
    destination = q.destination.upper() or destination_of(meta)
    listed = controlled_gpus(gpus, destination)
    if listed:
        names = ", ".join(g.name for g in listed)
        return tr.fill(EXPORT_CLAUSE, gpus=names, destination=tr(DESTINATION_NAMES[destination]))
    return tr(EXPORT_CLAUSE_GENERAL) if mode == "on" else ""


def destination_of(meta: QuoteMeta) -> str:
    """Where the quoted systems go when the vendor profile does not say: China for a quote written in
    Chinese, priced in CNY or invoiced with Chinese VAT; else unknown ('')."""
    return "CN" if meta.labels.chinese or meta.currency == "CNY" or meta.details.invoice_type else ""


def build_gpus(builds: Sequence[Build], catalog: Catalog) -> list[GPU]:
    """The GPUs placed in `builds`, as catalog parts."""
    out = []
    for b in builds:
        for part_id in dict(b.placements).values():
            part = catalog.get(part_id)
            if isinstance(part, GPU):
                out.append(part)
    return out


def terms(settings: VendorSettings, meta: QuoteMeta, multi: bool, gpus: Sequence[GPU] = ()) -> list[Flowable]:
    st = styles()
    q = settings.quote
    c = meta.details
    if q.terms.strip():
        clauses = [c.strip() for c in q.terms.strip().split("\n\n") if c.strip()]
    elif meta.labels.chinese:
        clauses = _vat_terms(settings, meta)
    else:
        values = {"valid_until": meta.day(meta.valid_until), "currency": meta.currency,
                  "tax_basis_lower": meta.tax_basis.lower(), "payment_terms": c.payment_terms or q.payment_terms,
                  "lead_time": c.lead_time or q.lead_time, "warranty": q.warranty, "number": meta.number,
                  "company": settings.vendor.company, "select_one": " with exactly one option selected" if multi else ""}
        clauses = [t.format(**values) for t in DEFAULT_TERMS]
        if c.delivery_terms:
            clauses.insert(4, f"Delivery terms. {c.delivery_terms}")
    clause = export_clause(settings, meta, gpus)
    if clause:
        clauses.append(clause)
    small = st.small.clone("terms", fontSize=7, leading=8.8, spaceAfter=3)

    def clause_paras() -> list[Flowable]:
        out: list[Flowable] = []
        for i, clause in enumerate(clauses, 1):
            head, sep, rest = clause.partition("。" if meta.labels.chinese else ". ")
            if sep and len(head) < 40:
                stop = "：" if meta.labels.chinese else "."
                out.append(PM(f"{i}. <b>{fonts.markup(head + stop)}</b> {fonts.markup(rest)}", small))
            else:
                out.append(P(f"{i}. {clause}", small))
        return out

    paras = clause_paras()
    # two balanced columns: terms are read once, and a compact block keeps totals, terms and
    # signature on one page more often
    gap = 14
    col = (FRAME_W - gap) / 2
    heights = [p.wrap(col, 10_000)[1] + small.spaceAfter for p in paras]
    cut = min(range(len(paras) + 1), key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
    if max(sum(heights[:cut]), sum(heights[cut:])) > TERMS_TABLE_MAX_H:
        # a table row cannot split across pages: long vendor terms (up to 20,000 characters)
        # flow as one column of paragraphs, which reportlab splits wherever a page ends
        return [P(meta.labels("Terms and conditions"), st.h2), *paras]
    t = Table([[paras[:cut], "", paras[cut:]]], colWidths=[col, gap, col])
    t.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                           ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                           ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    block = KeepTogether([P(meta.labels("Terms and conditions"), st.h2), t])
    # the same terms as flowing paragraphs, for `closing` when the two columns and the acceptance
    # block do not fit together on the page
    block.flowing = [P(meta.labels("Terms and conditions"), st.h2), *clause_paras()]
    return [block]


def _vat_terms(settings: VendorSettings, meta: QuoteMeta) -> list[str]:
    """The clauses of a quote invoiced with Chinese VAT, in the quote's language (words/quote_words.py)."""
    from ..words.quote_words import VAT_TERMS

    q, c, tr = settings.quote, meta.details, meta.labels
    invoice = tr(c.invoice_type) if c.invoice_type in ("special", "ordinary") else tr("VAT invoice")
    values = {"valid_until": meta.day(meta.valid_until), "currency": meta.currency,
              "tax_basis": tr(meta.tax_basis), "tax_rate": meta.tax_rate, "invoice": invoice,
              "payment_terms": c.payment_terms or q.payment_terms, "lead_time": c.lead_time or q.lead_time,
              "delivery": c.delivery_terms or c.ship_to or tr("as agreed in the contract"), "warranty": q.warranty,
              "number": meta.number, "company": settings.vendor.company}
    return [tr.fill(t, **values) for t in VAT_TERMS]


class _Closing(Flowable):
    """The terms and the acceptance block. Where the two-column terms and the acceptance block fit in
    the rest of the page, both go there; else the terms flow as one column of paragraphs and the
    last clause is kept with the acceptance block: the signature never stands alone on a page, and
    the totals before it are not left alone on theirs."""

    def __init__(self, block: KeepTogether, flowing: list[Flowable], acceptance: list[Flowable]) -> None:
        super().__init__()
        self._block, self._flowing, self._acceptance = block, flowing, acceptance

    def wrap(self, aW, aH):  # noqa: N803 - reportlab API
        return aW, 0xFFFFFF   # always split (as KeepTogether does): split() picks the layout

    def split(self, aW, aH):  # noqa: N803 - reportlab API
        together = [self._block, Spacer(1, 8), *self._acceptance]
        _, h = _listWrapOn([self._block._content[0], self._block._content[1], Spacer(1, 8), *self._acceptance],
                           aW, self.canv)
        if h <= aH:
            return [*self._block._content, Spacer(1, 8), *self._acceptance]
        if len(self._flowing) < 3:
            return together
        _, start = _listWrapOn(self._flowing[:2], aW, self.canv)
        if start > aH:
            return []   # not even the heading and a clause: the frame moves on and asks again on the next page
        return [*self._flowing[:-1], KeepTogether([self._flowing[-1], Spacer(1, 8), *self._acceptance])]


def closing(terms_block: list[Flowable], acceptance: list[Flowable]) -> list[Flowable]:
    """The terms and the acceptance block (`_Closing`); long vendor terms flow as they are, and the
    acceptance block after them is kept whole."""
    if len(terms_block) == 1 and hasattr(terms_block[0], "flowing"):
        block = terms_block[0]
        return [_Closing(block, block.flowing, acceptance)]
    return [*terms_block, KeepTogether(acceptance)]


#: a 40 mm round company seal (公章) needs a box a little larger
SEAL_BOX = 46 * 72 / 25.4


def signature(meta: QuoteMeta, letters: Sequence[str]) -> list[Flowable]:
    st = styles()
    tr = meta.labels
    out: list[Flowable] = [P(tr("Acceptance"), st.h2)]
    who = meta.customer or tr("the customer")
    out.append(P(tr.fill("Accepted for and on behalf of {customer}, under the terms above.", customer=who), st.body))
    if letters:
        word = fonts.markup(tr("Option"))   # 方案 in the CJK face: the Latin one has no glyph for it
        boxes = ("&nbsp;" * 8).join(f"\u2610&nbsp;{word}&nbsp;{fonts.markup(x)}" for x in letters)
        pick = tr("Select one option:")
        out += [Spacer(1, 6), PM(f"<b>{fonts.markup(pick)}</b>{'&nbsp;' * 6}{boxes}", st.body)]
    if tr.chinese:
        return out + [Spacer(1, 4), _seal_boxes(meta)]
    sign_w = FRAME_W * 0.45
    rows = [[P(tr("Name"), st.muted), "", "", P(tr("Signature and company stamp"), st.muted)],
            [P(tr("Title"), st.muted), "", "", ""],
            [P(tr("Date"), st.muted), "", "", ""]]
    t = Table(rows, colWidths=[40, FRAME_W - sign_w - 56, 16, sign_w], rowHeights=[22, 22, 22])
    t.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                           ("VALIGN", (3, 0), (3, 0), "TOP"),
                           ("SPAN", (3, 0), (3, 2)),
                           ("LINEBELOW", (1, 0), (1, 2), 0.6, colors.black),
                           ("BOX", (3, 0), (3, 2), 0.6, GRID),
                           ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
    out += [Spacer(1, 4), t]
    return out


def _seal_boxes(meta: QuoteMeta) -> Table:
    """报价单位（盖章） and 客户确认 side by side, each tall enough for a 40 mm round seal."""
    st = styles()
    tr = meta.labels
    half = FRAME_W / 2 - 6
    rows = [[P(tr("Vendor seal"), st.cell_b), "", P(tr("Customer seal"), st.cell_b)],
            ["", "", ""],
            [P(f"{tr('Date')}：", st.muted), "", P(f"{tr('Date')}：", st.muted)]]
    t = Table(rows, colWidths=[half, 12, half], rowHeights=[16, SEAL_BOX, 16])
    t.setStyle(table_style([("BOX", (0, 0), (0, 2), 0.6, GRID), ("BOX", (2, 0), (2, 2), 0.6, GRID),
                           ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return t
