"""The quote's appendix "How these figures are computed", and the links that lead to it.

Every figure the quote's body prints is a PDF internal link (`FigureLinks.link`) to its entry in
the appendix, one click away: the figure's formula in words, its inputs with their values and
each input's source, as `configurator explain BUILD FIGURE` prints it (`core.explain`). A figure
is named by its path in `evaluate --json`; only figures the evaluation has are linked, so every
link has an entry (reportlab refuses to write a PDF with a link to no destination).

The explanations are built by the core when the quote is written (never during evaluation) as
data, and worded in the quote's language by the words (`words.explain_words.explained`, through
`say`), the way the quote prints the core's violation messages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
)

from ..core.build import Build
from ..core.catalog import Catalog
from ..core.context import BuildContext, resolve
from ..core.evaluate.json_shape import figures
from ..core.evaluate.result import Evaluation
from ..core.explain.explanation import show_value
from ..words.explain_words import ExplanationText as Explanation
from ..words.explain_words import InputText as Input
from ..words.explain_words import explained
from ..words.quote_words import Labels
from . import fonts
from .entry_lines import EntryLines, Line, Run
from .styles import (
    ACCENT,
    FRAME_W,
    GRID,
    MARGIN_B,
    MARGIN_L,
    MARGIN_T,
    MUTED,
    PAGE_H,
    PT,
    P,
    marks,
    styles,
    table_style,
    unmarked,
)

_LINK = f"#{ACCENT.hexval()[2:]}"   # the colour of a link, as Paragraph markup takes it
_INDENT = 8.0                        # points: the lines under an entry's heading
_URL = re.compile(r"https?://[^\s;,)]+")


#: what an explanation of an evaluation the engine did not make (a test's stand-in) may raise;
#: such a figure prints unlinked, and the quote is written all the same
_UNEXPLAINED = (AttributeError, KeyError, IndexError, TypeError, ValueError)


@dataclass
class FigureLinks:
    """The figures one option's body links to, in the order first printed, with their
    explanations (made when first linked: only a figure with an explanation is linked, so every
    link has an entry) and their anchors."""

    build: Build
    catalog: Catalog
    ev: Evaluation
    letter: str = ""                 # the option's letter, '' for a single quote
    language: str = "en"             # the quote's language: the entries are worded in it
    ctx: BuildContext | None = None  # the build resolved, once the first figure is explained
    shown: dict[str, Any] = field(default_factory=dict)   # the evaluation's figures: path -> value
    explained: dict[str, Explanation] = field(default_factory=dict)   # in the order first linked
    failed: dict[str, str] = field(default_factory=dict)  # key -> why it has no explanation

    @classmethod
    def of(cls, build: Build, catalog: Catalog, ev: Evaluation, letter: str = "",
           language: str = "en", internal: bool = True) -> FigureLinks:
        """The links of one option; `internal` False (the customer's copy, which has no appendix
        of sources and estimates): every figure prints unlinked."""
        links = cls(build, catalog, ev, letter, language)
        if not internal:
            links.failed["*"] = "customer copy: no appendix"
            return links
        try:
            links.shown = figures(ev)
        except _UNEXPLAINED as exc:   # an evaluation `evaluate --json` cannot print: nothing to link
            links.failed["*"] = f"{type(exc).__name__}: {exc}"
        return links

    @property
    def keys(self) -> list[str]:
        return list(self.explained)

    def anchor(self, key: str) -> str:
        """The PDF destination name of `key`'s entry ('fig-A-power_w.max')."""
        return f"fig-{self.letter or 'Q'}-{re.sub(r'[^A-Za-z0-9_.]', '_', key)}"

    def explain(self, key: str) -> Explanation | None:
        """`key`'s explanation (made once), None when the evaluation has no such figure."""
        if key in self.explained:
            return self.explained[key]
        if key not in self.shown or key in self.failed:
            return None
        try:
            if self.ctx is None:            # resolved once for all of this option's entries
                self.ctx = resolve(self.build, self.catalog)
            exp = explained(self.build, self.catalog, self.ev, key, self.shown[key], self.language, self.ctx)
        except _UNEXPLAINED as exc:
            self.failed[key] = f"{type(exc).__name__}: {exc}"
            return None
        self.explained[key] = exp
        return exp

    def link(self, text: str, key: str) -> str:
        """`text` (plain) as Paragraph markup linking to `key`'s entry; unlinked when the
        evaluation has no such figure (a rent figure of a build without one)."""
        body = fonts.markup(text)
        if self.explain(key) is None:
            return body
        return f'<a href="#{self.anchor(key)}" color="{_LINK}">{body}</a>'

    def markup(self, value: str) -> str:
        """A value with `figures.fig` marks as Paragraph markup, each marked figure a link."""
        return "".join(self.link(text, key) if key else fonts.markup(text) for text, key in marks(value))

    def cell(self, value: str, style: Any) -> Paragraph:
        """A table cell of `value`, its figures linked."""
        return PT(self.markup(value), unmarked(value), style)


#: the page template of the appendix's pages, two columns (`quote._render` defines it): the
#: entries' lines are short, and two columns hold twice as many
APPENDIX_TEMPLATE = "appendix"
#: a source up to this long is printed in its row; a longer one goes to the numbered source list
#: once, and each row that cites it links there (catalog sources repeat across many figures)
_INLINE_SOURCE = 60


