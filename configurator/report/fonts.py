"""The quote's embedded fonts and per-character fallback between them.

Latin text is set in DejaVu Sans (covers U+00A0, U+202F, U+2212 and the currency symbols
Babel emits); characters it lacks (Chinese, fullwidth forms) fall back, character by
character, to Droid Sans Fallback. Both are TrueType and embedded as subsets, so the PDF
renders on a machine without them. Registration happens once per process; a face parsed once
is kept in the user cache folder (store/font_cache.py) as its parsed tables, so the next quote
reads them back instead of parsing the font file again (`face_bytes` / `face_from`).
"""

from __future__ import annotations

import json
import threading
from array import array
from functools import lru_cache
from html import escape as _escape
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.graphics.shapes import String
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from ..store import font_cache, paths

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
    key = font_cache.entry_key(path, CACHE_VERSION)
    font = _cached(name, path, key) if key else None
    if font is None:
        font = TTFont(name, str(path))
        if key:
            _remember(font, key)
    pdfmetrics.registerFont(font)
    return font


# --------------------------------------------------------------------------- the parsed-font cache

#: what a cache entry depends on besides the font file: this format and reportlab's parser
CACHE_VERSION = f"1|reportlab {reportlab.Version}"
_NOT_STORED = ("_ttf_data", "_pdfScale")   # the file's bytes (read again) and a function of unitsPerEm


def _cached(name: str, path: Path, key: str) -> TTFont | None:
    """The font `name` from its cache entry, or None (no entry, or one that does not read back)."""
    payload = font_cache.read(key)
    if payload is None:
        return None
    try:
        return _font(name, face_from(payload, font_cache.font_file_bytes(path)))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, OSError):
        return None


def _remember(font: TTFont, key: str) -> None:
    """Cache `font`'s parsed face, if it reads back equal, attribute by attribute and type by type
    (a face of a kind this code does not know, from another reportlab, is just not cached)."""
    try:
        payload = face_bytes(font.face)
        again = _font(font.fontName, face_from(payload, font.face._ttf_data))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError):
        return
    if _same(_state(again), _state(font)) and _same(_state(again.face), _state(font.face)):
        font_cache.write(key, payload)


def _state(obj: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(obj).items() if k not in ("face", "encoding", "state", *_NOT_STORED)}


def _same(a: Any, b: Any) -> bool:
    """Equal, with the same types all the way down (1 is not 1.0, a tuple is not a list)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _font(name: str, face: TTFontFace) -> TTFont:
    """A `TTFont` around an already parsed `face`: what `TTFont.__init__` sets, without parsing."""
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = True
    return font


def face_bytes(face: TTFontFace) -> bytes:
    """A parsed face's tables as bytes: a JSON line of its attributes, then its large integer and
    float tables (cmap, widths, glyph positions) as packed arrays."""
    arrays: list[array] = []
    attrs = {k: _encode(v, arrays) for k, v in vars(face).items() if k not in _NOT_STORED}
    head = json.dumps({"attrs": attrs, "arrays": [[a.typecode, len(a)] for a in arrays]}, allow_nan=False)
    return head.encode() + b"\n" + b"".join(a.tobytes() for a in arrays)


def face_from(payload: bytes, ttf_data: bytes) -> TTFontFace:
    """The face `face_bytes` wrote, over the font file's bytes `ttf_data` (subsetting reads them)."""
    line, sep, blob = payload.partition(b"\n")
    head = json.loads(line)
    if not sep or not isinstance(head, dict):
        raise ValueError("not a parsed face")
    arrays, at = [], 0
    for code, count in head["arrays"]:
        if code not in ("q", "d"):
            raise ValueError(f"an array of {code!r}")
        table = array(code)
        end = at + count * table.itemsize
        table.frombytes(blob[at:end])
        if len(table) != count:
            raise ValueError("an array ends early")
        arrays.append(table)
        at = end
    if at != len(blob):
        raise ValueError("bytes after the arrays")
    face = TTFontFace.__new__(TTFontFace)
    for name, value in head["attrs"].items():
        setattr(face, name, _decode(value, arrays))
    units = face.unitsPerEm
    face._pdfScale = (lambda x: x) if units == 1000 else (lambda x, m=1000 / units: x * m)
    face._ttf_data = ttf_data
    return face


def _encode(value: Any, arrays: list[array]) -> Any:
    """One attribute as JSON; its large tables as references into `arrays`."""
    def put(values: Any, code: str) -> int:
        arrays.append(array(code, values))
        return len(arrays) - 1

    if value is None or type(value) in (bool, int, float, str):
        return value
    if type(value) is TTFNameBytes:
        return {"name": value.ustr}
    if type(value) is bytes:
        return {"bytes": value.decode("latin-1")}
    if type(value) is tuple:
        return {"tuple": [_encode(v, arrays) for v in value]}
    if type(value) is list:
        if len(value) > 16 and all(type(v) is int for v in value):
            return {"ints": put(value, "q")}
        if len(value) > 16 and all(type(v) is tuple and len(v) == 2 and type(v[0]) in (int, float)
                                   and type(v[1]) is int for v in value):
            # hmetrics: (advance, left side bearing); the advances after the last full metric are scaled floats
            return {"pairs": [put((v[0] for v in value), "d"), put((type(v[0]) is int for v in value), "q"),
                              put((v[1] for v in value), "q")]}
        return {"list": [_encode(v, arrays) for v in value]}
    if type(value) is dict:
        keys, values = list(value), list(value.values())
        if len(value) > 16 and all(type(k) is int for k in keys):
            kinds = {type(v) for v in values}
            if kinds == {int}:
                return {"int_ints": [put(keys, "q"), put(values, "q")]}
            if kinds == {float}:
                return {"int_floats": [put(keys, "q"), put(values, "d")]}
            if kinds == {list} and all(type(x) is int for v in values for x in v):
                return {"int_lists": [put(keys, "q"), put((len(v) for v in values), "q"),
                                      put((x for v in values for x in v), "q")]}
        if all(type(k) is str for k in keys):
            return {"dict": {k: _encode(v, arrays) for k, v in value.items()}}
    raise TypeError(f"a face attribute of type {type(value).__name__}")


def _decode(value: Any, arrays: list[array]) -> Any:
    if not isinstance(value, dict):
        return value
    (kind, body), = value.items()
    if kind == "name":
        return TTFNameBytes(body.encode())
    if kind == "bytes":
        return body.encode("latin-1")
    if kind in ("tuple", "list"):
        items = [_decode(v, arrays) for v in body]
        return tuple(items) if kind == "tuple" else items
    if kind == "dict":
        return {k: _decode(v, arrays) for k, v in body.items()}
    if kind == "ints":
        return arrays[body].tolist()
    if kind == "pairs":
        firsts, whole, seconds = (arrays[i].tolist() for i in body)
        return [(int(a) if w else a, b) for a, w, b in zip(firsts, whole, seconds, strict=True)]
    if kind in ("int_ints", "int_floats"):
        return dict(zip(arrays[body[0]].tolist(), arrays[body[1]].tolist(), strict=True))
    if kind == "int_lists":
        keys, counts, flat = (arrays[i].tolist() for i in body)
        out, at = {}, 0
        for k, n in zip(keys, counts, strict=True):
            out[k] = flat[at:at + n]
            at += n
        if at != len(flat):
            raise ValueError("list lengths do not add up")
        return out
    raise ValueError(f"an attribute of kind {kind!r}")


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
