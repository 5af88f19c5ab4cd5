"""The main window: chassis view in the centre, palette left, live panels right, problems and BOM below.

Every edit goes through `session.apply`; this module wires widgets to the session, owns the
Edit/View menus, the layout and the status-bar summary. The File menu's work (open, save,
recent files, autosave, the quote) is in `main_actions`.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QMenu, QScrollArea, QWidget

from ...core.ops import OpError, SetChassis
from ...core.placement import first_free_slot, fits_chassis
from ...core.session import Session, SessionLike
from ...store.autosave import RecoveryStore
from ...words import i18n, say
from ...words.part_words import part_name
from ...words.render import named
from .. import pin_none
from ..chassis.schematic import ChassisView
from ..chassis.tray import NotPlacedTray
from ..dialogs.chassis_picker import ChassisPicker
from ..dialogs.command_palette import open_palette
from ..palette.palette_dock import Palette
from ..panels import PANELS
from ..panels.bom import PartsList
from ..panels.panel_charts import charts_deferred
from ..panels.problems import ViolationsPanel
from ..panels.widgets import set_on_screen
from ..screen_fit import resize_to_fit
from .dock_layout import DockLayout, narrow_panel
from .document_actions import DocumentActions
from .documents import Documents, central_widget
from .file_actions import FileActions
from .help_menu import help_menu
from .language_menu import language_menu
from .status_summary import StatusSummary

pin_none()  # before any widget is built (see app.pin_none)

class MainWindow(DocumentActions, FileActions, QMainWindow):
    """Open builds, one tab each, `session` the active one's (qt/window/documents.py). `screenshot=True`
    skips restoring the saved layout and recovery prompts.

    `deferred=True` (the launcher's window) paints its first frame before the palette's parts, the
    panels' contents and the File menu's export entries exist: their docks are placed empty and
    `finish_building` fills them right after that frame (a zero-delay timer from the first paint). Otherwise, as a test or a
    benchmark makes it, the window is whole when this returns."""

    def __init__(self, first: Session, screenshot: bool = False, deferred: bool = False) -> None:
        super().__init__()
        self.documents = Documents(first, self)
        # the views see the active document's session, whichever it is
        self.session: SessionLike = self.documents.active_session
        session = self.session
        self.screenshot = screenshot
        self.setObjectName("MainWindow")
        self.setDockNestingEnabled(True)
        self.setAcceptDrops(True)        # build files dropped on the window open as tabs
        self.palette_widget = Palette(session, deferred=deferred)
        self.view = ChassisView(session, current_part=self.palette_widget.current_part)
        # the schematic is the point of the window: when it gets smaller, the docks give way first
        # (without a minimum, QMainWindow squeezes the centre to a thumbnail and keeps every dock)
        self.view.setMinimumSize(360, 240)
        self.setCentralWidget(central_widget(self.documents, self.view))
        self.violations = ViolationsPanel(session)
        self.parts_list = PartsList(session)
        self.tray = NotPlacedTray(session)
        self.docks: dict[str, QDockWidget] = {}
        self.panels: list[QWidget] = []
        self.export_actions: dict[str, QAction] = {}
        self._deferred = deferred           # finish_building waits for the first show
        self._finished = False
        self._finish_queued = False
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self.install_documents()
        self.summary = StatusSummary(self.session)   # each figure in it explains itself on click
        self.statusBar().addPermanentWidget(self.summary)
        self._wire()
        # a screenshot window shows a build, it does not edit one: no recovery copies
        self._autosave_store: RecoveryStore | None = None if screenshot else RecoveryStore()
        self._autosave = QTimer(self, interval=int(os.environ.get("CONFIGURATOR_AUTOSAVE_MS", "5000")))
        self._autosave.timeout.connect(self.write_recovery)
        if self._autosave_store is not None:
            self._autosave.start()
        self._on_path_change(session.path)
        self._on_clean_change(session.is_clean)
        self._on_undo_change()
        if not deferred:
            self.finish_building()
        self._on_evaluated(session.evaluation)
        if screenshot:                  # offscreen: the size asked for, no screen to fit
            self.resize(1600, 1000)
            self.dock_layout.arrange(1600, 1000)
        else:
            resize_to_fit(self, 1600, 1000)
            self.dock_layout.restore()

    # ------------------------------------------------------------------ layout
    def _dock(self, key: str, title: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{key}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        self.docks[key] = dock
        return dock

    def _build_docks(self) -> None:
        """Every dock, placed and sized by `layout.DockLayout` (wide or compact arrangement)."""
        left, bottom = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("palette", self.tr("Components"), self.palette_widget, left)
        self._dock("violations", self.tr("Problems"), self.violations, bottom)
        self._dock("parts", self.tr("Bill of materials"), self.parts_list, bottom)
        self._dock("tray", self.tr("Not placed"), self.tray, bottom)
        self._build_panel_docks()
        if not self._deferred:
            self._build_panels()
        self.dock_layout = DockLayout(self)

    def _build_panel_docks(self) -> None:
        """One dock per registered panel (`DockLayout` tabs them by group), its panel put in by
        `_build_panels`."""
        for spec in PANELS:
            # a scroll area keeps a tall panel from forcing the window taller than the screen
            scroller = QScrollArea()
            scroller.setWidgetResizable(True)
            scroller.setFrameShape(QFrame.Shape.NoFrame)
            self._dock(spec.key, spec.title.replace("&", "&&"), scroller, spec.area)  # '&': a mnemonic

    def _build_panels(self) -> None:
        """Each registered panel, built on the session and put into its dock's scroll area."""
        for spec in PANELS:
            with charts_deferred():  # the first frame does not wait for pyqtgraph
                panel = spec.make(self.session)
            self.panels.append(panel)
            narrow_panel(panel)
            dock = self.docks[spec.key]
            scroller = dock.widget()
            assert isinstance(scroller, QScrollArea)
            scroller.setWidget(panel)
            if self.isVisible() and dock.visibleRegion().isEmpty():
                set_on_screen(panel, False)   # built behind another tab: renders held until raised
            # a dock tabbed behind another stays "visible", moved out of the window: say so,
            # so that the panel holds its renders until its tab is raised
            dock.visibilityChanged.connect(lambda on, panel=panel: set_on_screen(panel, on))

    def finish_building(self) -> None:
        """The panels' contents and the File menu's export entries (once; see the class)."""
        if self._finished:
            return
        self._finished = True
        if self._deferred:
            self.palette_widget.fill()
            self._build_panels()
            # the window lays the views out once they all have their new texts: its handler is the last
            self.session.evaluated.disconnect(self._on_evaluated)
            self.session.evaluated.connect(self._on_evaluated)
        self.collect_writers()
        self._build_export_actions()
        if self._deferred:
            self.dock_layout.panels_built()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if self._deferred and not self._finish_queued:
            self._finish_queued = True
            QTimer.singleShot(0, self, self.finish_building)   # after this frame is on screen (as ChartBox)

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        act = QAction(text, self)
        act.triggered.connect(slot)
        if shortcut is not None:
            act.setShortcuts(_key_sequences(shortcut if isinstance(shortcut, list) else [shortcut]))
        if tip:
            act.setStatusTip(tip)
        self.addAction(act)
        return act

    def _build_actions(self) -> None:
        sk = QKeySequence.StandardKey
        self.act_new = self._action(self.tr("&New…"), self.new_file, sk.New)
        self.act_open = self._action(self.tr("&Open…"), self.open_dialog, sk.Open)
        self.act_save = self._action(self.tr("&Save"), self.save, sk.Save)
        # Save As has no standard binding on some platforms: bind Ctrl+Shift+S explicitly
        self.act_save_as = self._action(self.tr("Save &As…"), self.save_as, "Ctrl+Shift+S")
        self.act_quit = self._action(self.tr("&Quit"), self.close, sk.Quit)
        self.act_undo = self._action(self.tr("&Undo"), self.undo, sk.Undo)
        self.act_redo = self._action(self.tr("&Redo"), self.redo, [sk.Redo, "Ctrl+Y", "Ctrl+Shift+Z"])
        self.act_place = self._action(self.tr("&Place selected part"), self.place_current, None,
                                      self.tr("Put the palette's part into the first free slot that takes it"))
        self.act_remove = self._action(self.tr("&Remove from selected slots"),
                                       lambda: self.view.remove(self.view.selected_slots()), sk.Delete)
        self.act_clear = self._action(self.tr("C&lear build"), self.view.clear)
        self.act_chassis = self._action(self.tr("Change &chassis…"), self.change_chassis)
        self.act_zoom_in = self._action(self.tr("Zoom &in"), lambda: self.view.zoom(1.2), [sk.ZoomIn, "Ctrl+="])
        self.act_zoom_out = self._action(self.tr("Zoom &out"), lambda: self.view.zoom(1 / 1.2), sk.ZoomOut)
        self.act_fit = self._action(self.tr("&Fit to window"), self.view.fit, "Ctrl+0")
        self.act_command_palette = self._action(
            self.tr("&Command palette…"), lambda: open_palette(self), "Ctrl+K",
            self.tr("Find any command or part by typing a few of its letters"))
        self.act_reset_layout = self._action(self.tr("Reset &layout"), lambda: self.dock_layout.reset(), None,
                                             self.tr("Put every panel back in its place for this window size"))
        self.act_place.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)

    def _build_export_actions(self) -> None:
        """File ▸ Export <format>… for every exporter (their modules are imported here)."""
        from ...formats.exporters import exporters

        self.export_actions = {name: self._action(self.tr("Export %s…") % i18n._(fmt.description),
                                                  lambda _=False, name=name: self.export_as(name),
                                                  "Ctrl+E" if name == "pdf" else None)
                               for name, fmt in exporters().items()}
        anchor = self._export_tender_action
        menu = next(m for m in self.menuBar().findChildren(QMenu) if anchor in m.actions())
        menu.insertActions(anchor, list(self.export_actions.values()))

    def _import_from_server(self) -> None:
        from ..dialogs.import_server import import_from_server  # the Redfish client: when first asked for

        import_from_server(self)

    def _verify_against_server(self) -> None:
        from ..views.verify_panel import verify_against_server  # imported when first asked for

        verify_against_server(self)

    def _export_tender(self) -> None:
        from ..dialogs.tender_export import export_tender  # openpyxl and reportlab: when first asked for

        out = export_tender(self, self.session)
        if out is not None:
            self.show_message(self.tr("Exported %s") % out)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        for act in (self.act_new, self.act_open):
            file_menu.addAction(act)
        file_menu.addAction(self.tr("&Import from server…"), self._import_from_server)
        file_menu.addAction(self.tr("&Verify against the server…"), self._verify_against_server)
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        for act in (self.act_save, self.act_save_as):
            file_menu.addAction(act)
        file_menu.addSeparator()
        # the exporters' entries go before this one (`_build_export_actions`)
        self._export_tender_action = file_menu.addAction(self.tr("Export &tender pack (招标/投标)…"),
                                                         self._export_tender)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)
        edit = bar.addMenu(self.tr("&Edit"))
        _fill(edit, (self.act_undo, self.act_redo, None, self.act_place, self.act_remove, self.act_clear, None,
                     self.act_chassis))
        view = bar.addMenu(self.tr("&View"))
        _fill(view, (self.act_command_palette, None, self.act_zoom_in, self.act_zoom_out, self.act_fit))
        view.addSeparator()
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        view.addAction(self.act_reset_layout)
        view.addSeparator()
        view.addAction(self.tr("&Upgrade plan…"), self.show_upgrade_view)
        view.addAction(self.tr("C&luster plan…"), self.show_cluster_view)
        view.addAction(self.tr("&Acceptance test…"), self.show_acceptance_view)
        view.addAction(self.tr("&Software stack…"), self.show_stack_view)
        view.addSeparator()
        view.addMenu(language_menu(self))
        tools = bar.addMenu(self.tr("&Tools"))
        tools.addAction(self.tr("&Recommend a build…"), self.open_recommend)
        tools.addAction(self.tr("&Quotes…"), self.show_quotes_view)
        bar.addMenu(help_menu(self))

    def open_recommend(self) -> None:
        """The recommendation view (qt/views/recommendations.py), non-modal beside the builder."""
        from ..views.recommendations import RecommendDialog

        self.recommend_dialog = RecommendDialog(self.session, self)
        self.recommend_dialog.show()

    def show_upgrade_view(self) -> None:
        from ..views.upgrade_plan import show_upgrade_view  # imported when first opened, not at start

        show_upgrade_view(self)

    def show_stack_view(self) -> None:
        from ..views.stack_view import show_stack_view  # imported when first opened, not at start

        show_stack_view(self)

    def show_quotes_view(self) -> None:
        from ..views.quotes_view import show_quotes_view  # imported when first opened, not at start

        show_quotes_view(self)

    def show_cluster_view(self) -> None:
        from ..views.cluster_plan import show_cluster_view  # imported when first opened, not at start

        show_cluster_view(self)

    def show_acceptance_view(self) -> None:
        from ..views.acceptance import show_acceptance_view  # imported when first opened, not at start

        show_acceptance_view(self)

    def _wire(self) -> None:
        s = self.session
        s.undo_changed.connect(self._on_undo_change)
        s.clean_changed.connect(self._on_clean_change)
        s.path_changed.connect(self._on_path_change)
        s.evaluated.connect(self._on_evaluated)
        self.tray.attach(self.docks["tray"])
        for source in (self.view, self.palette_widget, self.violations, self.tray):
            source.message.connect(self.show_message)
        self.palette_widget.place_requested.connect(self.place_part)
        self.violations.slots_selected.connect(self.view.select_slots)
        self.violations.activated.connect(self.view.focus_slots)
        self.view.slots_selected.connect(self._on_view_selection)
        self.parts_list.part_selected.connect(self._on_bom_selection)

    # ------------------------------------------------------------------ state → window
    def _on_undo_change(self) -> None:
        s = self.session
        self.act_undo.setEnabled(s.can_undo)
        self.act_redo.setEnabled(s.can_redo)
        self.act_undo.setText(self.tr("&Undo %s") % named(s.undo_text) if s.can_undo else self.tr("&Undo"))
        self.act_redo.setText(self.tr("&Redo %s") % named(s.redo_text) if s.can_redo else self.tr("&Redo"))

    def _on_clean_change(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _on_path_change(self, path) -> None:
        self.lock_document(path)
        name = Path(path).name if path else self.tr("Untitled")
        self.setWindowTitle(self.tr("%s[*] — AI Server Configurator") % name)
        self.setWindowModified(not self.session.is_clean)

    def _on_evaluated(self, ev) -> None:
        self.summary.show_evaluation(ev)
        # the last subscriber: every view has its new text. Lay them out now, so that the one
        # repaint Qt makes next is final, rather than a paint, a relayout and a second paint.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # ------------------------------------------------------------------ selection sync
    def _on_view_selection(self, slots: tuple[str, ...]) -> None:
        parts = {p for s in slots if (p := self.session.build.placements.get(s)) is not None}
        self.parts_list.select_part(parts.pop() if len(parts) == 1 else "")

    def _on_bom_selection(self, part_id: str) -> None:
        self.view.select_slots([s for s, p in self.session.build.placements.items() if p == part_id])

    # ------------------------------------------------------------------ edits
    def place_part(self, part_id: str) -> bool:
        """Keyboard placement: the first free slot that accepts `part_id` (same check as a drop)."""
        slot = first_free_slot(self.session.build, self.session.catalog, part_id)
        if slot is None:
            part = self.session.catalog.get(part_id)
            chassis = self.session.catalog.chassis(self.session.build.chassis)
            why = ""
            if part is not None and chassis is not None:
                ok, reason = fits_chassis(self.session.catalog, chassis, part)
                why = say(reason) if reason is not None else ""
                if ok:
                    why = self.tr("every slot that takes it is already in use")
            self.show_message(self.tr("Cannot place %1: %2").replace("%1", part_name(part.name) if part else part_id)
                              .replace("%2", why))
            return False
        placed = self.view.place(slot, part_id)
        if placed:
            self.view.select_slots([slot])
        return placed

    def undo(self) -> None:
        """Undo, and say what was undone (the status bar would otherwise still read "Placed …")."""
        text = named(self.session.undo_text)
        if self.session.undo():
            self.show_message(self.tr("Undone: %s") % text)

    def redo(self) -> None:
        text = named(self.session.redo_text)
        if self.session.redo():
            self.show_message(self.tr("Redone: %s") % text)

    def place_current(self) -> None:
        part = self.palette_widget.current_part()
        if part:
            self.place_part(part)

    def change_chassis(self) -> None:
        picker = ChassisPicker(self.session.catalog, self.session.build.chassis, self,
                               title=self.tr("Change chassis"))
        new = picker.chosen() if picker.exec() else None
        if new and new != self.session.build.chassis:
            try:
                chosen = self.session.catalog.chassis(new)
                self.session.apply(SetChassis(chassis=new), label=self.tr("Change chassis to %s")
                                   % (chosen.name if chosen else new))
            except OpError as exc:
                self.show_message(say(exc.msg))
        picker.deleteLater()  # a child of the window: it would live (with its table) until the window closes

    # ------------------------------------------------------------------ settings and closing
    # ------------------------------------------------------------------ files dropped on the window
    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt override
        if dropped_files(event.mimeData()):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt override
        files = dropped_files(event.mimeData())
        if not files:
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        self.open_paths(files)

    def save_layout(self) -> None:
        self.dock_layout.save()

    def closeEvent(self, event) -> None:
        if not self.close_all_documents():
            event.ignore()
            return
        self._autosave.stop()
        self.close_recovery()
        if not self.screenshot:
            self.save_layout()
        event.accept()


def dropped_files(mime) -> list[Path]:
    """The local files a drag carries (a part dragged from the palette carries none)."""
    if mime is None or not mime.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile() and url.toLocalFile()]


def _key_sequences(shortcuts: list) -> list[QKeySequence]:
    """All bindings of standard keys plus explicit ones, without duplicates: Qt treats a
    sequence bound twice on one action as ambiguous and then triggers nothing."""
    out: list[QKeySequence] = []
    seen: set[str] = set()
    for s in shortcuts:
        seqs = QKeySequence.keyBindings(s) if isinstance(s, QKeySequence.StandardKey) else [QKeySequence(s)]
        for seq in seqs:
            key = seq.toString()
            if key and key not in seen:
                seen.add(key)
                out.append(seq)
    return out


def _fill(menu: QMenu, actions: tuple[QAction | None, ...]) -> None:
    """Add `actions` to `menu`, a separator for each None."""
    for act in actions:
        if act is None:
            menu.addSeparator()
        else:
            menu.addAction(act)
