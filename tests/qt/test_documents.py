"""Several builds in one window: each tab keeps its own build, undo history, file, dirty state,
recovery copy and lock; the views show the active one and hold no connection to any other."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.core.build import Build
from configurator.qt.window.status_summary import SEPARATOR
from configurator.store.autosave import RecoveryStore
from configurator.store.build_files import load_build, save_build

S = QMessageBox.StandardButton


def _files(tmp_path, n=2):
    out = []
    for i in range(n):
        path = tmp_path / f"b{i}.json"
        chassis = "hgx-8u" if i % 2 == 0 else "pcie-2u"
        save_build(Build(chassis=chassis, placements={"CPU1": "xeon-8480"}), path)
        out.append(path)
    return out


def _view_connections(session) -> int:
    return sum(len(getattr(session, n)) for n in ("changed", "evaluated", "undo_changed", "clean_changed",
                                                  "path_changed"))


def _tab(win, i):
    win.documents.tabs.setCurrentIndex(i)    # a click on the tab
    return win.documents.documents[i].session


def test_open_adds_a_tab_and_each_tab_keeps_its_own_undo(make_window, tmp_path):
    a, b = _files(tmp_path)
    win = make_window()
    assert win.open_path(a) and len(win.documents.documents) == 1        # the blank tab is reused
    assert win.open_path(b) and len(win.documents.documents) == 2
    assert win.documents.tabs.count() == 2 and win.session.path == b
    win.view.place("SLOT1", "h100-pcie")                                  # edit b
    sa = _tab(win, 0)
    assert win.session.path == a and "SLOT1" not in win.view.slot_items   # the view shows a's chassis
    assert not win.act_undo.isEnabled() and not win.isWindowModified()
    win.view.place("GPU1", "h100-sxm")                                    # edit a
    win.act_undo.trigger()
    assert "GPU1" not in sa.build.placements
    sb = _tab(win, 1)
    assert sb.build.placements["SLOT1"] == "h100-pcie"                    # a's undo did not touch b
    assert win.act_undo.isEnabled() and win.isWindowModified()
    assert win.documents.tabs.tabText(1).endswith("*") and not win.documents.tabs.tabText(0).endswith("*")
    win.act_undo.trigger()
    assert sb.build.placements == {"CPU1": "xeon-8480"} and sa.can_redo    # a keeps its redo step


def test_switching_rebinds_the_views_without_leaking_connections(make_window, tmp_path):
    a, b = _files(tmp_path)
    win = make_window()
    win.open_path(a)
    win.open_path(b)
    sa, sb = (d.session for d in win.documents.documents)
    own = _view_connections(sa)                  # only the document list's own (tab texts)
    views = _view_connections(win.session)
    for _ in range(20):
        _tab(win, 0)
        _tab(win, 1)
    assert _view_connections(sa) == own and _view_connections(sb) == own + len(win.session._RELAYED)
    assert _view_connections(win.session) == views
    _tab(win, 0)
    assert win.summary.text() == SEPARATOR.join(win.summary.parts(sa.evaluation).values())
    assert {sid for sid, item in win.view.slot_items.items() if item.part_id} == set(sa.build.placements)


def test_a_pending_editor_value_goes_to_the_tab_it_was_typed_in(make_window, tmp_path):
    a, b = _files(tmp_path)
    win = make_window()
    win.open_path(a)
    win.open_path(b)
    site = next(p for p in win.panels if type(p).__name__ == "SiteOptionsPanel")
    site.writer.set_later("site.pue", 1.7)       # typed, not yet applied (the writer's short delay)
    _tab(win, 0)
    docs = win.documents.documents
    assert docs[1].session.build.site.pue == 1.7 and docs[0].session.build.site.pue != 1.7


def test_close_asks_about_unsaved_changes_and_the_last_tab_is_replaced(make_window, tmp_path, monkeypatch):
    a, b = _files(tmp_path)
    answers = [S.Cancel, S.Discard]
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[1]) or answers.pop(0))
    win = make_window()
    win.open_path(a)
    win.open_path(b)
    win.view.place("SLOT1", "h100-pcie")
    win.act_close_doc.trigger()
    assert len(win.documents.documents) == 2 and asked == ["Unsaved changes"]      # Cancel keeps it
    win.act_close_doc.trigger()
    assert len(win.documents.documents) == 1 and win.session.path == a
    assert load_build(b).placements == {"CPU1": "xeon-8480"}                         # discarded
    win.act_close_doc.trigger()                                                      # clean: no question
    assert len(asked) == 2 and win.session.path is None and win.documents.active.blank


def test_window_close_asks_for_every_dirty_tab(make_window, tmp_path, monkeypatch):
    a, b = _files(tmp_path)
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or S.Discard)
    win = make_window()
    win.open_path(a)
    win.view.place("GPU1", "h100-sxm")
    win.open_path(b)
    win.view.place("SLOT1", "h100-pcie")
    _tab(win, 0)
    assert win.close()
    assert len(asked) == 2 and "b0.json" in asked[0] and "b1.json" in asked[1]


def test_duplicate_is_an_unsaved_copy_with_its_own_history(make_window, tmp_path):
    a, _ = _files(tmp_path)
    win = make_window()
    win.open_path(a)
    win.act_duplicate.trigger()
    original, copy = (d.session for d in win.documents.documents)
    assert copy.path is None and not copy.is_clean and copy.build.placements == original.build.placements
    assert "(variant)" in copy.build.meta.name and win.documents.tabs.currentIndex() == 1
    win.view.place("GPU1", "h100-sxm")
    assert "GPU1" not in original.build.placements and original.is_clean


def test_save_as_variant_writes_a_copy_and_opens_it(make_window, tmp_path, monkeypatch):
    a, _ = _files(tmp_path)
    target = tmp_path / "variant"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    win = make_window()
    win.open_path(a)
    win.view.place("GPU1", "h100-sxm")
    win.act_variant.trigger()
    docs = win.documents.documents
    assert len(docs) == 2 and win.session.path == tmp_path / "variant.json" and win.session.is_clean
    assert load_build(tmp_path / "variant.json").placements["GPU1"] == "h100-sxm"
    assert docs[0].session.path == a and not docs[0].session.is_clean              # the original: as it was
    assert load_build(a).placements == {"CPU1": "xeon-8480"}


def test_opening_an_open_file_goes_to_its_tab(make_window, tmp_path):
    a, b = _files(tmp_path)
    win = make_window()
    win.open_path(a)
    win.open_path(b)
    assert win.open_path(a)
    assert len(win.documents.documents) == 2 and win.documents.tabs.currentIndex() == 0


def test_new_adds_a_tab_unless_the_active_one_is_blank(make_window, monkeypatch):
    from configurator.qt.window import main_window

    monkeypatch.setattr(main_window.ChassisPicker, "chosen", lambda self: "pcie-2u")
    monkeypatch.setattr(main_window.ChassisPicker, "exec", lambda self: 1)
    win = make_window()
    win.act_new.trigger()
    assert len(win.documents.documents) == 1 and win.session.build.chassis == "pcie-2u"
    win.view.place("SLOT1", "h100-pcie")
    win.act_new.trigger()
    assert len(win.documents.documents) == 2 and win.session.build.placements.keys() == {"COOLING"}


def test_every_dirty_tab_has_its_own_recovery_copy_and_all_are_offered_back(make_window, tmp_path,
                                                                             monkeypatch):
    a, _ = _files(tmp_path)
    win = make_window()
    win.open_path(a)
    win.view.place("GPU1", "h100-sxm")
    win.act_duplicate.trigger()                  # untitled and dirty
    win.view.place("GPU2", "h100-sxm")
    win.write_recovery()
    assert len(RecoveryStore().list()) == 2
    store = win._autosave_store
    store.close()                                # as if the window had crashed: its copies are left behind
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: S.Yes)
    fresh = make_window()
    fresh.offer_recovery()
    restored = {d.session.path: set(d.session.build.placements) for d in fresh.documents.documents}
    assert restored == {a: {"CPU1", "GPU1"}, None: {"CPU1", "GPU1", "GPU2"}}
    assert all(not d.session.is_clean for d in fresh.documents.documents)
    for doc in win.documents.documents:
        doc.session.mark_clean()


def test_restored_work_survives_a_crash_right_after_restoring(make_window, tmp_path, monkeypatch):
    """Issue #31: "Restore unsaved work" deleted the crashed copies at once, so a crash before the
    next autosave lost everything just restored. The restored tabs now write their own copies
    before the old ones go: killed right after restoring three tabs, the next start offers all three."""
    a, _, b = _files(tmp_path, 3)                # two HGX builds
    win = make_window()
    for path, slot in ((a, "GPU1"), (b, "GPU2")):
        win.open_path(path)
        win.view.place(slot, "h100-sxm")
    win.act_duplicate.trigger()                  # a third, untitled tab
    win.view.place("GPU3", "h100-sxm")
    win.write_recovery()
    assert len(win.documents.documents) == 3 and len(RecoveryStore().list()) == 3
    win._autosave_store.close()                  # the first crash
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: S.Yes)
    second = make_window()
    second.offer_recovery()
    assert len(second.documents.documents) == 3
    left = RecoveryStore().list()
    assert len(left) == 3 and all(e.instance == second._autosave_store.instance for e in left)
    second._autosave_store.close()               # killed before any autosave tick: no release, no save
    third = make_window()
    third.offer_recovery()
    restored = sorted(sorted(d.session.build.placements) for d in third.documents.documents)
    assert restored == sorted([["CPU1", "GPU1"], ["CPU1", "GPU2"], ["CPU1", "GPU2", "GPU3"]])
    for w in (win, second, third):
        for doc in w.documents.documents:
            doc.session.mark_clean()


@pytest.mark.parametrize("which", ["next", "prev"])
def test_next_and_previous_build_cycle_the_tabs(make_window, tmp_path, which):
    a, b = _files(tmp_path)
    win = make_window()
    win.open_path(a)
    win.open_path(b)
    (win.act_next_doc if which == "next" else win.act_prev_doc).trigger()
    assert win.session.path == a


def test_restored_work_survives_a_kill_right_after_restoring_three_tabs(make_window, tmp_path, monkeypatch):
    """Issue 31: "Restore unsaved work" kept no copy until the next autosave, so a crash within the
    interval lost everything just restored. Restore three tabs, 'kill' the window at once (its
    instance lock released, no autosave tick, no clean shutdown): the next start offers all three
    again, with the restored content."""
    a, _, b = _files(tmp_path, 3)                # both HGX builds
    win = make_window()
    win.open_path(a)
    win.view.place("GPU1", "h100-sxm")
    win.open_path(b)
    win.view.place("GPU2", "h100-sxm")
    win.act_duplicate.trigger()                  # untitled and dirty
    win.view.place("GPU3", "h100-sxm")
    win.write_recovery()
    assert len(RecoveryStore().list()) == 3
    win._autosave_store.close()                  # the first crash: its copies are left behind
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: S.Yes)
    second = make_window()
    second._autosave.stop()                      # no autosave tick between the restore and the kill
    second.offer_recovery()
    restored = sorted(sorted(d.session.build.placements) for d in second.documents.documents)
    assert len(restored) == 3
    second._autosave_store.close()               # killed right after restoring
    third = make_window()
    third.offer_recovery()
    again = sorted(sorted(d.session.build.placements) for d in third.documents.documents)
    assert again == restored
    assert {d.session.path for d in third.documents.documents} == {a, b, None}
    for w in (win, second, third):
        for doc in w.documents.documents:
            doc.session.mark_clean()
