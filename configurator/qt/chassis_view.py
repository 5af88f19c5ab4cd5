"""The chassis schematic: every slot drawn, labelled and filled from the session's build.

The view never rearranges itself: drops, menu commands and keys become ops applied to the
session, and the items are redrawn from the model on `session.changed`. Only the items whose
part, badge or feed changed are touched; the scene is rebuilt only when the chassis changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsSimpleTextItem,
                               QGraphicsView, QMenu, QToolTip)

from ..core.catalog import Chassis
from ..core.ops import Batch, OpError, Place, Remove, SetOption, clear_all, fill_similar
from ..core.placement import accepting_slots, bay_name, can_place
from ..core.session import Session
from ..core.slots import Slot, chassis_slots
from ..core.violations import SEVERITY_ORDER
from . import theme
from .mime import part_from_mime

M, GAP, CAPTION = 18.0, 16.0, 20.0
MAX_ROW_W = 940.0


@dataclass
class _Group:
    caption: str
    w: float
    h: float
    rects: dict[str, tuple[QRectF, str]] = field(default_factory=dict)   # slot -> (rect, style)
    notes: list[tuple[QPointF, str]] = field(default_factory=list)


def _row_of_boxes(slots: list[Slot], w: float, h: float, gap: float, per_row: int, style: str) -> tuple:
    rects = {}
    for i, s in enumerate(slots):
        r, c = divmod(i, per_row)
        rects[s.id] = (QRectF(c * (w + gap), r * (h + gap), w, h), style)
    rows = math.ceil(len(slots) / per_row) if slots else 0
    cols = min(len(slots), per_row)
    return rects, cols * (w + gap) - gap, rows * (h + gap) - gap


def _socket_group(chassis: Chassis, cpu: Slot, dimms: list[Slot]) -> _Group:
    dw, dh, dgap, chgap, sock = 13.0, 96.0, 3.0, 7.0, 104.0
    channels = chassis.memory.channels_per_socket
    dpc = chassis.memory.dpc
    left = (channels + 1) // 2
    g = _Group(f"{cpu.id} · {cpu.label.split('(')[-1].rstrip(')')}", 0, dh + 14)
    x = 0.0
    by_ch: dict[int, list[Slot]] = {}
    for d in dimms:
        by_ch.setdefault(d.channel, []).append(d)
    for ch in range(channels):
        if ch == left:
            g.rects[cpu.id] = (QRectF(x + 4, 0, sock, dh), "socket")
            x += sock + 8 + chgap
        start = x
        for d in sorted(by_ch.get(ch, []), key=lambda s: s.dimm_index):
            g.rects[d.id] = (QRectF(x, 0, dw, dh), "dimm")
            x += dw + dgap
        g.notes.append((QPointF((start + x - dgap) / 2, dh + 1), chr(ord("A") + ch)))
        x += chgap
    if channels == 0 or cpu.id not in g.rects:
        g.rects[cpu.id] = (QRectF(x + 4, 0, sock, dh), "socket")
        x += sock + 8
    g.w = x - chgap if dpc else x
    return g


def _pcie_group(slots: list[Slot]) -> _Group:
    w, h, gap = 372.0, 30.0, 5.0
    rows = len(slots) if len(slots) <= 6 else math.ceil(len(slots) / 2)
    g = _Group("PCIe & OCP slots", 0, 0)
    for i, s in enumerate(slots):
        c, r = divmod(i, rows)
        g.rects[s.id] = (QRectF(c * (w + 12), r * (h + gap), w, h), "bar")
    cols = math.ceil(len(slots) / rows) if slots else 0
    g.w, g.h = cols * (w + 12) - 12, min(len(slots), rows) * (h + gap) - gap
    return g


def layout(chassis: Chassis) -> tuple[list[list[_Group]], float]:
    """Groups of slot rectangles in rows (front to rear), and the widest row's width."""
    slots = chassis_slots(chassis)
    by_kind: dict[str, list[Slot]] = {}
    for s in slots:
        by_kind.setdefault(s.kind, []).append(s)
    front: list[_Group] = []
    for grp in chassis.drive_bays:
        bays = [s for s in by_kind.get("drive", []) if s.bays is grp]
        rects, w, h = _row_of_boxes(bays, 30, 64, 4, 24, "bay")
        caption = grp.label or grp.prefix
        if bay_name(grp.bay_type).lower() not in caption.lower():
            caption += f" · {bay_name(grp.bay_type)}"
        front.append(_Group(caption, w, h, rects))
    rects, w, h = _row_of_boxes(by_kind.get("cooling", []), 190, 64, 0, 1, "cooling")
    front.append(_Group("Cooling", w, h, rects))
    rows: list[list[_Group]] = [front]
    if by_kind.get("gpu"):
        bb = chassis.gpu_baseboard
        rects, w, h = _row_of_boxes(by_kind["gpu"], 104, 74, 7, 8, "module")
        cap = f"{bb.label or 'GPU baseboard'} · {bb.positions} positions · {bb.fabric}" if bb else "GPUs"
        rows.append([_Group(cap, w, h, rects)])
    dimms = by_kind.get("dimm", [])
    rows.append([_socket_group(chassis, cpu, [d for d in dimms if d.socket == cpu.id])
                 for cpu in by_kind.get("cpu", [])])
    rear: list[_Group] = []
    if by_kind.get("pcie"):
        rear.append(_pcie_group(by_kind["pcie"]))
    rects, w, h = _row_of_boxes(by_kind.get("psu", []), 150, 46, 6, 4, "psu")
    rear.append(_Group(f"Power supplies · {chassis.psu.count} bays", w, h, rects))
    rows.append(rear)
    metrics = QFontMetricsF(theme.font(11, True))
    for row in rows:
        for g in row:
            g.w = max(g.w, metrics.horizontalAdvance(g.caption) - 8)
    wrapped: list[list[_Group]] = []
    for row in rows:
        cur: list[_Group] = []
        width = 0.0
        for g in row:
            if cur and width + GAP + g.w + 2 * M > MAX_ROW_W:
                wrapped.append(cur)
                cur, width = [], 0.0
            width += (GAP if cur else 0) + g.w + 2 * 10
            cur.append(g)
        if cur:
            wrapped.append(cur)
    widest = max(sum(g.w + 20 for g in r) + GAP * (len(r) - 1) for r in wrapped)
    return wrapped, widest


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
        path = QPainterPath()
        path.addRect(self.rect)
        return path

    def set_state(self, part_id: str | None, text: str, category: str, covered_by: str,
                  extent: QRectF, tooltip: str) -> None:
        if (part_id, text, covered_by, extent) == (self.part_id, self.part_text, self.covered_by, self.extent):
            return
        self.prepareGeometryChange()
        self.part_id, self.part_text, self.category = part_id, text, category
        self.covered_by, self.extent = covered_by, QRectF(extent)
        self.setZValue(2 if extent != self.rect else 1)
        self.setToolTip(tooltip)
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
        text = self.covered_by or self.part_text or ("" if self.style == "bay" else "empty")
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


