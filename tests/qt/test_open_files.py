"""Build files opened from outside: `configurator FILE...`, dropped on the window, the desktop's
file-open event; a bad file is one message and the others still open (issue 30)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.cli import main as cli_main
from configurator.qt import app as qt_app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def _two_builds(tmp_path: Path) -> tuple[Path, Path, Path]:
    a = tmp_path / "a.json"
    b = tmp_path / "b.json"
    shutil.copy(EXAMPLES / "hgx-h100-8gpu.json", a)
    shutil.copy(EXAMPLES / "general-purpose-2u.json", b)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    return a, b, bad


def test_open_paths_opens_each_as_a_tab_and_names_the_bad_one_once(make_window, tmp_path, qtbot):
    a, b, bad = _two_builds(tmp_path)
    win = make_window()
    errors = win.open_paths([a, bad, b])
    assert [Path(d.session.path).name for d in win.documents.documents] == ["a.json", "b.json"]
    assert len(errors) == 1 and "bad.json" in errors[0]
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.objectName() == "cannotOpen"]
    assert len(boxes) == 1 and "bad.json" in boxes[0].text()
    boxes[0].close()


def _drop(win, paths: list[Path]) -> tuple[QDropEvent, QMimeData]:
    """The event and its mime data (the event does not own it: keep both alive)."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier), mime


def test_files_dropped_on_the_window_open_as_tabs(make_window, tmp_path):
    a, b, _bad = _two_builds(tmp_path)
    win = make_window()
    assert win.acceptDrops()
    event, _mime = _drop(win, [a, b])
    win.dropEvent(event)
    assert event.isAccepted()
    assert {Path(d.session.path).name for d in win.documents.documents} == {"a.json", "b.json"}


def test_a_drop_without_files_is_left_alone(make_window):
    win = make_window()
    mime = QMimeData()
    mime.setText("gpu-h100-sxm")
    event = QDropEvent(QPointF(1, 1), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    win.dropEvent(event)
    assert len(win.documents.documents) == 1


def test_file_open_event_before_and_after_the_window(make_window, tmp_path):
    a, b, _bad = _two_builds(tmp_path)
    app = QApplication.instance()
    opener = qt_app.FileOpenEvents(app)
    try:
        QApplication.sendEvent(app, QFileOpenEvent(str(a)))
        assert opener.take() == [a]
        win = make_window()
        opener.window = win
        QApplication.sendEvent(app, QFileOpenEvent(str(b)))
        assert [Path(d.session.path).name for d in win.documents.documents] == ["b.json"]
    finally:
        app.removeEventFilter(opener)
    assert QEvent.Type.FileOpen


def test_configurator_file_runs_the_window_on_the_files(tmp_path):
    a, b, _bad = _two_builds(tmp_path)
    seen = {}

    def fake_gui(build, **kwargs):
        seen["build"], seen["lang"] = build, kwargs["lang"]
        return 0

    assert cli_main.main([str(a), str(b)], gui=fake_gui) == 0
    assert seen["build"] == [str(a), str(b)]
    assert cli_main.main(["--lang", "zh_CN", str(a)], gui=fake_gui) == 0
    assert seen == {"build": [str(a)], "lang": "zh_CN"}


def test_a_word_that_is_neither_command_nor_file_is_still_refused(capsys):
    assert cli_main.opens_files(["chek", "x.json"]) is False
    try:
        cli_main.main(["chek"], gui=lambda *a, **k: 0)
    except SystemExit as exc:
        assert exc.code == 2
    assert "chek" in capsys.readouterr().err


def test_screenshot_into_a_missing_folder_is_one_line_and_exit_2(tmp_path):
    target = tmp_path / "missing" / "shot.png"
    done = subprocess.run([sys.executable, "-m", "configurator", "gui", "--screenshot", str(target)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "does not exist" in lines[0] and "missing" in lines[0]
    assert not target.exists()


def test_known_qt_noise_is_filtered():
    assert any("propagateSizeHints" in m for m in qt_app.QUIET_QT_MESSAGES)