def explanations(links: FigureLinks) -> list[Explanation]:
    """The explanation of each figure the body linked to, in print order, then of each figure those
    are computed from (an input "figure X"), so that every step can be followed to its sources."""
    i = 0
    while i < len(links.explained):
        for inp in list(links.explained.values())[i].inputs:
            if inp.figure:
                links.explain(inp.figure)
        i += 1
    return list(links.explained.values())


class SourceList:
    """The appendix's numbered long sources, in order of first citation; anchors 'src-N'."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}

    def cite(self, text: str) -> int:
        return self.numbers.setdefault(text, len(self.numbers) + 1)


def appendix(entries: list[tuple[str, list[Explanation], FigureLinks]], tr: Labels,
             confirm: Sequence[tuple[str, Sequence[tuple[str, str, str]]]] = ()) -> list[Flowable]:
    """The appendix: per option (its title, its explanations, its links), one entry per figure,
    then the numbered list of the sources the entries cite, then (`confirm`: per option, its title
    and its (part id, description, why) rows) the lines that have no public part number."""
    st = styles()
    if not any(exps for _, exps, _ in entries):
        return []
    out: list[Flowable] = [NextPageTemplate(APPENDIX_TEMPLATE), PageBreak(), P(tr("How these figures are computed"), st.h2),
                           P(tr("Each figure printed in this quote links here: how it is computed, its inputs "
                                "with their values and where each input comes from (catalog entry and URL, "
                                "price list, measurement, build setting or stated assumption). Inputs marked "
                                "as estimates are not published figures. `configurator explain BUILD FIGURE` "
                                "prints the same explanation."), st.small)]
    sources = SourceList()
    for title, exps, links in entries:
        if title:
            out += [CondPageBreak(80), P(title, st.h3)]
        out += [_entry(exp, links, sources, tr) for exp in exps]
    if sources.numbers:
        out += [CondPageBreak(60), P(tr("Sources"), st.h3)]
        out += [EntryLines([(0.0, (Run(f"[{n}] ", bold=True), *_with_urls(text)))], anchor=f"src-{n}",
                           space_before=2, hang=12) for text, n in sources.numbers.items()]
    if any(rows for _, rows in confirm):
        out += [CondPageBreak(80), P(tr("Lines to confirm with the vendor (no public part number)"), st.h3)]
        for title, rows in confirm:
            if not rows:
                continue
            cells = [[P(tr("Part"), st.cell_b), P(tr("Description"), st.cell_b), P(tr("Why"), st.cell_b)]]
            cells += [[P(pid, st.cell), P(name, st.cell), P(why, st.cell)] for pid, name, why in rows]
            table = Table(cells, colWidths=[150, FRAME_W - 330, 180], hAlign="LEFT", repeatRows=1)
            table.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                        ("LINEBELOW", (0, 0), (-1, -1), 0.25, GRID)]))
            out += [*([P(title, st.small)] if title else []), table, Spacer(1, 4)]
    return out


def _entry(exp: Explanation, links: FigureLinks, sources: SourceList, tr: Labels) -> EntryLines:
    """One figure's entry: the figure and its value (holding its anchor), the formula, one line
    per input with its value and source, the notes."""
    value = f"{show_value(exp.value)} {exp.unit}".strip()
    estimate = Run(f" ({tr('estimate')})", color=MUTED)
    head = [Run(exp.figure, bold=True, color=ACCENT), Run(f" = {value}", color=ACCENT)]
    lines: list[Line] = [(0.0, (*head, estimate) if exp.estimate else tuple(head)),
                         (_INDENT, (Run(exp.formula),))]
    for i in exp.inputs:
        runs = [Run(f"• {i.name} = {i.value}")]
        if i.estimate:
            runs.append(estimate)
        runs += [Run(" — "), *_source(i, links, sources, tr)]
        lines.append((_INDENT, tuple(runs)))
    lines += [(_INDENT, (Run(f"{tr('Note')}: {note}", color=MUTED),)) for note in exp.notes]
    return EntryLines(lines, anchor=links.anchor(exp.figure))


def _source(inp: Input, links: FigureLinks, sources: SourceList, tr: Labels) -> list[Run]:
    """An input's source: another figure links to its entry, a long source to its number in the
    source list, a short one is printed as it is (all already in the quote's language)."""
    if inp.figure and inp.figure in links.explained:
        return [Run(tr("figure") + " "), Run(inp.figure, color=ACCENT, dest=links.anchor(inp.figure))]
    text = inp.source
    if len(text) <= _INLINE_SOURCE:
        return _with_urls(text)
    n = sources.cite(text)
    return [Run(f"[{n}]", color=ACCENT, dest=f"src-{n}")]


def _with_urls(text: str) -> list[Run]:
    """Plain text as runs, its URLs links a reader can follow."""
    out, last = [], 0
    for m in _URL.finditer(text):
        out += [Run(text[last:m.start()]), Run(m.group(0), color=ACCENT, url=m.group(0))]
        last = m.end()
    out.append(Run(text[last:]))
    return [r for r in out if r.text]


def appendix_template() -> PageTemplate:
    """The appendix's pages: the body's frame cut into two columns."""
    gap = 14
    col = (FRAME_W - gap) / 2
    height = PAGE_H - MARGIN_T - MARGIN_B
    frames = [Frame(MARGIN_L + i * (col + gap), MARGIN_B, col, height, id=f"appendix{i}",
                    leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0) for i in (0, 1)]
    return PageTemplate(id=APPENDIX_TEMPLATE, frames=frames)
