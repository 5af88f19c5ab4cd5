"""Styles and table builders shared by the quote's sections.

Every table cell is a Paragraph in a fixed-width column, so long text wraps instead of
overflowing; long tables are `LongTable`s that repeat their header row and never split a row.
As a row cannot split, user text in a cell goes through `C` (clipped with an ellipsis to
`CELL_CHARS`); text that may be long (notes, terms) is a top-level Paragraph, which can.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, LongTable, Paragraph, Table, TableStyle

from ..core.evaluate.result import CostLine, CostResult
from ..core.money import format_money, format_pct
from ..core.tender.pricing import tender_pricing
from ..words.alternative_words import alternatives_text
from ..words.quote_words import Labels
from ..words.sku_words import NO_REASON, sku_note_text
from ..words.tender_words import QUOTE_TAX_HEADERS as TAX_HEADERS
from ..words.tender_words import tender_word
from . import fonts

_EN = Labels("en")


class FigureLinker(Protocol):
    """What links a figure to its appendix entry (`appendix.FigureLinks`)."""

    def link(self, text: str, key: str) -> str: ...
    def cell(self, value: str, style: ParagraphStyle) -> Paragraph: ...

PAGE_W, PAGE_H = A4
MARGIN_L = MARGIN_R = 18 * mm
MARGIN_T = 20 * mm
MARGIN_B = 20 * mm
FRAME_W = PAGE_W - MARGIN_L - MARGIN_R

ACCENT = colors.HexColor("#1f3b5a")
ACCENT_LIGHT = colors.HexColor("#e8eef5")
GRID = colors.HexColor("#c9d1da")
MUTED = colors.HexColor("#5b6470")
WARN = colors.HexColor("#9a5b00")
ERROR = colors.HexColor("#a11d1d")


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    small: ParagraphStyle
    muted: ParagraphStyle
    cell: ParagraphStyle
    cell_r: ParagraphStyle
    cell_b: ParagraphStyle
    cell_br: ParagraphStyle
    kv_key: ParagraphStyle
    kv_val: ParagraphStyle
    head: ParagraphStyle
    head_r: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    title: ParagraphStyle


def _style(name: str, size: float, *, bold: bool = False, color=colors.black, align=TA_LEFT,
           leading: float | None = None, space_before: float = 0, space_after: float = 0) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=fonts.SANS_BOLD if bold else fonts.SANS, fontSize=size,
                          leading=leading or size * 1.28, textColor=color, alignment=align,
                          spaceBefore=space_before, spaceAfter=space_after)


_STYLES: Styles | None = None


def styles() -> Styles:
    global _STYLES
    if _STYLES is None:
        fonts.register()
        _STYLES = Styles(
            body=_style("body", 8.5),
            small=_style("small", 7.5),
            muted=_style("muted", 7.5, color=MUTED),
            cell=_style("cell", 8),
            cell_r=_style("cell_r", 8, align=TA_RIGHT),
            cell_b=_style("cell_b", 8, bold=True),
            cell_br=_style("cell_br", 8, bold=True, align=TA_RIGHT),
            kv_key=_style("kv_key", 7, color=MUTED),
            kv_val=_style("kv_val", 7.5),
            head=_style("head", 7.5, bold=True, color=colors.white),
            head_r=_style("head_r", 7.5, bold=True, color=colors.white, align=TA_RIGHT),
            h1=_style("h1", 15, bold=True, color=ACCENT, space_after=2),
            h2=_style("h2", 11.5, bold=True, color=ACCENT, space_before=8, space_after=4),
            h3=_style("h3", 9, bold=True, color=ACCENT, space_before=7, space_after=3),
            title=_style("title", 20, bold=True, color=ACCENT, align=TA_RIGHT, leading=24),
        )
    return _STYLES


HEADINGS = ("h1", "h2", "h3")
#: points of what follows a heading kept on the heading's page (a few table rows, two lines of text)
KEEP_AFTER = 48.0


class _RoomFor(CondPageBreak):
    """A page break unless the rest of the frame holds `head` and the start of `after` (all of
    `after` when it is shorter than KEEP_AFTER): keep-with-next that still lets a long table split."""

    def __init__(self, head: Flowable, after: Flowable) -> None:
        super().__init__(0)
        self._head, self._after = head, after

    def wrap(self, aW, aH):  # noqa: N803 - reportlab API
        canv = getattr(self, "canv", None)
        _, h = self._head.wrapOn(canv, aW, aH)
        _, rest = self._after.wrapOn(canv, aW, 10_000_000)
        rest = getattr(self._after, "_H", rest)   # a KeepTogether's wrap says "split me"; _H is its height
        self.height = h + self._head.getSpaceBefore() + self._head.getSpaceAfter() + min(rest, KEEP_AFTER) \
            + self._after.getSpaceBefore()
        return super().wrap(aW, aH)


def keep_headings(story: list) -> list:
    """`story` with every heading (a Paragraph in style h1-h3) kept with the start of what follows
    it: no heading is left alone at the foot of a page."""
    out: list = []
    for i, f in enumerate(story):
        nxt = story[i + 1] if i + 1 < len(story) else None
        if isinstance(f, Paragraph) and f.style.name.split("-")[0] in HEADINGS and isinstance(nxt, Flowable) \
                and not isinstance(nxt, CondPageBreak):
            out.append(_RoomFor(f, nxt))
        out.append(f)
    return out


def table_style(cmds: list) -> TableStyle:
    """A TableStyle whose plain-string cells use the embedded font (never the unembedded Helvetica)."""
    return TableStyle([("FONT", (0, 0), (-1, -1), fonts.SANS, 8)] + list(cmds))


_CJK_STYLES: dict[int, tuple[ParagraphStyle, ParagraphStyle]] = {}


def cjk_wrap(style: ParagraphStyle) -> ParagraphStyle:
    """`style` with wordWrap='CJK' (Chinese has no spaces to break at); cached per style."""
    hit = _CJK_STYLES.get(id(style))
    if hit is None or hit[0] is not style:
        hit = (style, style.clone(style.name + "-cjk", wordWrap="CJK"))
        _CJK_STYLES[id(style)] = hit
    return hit[1]


#: most characters / lines of user text in one table cell: a table row cannot split across
#: pages, so a cell taller than the page is a LayoutError; longer text is cut with an ellipsis
CELL_CHARS = 300
CELL_LINES = 8
_LONG_WORD = re.compile(r"\S{40,}")


def clip(text: str, limit: int = CELL_CHARS, lines: int = CELL_LINES) -> str:
    """`text` cut to `limit` characters and `lines` lines, with an ellipsis where cut."""
    text = str(text)
    kept = text.split("\n")
    out = "\n".join(kept[:lines])
    if len(out) > limit:
        out = out[: limit - 1].rstrip() + "…"
    elif len(kept) > lines:
        out += "…"
    return out


# A figure in a printed value is marked `fig(text, key)`, key its path in `evaluate --json`:
# the quote links each marked figure to its entry in the appendix ("How these figures are computed").
_MARK = re.compile("\x01([^\x02]*)\x02([^\x03]*)\x03")


def fig(text: str, key: str) -> str:
    """`text` marked as showing figure `key` (no text: nothing to mark, so a caller's `or` default applies)."""
    return f"\x01{key}\x02{text}\x03" if key and text else text


def marks(value: str) -> list[tuple[str, str]]:
    """`value` as (text, key) runs, key '' for text that is not a figure."""
    out, last = [], 0
    for m in _MARK.finditer(value):
        if m.start() > last:
            out.append((value[last:m.start()], ""))
        out.append((m.group(2), m.group(1)))
        last = m.end()
    if last < len(value):
        out.append((value[last:], ""))
    return out


def unmarked(value: str) -> str:
    """`value` as it reads, the marks taken out."""
    return _MARK.sub(lambda m: m.group(2), value)


#: font sizes a figure that must stay on one line (a price, a part number) steps down through
FIT_SIZES = (8.0, 7.0, 6.2, 5.5)


def fit_style(text: str, style: ParagraphStyle, width: float | None) -> ParagraphStyle:
    """`style`, set smaller when `text` is wider than `width` points: reportlab splits a word wider
    than its cell mid-word ("CN¥1,716,000.0" / "0"), so a figure is shrunk, never broken."""
    if width is None:
        return style
    bold = style.fontName == fonts.SANS_BOLD
    for size in (style.fontSize, *(s for s in FIT_SIZES if s < style.fontSize)):
        if fonts.string_width(text, fonts.SANS_BOLD if bold else fonts.SANS, size) <= width:
            break
    if size == style.fontSize:
        return style
    return style.clone(f"{style.name}-fit{size}", fontSize=size, leading=size * 1.28)


def value_cell(value: str, style: ParagraphStyle, links: FigureLinker | None, limit: int = CELL_CHARS,
               width: float | None = None) -> Paragraph:
    """A cell of a value that may hold marked figures: linked with `links`, else plain text. A
    value too long for a cell (user text at its limits) is clipped, and then not linked. With
    `width` (the cell's inner width), a figure wider than that is set smaller (`fit_style`)."""
    text = unmarked(value)
    style = fit_style(text, style, width)
    if links is None or clip(text, limit) != text:
        return C(text, style, limit)
    return links.cell(value, style)


def P(text: str, style: ParagraphStyle) -> Paragraph:
    """A Paragraph from plain text (escaped, CJK fallback, newlines kept)."""
    text = str(text)
    markup = "<br/>".join(fonts.markup(t) for t in text.split("\n"))
    # CJK line breaking is several times slower; only text with Chinese characters needs it, and
    # a word too long for any column (a part number, a pasted hash) that must break mid-word
    breaks_anywhere = fonts.has_fallback(text) or _LONG_WORD.search(text) is not None
    return Paragraph(markup, cjk_wrap(style) if breaks_anywhere else style)


def C(text: str, style: ParagraphStyle, limit: int = CELL_CHARS) -> Paragraph:
    """A table cell's Paragraph: plain text clipped (`clip`) so the row always fits on a page."""
    return P(clip(text, limit), style)


def PT(markup: str, text: str, style: ParagraphStyle) -> Paragraph:
    """A Paragraph from trusted markup whose line breaking is chosen by its plain `text` (a link's
    long href in the markup does not need the slower CJK breaking that text does)."""
    breaks_anywhere = fonts.has_fallback(text) or _LONG_WORD.search(text) is not None
    return Paragraph(markup, cjk_wrap(style) if breaks_anywhere else style)


def PM(markup: str, style: ParagraphStyle) -> Paragraph:
    """A Paragraph from trusted markup (callers escape user text with `fonts.markup`)."""
    breaks_anywhere = "QuoteCJK" in markup or _LONG_WORD.search(markup) is not None
    return Paragraph(markup, cjk_wrap(style) if breaks_anywhere else style)


LINE_COLS = (24, 102, None, 30, 76, 80)
#: the 报价单 with tax added: 不含税 and 含税 unit and extended prices side by side
TAX_LINE_COLS = (24, 90, None, 26, 62, 68, 62, 70)


def line_widths(width: float = FRAME_W, cols: Sequence[float | None] = LINE_COLS) -> list[float]:
    fixed = sum(w for w in cols if w)
    return [w if w else width - fixed for w in cols]


def gross_prices(cost: CostResult, tr: Labels) -> dict[int, tuple[Decimal | None, Decimal | None]]:
    """The 报价单's 含税单价 and 含税合价 per line (index), as the tender pack's 分项报价明细表 computes
    them (core/tender/pricing.py); empty unless a Chinese quote adds tax to net prices."""
    if not tr.chinese or cost.tax_included or cost.tax_pct <= 0:
        return {}
    return {t.number - 1: (t.gross_unit, t.gross_extended) for t in tender_pricing(cost).lines}


def line_table(cost: CostResult, locale: str, tr: Labels = _EN, links: FigureLinker | None = None) -> LongTable:
    """The BOM's lines under group rows; header repeats on each page, rows never split. With
    `links`, each price links to its explanation (the quantity to the extended price's, which
    names the quantity's source)."""
    st = styles()
    gross = gross_prices(cost, tr)
    cols = TAX_LINE_COLS if gross else LINE_COLS
    head = [P(tr("#"), st.head), P(tr("Part number"), st.head), P(tr("Description"), st.head), P(tr("Qty"), st.head_r),
            P(tr("Unit price"), st.head_r), P(tr("Extended"), st.head_r)]
    if gross:
        head[4:] = [P(tender_word(tr, h), st.head_r) for h in TAX_HEADERS]
    rows: list[list] = [head]
    cmds: list[tuple] = [
        ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID),
    ]
    group = None
    widths = line_widths(cols=cols)
    for n, ln in enumerate(cost.lines, 1):
        if ln.group != group:
            group = ln.group
            rows.append([C(tr(group), st.cell_b)] + [""] * (len(cols) - 1))
            r = len(rows) - 1
            # NOSPLIT: a group heading never ends a page without the group's first line under it
            cmds += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), ACCENT_LIGHT),
                     ("NOSPLIT", (0, r), (-1, r + 1))]
        key = f"cost.lines.{n - 1}."
        ext = key + "extended" if ln.extended is not None else ""
        rows.append([
            P(str(n), st.cell), part_number_cell(ln.part_number, ln.sku_note, tr, cols[1] or LINE_COLS[1]),
            _description(ln, cost.currency, locale, tr),
            value_cell(fig(f"{ln.qty:,}", ext), st.cell_r, links, width=widths[3] - 6),
            value_cell(fig(_amount(ln.unit_price, cost.currency, locale), key + "unit_price" if ext else ""),
                       st.cell_r, links, width=widths[4] - 6),
            value_cell(fig(_amount(ln.extended, cost.currency, locale), ext), st.cell_r, links, width=widths[5] - 6),
        ] + [P(_amount(v, cost.currency, locale), st.cell_r) for v in gross.get(n - 1, ())])
    table = LongTable(rows, colWidths=widths, repeatRows=1, splitByRow=1, splitInRow=0)
    table.setStyle(table_style(cmds))
    return table


