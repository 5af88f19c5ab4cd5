"""A block of short lines of plain text runs, some of them links: the appendix's entries.

The appendix prints a few thousand words of formulas, inputs and sources; as reportlab
Paragraphs (markup parsed, fragments measured, the paragraph re-broken at each column end) that
tripled the time of a quote. `EntryLines` breaks plain runs greedily at spaces, measuring each
word once (`fonts.string_width` is cached), splits between lines at a column's end, and draws
with `fonts.draw_string` (the CJK face for the characters the Latin face lacks), so Chinese text
and links work as in a Paragraph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable

from . import fonts

_TOKEN = re.compile(r"\s+|\S+")


@dataclass(frozen=True)
class Run:
    """A piece of text in one look: bold or not, a colour, and where it links to (a destination
    in the document, or a URL)."""

    text: str
    bold: bool = False
    color: Any = None          # None: black
    dest: str = ""
    url: str = ""


#: a logical line: its indent (points) and its runs; wrapped lines continue at `hang` more
Line = tuple[float, tuple[Run, ...]]
#: a laid-out line: (x, text, run) segments
Laid = list[tuple[float, str, Run]]


class EntryLines(Flowable):
    """Lines of runs, wrapped to the frame's width; `anchor` names a destination at the top."""

    def __init__(self, lines: list[Line], anchor: str = "", size: float = 7.5, leading: float = 9.4,
                 space_before: float = 5, hang: float = 8, _laid: tuple[float, list[Laid]] | None = None) -> None:
        super().__init__()
        self.lines, self.anchor, self.size, self.leading = lines, anchor, size, leading
        self.space_before, self.hang = space_before, hang
        self._laid = _laid

    def getSpaceBefore(self) -> float:  # noqa: N802 - reportlab's name
        return self.space_before

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 - reportlab's names
        self.width = availWidth
        self.height = len(self._lay(availWidth)) * self.leading
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        laid = self._lay(availWidth)
        fit = int((availHeight + 1e-6) // self.leading)   # the frame has taken the space before off
        if fit < 2 or fit >= len(laid):   # never a lone first line at a column's foot
            return []
        keep = dict(size=self.size, leading=self.leading, hang=self.hang)
        return [EntryLines([], self.anchor, space_before=self.space_before, _laid=(availWidth, laid[:fit]), **keep),
                EntryLines([], "", space_before=0, _laid=(availWidth, laid[fit:]), **keep)]

    def _lay(self, width: float) -> list[Laid]:
        if self._laid is None or (self.lines and self._laid[0] != width):
            self._laid = (width, [laid for line in self.lines for laid in self._wrap(line, width)])
        return self._laid[1]

    def _wrap(self, line: Line, width: float) -> list[Laid]:
        """One logical line broken at spaces (a word wider than the line is broken anywhere)."""
        indent, runs = line
        out: list[Laid] = [[]]
        x = indent
        for run in runs:
            font = fonts.SANS_BOLD if run.bold else fonts.SANS
            for token in _TOKEN.findall(run.text):
                w = fonts.string_width(token, font, self.size)
                if token.isspace():
                    if out[-1]:
                        x = self._put(out[-1], x, token, run, w)
                    continue
                if x + w > width and out[-1]:
                    out.append([])
                    x = indent + self.hang
                while x + w > width and len(token) > 1:   # a long part id, a URL, Chinese text
                    cut = self._fit(token, font, width - x)
                    self._put(out[-1], x, token[:cut], run, 0)
                    out.append([])
                    x, token = indent + self.hang, token[cut:]
                    w = fonts.string_width(token, font, self.size)
                x = self._put(out[-1], x, token, run, w)
        return out

    def _fit(self, token: str, font: str, room: float) -> int:
        """How many leading characters of `token` fit in `room` points (at least one)."""
        n = 1
        while n < len(token) and fonts.string_width(token[: n + 1], font, self.size) <= room:
            n += 1
        return n

    @staticmethod
    def _put(laid: Laid, x: float, text: str, run: Run, w: float) -> float:
        """Append `text` at `x`, joined to the previous segment when it is the same run."""
        if laid and laid[-1][2] is run:
            px, ptext, _ = laid[-1]
            laid[-1] = (px, ptext + text, run)
        else:
            laid.append((x, text, run))
        return x + w

    def draw(self) -> None:
        canv = self.canv
        if self.anchor:
            canv.bookmarkHorizontal(self.anchor, 0, self.height + self.space_before)
        # one text object for the block: a drawString per run costs a text object each
        text_obj = canv.beginText()
        face_now: tuple[str, Any] = ("", None)
        links: list[tuple[Run, tuple[float, float, float, float]]] = []
        for k, laid in enumerate(self._lay(self.width)):
            base = self.height - (k + 1) * self.leading + (self.leading - self.size) / 2 + self.size * 0.2
            for x, text, run in laid:
                font = fonts.SANS_BOLD if run.bold else fonts.SANS
                text = text.rstrip()
                text_obj.setTextOrigin(x, base)
                for fallback, piece in fonts.runs(text):
                    face = fonts.CJK if fallback else font
                    if face_now != (face, run.color):
                        text_obj.setFont(face, self.size)
                        text_obj.setFillColor(run.color or colors.black)
                        face_now = (face, run.color)
                    text_obj.textOut(piece)
                if run.dest or run.url:
                    links.append((run, (x, base - self.size * 0.25, x + fonts.string_width(text, font, self.size),
                                        base + self.size)))
        canv.drawText(text_obj)
        for run, rect in links:
            if run.dest:
                canv.linkRect("", run.dest, rect, relative=1, thickness=0)
            else:
                canv.linkURL(run.url, rect, relative=1, thickness=0)
        canv.setFillColor(colors.black)
