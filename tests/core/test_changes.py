"""Typed change notices: each op says what it changes, the session publishes it, the undo stack is capped,
and a Place that does not fit is refused by the op itself with a coded message."""

from __future__ import annotations

import importlib.util
from dataclasses import fields
from pathlib import Path

import pytest

from configurator.core.build import Build
from configurator.core.changes import SECTION_OF, SECTIONS, OpChanges
from configurator.core.ops import (
    AddBridge,
    Batch,
    OpError,
    Place,
    Remove,
    Restore,
    SetChassis,
    SetOption,
    fill_similar,
)
from configurator.core.session import MAX_UNDO, Session
from configurator.words import say
from configurator.words.render import named

_spec = importlib.util.spec_from_file_location(
    "qt_fixture_catalog", Path(__file__).resolve().parent.parent / "qt" / "fixture_catalog.py")
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)


@pytest.fixture(scope="module")
def catalog():
    return _mod.make_catalog()


def _touched(changes: OpChanges) -> set[str]:
    return {s for s in SECTIONS if changes.touches(s)}


def test_every_build_field_belongs_to_a_section():
    # a new Build field without a section would be announced as "everything" (safe, but slow)
    assert set(SECTION_OF) == set(Build.model_fields)
    assert set(SECTION_OF.values()) == set(SECTIONS)
    assert SECTIONS == tuple(f.name for f in fields(OpChanges) if f.name != "label")


@pytest.mark.parametrize(("op", "sections"), [
    (Place(slot="GPU1", part="h100-sxm"), {"slots"}),
    (Remove(slot="GPU1"), {"slots"}),
    (AddBridge(slots=("SLOT1", "SLOT2")), {"slots"}),
    (SetOption(path="meta.customer", value="ACME"), {"meta"}),
    (SetOption(path="site.ambient_c", value=30), {"site"}),
    (SetOption(path="commercial.tco_years", value=3), {"commercial"}),
    (SetOption(path="psu_feeds", value={}), {"power"}),
    (SetOption(path="multi_node", value=False), {"workload"}),
    (SetOption(path="unplaced", value=()), {"tray"}),
    (SetChassis(chassis="pcie-2u"), {"chassis", "slots", "tray", "owned"}),
    (Restore(state={}), set(SECTIONS)),
    (Batch(ops=(Place(slot="GPU1", part="h100-sxm"), SetOption(path="meta.name", value="x"))), {"slots", "meta"}),
])
def test_each_op_declares_what_it_changes(op, sections):
    assert _touched(op.changes()) == sections


def test_the_session_says_what_an_edit_undo_and_redo_changed(catalog):
    session = Session(catalog, Build(chassis="hgx-8u"))
    seen: list[OpChanges] = []
    session.changed.connect(seen.append)
    session.apply(SetOption(path="meta.customer", value="ACME"), label="Customer")
    session.apply(Place(slot="GPU1", part="h100-sxm"))
    session.undo()
    session.redo()
    assert [(named(c.label, "en"), _touched(c)) for c in seen] == [
        ("Customer", {"meta"}), ("Place h100-sxm in GPU1", {"slots"}),
        ("Undo Place h100-sxm in GPU1", {"slots"}), ("Redo Place h100-sxm in GPU1", {"slots"})]
    session.replace_build(Build(chassis="hgx-8u"))
    assert _touched(seen[-1]) == set(SECTIONS) and named(seen[-1].label, "en") == "Open"


def test_an_edit_is_named_as_data_and_worded_in_the_users_language(catalog):
    """The core names an undo step with a message (words/op_words.py), never an English sentence;
    a view's own words (already translated by Qt) stay as given."""
    from configurator.core.message import Msg
    from configurator.core.ops import clear_all, fill_similar, take_from_tray

    session = Session(catalog, Build(chassis="hgx-8u"))
    session.apply(Place(slot="GPU1", part="h100-sxm"))
    assert session.undo_text == Msg("op.label.place", part="h100-sxm", slot="GPU1")
    assert (named(session.undo_text, "en"), named(session.undo_text, "zh_CN")) == (
        "Place h100-sxm in GPU1", "将 h100-sxm 放入 GPU1")
    session.apply(fill_similar(session.build, catalog, "GPU2", "h100-sxm"))
    assert named(session.undo_text, "en") == "Fill similar slots with h100-sxm"
    session.apply(clear_all(session.build))
    assert named(session.undo_text, "zh_CN") == "清空配置"
    session.apply(Batch(ops=(Place(slot="GPU1", part="h100-sxm"), SetOption(path="meta.name", value="x"))))
    assert named(session.undo_text, "en") == "Place h100-sxm in GPU1; Set meta.name"
    session.apply(SetOption(path="meta.name", value="y"), label="改名")
    assert session.undo_text == "改名"
    tray = Build(chassis="hgx-8u", unplaced=({"part": "h100-sxm", "slot": "GPU9"},))
    op = take_from_tray(tray, 0, "GPU1")
    assert Batch.model_validate(op.model_dump()) == op          # a coded label survives a round trip
    assert named(op.describe(), "en") == "Place h100-sxm in GPU1"


