"""One slot of the chassis schematic as a graphics item: frame, label, placed part, badge, drag state."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from ..core.slots import Slot
from . import theme


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
        if self.badge:
            self._paint_badge(p)

    def _paint_text(self, p: QPainter, r: QRectF) -> None:
        inner = r.adjusted(7, 3, -7, -3)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        p.setPen(theme.MUTED)
        p.setFont(theme.font(11, bold=True))
        # bars and bays show the short id; the chassis file's long label is in the tooltip
        label = self.slot.id if self.style in ("bay", "socket", "bar") else self.slot.label
        if self.style == "bay":
            label = label[-2:] if len(label) > 2 and label[-2:].isdigit() else label[-1:]
            p.drawText(inner, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
        elif self.style == "bar":
            p.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
        else:
            p.drawText(inner, flags, label)
        p.setFont(theme.font(9.5))
        p.setPen(theme.FAINT)
        if self.spec and self.style == "bar":
            spec_rect = QRectF(inner.left() + 56, inner.top(), 148, inner.height())
            p.drawText(spec_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.spec)
        elif self.spec and self.style not in ("bay",):
            p.drawText(inner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, self.spec)
        empty = "" if self.style == "bay" else QCoreApplication.translate("ChassisView", "empty")
        text = self.covered_by or self.part_text or empty
        if not text:
            return
        filled = self.part_id is not None and not self.covered_by
        p.setPen(theme.INK if filled else theme.FAINT)
        p.setFont(theme.font(12 if self.style in ("module", "socket") else 11, bold=filled))
        if self.style == "bar":
            area = QRectF(inner.left() + 206, inner.top(), inner.width() - 206, inner.height())
            p.drawText(area, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                       p.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(area.width())))
        elif self.style == "bay":
            p.save()
            p.translate(inner.center())
            p.rotate(-90)
            p.setFont(theme.font(9.5, bold=filled))
            box = QRectF(-inner.height() / 2 + 12, -inner.width() / 2, inner.height() - 12, inner.width())
            p.drawText(box, Qt.AlignmentFlag.AlignCenter,
                       p.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(box.width())))
            p.restore()
        else:
            area = inner.adjusted(0, 14, 0, 0)
            p.drawText(area, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)

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
