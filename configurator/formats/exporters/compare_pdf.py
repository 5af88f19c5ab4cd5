"""The comparison as a PDF (reportlab, landscape A4): the builds' headers, one table per group of
rows with each value's difference to the baseline under it and the best values marked, then each
build's priced BOM. Drawn with the quote's embedded fonts (report/fonts.py), so Chinese renders
(`configurator --lang zh_CN compare ... --pdf F`)."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path
from typing import Any

from ...core.compare import MAX_COLUMNS, Comparison, Row
from ...store.safe_write import atomic_write
from ...words.i18n import N_, _, current_language
from ..registry import Exporter, ExportRequest
from .comparison_source import (
    column_header,
    comparison_of,
    delta_text,
    group_label,
    locale_tag,
    number_text,
    options_text,
    prices_text,
    row_label,
)

BEST = "#d7f0dc"
LABEL_W = 170.0


def _value_cell(row: Row, i: int, st: Any) -> Any:
    from ...report.fonts import markup
    from ...report.styles import PM

    text = markup(number_text(row.values[i], row))
    if row.best[i]:
        text = f"<b>{text}</b> ✓"
    delta = delta_text(row.deltas[i], row)
    if delta:
        text += f"<br/><font size=6.5 color='#5b6470'>{markup(delta)}</font>"
    return PM(text, st.cell_r if row.kind != "text" else st.cell)


def _group_table(group: str, rows: tuple[Row, ...], cmp: Comparison, width: float) -> Any:
    from reportlab.lib import colors
    from reportlab.platypus import LongTable

    from ...report.styles import ACCENT, ACCENT_LIGHT, GRID, C, P, styles, table_style

    st = styles()
    n = len(cmp.columns)
    head = [P(group_label(group), st.head)] + [C(f"{chr(ord('A') + i)}: {c.label}", st.head, 80)
                                                for i, c in enumerate(cmp.columns)]
    data = [head] + [[C(row_label(r), st.cell)] + [_value_cell(r, i, st) for i in range(n)] for r in rows]
    cmds: list[tuple] = [("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                         ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID),
                         ("BACKGROUND", (1 + cmp.baseline, 1), (1 + cmp.baseline, -1), ACCENT_LIGHT)]
    for r, row in enumerate(rows, 1):
        cmds += [("BACKGROUND", (1 + i, r), (1 + i, r), colors.HexColor(BEST)) for i in range(n) if row.best[i]]
    col_w = (width - LABEL_W) / n
    table = LongTable(data, colWidths=[LABEL_W] + [col_w] * n, repeatRows=1, splitByRow=1, splitInRow=0)
    table.setStyle(table_style(cmds))
    return table


def _columns_block(cmp: Comparison, width: float, internal: bool) -> Any:
    """Each build's header and assumptions; the internal copy adds where its prices and file came from."""
    from reportlab.platypus import Table

    from ...report.styles import GRID, C, styles, table_style

    st = styles()
    if internal:
        data = [[C(column_header(c, i, cmp.baseline).split("\n")[0], st.cell_b),
                 C(prices_text(c), st.cell), C(options_text(c), st.muted),
                 C(c.source or "", st.muted)] for i, c in enumerate(cmp.columns)]
        widths = [width * 0.34, width * 0.2, width * 0.3, width * 0.16]
    else:   # the customer's copy: no price list, no file of the seller's
        data = [[C(column_header(c, i, cmp.baseline).split("\n")[0], st.cell_b), C(options_text(c), st.muted)]
                for i, c in enumerate(cmp.columns)]
        widths = [width * 0.5, width * 0.5]
    table = Table(data, colWidths=widths)
    table.setStyle(table_style([("LINEBELOW", (0, 0), (-1, -1), 0.25, GRID), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return table


def _story(cmp: Comparison, width: float, internal: bool) -> list[Any]:
    from reportlab.platypus import PageBreak, Spacer

    from ...report.keep_tail import TableWithTail
    from ...report.styles import P, keep_headings, line_table, styles, totals_table
    from ...words.quote_words import Labels

    st = styles()
    legend = _("Δ to baseline: {letter} · ✓ best value").format(letter=chr(ord("A") + cmp.baseline))
    story: list[Any] = [P(_("Comparison of {n} builds").format(n=len(cmp.columns)), st.h1),
                        P(f"{date.today().isoformat()} · {legend}", st.muted), Spacer(1, 6),
                        _columns_block(cmp, width, internal), Spacer(1, 8)]
    for group, rows in cmp.grouped():
        story += [_group_table(group, rows, cmp, width), Spacer(1, 8)]
    tr, loc = Labels(current_language()), locale_tag()
    for i, col in enumerate(cmp.columns):
        name = f"{chr(ord('A') + i)}: {col.label}"
        # the totals carry the build's letter and, kept with them, its name: a total that moves to
        # the next page never stands there without the build it totals
        total = f"{tr('Total')}, {chr(ord('A') + i)}"
        story += [PageBreak(), P(name, st.h2),
                  *([P(prices_text(col), st.muted)] if internal else []), Spacer(1, 4),
                  # the totals take the BOM's last rows with them to a new page, never standing there alone
                  TableWithTail(line_table(col.evaluation.cost, loc, tr),
                                [Spacer(1, 6), P(name, st.muted),
                                 _under_lines(totals_table(col.evaluation.cost, loc, total, tr)),
                                 *_in_words(col.evaluation.cost, tr)])]
    return keep_headings(story)


def _in_words(cost: Any, tr: Any) -> list[Any]:
    """A CNY total's amount in capital numerals (大写), under its totals as on the quote."""
    if cost.currency != "CNY" or cost.total < 0:
        return []
    from reportlab.lib.enums import TA_RIGHT

    from ...report.styles import P, styles
    from ...words.capital_numerals import rmb_upper

    return [P(f"{tr('Amount in words')}：{rmb_upper(cost.total)}", styles().body.clone("words", alignment=TA_RIGHT))]


def _under_lines(totals: Any) -> Any:
    """The totals right-aligned under the (centred, portrait-width) line table, as in the quote."""
    from reportlab.platypus import Table

    from ...report.styles import line_widths

    width = sum(line_widths())
    own = sum(totals._colWidths)   # the totals table's fixed column widths
    totals.hAlign = "RIGHT"
    outer = Table([["", totals]], colWidths=[width - own, own])
    outer.setStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
    return outer


def comparison_pdf(cmp: Comparison, internal: bool = False) -> bytes:
    """The PDF bytes of `cmp`: the customer's copy, or with `internal` the seller's (each build's
    price list and file)."""
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    from ...report import fonts
    from ...report.canvas import PageInfo, make_canvas

    fonts.register()
    page_w, page_h = landscape(A4)
    margin = 14 * mm
    buf = io.BytesIO()
    # "Page N of M" and, from page 2, a running header naming the document (report/canvas.py)
    info = PageInfo(vendor=_("Comparison of {n} builds").format(n=len(cmp.columns)),
                    quote_label=date.today().isoformat(), customer="", page_w=page_w, page_h=page_h,
                    margin_l=margin, margin_r=margin, page_label=_("Page {page} of {total}"))
    doc = SimpleDocTemplate(buf, pagesize=(page_w, page_h), leftMargin=margin, rightMargin=margin,
                            topMargin=margin, bottomMargin=margin, title=_("Comparison"),
                            creator="ai-server-configurator")
    doc.build(_story(cmp, page_w - 2 * margin, internal), canvasmaker=make_canvas(info))
    return buf.getvalue()


def _write(request: ExportRequest, path: Path) -> Path:
    atomic_write(path, comparison_pdf(comparison_of(request), request.internal))
    return path


COMPARE_PDF = Exporter(name="compare-pdf", suffixes=(".pdf",), description=N_("Comparison (PDF)"),
                       max_options=MAX_COLUMNS, write=_write)