def _description(ln: CostLine, currency: str, locale: str, tr: Labels) -> Paragraph | list[Paragraph]:
    """A line's description; a companion line with alternatives names them under it in small type."""
    st = styles()
    name = C(tr.named(ln.name), st.cell, 400)
    if not ln.alternatives:
        return name
    note = alternatives_text(ln.alternatives, lambda v: tr(_amount(v, currency, locale)), tr, tr.named)
    return [name, C(note, st.cell.clone("alt-note", fontSize=6.5, leading=8), 400)]


def part_number_cell(number: str, sku_note: str = "", tr: Labels = _EN, column: float = LINE_COLS[1]) -> Paragraph:
    """A part number that never breaks across lines in a `column` points wide: a long one is set
    smaller, not wrapped. A line without one says why (`sku_note`, words/sku_words.py) in small
    type that wraps."""
    st = styles()
    if not number and sku_note:
        return P(tr(sku_note_text(sku_note)), st.cell.clone("pn-note", fontSize=6, leading=7.4))
    text = number or tr(NO_REASON)
    width = column - 6
    style = st.cell
    for size in (8, 7, 6.2, 5.5):
        if fonts.string_width(text, fonts.SANS, size) <= width:
            style = st.cell.clone(f"pn{size}", fontSize=size, leading=size * 1.28)
            break
    else:  # longer than the column even at 5.5 pt: break only at the " / " between alternatives
        return P(text.replace(" / ", "\n/ "), st.cell.clone("pn-min", fontSize=5.5, leading=7))
    # reportlab breaks lines at spaces only, and splits a word only when it is wider than the cell
    return PM(fonts.markup(text).replace(" ", "&nbsp;"), style)


