"""The chassis schematic: every slot drawn, labelled and filled from the session's build.

The view never rearranges itself: drops, menu commands and keys become ops applied to the
session, and the items are redrawn from the model on `session.changed`. Only the items whose
part, badge or feed changed are touched; the scene is rebuilt only when the chassis changes.
Geometry lives in `chassis_layout`, one slot's drawing in `slot_item`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene, QGraphicsView, QMenu, QToolTip

from ...core.catalog import Chassis
from ...core.changes import OpChanges
from ...core.ops import AnyOp, Batch, OpError, Place, Remove, SetOption, clear_all, fill_similar, take_from_tray
from ...core.placement import Verdict, accepting_slots, can_place, covered_slots
from ...core.psu import FEEDS, bay_feeds
from ...core.slots import chassis_slots
from ...core.violations import SEVERITY_ORDER
from ...words import say
from ...words.part_words import part_name
from .. import theme
from .drag_mime import part_from_mime
from .keys import SlotKeys
from .slot_geometry import CAPTION, GAP, M, SceneLabel, SlotGroup, layout, slot_spec, text_floor
from .slot_item import SlotItem, slot_label
from .tray import tray_index

if TYPE_CHECKING:
    from ...core.session import SessionLike

__all__ = ["ChassisView", "SlotItem", "layout", "slot_spec"]


class ChassisView(SlotKeys, QGraphicsView):
    """Centre widget. Signals: `message(str)` for the status bar, `slots_selected(tuple)`.
    Keys (arrows, Enter, Space, Menu / Shift+F10) are handled by `chassis_keys.SlotKeys`."""

    message = Signal(str)
    slots_selected = Signal(tuple)

    def __init__(self, session: SessionLike, current_part=lambda: None, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.current_part = current_part          # the palette's selected part id (for "Replace")
        self.slot_items: dict[str, SlotItem] = {}
        self._slot_keys: dict[str, tuple] = {}    # what each item shows now (see refresh_parts)
        self._chassis_id: str | None = None
        self._drag_part: str | None = None
        self._drag_verdicts: dict[str, Verdict] = {}
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
        self._slot_keys.clear()
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
        title = SceneLabel(part_name(chassis.name), 18, True, theme.INK, max_w=outline_w - 2 * M)
        title.setPos(M, 6)
        scene.addItem(title)
        sub = SceneLabel(self.tr("%1U · %2 sockets · top view, front at the top")
                         .replace("%1", str(chassis.rack_units)).replace("%2", str(len(chassis.sockets))),
                         11, colour=theme.MUTED, after=(title, outline_w - M))
        sub.setY(12)
        scene.addItem(sub)
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
        else:
            self._apply_text_floor()

    def _add_group(self, chassis: Chassis, g: SlotGroup, x: float, y: float, row_h: float) -> None:
        box = QPainterPath()
        box.addRoundedRect(QRectF(x, y, g.w + 20, row_h), 6, 6)
        item = QGraphicsPathItem(box)
        item.setPen(QPen(QColor("#d3d9e0"), 1))
        item.setBrush(QColor("#fbfcfd"))
        item.setZValue(-5)
        self.scene().addItem(item)
        cap = SceneLabel(g.caption, 11, True, theme.MUTED, max_w=g.w + 4)
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
            note = SceneLabel(text, 9, colour=theme.FAINT, centre_x=ox + pt.x())
            note.setY(oy + pt.y())
            self.scene().addItem(note)

    def refresh_parts(self) -> None:
        """Sync every slot item with the build's placements (cheap: unchanged items return early)."""
        build, catalog = self.session.build, self.session.catalog
        covered = covered_slots(build, catalog)     # the core's answer, as placement and the rules use it
        owners = set(covered.values())
        feeds = self._feeds()
        for sid, item in self.slot_items.items():
            pid = build.placements.get(sid)
            cover_by = build.placements[covered[sid]] if sid in covered and pid is None else None
            blocked = (tuple(b for b, owner_id in covered.items()
                             if owner_id == sid and b in self.slot_items and b not in build.placements)
                       if pid and sid in owners else ())
            # everything the item's look and tooltip depend on: most slots are untouched by an edit
            key = (pid, cover_by, blocked, feeds.get(sid, "A") if item.style == "psu" else "")
            if key == self._slot_keys.get(sid):
                continue
            self._slot_keys[sid] = key
            part = catalog.get(pid) if pid else None
            text = theme.short_name(part, 30 if item.style == "bar" else 40) if pid else ""
            if pid and part is None:
                text = self.tr("unknown: %s") % pid
            cover_text = self.tr("covered by %s") % theme.short_name(catalog.get(cover_by)) if cover_by else ""
            extent = QRectF(item.rect)
            for b in blocked:
                # only a blocked slot beside it, in its column: one the layout put elsewhere keeps its
                # own "covered by" text, and the card never spans (and takes the clicks of) the slots between
                other, near = self.slot_items[b].rect, item.rect.height()
                if (other.x(), other.width()) == (item.rect.x(), item.rect.width()) \
                        and other.top() - extent.bottom() < near and extent.top() - other.bottom() < near:
                    extent = extent.united(other)
            tip = self._tooltip(item, part, pid)
            item.set_state(pid, text, part.category if part else "", cover_text, extent, tip)

    def psu_feed(self, sid: str) -> str:
        """The PDU feed of a PSU bay: the build's choice or the default (`core.psu.bay_feeds`)."""
        return self._feeds().get(sid, "A")

    def _feeds(self) -> dict[str, str]:
        """Every PSU bay's feed (the build's choices over the chassis' defaults)."""
        chassis = self.session.catalog.chassis(self.session.build.chassis)
        if chassis is None:
            return dict(self.session.build.psu_feeds)
        return bay_feeds(chassis, self.session.build.psu_feeds)

    def _tooltip(self, item: SlotItem, part, pid: str | None) -> str:
        label = slot_label(item.slot)
        head = f"<b>{item.slot.id}</b>" + (f" · {label}" if label != item.slot.id else "")
        if item.spec:
            head += f" — {item.spec}"
        if item.style == "psu":
            head += " — " + self.tr("feed %s") % self.psu_feed(item.slot.id)
        if pid is None:
            return head + "<br>" + self.tr("Empty. Drag a part here, or right-click.")
        if part is None:
            return head + "<br>" + self.tr("Unknown part %s") % pid
        return f"{head}<br>{part_name(part.name)}<br><span style='color:#6b7785'>{theme.key_figures(part)}</span>"

    def _on_session_change(self, changes: OpChanges) -> None:
        if self.session.build.chassis != self._chassis_id:
            self.rebuild()
            return
        if changes.touches("slots", "power", "chassis"):
            self.refresh_parts()      # a part's text, coverage, or a PSU's feed in its key
        if changes.touches("power", "chassis"):
            self._refresh_feeds()

    def _refresh_feeds(self) -> None:
        feeds = self._feeds()
        for sid, item in self.slot_items.items():
            if item.style == "psu":
                spec = self.tr("feed %s") % feeds.get(sid, "A")
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
        """Forward a drop to the session as a `Place`; show the op's refusal if the part does not
        fit. Returns whether it was placed."""
        part = self.session.catalog.get(part_id)
        name = part_name(part.name) if part else part_id
        if self.session.build.placements.get(slot_id) == part_id:
            # dropping a part onto the slot that holds it: no edit, no undo step, no '*' in the title
            self.message.emit(self.tr("%1 already holds %2").replace("%1", slot_id).replace("%2", name))
            return True
        return self._forward(Place(slot=slot_id, part=part_id), slot_id, part_id)

    def place_from_tray(self, slot_id: str, index: int) -> bool:
        """Put the Not placed tray's row `index` into `slot_id` if it fits (one undo step)."""
        build = self.session.build
        if not 0 <= index < len(build.unplaced):
            return False
        return self._forward(take_from_tray(build, index, slot_id), slot_id, build.unplaced[index].part)

    def _forward(self, op: AnyOp, slot_id: str, part_id: str) -> bool:
        """Apply a placing `op`; the status bar says what was placed, or why the op refused."""
        part = self.session.catalog.get(part_id)
        try:
            self.session.apply(op, label=self.tr("Place %1 in %2")
                               .replace("%1", theme.short_name(part)).replace("%2", slot_id))
        except OpError as exc:
            self.message.emit(say(exc.msg))
            return False
        self.message.emit(self.tr("Placed %1 in %2").replace("%1", part_name(part.name) if part else part_id)
                          .replace("%2", slot_id))
        return True

    def remove(self, slot_ids) -> None:
        ids = [s for s in slot_ids if s in self.session.build.placements]
        if not ids:
            return
        label = (self.tr("Remove part from %s") % ids[0] if len(ids) == 1
                 else theme.plural(self.tr("Remove %n part(s)", "", len(ids)), len(ids)))
        self.session.apply(Batch(ops=tuple(Remove(slot=s) for s in ids)), label=label)

    def fill_similar(self, slot_id: str, part_id: str) -> None:
        try:
            ops = fill_similar(self.session.build, self.session.catalog, slot_id, part_id).ops
            if ops:
                self.session.apply(Batch(ops=ops), label=theme.plural(self.tr("Fill %n similar slot(s)", "", len(ops)),
                                                                      len(ops)))
        except OpError as exc:
            self.message.emit(say(exc.msg))
            return
        if ops:
            part = self.session.catalog.get(part_id)
            text = theme.plural(self.tr("Placed %1 in %n more slot(s)", "", len(ops)), len(ops)).replace(
                "%1", part_name(part.name) if part else part_id)
            compute = self.session.evaluation.compute
            nics = sum(1 for p in self.session.build.placements.values()
                       if getattr(self.session.catalog.get(p), "category", "") == "nic")
            if part is not None and part.category == "nic" and compute.gpu_count and nics > compute.gpu_count:
                text += " — " + self.tr("%1 network cards for %2 GPUs").replace("%1", str(nics)).replace(
                    "%2", str(compute.gpu_count))
            self.message.emit(text)
        else:
            self.message.emit(self.tr("No similar empty slot takes this part."))

    def mark_owned(self, slot_id: str, owned: bool) -> None:
        """Mark the part in `slot_id` (and in every other selected slot) as already installed in the
        customer's server (not priced in the upgrade quote), or as new."""
        from ...core.upgrade.found import owned_with  # the upgrade module: when first asked for

        selected = self.selected_slots()
        slots = [s for s in (selected if slot_id in selected else [slot_id]) if s in self.session.build.placements]
        value = owned_with(self.session.build, slots, owned)
        if value == self.session.build.owned:
            return
        label = (self.tr("Mark %n part(s) as already installed", "", len(slots)) if owned
                 else self.tr("Mark %n part(s) as new", "", len(slots)))
        self.session.apply(SetOption(path="owned", value=value), label=theme.plural(label, len(slots)))

    def set_feed(self, slot_id: str, feed: str) -> None:
        feeds = {**self.session.build.psu_feeds, slot_id: feed}
        self.session.apply(SetOption(path="psu_feeds", value=feeds),
                           label=self.tr("Put %1 on feed %2").replace("%1", slot_id).replace("%2", feed))

    def clear(self) -> None:
        if self.session.build.placements:
            self.session.apply(clear_all(self.session.build), label=self.tr("Clear build"))

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt override
        if not self.slot_key(event):
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        self._on_focus(True, event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason))

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().focusOutEvent(event)
        self._on_focus(False)

    def contextMenuEvent(self, event) -> None:
        if event.reason() == event.Reason.Keyboard:   # the Menu key where Qt makes the event
            self.open_slot_menu()
            return
        item = self._slot_at(event.pos())
        if item is None:
            return
        if not item.isSelected():
            self.select_slots([item.slot.id])
            self.slots_selected.emit((item.slot.id,))
        menu = self.slot_menu(item.slot.id)
        menu.exec(event.globalPos())
        menu.deleteLater()  # a child of the view: it would live (with its actions) until the window closes

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
            act.setToolTip(say(why) if why is not None else "")
            act = menu.addAction(self.tr("Fill all similar empty slots with %s") % theme.short_name(cur_part),
                                 lambda: self.fill_similar(sid, current))
            act.setEnabled(ok)
        elif held:
            act = menu.addAction(self.tr("Fill all similar empty slots with this part"),
                                 lambda: self.fill_similar(sid, held))
        if held:
            act = menu.addAction(self.tr("Already installed (owned, not priced)"),
                                 partial(self.mark_owned, sid, not build.is_owned(sid)))
            act.setCheckable(True)
            act.setChecked(build.is_owned(sid))
        chassis = catalog.chassis(build.chassis)
        if self.slot_items[sid].style == "psu" and chassis is not None:
            menu.addSeparator()
            feed = self.psu_feed(sid)
            for f in FEEDS[:chassis.psu.feeds]:
                a = menu.addAction(self.tr("Feed %s") % f, partial(self.set_feed, sid, f))
                a.setCheckable(True)
                a.setChecked(f == feed)
        else:   # beside "Feed B" a whole-build wipe is one slip away: PSU menus do not offer it
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
        _accept_copy(event)

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
            QToolTip.hideText()   # a refusal's tooltip belongs to the slot it was shown over
            event.ignore()
            return
        ok, reason = self._drag_verdicts.get(item.slot.id, (False, None))
        if ok:
            QToolTip.hideText()
            held = self.session.build.placements.get(item.slot.id)
            self.message.emit(self.tr("Drop to replace the part in %s") % slot_label(item.slot) if held
                              else self.tr("Drop to place in %s") % slot_label(item.slot))
            _accept_copy(event)
        else:
            why = say(reason) if reason is not None else ""
            self.message.emit(why)
            QToolTip.showText(self.mapToGlobal(event.position().toPoint()), why, self)
            event.ignore()

    def dragLeaveEvent(self, event) -> None:
        # a cancelled drag (Esc, or the pointer left the view) must not leave "Drop to place in …"
        # in the status bar; a refusal's reason stays, as the drop it answers was not made
        hover = self._hover
        if hover is None or self._drag_verdicts.get(hover.slot.id, (False, ""))[0]:
            self.message.emit("")
        self._end_drag()
        event.accept()

    def dropEvent(self, event) -> None:
        part_id = part_from_mime(event.mimeData()) or self._drag_part
        item = self._slot_at(event.position().toPoint())
        self._end_drag()
        if part_id is None or item is None:
            event.ignore()
            return
        index = tray_index(event.mimeData())
        if self.place(item.slot.id, part_id) if index is None else self.place_from_tray(item.slot.id, index):
            _accept_copy(event)
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
            self._apply_text_floor()

    def fit(self) -> None:
        self._fit = True
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._apply_text_floor()

    def _apply_text_floor(self) -> None:
        """Zoomed out (a small window), the scene's text grows so that it stays readable."""
        floor = text_floor(self.transform().m11())
        items = [i for i in self.scene().items() if isinstance(i, (SlotItem, SceneLabel))]
        # a label placed after another (the subtitle after the title) goes once its leader is sized
        for item in sorted(items, key=lambda i: isinstance(i, SceneLabel) and i.after is not None):
            item.set_text_floor(floor)

    def text_px(self) -> float:
        """The smallest text the schematic shows now, in screen px (what a user has to read)."""
        sizes = [f.pixelSize() for item in self.slot_items.values() if item.style != "dimm"
                 for f in item.text_fonts().values()]
        sizes += [item.font().pixelSize() for item in self.scene().items() if isinstance(item, SceneLabel)]
        return min(sizes, default=0) * self.transform().m11()

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


def _accept_copy(event) -> None:
    """Accept a part drag as a copy, whatever modifier is held: the palette keeps its part."""
    event.setDropAction(Qt.DropAction.CopyAction)
    event.accept()
