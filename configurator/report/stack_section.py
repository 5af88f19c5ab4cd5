"""The quote's pinned software stack: one small table per option, drawn from worded rows.

The rows (component, exact version, why, source) are made by words/stack_text.py in the
quote's language from the build's `StackPlan` (core/stack); this module only lays them out,
so the quote lists the same versions as `configurator stack`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Table

from ..words.quote_words import Labels
from . import fonts
from .styles import FRAME_W, GRID, PM, P, styles, table_style

if TYPE_CHECKING:   # the rows are made by words/stack_text.py where a quote has a stack
    from ..words.stack_text import ManifestRow


def stack_section(rows: Sequence[ManifestRow], tr: Labels, *, sources: bool = True) -> list[Flowable]:
    """'Software stack (pinned)': component, version and its note, and (`sources`: the seller's
    internal copy, the acceptance plan) where each pin comes from; nothing when no stack fits."""
    if not rows:
        return []
    st = styles()
    widths = [105, 185, FRAME_W - 290] if sources else [105, FRAME_W - 105]
    head = [P(tr("Component"), st.cell_b), P(tr("Version"), st.cell_b)]
    cells = [[*head, P(tr("Source"), st.cell_b)] if sources else head]
    for row in rows:
        version = f"<b>{fonts.markup(row.version)}</b>" + (f"<br/>{fonts.markup(row.note)}" if row.note else "")
        line = [P(row.component, st.cell), PM(version, st.cell)]
        cells.append([*line, P(row.source, st.cell)] if sources else line)
    table = Table(cells, colWidths=widths, hAlign="LEFT", repeatRows=1)
    table.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, GRID),
                                ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    return [CondPageBreak(90), KeepTogether([P(tr("Software stack (pinned)"), st.h3), table])]