def _amount(value: Decimal | None, currency: str, locale: str) -> str:
    return "on request" if value is None else format_money(value, currency, locale)


def totals_table(cost: CostResult, locale: str, label: str = "Total", tr: Labels = _EN,
                 links: FigureLinker | None = None) -> Table:
    """The BOM's subtotal, discount, tax, shipping and total, right-aligned under the amount columns;
    with `links`, each amount links to its explanation."""
    st = styles()
    cur = cost.currency

    def money(value: Decimal, key: str, style: ParagraphStyle = st.cell_r) -> Paragraph:
        return value_cell(fig(format_money(value, cur, locale), f"cost.{key}"), style, links, width=widths[1] - 6)

    widths = [150, 92]
    rows: list[list] = [[P(tr("Subtotal"), st.cell), money(cost.subtotal, "subtotal")]]
    if cost.discount:
        rows.append([P(f"{tr('Discount')} ({format_pct(cost.discount_pct)})", st.cell),
                     money(-cost.discount, "discount")])
        # net = subtotal − discount, the first two terms of the total's formula
        rows.append([P(tr("Net"), st.cell), money(cost.subtotal - cost.discount, "total")])
    if cost.tax_included:
        if cost.tax_pct:
            rows.append([P(f"{tr('Included tax / VAT')} ({format_pct(cost.tax_pct)}), {tr('for information')}",
                           st.muted), money(cost.tax, "tax", st.muted.clone("muted_r", alignment=TA_RIGHT))])
    elif cost.tax_pct:
        on = f", {tr('shipping included')}" if cost.shipping_taxed and cost.shipping else ""
        rows.append([P(f"{tr('Tax / VAT')} ({format_pct(cost.tax_pct)}{on})", st.cell), money(cost.tax, "tax")])
    else:
        rows.append([P(tr("Tax / VAT"), st.cell), P(tr("not included"), st.cell_r)])
    rows.append([P(tr("Shipping"), st.cell), money(cost.shipping, "shipping")])
    basis = tr("incl. tax") if cost.total_includes_tax else tr("excl. tax")
    rows.append([P(f"{label} ({cur}, {basis})", st.cell_b), money(cost.total, "total", st.cell_br)])
    t = Table(rows, colWidths=widths, hAlign="RIGHT")
    last = len(rows) - 1
    t.setStyle(table_style([
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("LINEABOVE", (0, last), (-1, last), 0.8, ACCENT),
        ("BACKGROUND", (0, last), (-1, last), ACCENT_LIGHT),
    ]))
    return t


def kv_table(pairs: Sequence[tuple[str, str]], width: float = FRAME_W, columns: int = 2,
             key_w: float = 80, links: FigureLinker | None = None) -> Table:
    """Label/value pairs laid out in `columns` side-by-side blocks; the figures marked in a value
    (`fig`) are linked with `links`."""
    st = styles()
    per = (len(pairs) + columns - 1) // columns
    rows = []
    for i in range(per):
        row = []
        for c in range(columns):
            k = c * per + i
            if k < len(pairs):
                row += [C(pairs[k][0], st.kv_key, 60), value_cell(pairs[k][1], st.kv_val, links)]
            else:
                row += ["", ""]
        rows.append(row)
    val_w = width / columns - key_w
    t = Table(rows, colWidths=[key_w, val_w] * columns, hAlign="LEFT")
    cmds = [("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
            ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, GRID)]
    t.setStyle(table_style(cmds))
    return t
