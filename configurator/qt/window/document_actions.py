"""The window's document actions: open a build in a tab, Duplicate, Save as variant, Close build,
Compare builds…, and their menu entries; mixed into `MainWindow` as `DocumentActions`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from ...core.build import Build
from ...store.build_files import save_build
from ...words.errors import error_text
from ..panels.widgets import OptionWriter
from .documents import MAX_DOCUMENTS, Document, Documents
from .window_base import MainWindowBase


class DocumentActions(MainWindowBase):
    """File ▸ New / Duplicate / Save as variant / Close for a window with `documents` (mixin)."""

    documents: Documents

    def open_build(self, build: Build, path: Path | None, clean: bool = True, reuse_blank: bool = True) -> bool:
        """Show `build` (from `path`): in its tab when that file is open, else in the active tab when it
        is blank (and `reuse_blank`), else in a new one.

        False when the user kept unsaved changes to the already-open file (Cancel), or too many are open."""
        docs = self.documents
        doc = docs.find(path) or (docs.active if reuse_blank and docs.active.blank else None)
        if doc is None:
            if len(docs.documents) >= MAX_DOCUMENTS:
                QMessageBox.warning(self, self.tr("Too many builds open"),
                                    self.tr("Close a build first: at most %d are open in one window.")
                                    % MAX_DOCUMENTS)
                return False
            docs.add(build, path, clean)
            return True
        docs.activate(doc)
        if not self.maybe_save():
            return False
        self.discard_recovery()
        self.session.replace_build(build, path, clean=clean)
        return True

    def duplicate_document(self) -> None:
        """An untitled, unsaved copy of the active build in a new tab ("what if" without touching the file)."""
        build = self.session.build.model_copy(deep=True)
        build.meta = build.meta.model_copy(update={"name": self.tr("%s (variant)") % build.meta.name})
        if self.open_build(build, None, clean=False, reuse_blank=False):
            self.show_message(self.tr("Duplicated as an unsaved variant: save it to keep it"))

    def save_as_variant(self) -> bool:
        """Save a copy of the active build under a new name and open it in its own tab."""
        from .file_actions import _with_suffix, save_filter

        start = Path(self.session.path).with_name(Path(self.session.path).stem + "-variant.json") \
            if self.session.path else Path.home() / "variant.json"
        chosen, _ = QFileDialog.getSaveFileName(self, self.tr("Save as variant"), str(start), save_filter())
        if not chosen:
            return False
        target = _with_suffix(Path(chosen), (".json",))
        if self.documents.find(target) is not None:
            QMessageBox.warning(self, self.tr("Cannot save variant"),
                                self.tr("%s is open in another tab; choose another name.") % target.name)
            return False
        build = self.session.build.model_copy(deep=True)
        try:
            save_build(build, target)
        except (ValueError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot save variant"), error_text(exc))
            return False
        self.add_recent(target)
        if self.open_build(build, target):
            self.show_message(self.tr("Saved variant %s") % target.name)
        return True

    def close_document(self, doc: Document | None = None) -> bool:
        """Close one build (asks about unsaved changes). The last one is replaced by a fresh build."""
        docs = self.documents
        doc = doc or docs.active
        docs.activate(doc)
        if not self.maybe_save():
            return False
        self.discard_recovery()
        if len(docs.documents) == 1:
            from .file_actions import default_chassis, new_build

            catalog = self.session.catalog
            self.session.replace_build(new_build(catalog, default_chassis(catalog)), None)
            return True
        docs.remove(doc)
        return True

    def close_all_documents(self) -> bool:
        """At window close: ask about every build with unsaved changes; False when one answer was Cancel."""
        for doc in list(self.documents.documents):
            if not doc.session.is_clean:
                self.documents.activate(doc)
                if not self.maybe_save():
                    return False
        return True

    def compare_builds(self) -> None:
        """File ▸ Compare builds…: choose 2–6 open builds, then the compare window."""
        from ..compare.compare_window import open_compare

        open_compare(self)

    def collect_writers(self) -> None:
        """The documents flush the dock editors' pending edits before a switch: find them (again
        once the panels are built)."""
        self.documents.writers = _option_writers(self.panels)

    def install_documents(self) -> None:
        """The document actions, the tab bar's signals and the File menu entries (the window is built)."""
        docs = self.documents
        self.collect_writers()
        docs.tabs.tabCloseRequested.connect(self._on_tab_close)
        self.act_duplicate = self._action(self.tr("&Duplicate build"), self.duplicate_document, "Ctrl+Shift+D",
                                          self.tr("An unsaved copy of this build in a new tab"))
        self.act_variant = self._action(self.tr("Save as &variant…"), self.save_as_variant, None,
                                        self.tr("Save a copy under a new name and open it in a new tab"))
        self.act_close_doc = self._action(self.tr("&Close build"), self.close_document, "Ctrl+W")
        self.act_next_doc = self._action(self.tr("Next build"), lambda: _step(docs, 1), "Ctrl+Tab")
        self.act_prev_doc = self._action(self.tr("Previous build"), lambda: _step(docs, -1), "Ctrl+Shift+Tab")
        self.act_compare = self._action(self.tr("Co&mpare builds…"), self.compare_builds, None,
                                        self.tr("2 to 6 open builds side by side, with deltas and charts"))
        docs.compare_button.setDefaultAction(self.act_compare)
        docs.compare_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        menus = (a.menu() for a in self.menuBar().actions())
        menu = next((m for m in menus if isinstance(m, QMenu) and self.act_save_as in m.actions()), None)
        if menu is not None:
            entries = menu.actions()
            after = entries.index(self.act_save_as) + 1
            before = entries[after] if after < len(entries) else None
            for act in (self.act_variant, self.act_duplicate, self.act_close_doc, None, self.act_compare):
                if act is None:
                    act = QAction(menu)
                    act.setSeparator(True)
                if before is None:
                    menu.addAction(act)
                else:
                    menu.insertAction(before, act)

    def _on_tab_close(self, index: int) -> None:
        if 0 <= index < len(self.documents.documents):
            self.close_document(self.documents.documents[index])


def _step(docs: Documents, by: int) -> None:
    if len(docs.documents) > 1:
        docs.activate(docs.documents[(docs.index(docs.active) + by) % len(docs.documents)])


def _option_writers(panels: list[QWidget]) -> list[OptionWriter]:
    """Every dock editor's pending-edit writer (the site panel's, the workload editor's)."""
    found: list[OptionWriter] = []
    for panel in panels:
        for widget in (panel, *panel.findChildren(QWidget)):
            writer = getattr(widget, "writer", None)
            if isinstance(writer, OptionWriter) and writer not in found:
                found.append(writer)
    return found
