"""Thousands of random user actions on the main window: nothing raises, memory stays flat,
and the undo history replays exactly.

`GuiMonkey` drives the window only through its widgets and actions (drops, Enter in the
palette, the slot context menu, Delete, undo/redo, "Apply fix", the site and workload
editors, Change chassis, New, Open, Save, Save As). Exceptions in slots and Qt virtual
methods fail the test twice over: pytest-qt's capture (left on) and a recording excepthook
that names the step. `CONFIGURATOR_SOAK_OPS` sets the number of steps (default 2000: about
20 s on a 2-core machine, 10000: about 75 s); `CONFIGURATOR_SOAK_SEED` replays another sequence.
"""

from __future__ import annotations

import ctypes
import gc
import os
import random
import sys
import time
from dataclasses import asdict, dataclass

import pytest
from gui_monkey import Dialogs, GuiMonkey, answer_dialogs
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

OPS = int(os.environ.get("CONFIGURATOR_SOAK_OPS", "2000"))
SEED = int(os.environ.get("CONFIGURATOR_SOAK_SEED", "20261130"))
WARMUP = 400                 # long enough to create every lazily built popup, cache and pixmap once
RSS_GROWTH_MB = 30.0
QOBJECT_SLACK = 10           # live QObjects/widgets may differ by a few (e.g. a tooltip label)
PY_OBJECT_SLACK = 0.05       # gc-tracked Python objects: 5 % (the evaluation's bounded memos fill up: +2.5 %)
CHECK_EVERY = 10             # steps between model-vs-view consistency checks


@dataclass(frozen=True)
class Census:
    """What a leak would grow, taken in the same canonical state (fresh HGX build)."""

    rss_mb: float
    qobjects: int            # the window's QObject descendants
    widgets: int             # every QWidget alive in the app (catches parentless leaks too)
    top_levels: int
    scene_items: int
    connections: int         # slots connected to the session's psygnal signals
    py_objects: int


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def _flush() -> None:
    """Run deferred deletes and pending events, then collect Python garbage."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
    gc.collect()
    try:   # hand freed heap back to the OS so RSS measures live memory (glibc only)
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _census(win) -> Census:
    _flush()
    s = win.session
    return Census(
        rss_mb=_rss_mb(),
        qobjects=len(win.findChildren(QObject)),
        widgets=len(QApplication.allWidgets()),
        top_levels=len(QApplication.topLevelWidgets()),
        scene_items=len(win.view.scene().items()),
        connections=sum(len(sig) for sig in (s.changed, s.evaluated, s.undo_changed, s.clean_changed,
                                                 s.path_changed)),
        py_objects=len(gc.get_objects()),
    )


def _reset(win, dialogs: Dialogs) -> None:
    """File ▸ New on the HGX chassis, discarding changes: the state both censuses are taken in."""
    dialogs.answer, dialogs.chassis = QMessageBox.StandardButton.Discard, "hgx-8u"
    try:
        win.act_new.trigger()
    finally:
        dialogs.answer = dialogs.chassis = None
    assert win.session.build.chassis == "hgx-8u" and not win.session.can_undo


def _assert_views_agree(win) -> None:
    s = win.session
    shown = {sid: item.part_id for sid, item in win.view.slot_items.items() if item.part_id}
    assert shown == s.build.placements
    assert win.act_undo.isEnabled() == s.can_undo and win.act_redo.isEnabled() == s.can_redo
    assert win.isWindowModified() == (not s.is_clean)


class _Recorder:
    """Keeps every exception that reaches sys.excepthook (slots, Qt virtuals), then passes it on."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self._previous = sys.excepthook

    def __call__(self, kind, value, tb) -> None:
        self.errors.append(f"{kind.__name__}: {value}")
        self._previous(kind, value, tb)


def _run(monkey: GuiMonkey, win, n: int, recorder: _Recorder, done: list[str]) -> None:
    for _ in range(n):
        name = monkey.step()
        done.append(name)
        if recorder.errors:
            pytest.fail(f"step {len(done)} ({name}, seed {SEED}) raised {recorder.errors[0]}; "
                        f"the steps before: {done[-8:-1]}")
        if len(done) % CHECK_EVERY == 0:
            _assert_views_agree(win)
        if len(done) % 25 == 0:                   # what the idle event loop does between user actions:
            QApplication.processEvents()          # paints, layouts, timers ...
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)   # ... and deleteLater()


