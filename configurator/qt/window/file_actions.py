"""The File menu's work for the main window: new, open, save, recent files, autosave and
recovery, and the exports (the PDF quote, the evaluation as JSON, ...).

`FileActions` is mixed into `MainWindow`, which provides `session` (the active document's),
`documents` (qt/window/documents.py: every open build; New and Open add a tab unless the active one is
blank), `open_build` and `show_message`. Recovery copies and document locks are per document.
Builds are opened through the importer registry (`io.importers`) and saved as build files
(`io.build_io.save_build`: atomic, with a `.bak`); exports come from `io.exporters`.
"""

from __future__ import annotations

import dataclasses
import os
import re
from functools import partial
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLockFile, QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ...core.build import Build
from ...core.catalog import Catalog, Chassis
from ...core.input_error import located
from ...formats.exporters import ExportRequest, exporter
from ...formats.importers import IMPORTERS, importer_for
from ...formats.importers.build_file import BUILD_FILE
from ...formats.registry import dialog_filter
from ...store.autosave import document_key
from ...store.build_files import save_build
from ...store.safe_write import sanitize_filename
from ...store.vendor_settings import UnorderableError
from ...words import i18n
from ...words.errors import error_text
from ...words.problems import text as problem_text
from ...words.render import say
from .. import theme
from ..dialogs.chassis_picker import ChassisPicker
from .window_base import MainWindowBase

MAX_RECENT = 10

#: error lines an export refusal shows in its text; the rest are under Show Details
REFUSAL_LINES = 10
# the CLI's flag in a refusal's head line (either language's parentheses): the window offers the draft as a button
ALLOW_ERRORS = re.compile(r"\s*[(（]--allow-errors[)）]")
# A message with a count is looked up in this class's context by name (QCoreApplication's translate): in
# this mixin of the main window, PySide's tr with a count tries the context "MainWindow" first and, since
# filling in %n changes the text, takes that English as the translation ("The build has 3 error(s)")



# File ▸ Open lists every importer; File ▸ Save writes the app's own build file
def open_filter() -> str:
    """File ▸ Open's filter, in the language of the moment (the format names are gettext words)."""
    return ";;".join([*(dialog_filter(i) for i in IMPORTERS.values()),
                      QCoreApplication.translate("FileActions", "All files (*)")])


def save_filter() -> str:
    return dialog_filter(BUILD_FILE)


def default_chassis(catalog: Catalog) -> str:
    """The chassis a fresh window opens with: the first HGX-style one, else the first by name."""
    chassis = sorted((c for c in catalog.by_category("chassis") if isinstance(c, Chassis)),
                     key=lambda c: (c.gpu_baseboard is None, c.name))
    return chassis[0].id if chassis else "none"


def new_build(catalog: Catalog, chassis_id: str) -> Build:
    """An empty build on `chassis_id`, with the chassis' standard cooling already fitted."""
    chassis = catalog.chassis(chassis_id)
    placements: dict[str, str] = {}
    if chassis is not None and chassis.cooling_options and catalog.get(chassis.cooling_options[0].cooling):
        placements["COOLING"] = chassis.cooling_options[0].cooling
    # its quote in the language the user works in (Chinese UI: a 报价单), which the quote dialog offers
    language = "zh_CN" if i18n.current_language() == "zh_CN" else "en"
    return Build.model_validate({"chassis": chassis_id, "placements": placements, "meta": {"language": language}})


