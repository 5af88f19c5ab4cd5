"""QApplication set-up and the GUI entry point (`configurator-gui`, `configurator gui`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from . import pin_none  # noqa: F401  (re-exported; runs at package import)

ORG_NAME = "ai-server-configurator"
APP_NAME = "AI Server Configurator"


def make_app(argv: list[str] | None = None, lang: str | None = None) -> QApplication:
    """The one QApplication, themed, named (for QSettings) and with translators installed
    (`lang` overrides the saved / system language; see configurator/qt/window/language_menu.py)."""
    # Qt's raster engine splits a blend of more than ~96 lines (a chart's cached axis and
    # background) over a thread pool and waits for it: the same pixels, but on a busy machine the
    # wait for a worker thread was ~1 ms of every edit and most of its slow tail. Read once, when
    # the pool is first wanted (the first paint): set before any.
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
    app = QApplication.instance()
    if app is None:
        app = QApplication(argv if argv is not None else sys.argv[:1])
    assert isinstance(app, QApplication), "a QCoreApplication without widgets is already running"
    use_own_settings_file()
    if not getattr(app, "_configurator_ready", False):
        from .theme import apply_theme
        from .window.language_menu import install

        apply_theme(app)
        install(app, lang)
        _set_icon(app)
        app._configurator_ready = True  # type: ignore[attr-defined]
    return app


def use_own_settings_file() -> None:
    """Layout, recent files and the language in one INI file in the user's config folder
    (`CONFIGURATOR_HOME` moves it), whichever launcher started the app: Qt would name the file
    after the program (`configurator`, `configurator-gui`, `__main__.py`), so a language chosen
    under one was lost under another. Settings saved under those old names are carried over once."""
    from PySide6.QtCore import QSettings

    from ..store import paths

    QCoreApplication.setOrganizationName(ORG_NAME)
    QCoreApplication.setApplicationName(APP_NAME)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(paths.user_config_dir()))
    settings = QSettings()
    if os.environ.get("CONFIGURATOR_HOME") or settings.allKeys():
        return      # a separate home (tests, a portable install) never reads the user's old files
    for launcher in OLD_SETTINGS_NAMES:
        old = QSettings(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, ORG_NAME, launcher)
        for key in old.allKeys():
            if not settings.contains(key):
                settings.setValue(key, old.value(key))
    settings.setValue("settingsFile", 1)       # carried over once, even when there was nothing


#: the names Qt gave the settings file before it had its own: the launchers' file names
OLD_SETTINGS_NAMES = ("configurator-gui", "configurator", "__main__.py", "AI Server Configurator")


def _set_icon(app: QApplication) -> None:
    """The window icon (resources/icons/configurator.png, drawn by packaging/make_icon.py)."""
    from PySide6.QtGui import QIcon

    from ..store import paths

    icon = paths.resources_dir() / "icons" / "configurator.png"
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))


def open_session(build_path: str | None):
    """A session on `build_path`, or on a fresh build; returns (session, error line or '')."""
    from ..core.evaluator import Evaluator
    from ..core.message import Msg
    from ..core.session import Session
    from ..formats.importers import importer_for
    from ..store.loaded_evaluator import default_evaluator
    from ..words.errors import error_text
    from ..words.render import say
    from .window.file_actions import default_chassis, new_build
    from .window.loading import load_catalog_with_progress

    catalog = load_catalog_with_progress()   # a window with progress when it takes a while (cold cache)
    error = ""
    issues: list = []
    try:
        evaluator = default_evaluator(catalog, issues)
    except (ValueError, OSError) as exc:   # a broken models.toml: USD only, no presets, say so
        evaluator, error = Evaluator(catalog), error_text(exc)
    if issues and not error:             # bad exchange-rate rows were skipped: say which
        first = issues[0].where
        error = say(Msg("issue.more", details=first, n=len(issues) - 1) if len(issues) > 1 else first)
    if build_path:
        try:
            build = importer_for(build_path).read(Path(build_path), catalog).build
            return Session(catalog, build, Path(build_path), evaluator=evaluator), error
        except (ValueError, OSError) as exc:
            error = error_text(exc)
    return Session(catalog, new_build(catalog, default_chassis(catalog)), evaluator=evaluator), error


def run_gui(build_path: str | list[str] | None = None, screenshot: str | None = None,
            size: tuple[int, int] | None = None, lang: str | None = None, compare: list[str] | None = None,
            started: Callable[[], None] = lambda: None) -> int:
    """Open the main window, `size` (w, h) pixels if given, on the build file(s) `build_path`
    (several: one tab each; the ones that cannot be read are named in one message, the others
    open). With `screenshot`, render it offscreen (at `size`, 1600×1000 by default), write the PNG
    and return 0; a PNG that cannot be written is one line on stderr and exit 2.

    `compare`: open these builds, one tab each, and the compare view of all of them (which the
    screenshot then shows). `started` runs once the window's first frame is painted (the launcher
    hands back the collector's usual thresholds there)."""
    if screenshot:
        problem = screenshot_target_problem(Path(screenshot))
        if problem:
            print(f"configurator gui: {problem}", file=sys.stderr)
            return 2
    if screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    install_message_filter()
    app = make_app(lang=lang)
    # macOS Finder's "open with" before the window exists (only macOS sends these events: elsewhere
    # the filter would cost ~10,000 calls into Python before the first frame, for nothing)
    opener = FileOpenEvents(app, listen=sys.platform == "darwin")
    from .window.main_window import MainWindow

    if compare:
        return _run_compare(app, compare, screenshot, size or (1600, 1000))
    paths = [build_path] if isinstance(build_path, str) else list(build_path or [])
    session, error = open_session(paths[0] if paths else None)
    # the panels' contents and the export entries are built right after the first frame
    window = MainWindow(session, screenshot=bool(screenshot), deferred=True)
    opener.window = window
    more = [Path(p) for p in paths[1:]] + opener.take()
    if size is not None or screenshot:
        window.resize(*(size or (1600, 1000)))
    if screenshot:
        window.show()
        for path in more:    # no message box offscreen: the lines go to stderr
            error_more = window._open_one(path)
            if error_more:
                print(error_more, file=sys.stderr)
        settle(app)          # shown, painted, and the charts built after that first frame
        window.view.fit()
        settle(app)
        ok = window.grab().save(str(screenshot), "PNG")
        for doc in window.documents.documents:
            doc.session.mark_clean()  # nothing to ask about when closing a screenshot window
        window.close()
        if error:
            print(error, file=sys.stderr)
        if not ok:
            print(f"configurator gui: {screenshot}: the PNG could not be written", file=sys.stderr)
        return 0 if ok else 2
    window.show()
    if more:
        window.open_paths(more, also=(error,) if error else ())
    elif error:
        QMessageBox.warning(window, QCoreApplication.translate("MainWindow", "Cannot open build"), error)
    if not error:
        window.offer_recovery()
    QTimer.singleShot(0, started)   # after the first frame's paint, which is queued before it
    return app.exec()


