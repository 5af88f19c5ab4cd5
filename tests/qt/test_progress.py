"""Progress for work over a second in the GUI (issue #30): the start-up catalog load's window on a
cold cache and none on a warm one; the Recommend search's bar, its Cancel and a closed view."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

import configurator.store.catalogs as catalogs
from configurator.core.session import Session
from configurator.qt.views.recommendations import RecommendDialog
from configurator.qt.window import language_menu as language
from configurator.qt.window import loading
from configurator.store import paths

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog  # noqa: E402


@pytest.fixture
def chinese_app(qapp):
    from configurator.qt.app import make_app

    make_app()
    yield language.install(qapp, "zh_CN")
    language.install(qapp, "en")


@pytest.fixture
def big_home(tmp_path, monkeypatch) -> Path:
    """CONFIGURATOR_HOME with a generated user catalog (1,500 parts), no cache yet, and no
    process-wide catalog loaded."""
    home = tmp_path / "big-home"
    monkeypatch.setenv("CONFIGURATOR_HOME", str(home))
    write_big_catalog(paths.user_catalog_dir(), 1_500)
    monkeypatch.setattr(catalogs, "_DEFAULT", None)
    return home


def test_a_cold_load_shows_the_window_and_a_warm_one_does_not(qtbot, big_home, monkeypatch) -> None:
    seen: list[tuple[str, str, int, int]] = []

    def shown(window: loading.LoadingWindow) -> None:
        qtbot.waitUntil(lambda: window.count.text() != "", timeout=20_000)
        seen.append((window.title.text(), window.count.text(), window.bar.value(), window.bar.maximum()))
        assert window.isVisible()

    # the window is due 0.4 s into a load that builds the cache: a 1,500-part cold load takes longer
    started = time.perf_counter()
    cold = loading.run_with_progress(lambda p: catalogs.default_catalog(p), shown=shown)
    assert len(cold.parts) > 1_500 and len(seen) == 1
    title, count, value, maximum = seen[0]
    assert title == "Reading the catalogs…" and count.startswith("File ") and "parts so far" in count
    assert maximum > 10 and 0 <= value <= maximum
    assert time.perf_counter() - started > loading.SHOW_AFTER_S
    assert not [w for w in loading.QApplication.topLevelWidgets()
                if isinstance(w, loading.LoadingWindow) and w.isVisible()]
    # the same catalog again, from the cache: no window
    monkeypatch.setattr(catalogs, "_DEFAULT", None)
    warm = loading.run_with_progress(lambda p: catalogs.default_catalog(p), shown=shown)
    assert len(seen) == 1 and warm.parts.keys() == cold.parts.keys()


def test_the_window_is_not_shown_before_its_time(qtbot) -> None:
    """A load that builds but ends before SHOW_AFTER_S, and one that reads the cache slowly but ends
    before SHOW_ANYWAY_S, show nothing."""
    shown: list = []

    def building(progress):
        progress(0, 2, 0, True)
        time.sleep(0.1)
        return "built"

    def reading(progress):
        for i in range(6):
            progress(i, 6, i * 100, False)
            time.sleep(0.1)
        return "read"

    assert loading.run_with_progress(building, shown=shown.append) == "built"
    assert loading.run_with_progress(reading, show_after_s=0.2, anyway_s=5, shown=shown.append) == "read"
    assert shown == []


def test_quit_stops_the_load_and_leaves(qtbot) -> None:
    stopped = threading.Event()

    def endless(progress):
        try:
            for i in range(10_000):
                progress(i, 10_000, i, True)
                time.sleep(0.01)
        finally:
            stopped.set()
        return "never"

    def quit_now(window: loading.LoadingWindow) -> None:
        window.quit_button.click()
        assert not window.quit_button.isEnabled() and window.title.text() == "Stopping…"

    with pytest.raises(SystemExit) as ended:
        loading.run_with_progress(endless, show_after_s=0.05, shown=quit_now)
    assert ended.value.code == 0 and stopped.wait(5)


def test_a_failed_load_raises_its_error(qtbot) -> None:
    def broken(progress):
        progress(0, 1, 0, True)
        time.sleep(0.2)
        raise OSError("disk gone")

    with pytest.raises(OSError, match="disk gone"):
        loading.run_with_progress(broken, show_after_s=0.05)


def test_the_window_is_chinese(qtbot, chinese_app) -> None:
    from configurator.qt.background import Job

    job = Job(lambda p: None)
    job.figures = (3, 12, 4_500, True)
    window = loading.LoadingWindow(job)
    qtbot.addWidget(window)
    assert window.title.text() == "正在读取目录…"
    assert window.count.text() == "第 4 个文件，共 12 个 · 已读取 4,500 个部件"
    assert window.quit_button.text() == "退出"


# ---------------------------------------------------------------------------- Recommend
@pytest.fixture
def session(example_session) -> Session:
    return example_session("general-purpose-2u.json")


def _slowed(monkeypatch, per_block_s: float, gate: threading.Event | None = None) -> list[tuple[int, int]]:
    """The view's search, each block slowed down (and, with `gate`, held before the first block
    until it is set); returns the (done, total) the core reported."""
    import configurator.qt.views.recommendations as view

    reported: list[tuple[int, int]] = []
    real = view.recommend

    def slow(req, evaluator, progress=None):
        def tick(done: int, total: int) -> None:
            if gate is not None:
                gate.wait(10)
            time.sleep(per_block_s)
            reported.append((done, total))
            progress(done, total)
        return real(req, evaluator, tick)
    monkeypatch.setattr(view, "recommend", slow)
    return reported


def test_recommend_shows_its_progress_and_then_the_front(qtbot, session, monkeypatch) -> None:
    reported = _slowed(monkeypatch, 0.01)
    dialog = RecommendDialog(session)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.servers.setValue(1)
    dialog.run()
    assert not dialog.searching.isHidden() and not dialog.go.isEnabled()
    qtbot.waitUntil(lambda: dialog.progress.value() > 0, timeout=20_000)
    assert dialog.progress.format().startswith("Searching: block ")
    assert dialog.progress.maximum() == reported[0][1] and 0 < dialog.progress.value() <= dialog.progress.maximum()
    dialog.table.setRowCount(0)       # the window repaints and answers while the worker runs
    qtbot.waitUntil(lambda: dialog.job is None, timeout=60_000)
    assert dialog.recommendation is not None and dialog.table.rowCount() == len(dialog.recommendation.results) > 0
    assert dialog.searching.isHidden() and dialog.go.isEnabled()
    assert reported[-1][0] == reported[-1][1]


def test_cancel_keeps_the_previous_result(qtbot, session, monkeypatch) -> None:
    dialog = RecommendDialog(session)
    qtbot.addWidget(dialog)
    dialog.servers.setValue(1)
    dialog.run()
    dialog.wait()
    before = dialog.recommendation
    rows = dialog.table.rowCount()
    assert before is not None and rows > 0
    gate = threading.Event()
    _slowed(monkeypatch, 0.02, gate)
    dialog.servers.setValue(4)
    dialog.run()
    dialog.cancel()
    assert not dialog.cancel_button.isEnabled()
    gate.set()
    qtbot.waitUntil(lambda: dialog.job is None, timeout=20_000)
    assert dialog.recommendation is before and dialog.table.rowCount() == rows
    assert dialog.status.text() == "Search cancelled; the result shown is the previous one."
    assert dialog.searching.isHidden() and dialog.go.isEnabled()


def test_closing_the_view_mid_search_stops_it(qtbot, session, monkeypatch) -> None:
    gate = threading.Event()
    reported = _slowed(monkeypatch, 0.02, gate)
    dialog = RecommendDialog(session)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.run()
    job = dialog.job
    assert job is not None
    dialog.close()
    gate.set()
    assert job.wait(20) and job.cancelled and job.result is None
    assert len(reported) <= 1 and dialog.recommendation is None
    qtbot.wait(120)          # the poll timer would have fired: nothing reaches the closed view
    assert dialog.table.rowCount() == 0


def test_recommend_progress_is_chinese(qtbot, session, chinese_app, monkeypatch) -> None:
    gate = threading.Event()
    _slowed(monkeypatch, 0.0, gate)
    dialog = RecommendDialog(session)
    qtbot.addWidget(dialog)
    dialog.run()
    assert dialog.cancel_button.text() == "取消" and dialog.progress.format() == "正在准备搜索…"
    dialog.job.figures = (3, 132)
    dialog._check_job()
    assert dialog.progress.format() == "正在搜索：第 3 块，共 132 块"
    dialog.cancel()
    gate.set()
    qtbot.waitUntil(lambda: dialog.job is None, timeout=20_000)
    assert dialog.status.text() == "已取消搜索。"