class _History:
    """Checks that undoing everything gives back the state the history started from, and that
    redoing everything gives back the state before the check — through the Edit actions."""

    def __init__(self, win) -> None:
        self.win = win
        self.base = win.session.build.snapshot()
        self.checks = self.steps = 0
        self.seconds = 0.0
        win.session.changed.connect(self._on_change)

    def _on_change(self, changes) -> None:
        if changes.label == "Open":           # New and Open replace the build and clear the history
            self.base = self.win.session.build.snapshot()

    def check(self) -> None:
        win, started = self.win, time.perf_counter()
        last = win.session.build.snapshot()
        steps = 0
        while win.act_undo.isEnabled():
            win.act_undo.trigger()
            steps += 1
        assert win.session.build.snapshot() == self.base, f"undoing all {steps} steps missed the first state"
        _assert_views_agree(win)
        for _ in range(steps):                # steps undone by the user before the check stay undone
            win.act_redo.trigger()
        assert win.session.build.snapshot() == last, f"redoing all {steps} steps missed the last state"
        _assert_views_agree(win)
        self.checks += 1
        self.steps += steps
        self.seconds += time.perf_counter() - started


def test_thousands_of_random_gui_edits_keep_memory_flat_and_undo_exact(make_window, qtbot, monkeypatch, tmp_path,
                                                                       capsys):
    recorder = _Recorder()
    monkeypatch.setattr(sys, "excepthook", recorder)
    win = make_window()
    with qtbot.waitActive(win):                # key presses reach the window's shortcuts only when active
        win.activateWindow()
    rng = random.Random(SEED)
    dialogs = Dialogs(rng, tmp_path)
    history = _History(win)
    done: list[str] = []
    with answer_dialogs(dialogs, monkeypatch.setattr):
        monkey = GuiMonkey(win, rng, dialogs)
        monkey.before_history_reset = history.check
        _run(monkey, win, WARMUP, recorder, done)
        _reset(win, dialogs)
        before = _census(win)
        history.checks = history.steps = 0
        history.seconds = 0.0
        started = time.perf_counter()
        _run(monkey, win, OPS, recorder, done)
        history.check()
        elapsed = time.perf_counter() - started
        _reset(win, dialogs)
        after = _census(win)
    assert recorder.errors == []

    with capsys.disabled():
        print(f"\nsoak: {OPS} steps (+{WARMUP} warm-up) in {elapsed:.1f} s = {OPS / elapsed:.0f} steps/s "
              f"(seed {SEED}), of which {history.seconds:.1f} s for {history.checks} undo-all/redo-all "
              f"checks over {history.steps} undo steps\n"
              f"soak: before {asdict(before)}\nsoak: after  {asdict(after)}\n"
              f"soak: steps {dict(sorted(monkey.counts.items()))}")
    assert after.rss_mb - before.rss_mb < RSS_GROWTH_MB, (before, after)
    for name in ("qobjects", "widgets", "top_levels"):
        assert abs(getattr(after, name) - getattr(before, name)) <= QOBJECT_SLACK, (name, before, after)
    assert after.scene_items == before.scene_items and after.connections == before.connections, (before, after)
    assert after.py_objects <= before.py_objects * (1 + PY_OBJECT_SLACK), (before, after)
    assert history.steps > OPS // 10, "too few undo steps were checked"
    assert sum(monkey.counts.values()) == OPS + WARMUP and all(monkey.counts.values()), monkey.counts


def _press(widget, sequence: QKeySequence) -> None:
    combo = sequence[0]
    QTest.keyClick(widget, combo.key(), combo.keyboardModifiers())


@pytest.mark.parametrize("which", ["undo", "redo"])
def test_every_undo_redo_shortcut_reaches_its_action(make_window, qtbot, which):
    """Each key sequence bound to Undo / Redo really triggers it (a duplicate binding is
    'ambiguous' to Qt and then triggers nothing)."""
    win = make_window()
    action = win.act_undo if which == "undo" else win.act_redo
    keys = [s.toString() for s in action.shortcuts()]
    assert len(set(keys)) == len(keys), f"{which} binds a key twice (ambiguous to Qt): {keys}"
    with qtbot.waitActive(win):                # window shortcuts only fire in the active window
        win.activateWindow()
    assert action.shortcuts()
    for sequence in action.shortcuts():
        win.view.place("GPU1", "h100-sxm")
        if which == "redo":
            win.act_undo.trigger()
        win.view.setFocus()
        _press(win.view.viewport(), sequence)
        placed = win.session.build.placements.get("GPU1") == "h100-sxm"
        assert placed == (which == "redo"), f"{sequence.toString()} did not {which}"
        win.view.clear()
