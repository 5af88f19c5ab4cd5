"""The cluster drawings for the PDF: `cluster_layout` shapes painted as reportlab vector graphics."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Line, Rect
from reportlab.lib import colors

from . import fonts
from .cluster_shapes import Picture


def to_drawing(picture: Picture, width: float) -> Drawing:
    """`picture` scaled to at most `width` points wide (never enlarged), y flipped for reportlab."""
    scale = min(1.0, width / max(1.0, picture.width))
    h = picture.height * scale
    d = Drawing(picture.width * scale, h, initialFontName=fonts.SANS, initialFontSize=6)
    for s in picture.shapes:
        if s.kind == "rect":
            d.add(Rect(s.x * scale, h - (s.y + s.h) * scale, s.w * scale, s.h * scale,
                       fillColor=colors.HexColor(s.fill) if s.fill else None, strokeColor=colors.HexColor(s.stroke),
                       strokeWidth=0.5))
        elif s.kind == "line":
            d.add(Line(s.x * scale, h - s.y * scale, s.x2 * scale, h - s.y2 * scale,
                       strokeColor=colors.HexColor(s.stroke), strokeWidth=0.35))
        else:
            for string in fonts.strings(s.text, s.x * scale, h - s.y * scale, s.size * scale,
                                        colors.HexColor(s.fill), s.anchor):
                d.add(string)
    return d
