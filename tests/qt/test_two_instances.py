"""Two app instances at once (issue 10, class 7): per-instance recovery copies, live ones
never offered as "crashed" nor deleted, and after each instance is SIGKILLed exactly its own
copy is offered, to whichever instance starts next.

Each instance is a real MainWindow in its own offscreen process (gui_two_child.py) sharing
one CONFIGURATOR_HOME; it answers every recovery question with Discard, the answer that
deletes, so a copy offered to the wrong instance would be lost and the test would see it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from configurator.core.build import Build
from configurator.store.autosave import RecoveryStore
from configurator.store.build_files import save_build

CHILD = Path(__file__).resolve().parent / "gui_two_child.py"
START_TIMEOUT_S = 60

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


class Instance:
    def __init__(self, workdir: Path, label: str, doc: Path | None) -> None:
        self.workdir, self.label = workdir, label
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(CHILD.parents[2]),
               "CONFIGURATOR_AUTOSAVE_MS": "200"}
        self.proc = subprocess.Popen([sys.executable, str(CHILD), str(workdir), label, str(doc or "-")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        ready = workdir / f"ready-{label}"
        deadline = time.time() + START_TIMEOUT_S
        while not ready.exists():
            if self.proc.poll() is not None:
                pytest.fail(f"instance {label} died: {self.proc.stderr.read().decode()[-2000:]}")
            if time.time() > deadline:
                self.proc.kill()
                pytest.fail(f"instance {label} did not start")
            time.sleep(0.02)

    @property
    def asked(self) -> list[str]:
        return (self.workdir / f"asked-{self.label}").read_text(encoding="utf-8").splitlines()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.proc.stderr.close()
        assert self.proc.returncode == -signal.SIGKILL


def _copies() -> dict[str, tuple[bool, Path | None]]:
    """Build notes (the instance label) -> (live, document) of every recovery copy on disk."""
    store = RecoveryStore()
    out = {}
    for entry in store.list():
        out[store.load(entry).meta.notes] = (entry.live, entry.source)
    assert store.problems == []
    return out


def _offered_to_a_new_window(make_window, monkeypatch) -> list[str]:
    """What a window started now is offered (answered No: keep the copy)."""
    texts: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _p, _title, text, *a, **k: texts.append(text) or QMessageBox.StandardButton.No)
    win = make_window()
    win.offer_recovery()
    win.close_recovery()
    return texts


@pytest.mark.parametrize("same_document", [True, False], ids=["same-document", "different-documents"])
def test_two_instances_never_lose_or_swap_recovery_copies(make_window, monkeypatch, tmp_path, same_document):
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    docs = [tmp_path / "a.json", tmp_path / ("a.json" if same_document else "b.json")]
    for doc in docs:
        save_build(Build(chassis="hgx-8u"), doc)
    a = Instance(tmp_path, "A", docs[0])
    b = None
    try:
        b = Instance(tmp_path, "B", docs[1])          # starts while A's unsaved copy is live
        assert b.asked == [], "the second instance was offered the first one's live copy"
        copies = _copies()
        assert copies == {"A": (True, docs[0]), "B": (True, docs[1])}, copies
        assert _offered_to_a_new_window(make_window, monkeypatch) == []   # both still running
        a.kill()
        copies = _copies()
        assert copies == {"A": (False, docs[0]), "B": (True, docs[1])}, copies   # B's copy untouched
        offered = _offered_to_a_new_window(make_window, monkeypatch)
        assert len(offered) == 1 and "a.json" in offered[0], offered
        b.kill()
        b = None
        copies = _copies()
        assert copies == {"A": (False, docs[0]), "B": (False, docs[1])}, copies   # nothing lost
        assert len(_offered_to_a_new_window(make_window, monkeypatch)) == 2
    finally:
        for inst in (a, b):
            if inst is not None and inst.proc.poll() is None:
                inst.proc.kill()
                inst.proc.wait()


def test_an_instance_started_after_a_crash_gets_the_copy_and_a_live_one_keeps_its_own(tmp_path, monkeypatch):
    """A crashes; B starts, is offered A's copy, discards it (its answer); C, started while B
    runs, is offered nothing: B's own copy is live."""
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    doc = tmp_path / "a.json"
    save_build(Build(chassis="hgx-8u"), doc)
    live = []
    try:
        a = Instance(tmp_path, "A", doc)
        a.kill()
        b = Instance(tmp_path, "B", doc)
        live.append(b)
        assert len(b.asked) == 1 and "a.json" in b.asked[0], b.asked
        c = Instance(tmp_path, "C", None)
        live.append(c)
        assert c.asked == []
        assert _copies() == {"B": (True, doc), "C": (True, None)}
    finally:
        for inst in live:
            inst.proc.kill()
            inst.proc.wait()
