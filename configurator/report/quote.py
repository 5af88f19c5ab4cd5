"""The PDF quote: entry point.

    quote_pdf([(build, evaluation)], QuoteOptions(customer="北京示例科技有限公司"), settings, catalog, "Q-2026-0001")

(formats/exporters/pdf_quote.py `write_quote` loads the settings, takes the number from the
counter and writes the file.)

One build gives a single quote; two or three give options A/B/C, each with its own section and
total plus a side-by-side comparison (never a grand total). Evaluations must already be in the
quote currency: re-evaluating in another currency is the caller's job (set
``build.site.currency`` and evaluate again); a mismatch raises `QuoteError`.
"""

from __future__ import annotations

import io
import os
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING

from reportlab.platypus import BaseDocTemplate, Frame, KeepTogether, PageBreak, PageTemplate, Spacer

from ..core.build import Build
from ..core.catalog import Catalog
from ..core.evaluate.result import Evaluation
from ..core.message import Msg
from ..core.money import format_pct
from ..store.vendor_settings import QuoteError, QuoteOptionError, UnorderableError, VendorSettings
from ..words.problems import text
from ..words.quote_words import Labels
from ..words.sku_words import unorderable_rows
from . import fonts
from .appendix import FigureLinks, appendix, appendix_template, explanations
from .canvas import PageInfo, make_canvas
from .sections import (
    Customer,
    OptionDoc,
    QuoteMeta,
    build_gpus,
    closing,
    comparison,
    draft_banner,
    header,
    option_section,
    signature,
    terms,
)
from .styles import FRAME_W, MARGIN_B, MARGIN_L, MARGIN_R, MARGIN_T, PAGE_H, PAGE_W, P, keep_headings, styles

if TYPE_CHECKING:   # the software stack's rows come with the request: a quote without them loads no stack table
    from ..words.stack_text import ManifestRow

__all__ = ["UnorderableError", "QuoteError", "QuoteOptions", "quote_pdf", "checked", "safe_filename"]

LETTERS = "ABC"
_QUOTE_NUMBER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$")


@dataclass(frozen=True)
class QuoteOptions:
    """Everything about a quote besides the builds. `write_quote`'s keywords fill it in."""

    customer: str | None = None
    currency: str | None = None
    valid_days: int = 30
    settings: VendorSettings | None = None
    revision: int = 1
    quote_number: str | None = None
    catalog: Catalog | None = None        # for the chassis drawing; None: the default catalog
    sources: tuple[str | os.PathLike | None, ...] = field(default=())  # build file per option
    issue_date: date | None = None        # None: today
    draft: bool = False                   # quote builds with errors anyway, as a marked draft
    language: str | None = None           # "en" / "zh_CN"; None: the first build's meta.language
    stacks: tuple[tuple[ManifestRow, ...], ...] = ()   # the pinned software stack per option, in its language
    internal: bool = False                # the seller's copy: the appendix of sources and estimates,
                                          # the build file's name; False: the customer's copy



def quote_pdf(options: Sequence[tuple[Build, Evaluation]], opts: QuoteOptions, settings: VendorSettings,
              catalog: Catalog, number: str) -> bytes:
    """The quote PDF for 1–3 (build, evaluation) pairs, drawn from its arguments alone: the vendor
    `settings`, the `catalog` (for the chassis drawings) and the quote `number` are given."""
    pairs = checked(options, opts)
    currency = opts.currency or pairs[0][1].cost.currency
    fonts.register()
    docs = []
    for i, (build, ev) in enumerate(pairs):
        source = opts.sources[i] if i < len(opts.sources) else None
        docs.append(OptionDoc(LETTERS[i] if len(pairs) > 1 else "", build, ev, safe_filename(source) if source else "",
                              catalog.chassis(build.chassis), opts.stacks[i] if i < len(opts.stacks) else ()))
    labels = Labels(opts.language or pairs[0][0].meta.language)
    settings = labels.settings(settings)
    issued = opts.issue_date or date.today()
    meta = QuoteMeta(number=number, revision=opts.revision, issued=issued,
                     valid_until=issued + timedelta(days=opts.valid_days), currency=currency,
                     locale=labels.money_locale_override or settings.quote.locale,
                     customer=_customer(opts.customer, pairs), tax_basis=_tax_basis(pairs),
                     tax_rate=format_pct(pairs[0][1].cost.tax_pct), labels=labels, details=_details(pairs[0][0]),
                     draft=opts.draft and any(ev.errors for _, ev in pairs), internal=opts.internal)
    return _render(docs, meta, settings, _namer(pairs, catalog, meta.labels), catalog)