def test_the_undo_stack_keeps_the_last_max_undo_steps(catalog):
    assert MAX_UNDO == 200
    session = Session(catalog, Build(chassis="hgx-8u"))
    for i in range(MAX_UNDO + 5):
        session.apply(SetOption(path="meta.revision", value=i + 1), label=f"rev {i + 1}")
    undone = 0
    while session.undo():
        undone += 1
    assert undone == MAX_UNDO
    # the oldest five were dropped: undo stops at the state after edit 5, not the opened one
    assert session.build.meta.revision == 5 and not session.can_undo
    assert session.redo() and session.build.meta.revision == 6


def test_a_saved_state_dropped_off_the_stack_is_never_clean_again(catalog):
    session = Session(catalog, Build(chassis="hgx-8u"), max_undo=3)
    assert session.is_clean
    for i in range(4):    # the opened (saved) state falls off the bottom of a 3-step stack
        session.apply(SetOption(path="meta.revision", value=i + 2))
    while session.undo():
        pass
    assert session.build.meta.revision == 2 and not session.is_clean
    session.mark_clean()
    session.apply(SetOption(path="meta.revision", value=9))
    assert session.undo() and session.is_clean


def test_place_refuses_a_part_that_does_not_fit_and_changes_nothing(catalog):
    session = Session(catalog, Build(chassis="hgx-8u"))
    seen: list[OpChanges] = []
    session.changed.connect(seen.append)
    with pytest.raises(OpError) as refused:
        session.apply(Place(slot="GPU1", part="ddr5-64"))      # a DIMM on a GPU baseboard position
    err = refused.value
    assert err.code == "op.place-refused" and err.msg["slot"] == "GPU1" and err.msg["part"] == "ddr5-64"
    assert err.msg["problem"] == "fit.wrong-slot-kind"
    assert session.build.placements == {} and not session.can_undo and not seen
    assert say(err.msg).startswith("Cannot place here: ")
    with pytest.raises(OpError) as unknown:
        Place(slot="NOPE", part="h100-sxm").apply(session.build, catalog)
    assert unknown.value.msg["problem"] == "fit.unknown-slot"


def test_a_refusal_is_worded_in_chinese():
    from configurator.core.message import Msg
    from configurator.words import i18n

    before = i18n.current_language()
    i18n.set_language("zh_CN")
    try:
        text = say(Msg("op.place-refused", part="p", slot="GPU1", problem="fit.x", reason="r"))
    finally:
        i18n.set_language(before)
    assert text == "无法放置于此：r"


def test_a_refused_option_says_why_as_data_in_either_language():
    """pydantic's reason is a coded message (core/validation_text.py), worded like any other: no
    English sentence is parsed back."""
    from configurator.core.message import Msg
    from configurator.core.ops import SetOption
    from configurator.words import i18n

    with pytest.raises(OpError) as refused:
        SetOption(path="site.ambient_c", value=-300).apply(Build(chassis="hgx-8u"))
    msg = refused.value.msg
    assert msg["reason"] == Msg("pydantic.greater_than_equal", ge="-20")
    assert say(msg, "en") == "Option site.ambient_c: Input should be greater than or equal to -20"
    before = i18n.current_language()
    i18n.set_language("zh_CN")
    try:
        assert say(msg) == "选项 site.ambient_c：输入应大于或等于 -20"
    finally:
        i18n.set_language(before)


def test_fill_similar_keeps_only_the_slots_the_part_fits(catalog):
    build = Build(chassis="hgx-8u")
    with pytest.raises(OpError):
        fill_similar(build, catalog, "GPU1", "ddr5-64")
    ops = fill_similar(build, catalog, "CPU1_DIMM_A1", "ddr5-64").ops
    assert ops and all(op.part == "ddr5-64" for op in ops)
    session = Session(catalog, build)
    session.apply(Batch(ops=ops))                  # never refused: each target was tried in turn
    assert len(session.build.placements) == len(ops)