class FileActions(MainWindowBase):
    """New / open / save / recent / recovery / quote, for a QMainWindow with a `session`."""

    # ------------------------------------------------------------------ files
    def maybe_save(self) -> bool:
        """Ask about unsaved changes. True when it is fine to drop the current build."""
        if self.session.is_clean:
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"),
            self.tr("Save the changes to “%s” before closing it?") % self._doc_name(),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.discard_recovery()
            return True
        return False

    def _doc_name(self) -> str:
        return self.documents.active.name(self.tr("Untitled"))   # the file's name, else the build's

    def new_file(self) -> None:
        """A new build in its own tab (in the active one when that is blank)."""
        picker = ChassisPicker(self.session.catalog, self.session.build.chassis, self)
        chosen = picker.chosen() if picker.exec() else None
        if chosen:
            self.open_build(new_build(self.session.catalog, chosen), None)
        picker.deleteLater()  # see change_chassis

    def open_dialog(self) -> None:
        start = str(Path(self.session.path).parent) if self.session.path else ""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open build"), start, open_filter())
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> bool:
        """Open a build file in its own tab (its tab when it is open already: reloaded, after asking
        about unsaved changes). A bad file shows its one-line error and opens nothing."""
        error = self._open_one(Path(path))
        if error:
            QMessageBox.warning(self, self.tr("Cannot open build"), error)
        return not error

    def open_paths(self, paths: list[Path], also: tuple[str, ...] = ()) -> list[str]:
        """Open several build files, one tab each (dropped on the window, named on the command line,
        sent by the desktop). A bad file does not stop the others: the files that did not open are
        listed in one message, one line each (with the lines of `also`); returns those lines."""
        errors = [*also]
        for path in paths:
            error = self._open_one(Path(path))
            if error:
                errors.append(error)
        if errors:
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Cannot open build"), "\n".join(errors),
                              QMessageBox.StandardButton.Ok, self)
            box.setObjectName("cannotOpen")
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.setWindowModality(Qt.WindowModality.WindowModal)
            box.show()          # not modal to the caller: the files that did open are shown meanwhile
        return errors

    def _open_one(self, path: Path) -> str:
        """Open `path` in a tab; "" when it opened, else the one line saying why not."""
        try:
            loaded = importer_for(path).read(path, self.session.catalog)
        except (ValueError, OSError) as exc:   # BuildFileError / UnknownFormatError are ValueErrors
            return error_text(exc)
        if not self.open_build(loaded.build, path):
            return self.tr("%s: not opened") % path
        self._announce_opened(path, loaded)
        return ""

    def _announce_opened(self, path: Path, loaded) -> None:
        self.add_recent(path)
        message = self.tr("Opened %s") % path.name
        if loaded.notes:   # unknown parts, a migrated format: loaded, but worth a look
            note = loaded.notes[0]      # its field and what it says, in the app's language (the file is named before)
            message += " — " + say(located(note.msg, field=note.field) or note.msg)
            if len(loaded.notes) > 1:
                n = len(loaded.notes) - 1     # a plain name: pyside6-lupdate skips a call with an expression there
                message += QCoreApplication.translate("FileActions", " (+%n more)", "", n)
        self.show_message(message)

    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self.save_to(Path(self.session.path))

    def save_as(self) -> bool:
        start = str(self.session.path or _default_path(self.session.build, BUILD_FILE.suffixes[0]))
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save build as"), start, save_filter())
        if not path:
            return False
        target = _with_suffix(Path(path), BUILD_FILE.suffixes)
        if self.documents.find(target) not in (None, self.documents.active):   # two tabs on one file
            QMessageBox.warning(self, self.tr("Cannot save build"),
                                self.tr("%s is open in another tab; choose another name.") % target.name)
            return False
        return self.save_to(target)

    def save_to(self, path: Path) -> bool:
        old_path = self.session.path
        try:
            save_build(self.session.build, path)
        except (ValueError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot save build"), error_text(exc))
            return False
        self.discard_recovery(old_path)
        self.session.mark_clean(path)
        self.add_recent(path)
        self.show_message(self.tr("Saved %s") % path.name)
        return True

    # ------------------------------------------------------------------ recent files
    def recent_files(self) -> list[str]:
        value = QSettings().value("recentFiles", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else []

    def add_recent(self, path: Path) -> None:
        """Move `path` to the top of the list, without duplicates, at most MAX_RECENT entries."""
        key = str(_real(path))
        files = [key] + [f for f in self.recent_files() if f != key]
        QSettings().setValue("recentFiles", files[:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for f in files:
            self.recent_menu.addAction(Path(f).name, partial(self.open_path, Path(f))).setToolTip(f)
        if not files:
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self.tr("Clear list"), lambda: QSettings().setValue("recentFiles", []))

    # ------------------------------------------------------------------ autosave / recovery
    def write_recovery(self) -> None:
        """Timer: keep a recovery copy of every open build while it has unsaved changes."""
        store = self._autosave_store
        if store is None:
            return
        for doc in self.documents.documents:
            s = doc.session
            if s.is_clean:
                # undone back to the saved state: the copy this window wrote is no longer unsaved work
                if doc.own_recovery:
                    store.discard(s.path, doc.number)
                    doc.own_recovery.clear()
                continue
            try:
                doc.own_recovery.add(Path(store.write(s.build, s.path, doc.number)))
            except (OSError, ValueError) as exc:
                self.show_message(self.tr("Autosave failed: %s") % exc)
                return

    def discard_recovery(self, path=None) -> None:
        """Remove the active build's recovery copy (under `path`, its file before a Save As)."""
        if self._autosave_store is not None:
            doc = self.documents.active
            self._autosave_store.discard(path if path is not None else self.session.path, doc.number)
            if path is None:
                doc.own_recovery.clear()

    def offer_recovery(self) -> None:
        """At start: offer to restore unsaved work a crash left behind (newest first, each in a tab)."""
        store = self._autosave_store
        if store is None:
            return
        own = set().union(*(doc.own_recovery for doc in self.documents.documents))
        for entry in store.list():
            if Path(entry.path) in own or entry.live:
                continue  # a live copy (this window's or another running instance's), not crash left-overs
            when = entry.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
            name = entry.source.name if entry.source else (entry.build_name or self.tr("Untitled"))
            answer = QMessageBox.question(
                self, self.tr("Restore unsaved work?"),
                self.tr("Unsaved changes to “%1” from %2 were recovered. Restore them?")
                .replace("%1", name).replace("%2", when),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No | QMessageBox.StandardButton.Discard)
            if answer == QMessageBox.StandardButton.Yes:
                try:
                    build = store.load(entry)
                except ValueError as exc:
                    QMessageBox.warning(self, self.tr("Cannot restore"), error_text(exc))
                    continue
                if self.open_build(build, entry.source, clean=False):
                    self._adopt_recovery(entry)
            if answer == QMessageBox.StandardButton.Discard:
                store.discard(entry)

    def _adopt_recovery(self, entry) -> None:
        """The restored build (now the active tab) writes its own recovery copy at once; only then
        does the crashed instance's copy go, so a crash right after restoring loses nothing."""
        store, doc = self._autosave_store, self.documents.active
        if store is None:
            return
        try:
            doc.own_recovery.add(Path(store.write(self.session.build, self.session.path, doc.number)))
        except (OSError, ValueError) as exc:
            self.show_message(self.tr("Autosave failed: %s") % exc)
            return      # the old copy stays: offered again next time
        if Path(entry.path) not in doc.own_recovery:
            store.discard(entry)

    def close_recovery(self) -> None:
        """At quit: release the document locks and the instance lock (copies left are offered next time)."""
        for doc in self.documents.documents:
            doc.release()
        if self._autosave_store is not None:
            self._autosave_store.close()

    # ------------------------------------------------------------------ document lock
    def lock_document(self, path) -> None:
        """Hold a QLockFile for the active document's file; say so when another instance has it open.

        The lock lives in the recovery folder (never beside the user's file). Qt clears a lock
        whose process died, so a crashed instance does not block the document."""
        doc = self.documents.active
        if path is not None and doc.lock is not None and doc.lock_path == Path(path):
            return   # a tab switch re-announces the path: the lock is held already
        doc.release()
        if path is None or self._autosave_store is None:
            return
        folder = self._autosave_store.folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return
        lock = QLockFile(str(folder / f"doc-{document_key(path)}.lock"))
        lock.setStaleLockTime(0)   # stale only when its process is gone, never by age
        if lock.tryLock(0):
            doc.lock, doc.lock_path = lock, Path(path)
            return
        info = lock.getLockInfo()   # PySide6 returns (pid, host, app); empty when unreadable
        pid = str(info[0]) if isinstance(info, tuple) and info else "?"
        self.show_message(self.tr("%1 is also open in another window (process %2): saving in both "
                                  "overwrites one with the other").replace("%1", Path(path).name).replace("%2", pid))

    # ------------------------------------------------------------------ exports
    def _show_refusal(self, exc: Exception, offer_draft: bool) -> bool:
        """A refused export with every line of its reason (a build's errors, one a line); for a
        build with errors, the choice to export it as a draft instead. True: export the draft."""
        # the reason in the app's language, less the CLI's flag; a build's errors (worded by the report) below it
        lines = ALLOW_ERRORS.sub("", error_text(exc)).splitlines() or [type(exc).__name__]
        if isinstance(exc, UnorderableError):
            lines += exc.errors
        offered = offer_draft and isinstance(exc, UnorderableError)
        if len(lines) == 1 and not offered:   # one line and nothing to choose: the plain warning
            QMessageBox.warning(self, self.tr("Cannot export"), lines[0])
            return False
        head = lines[0]
        if isinstance(exc, UnorderableError) and len(lines) > 1:   # the core's English head line, in the app's language
            n = len(lines) - 1
            head = theme.plural(QCoreApplication.translate(
                "FileActions", "The build has %n error(s): fix them, or export it as a draft marked NOT VALID FOR ORDER.",
                "", n), n)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Cannot export"), head, QMessageBox.StandardButton.Close, self)
        errors = lines[1:]
        if len(errors) > REFUSAL_LINES:   # the box stays within a laptop's screen; every line under Show Details
            n = len(errors) - REFUSAL_LINES
            more = theme.plural(QCoreApplication.translate("FileActions", "… and %n more: Show Details…", "", n), n)
            box.setInformativeText("\n".join([*errors[:REFUSAL_LINES], more]))
            box.setDetailedText("\n".join(errors))
        elif errors:
            box.setInformativeText("\n".join(errors))
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        draft = box.addButton(self.tr("Export as draft"), QMessageBox.ButtonRole.AcceptRole) if offered else None
        box.exec()
        return draft is not None and box.clickedButton() is draft

    def export_as(self, name: str) -> bool:
        """Export the build with the registered exporter `name` (File ▸ Export …)."""
        fmt = exporter(name)   # the exporters' modules are imported on first use
        draft = internal = False
        if name == "pdf":   # a quote: its details first, then whether a build with errors is a draft
            details = self.quote_details()
            if details is None:
                return False
            draft, internal = details
        own = Path(self.session.path) if self.session.path else None
        start = own.with_suffix(fmt.suffixes[0]) if own else _default_path(self.session.build, fmt.suffixes[0])
        if start == own:  # an export sharing the build file's suffix (JSON) must not suggest the build file
            start = own.with_name(f"{own.stem}-{fmt.name}{fmt.suffixes[0]}")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export %s") % i18n._(fmt.description), str(start),
                                              dialog_filter(fmt))
        if not path:
            return False
        target = _with_suffix(Path(path), fmt.suffixes)
        if own is not None and _real(target) == _real(own):
            QMessageBox.warning(self, self.tr("Cannot export"),
                                self.tr("%s is the open build's own file; choose another name.") % target.name)
            return False
        source = str(own) if own else None
        if name == "pdf":
            from ..dialogs.quote_details import issue_number

            try:
                issue_number(self.session)
            except (ValueError, OSError) as exc:   # a broken vendor.toml or counter: one line
                QMessageBox.warning(self, self.tr("Cannot export"), error_text(exc))
                return False
        request = ExportRequest(options=((self.session.build, self.session.evaluation),),
                                catalog=self.session.catalog, sources=(source,), draft=draft, internal=internal)
        try:
            out = fmt.write(request, target)
        except (ValueError, OSError) as exc:   # QuoteError is a ValueError; a bug is not caught here
            if not self._show_refusal(exc, offer_draft=not draft):
                return False
            try:
                out = fmt.write(dataclasses.replace(request, draft=True), target)
            except (ValueError, OSError) as again:
                self._show_refusal(again, offer_draft=False)
                return False
        self.show_message(self.tr("Exported %s") % out)
        return True


    def quote_details(self) -> tuple[bool, bool] | None:
        """The Quote details dialog, then, for a build with errors, draft or not.

        None: cancelled; else (draft, internal): draft True for a quote marked NOT VALID FOR ORDER,
        internal True for the seller's copy with the appendix of sources and estimates."""
        from ..dialogs.quote_details import QuoteDialog

        dialog = QuoteDialog(self.session, self)
        try:
            if not dialog.exec():
                return None
            internal = dialog.internal_copy()
        finally:
            dialog.deleteLater()
        errors = self.session.evaluation.errors
        if not errors:
            return False, internal
        n = len(errors)
        question = QCoreApplication.translate("FileActions", "The build has %n error(s), e.g. “%1”. Write the quote "
                                              "as a draft marked NOT VALID FOR ORDER?", "", n)
        answer = QMessageBox.question(
            self, self.tr("The build has errors"),
            question.replace("%1", problem_text(errors[0])),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return (True, internal) if answer == QMessageBox.StandardButton.Yes else None


def _default_path(build: Build, suffix: str) -> Path:
    """Where a save or export dialog starts for an unsaved build: its name, made safe, at home."""
    return Path.home() / (sanitize_filename(build.meta.name, fallback="build") + suffix)


def _real(path) -> Path:
    """`path` with symlinks resolved; a symlink loop gives the path as it is (Path.resolve
    raises RuntimeError there, which no dialog would catch)."""
    return Path(os.path.realpath(path))


def _with_suffix(path: Path, suffixes: tuple[str, ...]) -> Path:
    """`path`, with the format's first suffix added when the user typed none of its own."""
    return path if path.suffix.lower() in suffixes else path.with_name(path.name + suffixes[0])