def checked(options: Sequence[tuple[Build, Evaluation]], opts: QuoteOptions) -> list[tuple[Build, Evaluation]]:
    """The pairs, checked before a quote number is taken: 1–3 builds in one currency, a valid number,
    and no errors unless a draft (`QuoteError`, `UnorderableError`)."""
    pairs = _check(options, opts)
    _refuse_errors(pairs, opts.draft)
    return pairs


def _check(options, opts: QuoteOptions) -> list[tuple[Build, Evaluation]]:
    pairs = list(options)
    if not pairs:
        raise QuoteOptionError(Msg("quote.no-build"))
    if len(pairs) > 3:
        raise QuoteOptionError(Msg("quote.too-many-options", n=len(pairs)))
    for i, pair in enumerate(pairs):
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], Build)
                and isinstance(pair[1], Evaluation)):
            raise QuoteOptionError(Msg("quote.not-a-pair", n=i + 1))
    currency = opts.currency or pairs[0][1].cost.currency
    if not re.fullmatch(r"[A-Z]{3}", currency or ""):
        raise QuoteOptionError(Msg("quote.bad-currency", currency=repr(currency)))
    for i, (_, ev) in enumerate(pairs):
        if ev.cost.currency != currency:
            raise QuoteOptionError(Msg("quote.currency-mismatch", option=LETTERS[i], evaluated=str(ev.cost.currency),
                                       currency=currency))
    if not 1 <= opts.valid_days <= 365:
        raise QuoteOptionError(Msg("quote.valid-days", days=str(opts.valid_days)))
    if not 1 <= opts.revision <= 999:
        raise QuoteOptionError(Msg("quote.revision", revision=str(opts.revision)))
    if opts.quote_number is not None and not _QUOTE_NUMBER.match(opts.quote_number):
        raise QuoteOptionError(Msg("quote.bad-number", number=repr(opts.quote_number)))
    return pairs


def _refuse_errors(pairs, draft: bool) -> None:
    """A build with errors is not quoted as if it could be ordered."""
    if draft:
        return
    lines = []
    for i, (_, ev) in enumerate(pairs):
        prefix = f"option {LETTERS[i]}: " if len(pairs) > 1 else ""
        lines += [f"{prefix}{v.code}: {text(v)}" for v in ev.errors]   # the app's language, as the error line
    if lines:
        raise UnorderableError(Msg("quote.unorderable", n=len(lines)), lines)


def _details(build: Build) -> Customer:
    m, c = build.meta, build.commercial
    return Customer(company=_clean(m.customer), contact=_clean(m.contact), email=_clean(m.email),
                    phone=_clean(m.phone), bill_to=_clean(m.bill_to, 1000), ship_to=_clean(m.ship_to, 1000),
                    po=_clean(m.customer_po), tax_id=_clean(m.customer_tax_id),
                    project=_clean(m.name) if m.name != "Untitled build" else "", notes=_clean(m.quote_notes, 4000),
                    payment_terms=_clean(c.payment_terms), lead_time=_clean(c.lead_time),
                    delivery_terms=_clean(c.delivery_terms), invoice_type=c.invoice_type)


def _clean(text: str, limit: int = 200) -> str:
    """Text safe to print: control and format characters dropped, whitespace collapsed."""
    text = "".join("" if unicodedata.category(ch)[0] == "C" else " " if unicodedata.category(ch)[0] == "Z" else ch
                   for ch in str(text))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def safe_filename(name: str | os.PathLike) -> str:
    """A file name fit to print: the base name only (no folders), no control characters."""
    base = re.split(r"[\\/]", os.fspath(name))[-1]
    return _clean(base, 80)


