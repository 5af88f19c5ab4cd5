"""Thousands of random user actions on the main window, over several builds in tabs: nothing
raises, memory stays flat, closed builds are freed, each tab's undo history replays exactly
and never touches another tab.

`GuiMonkey` drives the window only through its widgets and actions (drops, Enter in the
palette, the slot context menu, Delete, undo/redo, "Apply fix", the site and workload
editors, Change chassis, New, Open, Save, Save As); `TabMonkey` adds the document actions
(New and Open in a new tab, Duplicate, a click on another tab, Next/Previous build, Close
build, with its unsaved-changes question answered at random). Exceptions in slots and Qt virtual
methods fail the test twice over: pytest-qt's capture (left on) and a recording excepthook
that names the step. `make test` runs a short walk (SHORT_OPS steps, no memory census); the long
one with the census is marked slow (`make test-slow`). `CONFIGURATOR_SOAK_OPS` sets its number of
steps (default 2000: about 20 s on an idle 2-core machine, ~50 s on a shared one);
`CONFIGURATOR_SOAK_SEED` replays another sequence.
"""

from __future__ import annotations

import ctypes
import gc
import os
import random
import sys
import time
import weakref
from collections.abc import Callable
from dataclasses import asdict, dataclass

import pytest
from gui_monkey import NO_MOD, Dialogs, GuiMonkey, answer_dialogs
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

OPS = int(os.environ.get("CONFIGURATOR_SOAK_OPS", "2000"))
SEED = int(os.environ.get("CONFIGURATOR_SOAK_SEED", "20261130"))
SHORT_OPS = 300              # the short soak in `make test` (the long one is marked slow)
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
    connections: int         # slots connected to the window's session (the active tab's stand-in)
    tab_connections: int     # slots connected to the one open tab's own session
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
        connections=_connections(s),
        tab_connections=_connections(win.documents.active.session),
        py_objects=len(gc.get_objects()),
    )


def _connections(s) -> int:
    return sum(len(sig) for sig in (s.changed, s.evaluated, s.undo_changed, s.clean_changed, s.path_changed))


def _reset(win, dialogs: Dialogs) -> None:
    """Close every build, discarding changes (the last one closed leaves a fresh build on the
    default chassis, HGX): the state both censuses are taken in."""
    dialogs.answer = QMessageBox.StandardButton.Discard
    try:
        while len(win.documents.documents) > 1 or not win.documents.active.blank:
            win.act_close_doc.trigger()
    finally:
        dialogs.answer = None
    assert win.session.build.chassis == "hgx-8u" and not win.session.can_undo


def _assert_views_agree(win) -> None:
    s = win.session
    assert s.target is win.documents.active.session
    assert win.documents.tabs.currentIndex() == win.documents.index(win.documents.active)
    assert win.documents.tabs.count() == len(win.documents.documents)
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


class TabMonkey(GuiMonkey):
    """`GuiMonkey` plus the document actions, keeping between one and MAX_TABS builds open."""

    WEIGHTS = {**GuiMonkey.WEIGHTS, "new": 0.8, "open": 0.6, "duplicate": 0.6, "switch_tab": 3.0,
               "cycle_tab": 1.0, "close_tab": 1.6}
    MAX_TABS = 5

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.before_close: Callable[[object], None] = lambda doc: None
        self.closed: list[weakref.ref] = []      # sessions of closed tabs: must be freed

    def _crowded(self) -> bool:
        return len(self.win.documents.documents) >= self.MAX_TABS

    def do_new(self) -> None:
        """New: a new tab (or the blank one), so no history is cleared and none needs checking first."""
        self.do_close_tab() if self._crowded() else self.win.act_new.trigger()

    def do_open(self) -> None:
        self.do_close_tab() if self._crowded() else super().do_open()

    def do_duplicate(self) -> None:
        self.do_close_tab() if self._crowded() else self.win.act_duplicate.trigger()

    def do_switch_tab(self) -> None:
        """A click on another tab."""
        tabs = self.win.documents.tabs
        index = self.rng.randrange(tabs.count())
        QTest.mouseClick(tabs, Qt.MouseButton.LeftButton, NO_MOD, tabs.tabRect(index).center())

    def do_cycle_tab(self) -> None:
        self.rng.choice([self.win.act_next_doc, self.win.act_prev_doc]).trigger()

    def do_close_tab(self) -> None:
        """Close build (the action, or the tab's close button); its question is answered at random."""
        docs = self.win.documents
        doc = docs.active if self.rng.random() < 0.5 else self.rng.choice(docs.documents)
        self.before_close(doc)
        session = doc.session
        if doc is docs.active and self.rng.random() < 0.5:
            self.win.act_close_doc.trigger()
        else:
            button = docs.tabs.tabButton(docs.index(doc), docs.tabs.ButtonPosition.RightSide)
            button.click()
        if doc not in docs.documents:
            self.closed.append(weakref.ref(session))


