"""The catalog load at start-up, with a small progress window when it takes a while.

With a warm cache the catalog (even 20,000 user parts) loads in a fraction of a second and nothing
extra appears. When it must be built (a new or edited user catalog, a new release: the cache
misses and every part is parsed and validated, 9–20 s for 20,000 parts) the load runs on a worker
thread (`qt/background.py`) and, once it has taken `SHOW_AFTER_S` and is building the cache (or
`SHOW_ANYWAY_S`, a slow disk: a warm 20,000-part load takes 0.35–0.45 s here and must not flash a
window), a window says what it is doing:
"Reading the catalogs… file N of M, P parts so far", with a bar, repainted while the load goes on.
Its Quit button stops the load at the next file or 500 parts and leaves the app (nothing
half-written stays: each cache entry is written whole), as closing the window does.

`load_catalog_with_progress()` is the one call site's (`app.open_session`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from ..background import Job

if TYPE_CHECKING:
    from ...core.catalog import Catalog

# a load still going after this long and building the cache (a file missed it) gets the window
SHOW_AFTER_S = 0.4
# a load still going after this long gets it whatever it is doing
SHOW_ANYWAY_S = 1.5
# how often the window reads the worker's figures
POLL_MS = 50


class LoadingWindow(QDialog):
    """"Reading the catalogs…": the step, file N of M, the parts so far, a bar and Quit."""

    def __init__(self, job: Job, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job = job
        self.quit_asked = False
        self.setWindowTitle(QCoreApplication.applicationName() or "AI Server Configurator")
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        layout = QVBoxLayout(self)
        self.title = QLabel(self.tr("Reading the catalogs…"))
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.step = QLabel(self.tr("The first start after a catalog changes builds its cache; later starts are quick."))
        self.step.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)        # busy until the first figures arrive
        self.count = QLabel()
        self.quit_button = QPushButton(self.tr("Quit"))
        self.quit_button.clicked.connect(self.reject)
        for widget in (self.title, self.step, self.bar, self.count):
            layout.addWidget(widget)
        layout.addWidget(self.quit_button, 0, Qt.AlignmentFlag.AlignRight)
        self.setMinimumWidth(420)
        self.update_figures()

    def update_figures(self) -> None:
        """Show the worker's last (files done, files in all, parts so far)."""
        if len(self.job.figures) != 4:
            return
        done, files, parts, _building = self.job.figures
        self.bar.setRange(0, max(files, 1))
        self.bar.setValue(min(done, files))
        self.count.setText(self.tr("File %1 of %2 · %3 parts so far")
                           .replace("%1", f"{min(done + 1, files):,}").replace("%2", f"{files:,}")
                           .replace("%3", f"{parts:,}"))

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """Esc does not quit the app (a dialog's Esc would): only Quit or the close box do."""
        if event.key() != Qt.Key.Key_Escape:
            super().keyPressEvent(event)

    def reject(self) -> None:
        """Quit (or the window's close box): stop the load and leave the app."""
        self.quit_asked = True
        self.job.cancel()
        self.quit_button.setEnabled(False)
        self.title.setText(self.tr("Stopping…"))


def _slow(job: Job, show_after_s: float, anyway_s: float) -> bool:
    """Wait (blocked: nothing is on screen yet to repaint) until `job` ends, False, or is due its
    window, True: building after `show_after_s`, or anything after `anyway_s`."""
    if job.wait(show_after_s):
        return False
    waited = show_after_s
    while waited < anyway_s:
        if len(job.figures) == 4 and job.figures[3]:
            return True
        if job.wait(0.05):
            return False
        waited += 0.05
    return True


def run_with_progress(fn: Callable[[Callable[..., None]], Catalog], show_after_s: float = SHOW_AFTER_S,
                      anyway_s: float = SHOW_ANYWAY_S,
                      shown: Callable[[LoadingWindow], None] = lambda w: None) -> Catalog:
    """`fn(progress)` on a worker thread (`progress` is a `store.catalogs.LoadProgress`); the window
    once it is due (`_slow`); the catalog. Raises SystemExit(0) when the user quits, and the
    worker's exception if it failed. `shown(window)` runs once the window is up (tests, screenshots)."""
    job = Job(fn, name="catalog-load").start()
    if _slow(job, show_after_s, anyway_s):      # a quick load costs nothing extra: no window, no loop
        app = QApplication.instance()
        window = LoadingWindow(job)
        window.show()
        loop = QEventLoop()
        timer = QTimer(window)
        timer.setInterval(POLL_MS)

        def poll() -> None:
            window.update_figures()
            if job.done:
                loop.quit()
        timer.timeout.connect(poll)
        timer.start()
        if app is not None:
            app.processEvents()
        shown(window)
        if not job.done:
            loop.exec()
        timer.stop()
        window.hide()
        window.deleteLater()
        if window.quit_asked:        # asked to quit: quit, even if the load ended meanwhile
            raise SystemExit(0)
    if job.error is not None:
        raise job.error
    return job.result


def load_catalog_with_progress() -> Catalog:
    """The process-wide catalog (`store.catalogs.default_catalog`), with the progress window when slow."""
    from ...store.catalogs import default_catalog

    return run_with_progress(lambda progress: default_catalog(progress))
