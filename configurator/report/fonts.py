"""The quote's embedded fonts and per-character fallback between them.

Latin text is set in DejaVu Sans (covers U+00A0, U+202F, U+2212 and the currency symbols
Babel emits); characters it lacks (Chinese, fullwidth forms) fall back, character by
character, to Droid Sans Fallback. Both are TrueType and embedded as subsets, so the PDF
renders on a machine without them. Registration happens once per process.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from html import escape as _escape

from reportlab.graphics.shapes import String
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..store import paths

SANS = "QuoteSans"
SANS_BOLD = "QuoteSans-Bold"
CJK = "QuoteCJK"

_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    CJK: "DroidSansFallbackFull.ttf",
}
_LOCK = threading.Lock()
_LATIN: frozenset[int] = frozenset()
_FALLBACK: frozenset[int] = frozenset()


def font_dir():
    return paths.resources_dir() / "fonts"


def register() -> None:
    """Register the Latin quote fonts with reportlab (idempotent, thread-safe). The CJK face is
    registered the first time a text needs a character the Latin face lacks (`_fallback_chars`):
    parsing it takes ~60 ms, which an English quote of Latin text never pays."""
    global _LATIN
    if _LATIN:
        return
    with _LOCK:
        if _LATIN:
            return
        fonts = {name: _load(name) for name in (SANS, SANS_BOLD)}
        for bold in (0, 1):
            for italic in (0, 1):
                addMapping(SANS, bold, italic, SANS_BOLD if bold else SANS)
                addMapping(SANS_BOLD, bold, italic, SANS_BOLD if bold else SANS)
        _LATIN = frozenset(fonts[SANS].face.charToGlyph)


def _fallback_chars() -> frozenset[int]:
    global _FALLBACK
    if _FALLBACK:
        return _FALLBACK
    with _LOCK:
        if not _FALLBACK:
            font = _load(CJK)
            for bold in (0, 1):
                for italic in (0, 1):
                    # the fallback face has no bold; <b> inside Chinese text stays regular weight
                    addMapping(CJK, bold, italic, CJK)
            _FALLBACK = frozenset(font.face.charToGlyph)
    return _FALLBACK


def _load(name: str) -> TTFont:
    path = font_dir() / _FILES[name]
    if not path.is_file():
        raise FileNotFoundError(f"quote font missing: {path}")
    font = TTFont(name, str(path))
    pdfmetrics.registerFont(font)
    return font


def escape(text: str) -> str:
    """`text` with &, < and > escaped for a Paragraph's markup (xml.sax.saxutils.escape's result,
    without importing what that module imports: urllib.request, http, ssl)."""
    return _escape(text, quote=False)


def _needs_fallback(ch: str) -> bool:
    code = ord(ch)
    return code not in _LATIN and code in _fallback_chars()


@lru_cache(maxsize=8192)
def runs(text: str) -> tuple[tuple[bool, str], ...]:
    """Split `text` into (is_fallback, run) pieces."""
    register()
    if text.isascii():
        return ((False, text),) if text else ()
    out: list[tuple[bool, str]] = []
    for ch in text:
        fb = _needs_fallback(ch)
        if out and out[-1][0] == fb:
            out[-1] = (fb, out[-1][1] + ch)
        else:
            out.append((fb, ch))
    return tuple(out)


@lru_cache(maxsize=4096)
def markup(text: str) -> str:
    """Escape `text` for a Paragraph and wrap the runs the Latin font lacks in the CJK face."""
    if text.isascii():
        return escape(text)
    return "".join(f'<font face="{CJK}">{escape(r)}</font>' if fb else escape(r) for fb, r in runs(text))


def has_fallback(text: str) -> bool:
    """True when `text` holds characters only the fallback (CJK) font has."""
    return not text.isascii() and any(fb for fb, _ in runs(text))


@lru_cache(maxsize=8192)
def string_width(text: str, font: str, size: float) -> float:
    """Width of `text` in points, counting fallback runs in the CJK font."""
    return sum(pdfmetrics.stringWidth(r, CJK if fb else font, size) for fb, r in runs(text))


def placed_runs(text: str, x: float, font: str, size: float, anchor: str = "start"):
    """`text` anchored at x (start, middle or end) as (x, face, run) per font run: Latin in `font`,
    Chinese in the CJK face, which has no Latin glyphs."""
    x -= {"middle": string_width(text, font, size) / 2, "end": string_width(text, font, size)}.get(anchor, 0.0)
    for fb, r in runs(text):
        face = CJK if fb else font
        yield x, face, r
        x += pdfmetrics.stringWidth(r, face, size)


def draw_string(canvas, x: float, y: float, text: str, font: str, size: float, anchor: str = "start") -> None:
    """canvas.drawString with per-character fallback; `anchor` is start, middle or end."""
    for at, face, run in placed_runs(text, x, font, size, anchor):
        canvas.setFont(face, size)
        canvas.drawString(at, y, run)


def strings(text: str, x: float, y: float, size: float, fill, anchor: str = "start",
            font: str = SANS) -> list[String]:
    """`text` at (x, y) in a drawing, as one String per font run (`placed_runs`)."""
    return [String(at, y, run, fontName=face, fontSize=size, fillColor=fill, textAnchor="start")
            for at, face, run in placed_runs(text, x, font, size, anchor)]
