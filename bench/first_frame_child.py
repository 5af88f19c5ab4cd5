"""`configurator gui BUILD` up to its main window's first painted frame, then quit: run by
bench/bench_startup.py (the start-up figure) and tests/qt/test_first_frame.py (what is imported by then).

    python bench/first_frame_child.py BUILD      # prints: first <time.time()> cpu=<s> heavy=<a,b|->

The launcher's own path with a paint counter on the application. Only the main window's paints
count: with a cold catalog on a busy machine the catalog-load progress window paints first, and a
quit() asked for inside its wait would be lost before app.exec(). `heavy` lists the packages the
first frame should not wait for (numpy, pyqtgraph, openpyxl, reportlab) that were imported by then.
"""

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QMainWindow, QWidget

from configurator.qt import app as qt_app

HEAVY = ("numpy", "pyqtgraph", "openpyxl", "reportlab")
made = qt_app.make_app


class Paints(QObject):
    count = 0

    def eventFilter(self, obj, event):  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Paint and isinstance(obj, QWidget) and isinstance(obj.window(), QMainWindow):
            Paints.count += 1
        return False


def mark() -> None:
    """A zero-delay timer runs after the window-system events of its pass (the first frame's paint)."""
    if Paints.count:
        cpu = os.times().user + os.times().system
        heavy = ",".join(name for name in HEAVY if name in sys.modules) or "-"
        print(f"first {time.time()!r} cpu={cpu!r} heavy={heavy}", flush=True)
        qt_app.QApplication.instance().quit()
    else:
        QTimer.singleShot(0, mark)


def make_app(*args, **kwargs):
    app = made(*args, **kwargs)
    app._paints = Paints()
    app.installEventFilter(app._paints)
    QTimer.singleShot(0, mark)
    return app


if __name__ == "__main__":
    qt_app.make_app = make_app
    from configurator.launch import main

    main(["gui", sys.argv[1]])