class _History:
    """Checks, tab by tab through the Edit actions, that undoing everything gives back the state
    the tab's history started from and redoing everything the state before the check; and that
    while one tab is undone and redone, no other tab's build moves."""

    def __init__(self, win) -> None:
        self.win = win
        self.base: dict[object, dict] = {}
        self.checks = self.steps = 0
        self.seconds = 0.0
        self._seen()
        win.session.changed.connect(self._on_change)
        win.documents.switched.connect(self._seen)
        win.documents.removed.connect(lambda doc: self.base.pop(doc, None))

    def _seen(self) -> None:
        """A tab seen for the first time has an empty history (New, Open, Duplicate, a restore)."""
        doc = self.win.documents.active
        if doc not in self.base:
            assert not doc.session.can_undo and not doc.session.can_redo
            self.base[doc] = doc.session.build.snapshot()

    def _on_change(self, changes) -> None:
        if getattr(changes.label, "id", "") == "op.label.open":   # a reload or a last tab's fresh build: the history is cleared
            self.base[self.win.documents.active] = self.win.session.build.snapshot()

    def check(self, only=None) -> None:
        win, started = self.win, time.perf_counter()
        docs = win.documents
        back = docs.active
        for doc in ([only] if only is not None else list(docs.documents)):
            docs.tabs.setCurrentIndex(docs.index(doc))          # as a click on the tab does
            others = {d: d.session.build.snapshot() for d in docs.documents if d is not doc}
            self._check_active(doc)
            assert {d: d.session.build.snapshot() for d in docs.documents if d is not doc} == others, \
                "undoing and redoing one tab changed another"
        if back in docs.documents:
            docs.tabs.setCurrentIndex(docs.index(back))
        self.checks += 1
        self.seconds += time.perf_counter() - started

    def _check_active(self, doc) -> None:
        win = self.win
        last = win.session.build.snapshot()
        steps = 0
        while win.act_undo.isEnabled():
            win.act_undo.trigger()
            steps += 1
        assert win.session.build.snapshot() == self.base[doc], f"undoing all {steps} steps missed the first state"
        _assert_views_agree(win)
        for _ in range(steps):                # steps undone by the user before the check stay undone
            win.act_redo.trigger()
        assert win.session.build.snapshot() == last, f"redoing all {steps} steps missed the last state"
        _assert_views_agree(win)
        self.steps += steps


