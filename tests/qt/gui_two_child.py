"""One app instance for tests/qt/test_two_instances.py: a real MainWindow in its own process.

It starts as the app does (`app.run_gui` order: window, then "restore unsaved work?" with
every question answered Discard, the answer that deletes), opens DOC (or stays untitled for
"-"), sets the build's notes to LABEL (an unsaved change), writes its recovery copy and then
touches WORKDIR/ready-LABEL and keeps running, autosaving on its timer, until killed. Every
recovery question it was asked goes to WORKDIR/asked-LABEL, one line each.

usage: python gui_two_child.py WORKDIR LABEL DOC
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from fixture_catalog import make_catalog  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from configurator.core.build import Build  # noqa: E402
from configurator.core.ops import SetOption  # noqa: E402
from configurator.core.session import Session  # noqa: E402
from configurator.qt.app import make_app  # noqa: E402


def main(workdir: Path, label: str, doc: str) -> None:
    home = Path(os.environ["CONFIGURATOR_HOME"])
    app = make_app()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(home / f"settings-{label}"))
    from configurator.qt.window.main_window import MainWindow

    asked = workdir / f"asked-{label}"
    asked.touch()

    def question(_parent, title, text, *a, **k):
        with open(asked, "a", encoding="utf-8") as fh:
            fh.write(f"{title} | {text}\n")
        return QMessageBox.StandardButton.Discard

    QMessageBox.question = question  # type: ignore[method-assign]
    path = None if doc == "-" else Path(doc)
    window = MainWindow(Session(make_catalog(), Build(chassis="hgx-8u"), None))
    window.show()
    if path is not None:
        assert window.open_path(path), f"could not open {path}"
    window.offer_recovery()
    window.session.apply(SetOption(path="meta.notes", value=label))
    window.write_recovery()
    (workdir / f"ready-{label}").write_text(str(window.session.path or ""), encoding="utf-8")
    app.exec()


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], sys.argv[3])
