"""Where each slot of a chassis goes in the schematic: groups of rectangles in rows, front to rear.

Pure geometry from the chassis spec (and one font metric for captions); `ChassisView` turns it
into scene items.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from ...core.catalog import Chassis
from ...core.placement import bay_name
from ...core.slots import Slot, chassis_slots
from ...words.slot_words import slot_label
from .. import theme

M, GAP, CAPTION = 18.0, 16.0, 20.0
MAX_ROW_W = 940.0
#: the smallest text the schematic shows on screen, px: zoomed out to fit a small window, the
#: scene's fonts grow (up to MAX_TEXT_FLOOR scene px) so that labels stay this tall
MIN_TEXT_PX = 9.0
MAX_TEXT_FLOOR = 20.0


def text_floor(scale: float) -> float:
    """The smallest font size in scene px at view scale `scale` (0 when no text needs raising)."""
    if scale <= 0 or MIN_TEXT_PX / scale <= 9.0:
        return 0.0
    # whole pixels, rounded up: fonts have integer pixel sizes, and 8.9 px is not 9
    return float(min(math.ceil(MIN_TEXT_PX / scale - 1e-6), MAX_TEXT_FLOOR))


#: the GPU fabric's product name, as the baseboard caption prints it (the catalog keeps an id)
FABRIC_NAMES = {"nvswitch": "NVSwitch", "xgmi": "AMD Infinity Fabric (xGMI)", "hccs": "HCCS", "roce": "RoCE"}


class SceneLabel(QGraphicsSimpleTextItem):
    """A caption, note or title of the schematic: its design size, raised to the view's text
    floor, and cut with '…' to `max_w` scene px (the full text is its tooltip when cut)."""

    def __init__(self, text: str, size_px: float, bold: bool = False, colour: QColor | None = None,
                 max_w: float = 0.0, centre_x: float | None = None,
                 after: tuple[SceneLabel, float] | None = None) -> None:
        super().__init__(text)
        self.full_text, self.size_px, self.bold, self.max_w = text, size_px, bold, max_w
        self.centre_x = centre_x           # notes stay centred on this x as their font grows
        self.after = after                 # (leader, right edge): placed right of the leader, cut at the edge
        if colour is not None:
            self.setBrush(colour)
        self.set_text_floor(0.0)

    def set_text_floor(self, px: float) -> None:
        if self.after is not None:
            leader, right = self.after
            self.setX(leader.x() + leader.boundingRect().width() + 12)
            self.max_w = max(1.0, right - self.x())
        font = theme.font(max(self.size_px, px), self.bold)
        text = self.full_text
        if self.max_w > 0:
            text = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, self.max_w)
        self.setFont(font)
        self.setText(text)
        self.setToolTip(self.full_text if text != self.full_text else "")
        if self.centre_x is not None:
            self.setX(self.centre_x - self.boundingRect().width() / 2)


@dataclass
class SlotGroup:
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


def _socket_group(chassis: Chassis, cpu: Slot, dimms: list[Slot]) -> SlotGroup:
    dw, dh, dgap, chgap, sock = 13.0, 96.0, 3.0, 7.0, 104.0
    channels = chassis.memory.channels_per_socket
    dpc = chassis.memory.dpc
    left = (channels + 1) // 2
    g = SlotGroup(f"{cpu.id} · {cpu.label.split('(')[-1].rstrip(')')}", 0, dh + 14)
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


def _blocks(slot: Slot, other: Slot) -> bool:
    """Whether a wide card in `slot` covers `other`."""
    return slot.pcie is not None and other.id in slot.pcie.blocks


def _pcie_group(slots: list[Slot]) -> SlotGroup:
    w, h, gap = 372.0, 30.0, 5.0
    rows = len(slots) if len(slots) <= 6 else math.ceil(len(slots) / 2)
    # a wide card is drawn over the slots it blocks: never break the column between them (the
    # R760xa's FRONT7 blocks FRONT8; split there, the card's extent spanned both columns)
    while rows < len(slots) and _blocks(slots[rows - 1], slots[rows]):
        rows += 1
    g = SlotGroup(QCoreApplication.translate("ChassisView", "PCIe & OCP slots"), 0, 0)
    for i, s in enumerate(slots):
        c, r = divmod(i, rows)
        g.rects[s.id] = (QRectF(c * (w + 12), r * (h + gap), w, h), "bar")
    cols = math.ceil(len(slots) / rows) if slots else 0
    g.w, g.h = cols * (w + 12) - 12, min(len(slots), rows) * (h + gap) - gap
    return g


def layout(chassis: Chassis) -> tuple[list[list[SlotGroup]], float]:
    """Groups of slot rectangles in rows (front to rear), and the widest row's width."""
    slots = chassis_slots(chassis)
    by_kind: dict[str, list[Slot]] = {}
    for s in slots:
        by_kind.setdefault(s.kind, []).append(s)
    front: list[SlotGroup] = []
    for grp in chassis.drive_bays:
        bays = [s for s in by_kind.get("drive", []) if s.bays is grp]
        rects, w, h = _row_of_boxes(bays, 30, 64, 4, 24, "bay")
        caption = grp.label or grp.prefix
        if bay_name(grp.bay_type).lower() not in caption.lower():
            caption += f" · {bay_name(grp.bay_type)}"
        caption = slot_label(caption)       # the chassis file's English words in the user's language
        front.append(SlotGroup(caption, w, h, rects))
    rects, w, h = _row_of_boxes(by_kind.get("cooling", []), 190, 64, 0, 1, "cooling")
    front.append(SlotGroup(QCoreApplication.translate("ChassisView", "Cooling"), w, h, rects))
    rows: list[list[SlotGroup]] = [front]
    if by_kind.get("gpu"):
        bb = chassis.gpu_baseboard
        rects, w, h = _row_of_boxes(by_kind["gpu"], 104, 74, 7, 8, "module")
        cap = (QCoreApplication.translate("ChassisView", "%1 · %2 positions · %3")
               .replace("%1", bb.label or QCoreApplication.translate("ChassisView", "GPU baseboard"))
               .replace("%2", str(bb.positions)).replace("%3", FABRIC_NAMES.get(bb.fabric, bb.fabric))) if bb \
            else QCoreApplication.translate("ChassisView", "GPUs")
        rows.append([SlotGroup(cap, w, h, rects)])
    dimms = by_kind.get("dimm", [])
    rows.append([_socket_group(chassis, cpu, [d for d in dimms if d.socket == cpu.id])
                 for cpu in by_kind.get("cpu", [])])
    rear: list[SlotGroup] = []
    if by_kind.get("pcie"):
        rear.append(_pcie_group(by_kind["pcie"]))
    rects, w, h = _row_of_boxes(by_kind.get("psu", []), 150, 46, 6, 4, "psu")
    rear.append(SlotGroup(QCoreApplication.translate("ChassisView", "Power supplies · %1 bays")
                          .replace("%1", str(chassis.psu.count)), w, h, rects))
    rows.append(rear)
    metrics = QFontMetricsF(theme.font(11, True))
    for row in rows:
        for g in row:
            g.w = max(g.w, metrics.horizontalAdvance(g.caption) - 8)
    wrapped: list[list[SlotGroup]] = []
    for row in rows:
        cur: list[SlotGroup] = []
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
