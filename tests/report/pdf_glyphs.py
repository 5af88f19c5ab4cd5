"""What a PDF draws, read back glyph by glyph: each string shown (Tj, TJ, ', ") decoded through
its font's ToUnicode map, and each code looked up in the cmap of the font program embedded in the
PDF. A code whose glyph is 0 (.notdef) prints as an empty box ("tofu"): the character was set in a
font that lacks it. Used by the tests of the quote, cluster and acceptance PDFs (issue #29)."""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

_BFCHAR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")


@dataclass(frozen=True)
class Drawn:
    """One string drawn on a page: its text, font and the characters the embedded font lacks."""

    page: int
    font: str
    text: str
    missing: str


class _Font:
    def __init__(self, obj) -> None:
        self.name = str(obj.get("/BaseFont", ""))
        self.to_unicode: dict[int, str] = {}
        if "/ToUnicode" in obj:
            data = obj["/ToUnicode"].get_object().get_data()
            for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
                for code, uni in _BFCHAR.findall(block):
                    self.to_unicode[int(code, 16)] = bytes.fromhex(uni.decode()).decode("utf-16-be")
        self.glyphs: dict[int, int] | None = None
        desc = obj.get("/FontDescriptor")
        program = desc.get_object().get("/FontFile2") if desc is not None else None
        if program is not None:
            self.glyphs = _cmap(program.get_object().get_data())

    def decode(self, raw: bytes) -> tuple[str, str]:
        """(text, the characters whose glyph is missing) of the byte codes `raw`."""
        text, missing = [], []
        for code in raw:
            ch = self.to_unicode.get(code, chr(code))
            text.append(ch)
            if self.glyphs is None or not self.glyphs.get(code, 0):
                if not ch.isspace():
                    missing.append(ch)
        return "".join(text), "".join(missing)


def _cmap(font: bytes) -> dict[int, int]:
    """Code -> glyph index of a TrueType font program: its format 0, 4 or 6 'cmap' subtables
    (reportlab's subsets have one format 6 table, codes 0-255)."""
    (count,) = struct.unpack_from(">H", font, 4)
    tables = {font[12 + 16 * i:16 + 16 * i]: struct.unpack_from(">II", font, 20 + 16 * i) for i in range(count)}
    base, _ = tables[b"cmap"]
    (n,) = struct.unpack_from(">H", font, base + 2)
    out: dict[int, int] = {}
    for i in range(n):
        _, _, off = struct.unpack_from(">HHI", font, base + 4 + 8 * i)
        at = base + off
        (fmt,) = struct.unpack_from(">H", font, at)
        if fmt == 0:
            out.update(enumerate(font[at + 6:at + 262]))
        elif fmt == 6:
            first, entries = struct.unpack_from(">HH", font, at + 6)
            out.update((first + k, g) for k, g in enumerate(struct.unpack_from(f">{entries}H", font, at + 10)))
        elif fmt == 4:
            (segs2,) = struct.unpack_from(">H", font, at + 6)
            segs = segs2 // 2
            ends = struct.unpack_from(f">{segs}H", font, at + 14)
            starts = struct.unpack_from(f">{segs}H", font, at + 16 + segs2)
            deltas = struct.unpack_from(f">{segs}h", font, at + 16 + 2 * segs2)
            ro_at = at + 16 + 3 * segs2
            offsets = struct.unpack_from(f">{segs}H", font, ro_at)
            for s, (start, end, delta, ro) in enumerate(zip(starts, ends, deltas, offsets)):
                for c in range(start, min(end, 0xFFFE) + 1):
                    if ro:
                        (g,) = struct.unpack_from(">H", font, ro_at + 2 * s + ro + 2 * (c - start))
                        g = (g + delta) & 0xFFFF if g else 0
                    else:
                        g = (c + delta) & 0xFFFF
                    out.setdefault(c, g)
    return out


def _strings(ops, resources, reader, page: int, cache: dict, out: list[Drawn]) -> None:
    fonts = resources.get("/Font", {}) if resources else {}
    font: _Font | None = None
    for operands, op in ops:
        if op == b"Tf":
            ref = fonts[operands[0]]
            key = id(ref.get_object()) if not hasattr(ref, "idnum") else ref.idnum
            font = cache.get(key) or cache.setdefault(key, _Font(ref.get_object()))
        elif op in (b"Tj", b"'", b'"', b"TJ") and font is not None:
            items = operands[0] if op == b"TJ" else [operands[-1]]
            raw = b"".join(x.original_bytes if hasattr(x, "original_bytes") else bytes(x)
                           for x in items if not isinstance(x, (int, float)) and hasattr(x, "__bytes__")
                           or hasattr(x, "original_bytes"))
            text, missing = font.decode(raw)
            out.append(Drawn(page, font.name, text, missing))
        elif op == b"Do" and resources and "/XObject" in resources:
            xo = resources["/XObject"][operands[0]].get_object()
            if xo.get("/Subtype") == "/Form":
                _strings(ContentStream(xo, reader).operations, xo.get("/Resources", resources), reader, page,
                         cache, out)


def drawn(path: Path) -> list[Drawn]:
    """Every string drawn in the PDF at `path`, page by page."""
    reader = PdfReader(str(path))
    out: list[Drawn] = []
    cache: dict = {}
    for n, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        if contents is None:
            continue
        _strings(ContentStream(contents, reader).operations, page.get("/Resources"), reader, n, cache, out)
    return out


def tofu(path: Path) -> list[Drawn]:
    """The strings drawn in `path` with a character its font has no glyph for."""
    return [d for d in drawn(path) if d.missing]
