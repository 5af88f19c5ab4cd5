"""The File menu's work for the main window: new, open, save, recent files, autosave and
recovery, and the PDF quote; plus the adapters to the build-file and autosave modules.

`FileActions` is mixed into `MainWindow`, which provides `session` and `show_message`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..core.build import Build
from ..core.catalog import Catalog
from .dialogs import ChassisPicker

MAX_RECENT = 10
FILE_FILTER = "Builds (*.json);;All files (*)"


# ------------------------------------------------------------------ adapters to modules that may not exist yet
def load_build_file(path: Path, catalog: Catalog | None = None) -> Build:
    """Read a build file; raises ValueError whose str is one line naming the file and the problem."""
    try:
        from ..io.build_io import load_build
    except ImportError:
        import json
        try:
            return Build.model_validate({k: v for k, v in json.loads(Path(path).read_text("utf-8")).items()
                                         if k not in ("format", "kind")})
        except (OSError, ValueError) as exc:
            raise ValueError(f"{path}: {str(exc).splitlines()[0]}") from None
    return load_build(path, catalog)


def save_build_file(build: Build, path: Path) -> None:
    try:
        from ..io.build_io import save_build
    except ImportError:
        import json
        Path(path).write_text(json.dumps(build.to_file_dict(), indent=2) + "\n", "utf-8")
        return
    save_build(build, path)


def recovery_store():
    """The autosave store, or None while `configurator.io.autosave` is missing."""
    try:
        from ..io.autosave import RecoveryStore
    except ImportError:
        return None
    return RecoveryStore()


def default_chassis(catalog: Catalog) -> str:
    """The chassis a fresh window opens with: the first HGX-style one, else the first by name."""
    chassis = sorted(catalog.by_category("chassis"), key=lambda c: (c.gpu_baseboard is None, c.name))
    return chassis[0].id if chassis else "none"


def new_build(catalog: Catalog, chassis_id: str) -> Build:
    """An empty build on `chassis_id`, with the chassis' standard cooling already fitted."""
    chassis = catalog.chassis(chassis_id)
    placements = {}
    if chassis is not None and chassis.cooling_options and catalog.get(chassis.cooling_options[0].cooling):
        placements["COOLING"] = chassis.cooling_options[0].cooling
    return Build(chassis=chassis_id, placements=placements)


class FileActions:
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
        return Path(self.session.path).name if self.session.path else self.tr("Untitled")

    def new_file(self) -> None:
        if not self.maybe_save():
            return
        picker = ChassisPicker(self.session.catalog, self.session.build.chassis, self)
        if picker.exec() and picker.chosen():
            self.discard_recovery()
            self.session.replace_build(new_build(self.session.catalog, picker.chosen()), None)
        picker.deleteLater()  # see change_chassis

    def open_dialog(self) -> None:
        start = str(Path(self.session.path).parent) if self.session.path else ""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open build"), start, self.tr(FILE_FILTER))
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> bool:
        """Open a build file. A bad file shows its one-line error and keeps the current work."""
        if not self.maybe_save():
            return False
        try:
            build = load_build_file(Path(path), self.session.catalog)
        except (ValueError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot open build"), str(exc).splitlines()[0] if str(exc) else repr(exc))
            return False
        self.discard_recovery()
        self.session.replace_build(build, Path(path))
        self.add_recent(Path(path))
        self.show_message(self.tr("Opened %s") % Path(path).name)
        return True

    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self.save_to(Path(self.session.path))

    def save_as(self) -> bool:
        start = str(self.session.path or Path.home() / (self.session.build.meta.name + ".json"))
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save build as"), start, self.tr(FILE_FILTER))
        if not path:
            return False
        if not path.lower().endswith(".json"):
            path += ".json"
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        old_path = self.session.path
        try:
            save_build_file(self.session.build, path)
        except (ValueError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot save build"), str(exc).splitlines()[0])
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
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: Path) -> None:
        """Move `path` to the top of the list, without duplicates, at most MAX_RECENT entries."""
        key = str(Path(path).resolve())
        files = [key] + [f for f in self.recent_files() if f != key]
        QSettings().setValue("recentFiles", files[:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for f in files:
            self.recent_menu.addAction(Path(f).name, lambda f=f: self.open_path(Path(f))).setToolTip(f)
        if not files:
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self.tr("Clear list"), lambda: QSettings().setValue("recentFiles", []))

    # ------------------------------------------------------------------ autosave / recovery
    def write_recovery(self) -> None:
        """Timer: keep a recovery copy while there are unsaved changes."""
        if self._autosave_store is None:
            return
        if self.session.is_clean:
            # undone back to the saved state: the copy this window wrote is no longer unsaved work
            if self._own_recovery:
                self.discard_recovery()
            return
        try:
            written = self._autosave_store.write(self.session.build, self.session.path)
            self._own_recovery.add(Path(written))
        except (OSError, ValueError) as exc:
            self.show_message(self.tr("Autosave failed: %s") % exc)

    def discard_recovery(self, path=None) -> None:
        if self._autosave_store is not None:
            self._autosave_store.discard(path if path is not None else self.session.path)
            if path is None:
                self._own_recovery.clear()

    def offer_recovery(self) -> None:
        """At start: offer to restore unsaved work a crash left behind (newest first)."""
        store = self._autosave_store
        if store is None:
            return
        for entry in store.list():
            if Path(entry.path) in self._own_recovery:
                continue  # this window's own live copy, not work a crash left behind
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
                    QMessageBox.warning(self, self.tr("Cannot restore"), str(exc))
                    continue
                self.session.replace_build(build, entry.source, clean=False)
                store.discard(entry)
                return
            if answer == QMessageBox.StandardButton.Discard:
                store.discard(entry)

    # ------------------------------------------------------------------ quote
    @staticmethod
    def _quote_writer():
        try:
            from ..report.quote import write_quote
        except Exception:  # noqa: BLE001 - missing or broken: the action is disabled with a reason
            return None
        return write_quote

    def export_quote(self) -> None:
        write_quote = self._quote_writer()
        if write_quote is None:
            return
        base = Path(self.session.path).with_suffix(".pdf") if self.session.path else Path.home() / "quote.pdf"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export quote"), str(base), self.tr("PDF (*.pdf)"))
        if not path:
            return
        build = self.session.build
        try:
            out = write_quote([(build, self.session.evaluation)], Path(path), customer=build.meta.customer or None)
        except Exception as exc:  # noqa: BLE001 - report any writer failure, keep the app alive
            QMessageBox.warning(self, self.tr("Cannot export quote"), str(exc).splitlines()[0] if str(exc) else repr(exc))
            return
        self.show_message(self.tr("Quote written to %s") % (out or path))