class _Soak:
    """One random walk over the window: the monkey, its dialogs, the undo-history checker and the
    exceptions seen, set up as the user would find the window (active, so shortcuts reach it)."""

    def __init__(self, make_window, qtbot, monkeypatch, tmp_path) -> None:
        self.recorder = _Recorder()
        monkeypatch.setattr(sys, "excepthook", self.recorder)
        self.win = win = make_window()
        with qtbot.waitActive(win):                # key presses reach the window's shortcuts only when active
            win.activateWindow()
        rng = random.Random(SEED)
        self.dialogs = Dialogs(rng, tmp_path)
        self.history = _History(win)
        self.done: list[str] = []
        self.monkey = TabMonkey(win, rng, self.dialogs)
        self.monkey.before_history_reset = self.history.check
        self.monkey.before_close = lambda doc: self.history.check(only=doc)

    def run(self, n: int) -> None:
        _run(self.monkey, self.win, n, self.recorder, self.done)

    def finish(self) -> None:
        """Check every open tab's history once more, then close them all and free what they held."""
        self.history.check()
        _reset(self.win, self.dialogs)
        _flush()
        assert self.recorder.errors == []
        alive = [ref for ref in self.monkey.closed if ref() is not None]
        assert not alive, f"{len(alive)} of {len(self.monkey.closed)} closed tabs' sessions are still alive"


def test_random_gui_edits_over_tabs_raise_nothing_undo_exactly_and_free_closed_tabs(make_window, qtbot, monkeypatch,
                                                                                    tmp_path):
    """The soak below in short (SHORT_OPS steps, ~6 s): every step kind over several tabs, views
    agreeing with the model, each tab's undo-all/redo-all exact, closed tabs' sessions freed. The
    memory census needs the long run (a warm-up first) and is `make test-slow`'s."""
    soak = _Soak(make_window, qtbot, monkeypatch, tmp_path)
    with answer_dialogs(soak.dialogs, monkeypatch.setattr):
        soak.run(SHORT_OPS)
        soak.finish()
    counts = soak.monkey.counts
    print(f"soak (short): steps {dict(sorted(counts.items()))}; {len(soak.monkey.closed)} tabs closed, "
          f"{soak.history.checks} undo-all/redo-all checks over {soak.history.steps} undo steps")
    assert soak.history.steps > SHORT_OPS // 10, "too few undo steps were checked"
    assert soak.monkey.closed, "no tab was closed"
    assert sum(counts.values()) == SHORT_OPS and sum(1 for n in counts.values() if n) >= 15, counts


@pytest.mark.slow
def test_thousands_of_random_gui_edits_keep_memory_flat_and_undo_exact(make_window, qtbot, monkeypatch, tmp_path,
                                                                       capsys):
    """OPS steps (2000: ~50 s on a shared 2-core machine) between two censuses taken in the same
    state, after a warm-up that creates every lazily built popup: nothing grows."""
    soak = _Soak(make_window, qtbot, monkeypatch, tmp_path)
    win, history, monkey = soak.win, soak.history, soak.monkey
    with answer_dialogs(soak.dialogs, monkeypatch.setattr):
        soak.run(WARMUP)
        _reset(win, soak.dialogs)
        before = _census(win)
        history.checks = history.steps = 0
        history.seconds = 0.0
        started = time.perf_counter()
        soak.run(OPS)
        elapsed = time.perf_counter() - started
        soak.finish()
        after = _census(win)

    with capsys.disabled():
        print(f"\nsoak: {OPS} steps (+{WARMUP} warm-up) in {elapsed:.1f} s = {OPS / elapsed:.0f} steps/s "
              f"(seed {SEED}), of which {history.seconds:.1f} s for {history.checks} undo-all/redo-all "
              f"checks over {history.steps} undo steps\n"
              f"soak: before {asdict(before)}\nsoak: after  {asdict(after)}\n"
              f"soak: steps {dict(sorted(monkey.counts.items()))}; {len(monkey.closed)} tabs closed")
    assert after.rss_mb - before.rss_mb < RSS_GROWTH_MB, (before, after)
    for name in ("qobjects", "widgets", "top_levels"):
        assert abs(getattr(after, name) - getattr(before, name)) <= QOBJECT_SLACK, (name, before, after)
    assert after.scene_items == before.scene_items and after.connections == before.connections, (before, after)
    assert after.tab_connections == before.tab_connections, (before, after)
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
