"""The tender pack's PDF (技术偏差表 and 分项报价明细表), A4 landscape, from its arguments alone.

The tables arrive worded (formats/exporters/tender_rows.py `TenderTables`); this module only lays
them out: Chinese in the embedded CJK face (report/fonts.py), amounts right-aligned with the
currency's minor unit, "Page N of M" on every page (report/canvas.py).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, LongTable, PageBreak, SimpleDocTemplate, Spacer

from .canvas import PageInfo, make_canvas
from .styles import ACCENT, C, P, styles, table_style

PAGE_W, PAGE_H = landscape(A4)
MARGIN = 14 * mm
FRAME_W = PAGE_W - 2 * MARGIN
_DEVIATION_WIDTHS = (0.05, 0.33, 0.17, 0.10, 0.35)
_PRICE_WIDTHS = (0.04, 0.17, 0.07, 0.15, 0.05, 0.05, 0.10, 0.06, 0.10, 0.11, 0.10)
_MONEY_COLUMNS = (6, 8, 9)
_RATE_COLUMN = 7


def amount_text(value: Decimal | None) -> str:
    """An amount as a price schedule prints it: thousands separated, the currency's decimals."""
    if value is None:
        return "—"
    exp = value.as_tuple().exponent
    places = -exp if isinstance(exp, int) and exp < 0 else 0
    return f"{value:,.{places}f}"


def _grid(rows: list[list[Any]], widths: Sequence[float], right: Sequence[int] = ()) -> LongTable:
    table = LongTable(rows, colWidths=[w * FRAME_W for w in widths], repeatRows=1)
    cmds: list[tuple] = [("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
                         ("VALIGN", (0, 0), (-1, -1), "TOP")]
    table.setStyle(table_style(cmds))
    return table


def _cells(row: Sequence[Any], right: Sequence[int]) -> list[Any]:
    s = styles()
    out = []
    for i, value in enumerate(row):
        if i == _RATE_COLUMN and isinstance(value, Decimal):
            out.append(C(f"{(value * 100).normalize():f}%", s.cell_r))
        elif i in _MONEY_COLUMNS and right and (value is None or isinstance(value, Decimal)):
            out.append(C(amount_text(value), s.cell_r))
        else:
            out.append(C("" if value is None else str(value), s.cell_r if i in right else s.cell))
    return out


def tender_pdf(tables: Any, heading: Sequence[str], titles: tuple[str, str], notes: tuple[str, str],
               info: PageInfo, total_words_label: str) -> bytes:
    """The PDF's bytes: `heading` lines (tender, bidder, project, date), then each table with its title."""
    s = styles()
    story: list[Any] = [P(line, s.body) for line in heading] + [Spacer(1, 4 * mm)]
    story.append(P(titles[0], s.h2))
    head = [C(h, s.head) for h in tables.deviation_headers]
    story.append(_grid([head] + [_cells(r, ()) for r in tables.deviation_rows], _DEVIATION_WIDTHS))
    story += [Spacer(1, 2 * mm), P(notes[0], s.muted), PageBreak(), P(titles[1], s.h2)]
    head = [C(h, s.head) for h in tables.price_headers]
    right = (0, 4, 6, 7, 8, 9)
    rows = [head] + [_cells(r, right) for r in tables.price_rows]
    for label, amount in tables.price_footer:
        rows.append([""] * 9 + [C(amount_text(amount), s.cell_br), ""])
        rows[-1][1] = C(label, s.cell_b)
    price = _grid(rows, _PRICE_WIDTHS)
    foot = len(tables.price_footer)
    price.setStyle(table_style([("SPAN", (1, -i), (8, -i)) for i in range(1, foot + 1)]))
    story.append(price)
    tail = [Spacer(1, 2 * mm)]
    if tables.total_words:
        tail.append(P(f"{total_words_label}: {tables.total_words}", s.cell_b))
    tail.append(P(notes[1], s.muted))
    story.append(KeepTogether(tail))
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=(PAGE_W, PAGE_H), leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=16 * mm, bottomMargin=14 * mm, title=titles[1], author=info.vendor)
    doc.build(story, canvasmaker=make_canvas(info))
    return buf.getvalue()
