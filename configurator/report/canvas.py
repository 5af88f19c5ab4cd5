"""Page furniture: a running header on continuation pages and "Page X of Y" on every page.

The total page count is only known at the end, so `NumberedCanvas` keeps each page's state
and draws the footers in `save()` (the two-pass recipe, https://code.activestate.com/recipes/576832/).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from . import fonts

RULE = colors.HexColor("#9aa5b1")
MUTED = colors.HexColor("#555555")


@dataclass(frozen=True)
class PageInfo:
    """What every page's header and footer say."""

    vendor: str
    quote_label: str       # "Quote Q-2026-0001 rev. 1"
    customer: str
    page_w: float
    page_h: float
    margin_l: float
    margin_r: float
    page_label: str = "Page {page} of {total}"
    watermark: str = ""    # a draft's "DRAFT — NOT ORDERABLE", across every page


def _fit(text: str, width: float, font: str = fonts.SANS, size: float = 7.5) -> str:
    """`text` cut with an ellipsis to `width` (running header only; page 1 has the full text)."""
    if fonts.string_width(text, font, size) <= width:
        return text
    while text and fonts.string_width(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def make_canvas(info: PageInfo) -> type[Canvas]:
    """A Canvas class (for `canvasmaker`) that stamps `info` and page numbers on each page."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            # the default initial font (Helvetica) would be listed, unembedded, on every page
            kwargs["initialFontName"] = kwargs.get("initialFontName") or fonts.SANS
            kwargs["initialFontSize"] = kwargs.get("initialFontSize") or 8
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []
            self._marks: list[tuple[int, tuple, dict]] = []

        def showPage(self):  # noqa: N802 - reportlab API
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def bookmarkPage(self, *args, **kwargs):  # noqa: N802 - reportlab API
            # a destination names the page being written; pages are written in save(), so is it
            self._marks.append((len(self._pages), args, kwargs))

        def save(self):
            total = len(self._pages)
            for i, state in enumerate(self._pages):
                self.__dict__.update(state)
                self._furniture(total)
                for _, args, kwargs in (m for m in self._marks if m[0] == i):
                    super().bookmarkPage(*args, **kwargs)
                super().showPage()
            super().save()

        def _furniture(self, total: int) -> None:
            page = self._pageNumber
            left, right = info.margin_l, info.page_w - info.margin_r
            self.saveState()
            self.setStrokeColor(RULE)
            self.setLineWidth(0.5)
            self.setFillColor(MUTED)
            if page > 1:
                y = info.page_h - 28
                fonts.draw_string(self, left, y, info.vendor, fonts.SANS_BOLD, 7.5)
                room = right - left - fonts.string_width(info.vendor, fonts.SANS_BOLD, 7.5) - 24
                fonts.draw_string(self, right, y, _fit(" · ".join(x for x in (info.quote_label, info.customer) if x),
                                                       room), fonts.SANS, 7.5, "end")
                self.line(left, y - 5, right, y - 5)
            y = 24
            self.line(left, y + 10, right, y + 10)
            fonts.draw_string(self, left, y, f"{info.vendor} · {info.quote_label}", fonts.SANS, 7)
            fonts.draw_string(self, right, y, info.page_label.format(page=page, total=total), fonts.SANS, 7, "end")
            if info.watermark:
                self._watermark()
            self.restoreState()

        def _watermark(self) -> None:
            self.saveState()
            self.setFillColor(colors.Color(0.63, 0.11, 0.11, alpha=0.16))
            self.translate(info.page_w / 2, info.page_h / 2)
            self.rotate(40)
            size = min(46.0, 0.9 * info.page_w / max(1.0, fonts.string_width(info.watermark, fonts.SANS_BOLD, 1)))
            fonts.draw_string(self, 0, -size / 3, info.watermark, fonts.SANS_BOLD, size, "middle")
            self.restoreState()

    return NumberedCanvas
