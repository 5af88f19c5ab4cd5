"""One slot of the chassis schematic as a graphics item: frame, label, placed part, badge, drag state."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from ...core.slots import Slot
from ...words import slot_words
from .. import theme


class SlotItem(QGraphicsItem):
    """One slot: frame, label, the placed part, a severity badge and the drag state."""

    def __init__(self, slot: Slot, rect: QRectF, style: str, spec: str) -> None:
        super().__init__()
        self.slot, self.rect, self.style, self.spec = slot, rect, style, spec
        self.part_id: str | None = None
        self.part_text = ""
        self.category = ""
        self.badge: str | None = None
        self.drag: str | None = None      # None, "ok", "no"
        self.hover = False
        self.covered_by = ""              # text when a wide card in another slot covers this one
        self.extent = QRectF(rect)        # a wide card draws over the slots it blocks
        self.text_floor = 0.0             # smallest text size, scene px (see set_text_floor)
        self.current = False              # the keyboard is on this slot (a focus ring)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        # each slot renders once into a pixmap; a repaint blits it unless the slot itself changed
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.extent.adjusted(-3, -8, 8, 3)

    def shape(self) -> QPainterPath:
        # a wide card is one target: its whole drawn extent (over the slots it covers) hits this
        # item, which sits above them, so drops and right-clicks there go to the card's own slot
        path = QPainterPath()
        path.addRect(self.extent if self.part_id else self.rect)
        return path

    def set_state(self, part_id: str | None, text: str, category: str, covered_by: str,
                  extent: QRectF, tooltip: str) -> None:
        if tooltip != self.toolTip():   # e.g. a PSU moved to the other feed
            self.setToolTip(tooltip)
        if (part_id, text, covered_by, extent) == (self.part_id, self.part_text, self.covered_by, self.extent):
            return
        self.prepareGeometryChange()
        self.part_id, self.part_text, self.category = part_id, text, category
        self.covered_by, self.extent = covered_by, QRectF(extent)
        self.setZValue(2 if extent != self.rect else 1)
        self.update()

    def set_badge(self, severity: str | None) -> None:
        if severity != self.badge:
            self.badge = severity
            self.update()

    def set_current(self, current: bool) -> None:
        if current != self.current:
            self.current = current
            self.update()

    def set_drag(self, state: str | None, hover: bool = False) -> None:
        if (state, hover) != (self.drag, self.hover):
            self.drag, self.hover = state, hover
            self.update()

    # ------------------------------------------------------------ painting
    def paint(self, p: QPainter, option, widget=None) -> None:  # noqa: C901 - one drawing routine
        r = self.extent if self.part_id else self.rect
        filled = self.part_id is not None
        radius = 2.0 if self.style == "dimm" else 5.0
        fill = theme.CATEGORY_FILL.get(self.category, theme.SURFACE) if filled else theme.SURFACE
        edge = theme.CATEGORY_EDGE.get(self.category, theme.LINE) if filled else theme.LINE
        pen = QPen(edge, 1.2, Qt.PenStyle.SolidLine if filled else Qt.PenStyle.DashLine)
        if self.covered_by:
            fill, pen = QColor("#eceff2"), QPen(theme.LINE, 1.0)
        if self.drag == "ok":
            pen = QPen(theme.VALID, 3.0 if self.hover else 2.2)
            if self.hover:
                fill = QColor("#d4f0de")
        elif self.drag == "no":
            pen = QPen(theme.INVALID, 2.2 if self.hover else 1.0)
            p.setOpacity(1.0 if self.hover else 0.45)
        if self.isSelected():
            pen = QPen(theme.ACCENT, 2.6)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(pen)
        p.setBrush(QBrush(fill))
        p.drawRoundedRect(r, radius, radius)
        if self.covered_by:
            p.setBrush(QBrush(theme.LINE, Qt.BrushStyle.BDiagPattern))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRoundedRect(r.adjusted(1, 1, -1, -1), radius, radius)
        if self.style != "dimm":
            self._paint_text(p, r)
        p.setOpacity(1.0)
        if self.current:    # the keyboard's slot: a dashed ring outside the frame, selected or not
            p.setPen(QPen(theme.ACCENT, 1.6, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-2.5, -2.5, 2.5, 2.5), radius + 2, radius + 2)
        if self.badge:
            self._paint_badge(p)

    def set_text_floor(self, px: float) -> None:
        """Draw no text smaller than `px` scene units (the view raises it when zoomed out)."""
        if px != self.text_floor:
            self.text_floor = px
            self.update()

    def text_fonts(self) -> dict[str, QFont]:
        """The fonts this slot's text is painted in ('label', 'spec', 'part'), floor applied."""
        filled = self.part_id is not None and not self.covered_by
        part_px = 9.5 if self.style == "bay" else 12 if self.style in ("module", "socket") else 11
        return {"label": self._font(11, True), "spec": self._font(9.5), "part": self._font(part_px, filled)}

    def _font(self, size_px: float, bold: bool = False) -> QFont:
        return theme.font(max(size_px, self.text_floor), bold)

    def _paint_text(self, p: QPainter, r: QRectF) -> None:
        inner = r.adjusted(7, 3, -7, -3)
        fonts = self.text_fonts()
        p.setPen(theme.MUTED)
        p.setFont(fonts["label"])
        # bars and bays show the short id; the chassis file's long label is in the tooltip
        label = self.slot.id if self.style in ("bay", "socket", "bar") else slot_label(self.slot)
        if self.style == "bay":
            label = label[-2:] if len(label) > 2 and label[-2:].isdigit() else label[-1:]
        label = _elide(p, label, inner.width())
        label_w = p.fontMetrics().horizontalAdvance(label)
        label_h = p.fontMetrics().height()
        align = Qt.AlignmentFlag.AlignHCenter if self.style == "bay" else Qt.AlignmentFlag.AlignLeft
        valign = Qt.AlignmentFlag.AlignVCenter if self.style == "bar" else Qt.AlignmentFlag.AlignTop
        p.drawText(inner, align | valign, label)
        empty = "" if self.style == "bay" else QCoreApplication.translate("ChassisView", "empty")
        text = self.covered_by or self.part_text or empty
        filled = self.part_id is not None and not self.covered_by
        if self.style == "bar":
            self._paint_bar(p, inner, fonts, max(56.0, label_w + 8), text, filled)
            return
        p.setFont(fonts["spec"])
        p.setPen(theme.FAINT)
        if self.spec and self.style != "bay":
            room = inner.width() - label_w - 6
            if room > 24:
                p.drawText(inner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, _elide(p, self.spec, room))
        if not text:
            return
        p.setPen(theme.INK if filled else theme.FAINT)
        p.setFont(fonts["part"])
        if self.style == "bay":
            p.save()
            p.translate(inner.center())
            p.rotate(-90)
            top = label_h + 1     # the rotated text starts below the bay number
            box = QRectF(-inner.height() / 2 + top, -inner.width() / 2, inner.height() - top, inner.width())
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, _elide(p, text, box.width()))
            p.restore()
            return
        area = inner.adjusted(0, max(14.0, label_h), 0, 0)
        wrap = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        if p.fontMetrics().boundingRect(area.toRect(), int(wrap), text).height() > area.height():
            text, wrap = _elide(p, text, area.width()), Qt.AlignmentFlag.AlignCenter   # no room for two lines
        p.drawText(area, wrap, text)

    def _paint_bar(self, p: QPainter, inner: QRectF, fonts: dict[str, QFont], label_w: float,
                   text: str, filled: bool) -> None:
        """A PCIe bar, one line: id, then the slot's spec, then the part, which keeps the room it
        needs when the text is large (the spec gives way first; it is in the tooltip too)."""
        p.setFont(fonts["part"])
        part_w = p.fontMetrics().horizontalAdvance(text) + 4 if text else 0.0
        start = max(inner.left() + label_w, min(inner.left() + 206, inner.right() - part_w))
        if text:
            p.setPen(theme.INK if filled else theme.FAINT)
            area = QRectF(start, inner.top(), inner.right() - start, inner.height())
            p.drawText(area, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, _elide(p, text, area.width()))
        room = start - inner.left() - label_w - 6
        if self.spec and room > 24:
            p.setFont(fonts["spec"])
            p.setPen(theme.FAINT)
            spec_rect = QRectF(inner.left() + label_w, inner.top(), room, inner.height())
            p.drawText(spec_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                       _elide(p, self.spec, room))

    def _paint_badge(self, p: QPainter) -> None:
        c = self.rect.topRight() + QPointF(-1, 1)
        size = 12.0 if self.style != "dimm" else 9.0
        p.setPen(QPen(QColor("#ffffff"), 1.5))
        p.setBrush(theme.SEVERITY_COLOURS.get(self.badge or "", theme.MUTED))
        p.drawEllipse(c, size / 2 + 1, size / 2 + 1)
        p.setPen(QColor("#ffffff"))
        p.setFont(theme.font(size * 0.8, bold=True))
        p.drawText(QRectF(c.x() - size / 2, c.y() - size / 2, size, size), Qt.AlignmentFlag.AlignCenter,
                   "i" if self.badge == "info" else "!")


def slot_label(slot: Slot) -> str:
    """The slot's name as the view shows it: the chassis file's label (catalog data, in English) with its
    words in the user's language (words/slot_words.py); the cooling slot's name is the app's own word."""
    if slot.kind == "cooling":
        return QCoreApplication.translate("ChassisView", "Cooling")
    return slot_words.slot_label(slot.label)


def _elide(p: QPainter, text: str, width: float) -> str:
    """`text` cut with '…' to `width` in the painter's current font."""
    return p.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, max(0, int(width)))