def screenshot_target_problem(path: Path) -> str:
    """Why a screenshot cannot be written to `path` ("" when it can): its folder is missing or is
    not a folder. Checked before any window is built, so the run exits 2 at once with one line."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.exists():
        return f"{path}: the folder {folder} does not exist"
    if not folder.is_dir():
        return f"{path}: {folder} is not a folder"
    if path.is_dir():
        return f"{path}: is a folder, not a PNG file name"
    return ""


class FileOpenEvents(QObject):
    """The desktop's "open this file with the app" (macOS sends a QFileOpenEvent, also for files
    dropped on the Dock icon): before the window exists the paths are kept, then each opens as a tab."""

    def __init__(self, app: QApplication, listen: bool = True) -> None:
        super().__init__(app)
        self.window: Any = None     # the MainWindow, once it exists
        self.pending: list[Path] = []
        if listen:       # a filter on the application sees every event of every widget
            app.installEventFilter(self)

    def take(self) -> list[Path]:
        out, self.pending = self.pending, []
        return out

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent) and event.file():
            path = Path(event.file())
            if self.window is None:
                self.pending.append(path)
            else:
                self.window.open_paths([path])
            return True
        return False


#: Qt warnings that say nothing a user can act on (X11's window-manager hints, font fallbacks)
QUIET_QT_MESSAGES = ("propagateSizeHints", "QFont::setPointSize: Point size <= 0",
                     "This plugin does not support propagateSizeHints")


def install_message_filter() -> None:
    """Qt's own warnings on stderr, less the known noise (`QUIET_QT_MESSAGES`); with
    CONFIGURATOR_QT_DEBUG=1 everything passes."""
    if os.environ.get("CONFIGURATOR_QT_DEBUG"):
        return

    def handler(mode: QtMsgType, context, message: str) -> None:
        if any(noise in message for noise in QUIET_QT_MESSAGES):
            return
        if mode != QtMsgType.QtDebugMsg:
            print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def _run_compare(app: QApplication, files: list[str], screenshot: str | None, size) -> int:
    """`gui --compare A B …`: each build in a tab and the compare view; with `screenshot`, its PNG."""
    from ..core.compare import MAX_COLUMNS, MIN_COLUMNS
    from ..formats.importers import importer_for
    from ..words.errors import error_text
    from .compare.compare_window import open_compare
    from .window.main_window import MainWindow

    if not MIN_COLUMNS <= len(files) <= MAX_COLUMNS:
        print(f"gui --compare: takes {MIN_COLUMNS} to {MAX_COLUMNS} builds, got {len(files)}", file=sys.stderr)
        return 2
    session, error = open_session(files[0])
    if error and session.path is None:      # the first file did not load
        print(error, file=sys.stderr)
        return 2
    builds = []
    for name in files[1:]:       # all read before any window exists: a bad file opens nothing
        try:
            builds.append((importer_for(name).read(Path(name), session.catalog).build, Path(name)))
        except (ValueError, OSError) as exc:   # BuildFileError / UnknownFormatError: one line naming the file
            print(error_text(exc), file=sys.stderr)
            return 2
    window = MainWindow(session, screenshot=bool(screenshot))
    window.resize(*size)
    for build, path in builds:
        window.documents.add(build, path)
    window.show()
    view = open_compare(window, list(window.documents.documents))
    assert view is not None
    view.resize(*size)
    view.fit_parts(initial=True)
    if not screenshot:
        return app.exec()
    settle(app)
    ok = view.grab().save(str(screenshot), "PNG")
    view.close()
    window.close()
    return 0 if ok else 1


class _Activity(QObject):
    """Counts the events that mean "not finished drawing": layout and update requests, paints."""

    KINDS = (QEvent.Type.LayoutRequest, QEvent.Type.UpdateRequest, QEvent.Type.Paint)

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in self.KINDS:
            self.count += 1
        return False


def settle(app: QApplication, max_passes: int = 100) -> None:
    """Process events until two passes in a row lay out and paint nothing (zero-delay timers,
    such as the deferred chart building, included)."""
    activity = _Activity()
    app.installEventFilter(activity)
    try:
        quiet = 0
        for _ in range(max_passes):
            before = activity.count
            app.processEvents()
            quiet = quiet + 1 if activity.count == before else 0
            if quiet == 2:
                break
    finally:
        app.removeEventFilter(activity)