def slot_spec(chassis: Chassis, slot: Slot) -> str:
    """The slot's own description: 'Gen5 x16 · LP', 'U.2 NVMe', 'LGA4677'."""
    if slot.kind == "pcie" and slot.pcie:
        ps = slot.pcie
        if ps.form == "ocp3":
            return f"OCP 3.0 · Gen{ps.gen} x{ps.lanes}"
        bits = [f"Gen{ps.gen} x{ps.lanes}", ps.height.upper()]
        if ps.gpu_capable:
            bits.append(QCoreApplication.translate("ChassisView", "GPU") if ps.max_width < 2
                        else QCoreApplication.translate("ChassisView", "GPU %1-wide").replace("%1", str(ps.max_width)))
        return " · ".join(bits)
    if slot.kind == "drive" and slot.bays:
        return f"{bay_name(slot.bays.bay_type)} {'/'.join(i.upper() for i in slot.bays.interfaces)}"
    return ""


class ChassisView(QGraphicsView):
    """Centre widget. Signals: `message(str)` for the status bar, `slots_selected(tuple)`."""

    message = Signal(str)
    slots_selected = Signal(tuple)

    def __init__(self, session: Session, current_part=lambda: None, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.current_part = current_part          # the palette's selected part id (for "Replace")
        self.slot_items: dict[str, SlotItem] = {}
        self._chassis_id: str | None = None
        self._drag_part: str | None = None
        self._drag_verdicts: dict[str, tuple[bool, str]] = {}
        self._hover: SlotItem | None = None
        self._fit = True
        self._syncing = False
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setAcceptDrops(True)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setBackgroundBrush(QColor("#e9ecef"))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.scene().selectionChanged.connect(self._on_selection_change)
        session.changed.connect(self._on_session_change)
        session.evaluated.connect(self._on_evaluated)
        self.rebuild()

    # ------------------------------------------------------------ building and refreshing
    def rebuild(self) -> None:
        """Redraw the whole schematic (only when the chassis changes)."""
        scene = self.scene()
        self._syncing = True
        scene.clear()
        self.slot_items.clear()
        self._hover = None
        self._syncing = False
        chassis = self.session.catalog.chassis(self.session.build.chassis)
        self._chassis_id = self.session.build.chassis
        if chassis is None:
            t = scene.addSimpleText(self.tr("Chassis “%s” is not in the catalog.") % self.session.build.chassis)
            t.setFont(theme.font(16, True))
            return
        rows, widest = layout(chassis)
        outline_w = widest + 2 * M
        title = scene.addSimpleText(f"{chassis.name}")
        title.setFont(theme.font(18, True))
        title.setBrush(theme.INK)
        title.setPos(M, 6)
        sub = scene.addSimpleText(self.tr("%1U · %2 sockets · top view, front at the top")
                                  .replace("%1", str(chassis.rack_units)).replace("%2", str(len(chassis.sockets))))
        sub.setFont(theme.font(11))
        sub.setBrush(theme.MUTED)
        sub.setPos(M + title.boundingRect().width() + 12, 12)
        y = 42.0
        for row in rows:
            x = M
            row_h = max(g.h for g in row) + CAPTION + 16
            for g in row:
                self._add_group(chassis, g, x, y, row_h)
                x += g.w + 20 + GAP
            y += row_h + GAP
        frame = scene.addRect(QRectF(0, 0, outline_w, y + 4), QPen(theme.LINE, 1.5), QBrush(theme.BOARD))
        frame.setZValue(-10)
        scene.setSceneRect(QRectF(-20, -20, outline_w + 40, y + 44))
        self._refresh_feeds()
        self.refresh_parts()
        if self.session.evaluation is not None:
            self._on_evaluated(self.session.evaluation)
        if self._fit:
            self.fit()

    def _add_group(self, chassis: Chassis, g: _Group, x: float, y: float, row_h: float) -> None:
        box = QPainterPath()
        box.addRoundedRect(QRectF(x, y, g.w + 20, row_h), 6, 6)
        item = QGraphicsPathItem(box)
        item.setPen(QPen(QColor("#d3d9e0"), 1))
        item.setBrush(QColor("#fbfcfd"))
        item.setZValue(-5)
        self.scene().addItem(item)
        cap = QGraphicsSimpleTextItem(g.caption)
        cap.setFont(theme.font(11, True))
        cap.setBrush(theme.MUTED)
        cap.setPos(x + 10, y + 4)
        self.scene().addItem(cap)
        ox, oy = x + 10, y + CAPTION + 6
        smap = {s.id: s for s in chassis_slots(chassis)}
        for sid, (rect, style) in g.rects.items():
            slot = smap[sid]
            it = SlotItem(slot, rect.translated(ox, oy), style, slot_spec(chassis, slot))
            self.scene().addItem(it)
            self.slot_items[sid] = it
        for pt, text in g.notes:
            note = QGraphicsSimpleTextItem(text)
            note.setFont(theme.font(9))
            note.setBrush(theme.FAINT)
            note.setPos(ox + pt.x() - note.boundingRect().width() / 2, oy + pt.y())
            self.scene().addItem(note)

    def refresh_parts(self) -> None:
        """Sync every slot item with the build's placements (cheap: unchanged items return early)."""
        build, catalog = self.session.build, self.session.catalog
        chassis = catalog.chassis(build.chassis)
        covered: dict[str, str] = {}
        if chassis is not None:
            for spec in chassis.pcie_slots:
                card = catalog.get(build.placements.get(spec.id, ""))
                if card is not None and getattr(card, "slot_width", 1) > 1:
                    for b in spec.blocks:
                        covered[b] = spec.id
        owners = set(covered.values())
        for sid, item in self.slot_items.items():
            pid = build.placements.get(sid)
            part = catalog.get(pid) if pid else None
            text = theme.short_name(part, 30 if item.style == "bar" else 40) if pid else ""
            if pid and part is None:
                text = self.tr("unknown: %s") % pid
            cover_text = ""
            if sid in covered and pid is None:
                owner = catalog.get(build.placements[covered[sid]])
                cover_text = self.tr("covered by %s") % theme.short_name(owner)
            extent = QRectF(item.rect)
            if pid and sid in owners:
                for b, owner_id in covered.items():
                    if owner_id == sid and b in self.slot_items and b not in build.placements:
                        extent = extent.united(self.slot_items[b].rect)
            tip = self._tooltip(item, part, pid)
            item.set_state(pid, text, part.category if part else "", cover_text, extent, tip)

    def psu_feed(self, sid: str) -> str:
        """The PDU feed of a PSU bay: the build's choice or the A/B alternation default."""
        chassis = self.session.catalog.chassis(self.session.build.chassis)
        if sid in self.session.build.psu_feeds:
            return self.session.build.psu_feeds[sid]
        if chassis is not None and chassis.psu.feeds == 1:
            return "A"
        index = self.slot_items[sid].slot.index if sid in self.slot_items else 0
        return "A" if index % 2 == 0 else "B"

    def _tooltip(self, item: SlotItem, part, pid: str | None) -> str:
        head = f"<b>{item.slot.id}</b>" + (f" · {item.slot.label}" if item.slot.label != item.slot.id else "")
        if item.spec:
            head += f" — {item.spec}"
        if item.style == "psu":
            head += " — " + self.tr("feed %s") % self.psu_feed(item.slot.id)
        if pid is None:
            return head + "<br>" + self.tr("Empty. Drag a part here, or right-click.")
        if part is None:
            return head + "<br>" + self.tr("Unknown part %s") % pid
        return f"{head}<br>{part.name}<br><span style='color:#6b7785'>{theme.key_figures(part)}</span>"

    def _on_session_change(self, changes) -> None:
        if self.session.build.chassis != self._chassis_id:
            self.rebuild()
            return
        if changes.placements or changes.whole or changes.options:
            self.refresh_parts()
            if changes.options or changes.whole:
                self._refresh_feeds()

    def _refresh_feeds(self) -> None:
        for sid, item in self.slot_items.items():
            if item.style == "psu":
                spec = self.tr("feed %s") % self.psu_feed(sid)
                if spec != item.spec:
                    item.spec = spec
                    item.update()

    def _on_evaluated(self, evaluation) -> None:
        worst: dict[str, str] = {}
        for v in getattr(evaluation, "violations", ()):
            for sid in v.slots:
                cur = worst.get(sid)
                if cur is None or SEVERITY_ORDER[v.severity] < SEVERITY_ORDER[cur]:
                    worst[sid] = v.severity
        for sid, item in self.slot_items.items():
            item.set_badge(worst.get(sid))

    # ------------------------------------------------------------ selection
    def select_slots(self, slot_ids) -> None:
        """Select exactly these slots (from the BOM or the violations panel) and show them."""
        self._syncing = True
        try:
            self.scene().clearSelection()
            shown = None
            for sid in slot_ids:
                item = self.slot_items.get(sid)
                if item is not None:
                    item.setSelected(True)
                    shown = item.rect if shown is None else shown.united(item.rect)
            if shown is not None and not self._fit:
                self.ensureVisible(shown, 20, 20)
        finally:
            self._syncing = False

    def selected_slots(self) -> tuple[str, ...]:
        return tuple(i.slot.id for i in self.scene().selectedItems() if isinstance(i, SlotItem))

    def _on_selection_change(self) -> None:
        if not self._syncing:
            self.slots_selected.emit(self.selected_slots())

    # ------------------------------------------------------------ edits (all through the session)
    def place(self, slot_id: str, part_id: str) -> bool:
        """Place `part_id` in `slot_id` if it fits; otherwise say why. Returns whether it was placed."""
        ok, why = can_place(self.session.build, self.session.catalog, slot_id, part_id)
        if not ok:
            self.message.emit(self.tr("Cannot place here: %s") % why)
            return False
        part = self.session.catalog.get(part_id)
        name = part.name if part else part_id
        try:
            self.session.apply(Place(slot=slot_id, part=part_id), label=self.tr("Place %1 in %2")
                               .replace("%1", theme.short_name(part)).replace("%2", slot_id))
        except OpError as exc:
            self.message.emit(str(exc))
            return False
        self.message.emit(self.tr("Placed %1 in %2").replace("%1", name).replace("%2", slot_id))
        return True

    def remove(self, slot_ids) -> None:
        ids = [s for s in slot_ids if s in self.session.build.placements]
        if not ids:
            return
        label = self.tr("Remove part from %s") % ids[0] if len(ids) == 1 else theme.plural(self.tr("Remove %n part(s)", "", len(ids)), len(ids))
        self.session.apply(Batch(ops=tuple(Remove(slot=s) for s in ids)), label=label)

    def fill_similar(self, slot_id: str, part_id: str) -> None:
        ok, why = can_place(self.session.build, self.session.catalog, slot_id, part_id)
        if not ok:
            self.message.emit(self.tr("Cannot fill: %s") % why)
            return
        batch = fill_similar(self.session.build, self.session.catalog, slot_id, part_id)
        ops = tuple(op for op in batch.ops
                    if can_place(self.session.build, self.session.catalog, op.slot, part_id)[0])
        if ops:
            self.session.apply(Batch(ops=ops), label=theme.plural(self.tr("Fill %n similar slot(s)", "", len(ops)), len(ops)))

    def set_feed(self, slot_id: str, feed: str) -> None:
        feeds = {**self.session.build.psu_feeds, slot_id: feed}
        self.session.apply(SetOption(path="psu_feeds", value=feeds),
                           label=self.tr("Put %1 on feed %2").replace("%1", slot_id).replace("%2", feed))

    def clear(self) -> None:
        if self.session.build.placements:
            self.session.apply(clear_all(self.session.build), label=self.tr("Clear build"))

    def contextMenuEvent(self, event) -> None:
        item = self._slot_at(event.pos())
        if item is None:
            return
        if not item.isSelected():
            self.select_slots([item.slot.id])
            self.slots_selected.emit((item.slot.id,))
        self.slot_menu(item.slot.id).exec(event.globalPos())

    def slot_menu(self, sid: str) -> QMenu:
        """Remove / Replace / Fill similar / Clear / PSU feed, validated like a drop."""
        menu = QMenu(self)
        build, catalog = self.session.build, self.session.catalog
        held = build.placements.get(sid)
        current = self.current_part()
        act = menu.addAction(self.tr("Remove"), lambda: self.remove([sid]))
        act.setEnabled(held is not None)
        cur_part = catalog.get(current) if current else None
        if cur_part is not None:
            ok, why = can_place(build, catalog, sid, current)
            verb = self.tr("Replace with %s") if held else self.tr("Place %s")
            act = menu.addAction(verb % theme.short_name(cur_part), lambda: self.place(sid, current))
            act.setEnabled(ok)
            act.setToolTip(why)
            act = menu.addAction(self.tr("Fill all similar empty slots with %s") % theme.short_name(cur_part),
                                 lambda: self.fill_similar(sid, current))
            act.setEnabled(ok)
        elif held:
            act = menu.addAction(self.tr("Fill all similar empty slots with this part"),
                                 lambda: self.fill_similar(sid, held))
        if self.slot_items[sid].style == "psu":
            menu.addSeparator()
            feed = self.psu_feed(sid)
            for f in ("A", "B"):
                a = menu.addAction(self.tr("Feed %s") % f, lambda f=f: self.set_feed(sid, f))
                a.setCheckable(True)
                a.setChecked(f == feed)
        menu.addSeparator()
        act = menu.addAction(self.tr("Clear build"), self.clear)
        act.setEnabled(bool(build.placements))
        menu.setToolTipsVisible(True)
        return menu

    # ------------------------------------------------------------ drag and drop
    def _slot_at(self, pos) -> SlotItem | None:
        for it in self.items_at(pos):
            return it
        return None

    def items_at(self, pos):
        for it in self.items(pos):
            if isinstance(it, SlotItem) and it.extent.contains(self.mapToScene(pos)):
                yield it

    def dragEnterEvent(self, event) -> None:
        part_id = part_from_mime(event.mimeData())
        if part_id is None:
            event.ignore()
            return
        self._drag_part = part_id
        self._drag_verdicts = accepting_slots(self.session.build, self.session.catalog, part_id)
        for sid, item in self.slot_items.items():
            item.set_drag("ok" if self._drag_verdicts.get(sid, (False, ""))[0] else "no")
        event.acceptProposedAction()

    def dragMoveEvent(self, event) -> None:
        if self._drag_part is None:
            event.ignore()
            return
        item = self._slot_at(event.position().toPoint())
        if item is not self._hover:
            if self._hover is not None:
                self._hover.set_drag(self._hover.drag, False)
            self._hover = item
            if item is not None:
                item.set_drag(item.drag, True)
        if item is None:
            event.ignore()
            return
        ok, why = self._drag_verdicts.get(item.slot.id, (False, ""))
        if ok:
            held = self.session.build.placements.get(item.slot.id)
            self.message.emit(self.tr("Drop to replace the part in %s") % item.slot.label if held
                              else self.tr("Drop to place in %s") % item.slot.label)
            event.acceptProposedAction()
        else:
            self.message.emit(why)
            QToolTip.showText(self.mapToGlobal(event.position().toPoint()), why, self)
            event.ignore()

    def dragLeaveEvent(self, event) -> None:
        self._end_drag()
        event.accept()

    def dropEvent(self, event) -> None:
        part_id = part_from_mime(event.mimeData()) or self._drag_part
        item = self._slot_at(event.position().toPoint())
        self._end_drag()
        if part_id is None or item is None:
            event.ignore()
            return
        if self.place(item.slot.id, part_id):
            event.acceptProposedAction()
        else:
            event.ignore()

    def _end_drag(self) -> None:
        self._drag_part = None
        self._drag_verdicts = {}
        self._hover = None
        for item in self.slot_items.values():
            item.set_drag(None)
        QToolTip.hideText()

    # ------------------------------------------------------------ zoom
    def zoom(self, factor: float) -> None:
        current = self.transform().m11()
        if 0.15 < current * factor < 6:
            self._fit = False
            self.scale(factor, factor)

    def fit(self) -> None:
        self._fit = True
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)
            event.accept()
        else:
            super().wheelEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._fit:
            self.fit()
