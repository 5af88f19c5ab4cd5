"""The real main window in its own process, for tests/qt/test_gui_kill.py to SIGKILL.

It opens WORKDIR/doc.json through File ▸ Open, then on a QTimer makes one random edit every
EDIT_MS through the window's widgets and actions (`GuiMonkey`), and presses File ▸ Save after
every 1 to 2 × SAVE_EVERY - 1 edits (SAVE_EVERY on average; varied, so that some unsaved
stretches outlast the autosave interval and some do not). Autosave runs on the window's own timer (CONFIGURATOR_AUTOSAVE_MS) into
CONFIGURATOR_HOME, both set by the test. Each state is logged to WORKDIR/edits.log, one line
each, so the test can tell which state a file holds:

    E <n> <unix time> <clean 0|1> <hash>     after edit n (n = 0: the opened file)
    S <n> <unix time> <hash>                 after the save that followed edit n

<hash> is a digest of the build's file text. An exception anywhere exits with status 3.

usage: python gui_kill_child.py WORKDIR SEED SAVE_EVERY EDIT_MS
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from fixture_catalog import make_catalog  # noqa: E402
from gui_monkey import Dialogs, GuiMonkey, answer_dialogs  # noqa: E402
from PySide6.QtCore import QCoreApplication, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QFileDialog  # noqa: E402

from configurator.core.build import Build  # noqa: E402
from configurator.core.session import Session  # noqa: E402
from configurator.qt.app import make_app  # noqa: E402
from configurator.store.build_files import dumps_build  # noqa: E402

#: what the child does; New, Open and Save As would change the document under test
EDITS = ("drop", "palette_enter", "slot_menu", "delete_key", "undo", "redo", "apply_fix", "site_option",
         "workload", "change_chassis")


def state_hash(build: Build) -> str:
    return hashlib.sha256(dumps_build(build).encode("utf-8")).hexdigest()[:16]


def _die(kind, value, tb) -> None:
    traceback.print_exception(kind, value, tb)
    sys.stderr.flush()
    os._exit(3)


def main(workdir: Path, seed: int, save_every: int, edit_ms: int) -> None:
    sys.excepthook = _die
    home = Path(os.environ["CONFIGURATOR_HOME"])
    app = make_app()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(home / "settings"))
    QCoreApplication.setApplicationName("gui-kill-child")
    from configurator.qt.window.main_window import MainWindow

    catalog = make_catalog()
    window = MainWindow(Session(catalog, Build(chassis="hgx-8u")))
    window.show()
    doc = workdir / "doc.json"
    rng = random.Random(seed)
    dialogs = Dialogs(rng, None)
    log = os.open(workdir / "edits.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def patch(obj, name, value):
        setattr(obj, name, value)

    with answer_dialogs(dialogs, patch):
        patch(QFileDialog, "getOpenFileName", lambda *a, **k: (str(doc), ""))
        window.act_open.trigger()
        assert window.session.path == doc, "File ▸ Open did not open the document"
        monkey = GuiMonkey(window, rng, dialogs, only=EDITS)
        s = window.session
        os.write(log, f"E 0 {time.time():.6f} 1 {state_hash(s.build)}\n".encode())
        n = 0
        next_save = rng.randint(1, 2 * save_every - 1)

        def edit() -> None:
            nonlocal n, next_save
            n += 1
            monkey.step()
            os.write(log, f"E {n} {time.time():.6f} {int(s.is_clean)} {state_hash(s.build)}\n".encode())
            if n == next_save:
                next_save += rng.randint(1, 2 * save_every - 1)
                window.act_save.trigger()
                assert s.is_clean, "File ▸ Save did not save"
                os.write(log, f"S {n} {time.time():.6f} {state_hash(s.build)}\n".encode())

        timer = QTimer(interval=edit_ms)
        timer.timeout.connect(edit)
        timer.start()
        (workdir / "ready").touch()
        app.exec()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