def _customer(explicit: str | None, pairs) -> str:
    if explicit:
        return _clean(explicit)
    return next((_clean(b.meta.customer) for b, _ in pairs if b.meta.customer.strip()), "")


def _tax_basis(pairs) -> str:
    included = {b.commercial.prices_include_tax for b, _ in pairs}
    if len(included) > 1:
        return "Differs by option (see totals)"
    return "Prices include tax" if included.pop() else "Prices exclude tax"


def _namer(pairs, catalog: Catalog, tr: Labels) -> Callable[[str], str]:
    """Short display name of a part: the BOM name (in `tr`'s language) without a leading vendor name."""
    names: dict[str, str] = {}
    for _, ev in pairs:
        for cl in ev.cost.lines:
            names.setdefault(cl.part_id, tr.named(cl.name))

    def name_of(part_id: str) -> str:
        part = catalog.get(part_id)
        name = names.get(part_id) or (tr.named(part.name) if part is not None else part_id)
        vendor = part.vendor if part is not None else ""
        if vendor and name.lower().startswith(vendor.lower() + " "):
            name = name[len(vendor) + 1:]
        return name

    return name_of


def _render(docs: list[OptionDoc], meta: QuoteMeta, settings: VendorSettings, name_of, catalog: Catalog) -> bytes:
    st = styles()
    multi = len(docs) > 1
    # each option's figures link to its entries in the appendix (built last, from what was linked)
    # (the customer's copy has no appendix: its figures print unlinked)
    links = [FigureLinks.of(d.build, catalog, d.ev, d.letter, meta.labels.language, meta.internal) for d in docs]
    story: list = header(settings, meta)
    if meta.draft:
        story += draft_banner(meta, docs)
    if multi:
        letters = ", ".join(d.letter for d in docs)
        intro = meta.labels("This quotation offers {n} alternative configurations (options {letters}), each "
                            "described and priced in its own section. Select one option to order.")
        story += [Spacer(1, 8), P(intro.format(n=len(docs), letters=letters), st.body)]
        story += comparison(docs, meta, links, catalog)
    # totals kept in one block, the terms free to flow, the acceptance block whole: a page is
    # never left holding only the totals, and page 1 is not left half empty for a big block
    gpus = build_gpus([d.build for d in docs], catalog)    # for the export-control clause
    ending = closing(terms(settings, meta, multi, gpus), signature(meta, [d.letter for d in docs] if multi else []))
    for d, lk in zip(docs, links):
        if multi:
            story.append(PageBreak())
        body, totals = option_section(d, meta, name_of, links=lk)
        story += [*body, KeepTogether(totals)]
    story += [Spacer(1, 12 if multi else 0), *ending]
    titles = [f"{meta.labels('Option')} {d.letter}: {d.build.meta.name}" if multi else "" for d in docs]
    confirm = ([(t, unorderable_rows(d.ev.cost.lines, meta.labels, meta.labels.named)) for t, d in zip(titles, docs)]
               if meta.internal else [])
    story += appendix([(t, explanations(lk), lk) for t, lk in zip(titles, links)], meta.labels, confirm)
    info = PageInfo(vendor=settings.vendor.company, quote_label=meta.label,
                    customer=meta.customer, page_w=PAGE_W, page_h=PAGE_H, margin_l=MARGIN_L, margin_r=MARGIN_R,
                    page_label=meta.labels("Page {page} of {total}"),
                    watermark=meta.labels("DRAFT — NOT ORDERABLE") if meta.draft else "")
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=(PAGE_W, PAGE_H), leftMargin=MARGIN_L, rightMargin=MARGIN_R,
                          topMargin=MARGIN_T, bottomMargin=MARGIN_B, title=f"{meta.label}",
                          author=settings.vendor.company, subject=f"Quotation for {meta.customer or 'customer'}",
                          creator="ai-server-configurator")
    frame = Frame(MARGIN_L, MARGIN_B, FRAME_W, PAGE_H - MARGIN_T - MARGIN_B, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame]), appendix_template()])
    doc.build(keep_headings(story), canvasmaker=make_canvas(info))
    return buf.getvalue()
