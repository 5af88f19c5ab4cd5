"""Changing chassis never drops a part: it moves to a free slot that takes it, else to the tray."""

from __future__ import annotations

import json

import pytest

from configurator.core.build import Build
from configurator.core.evaluator import Evaluator
from configurator.core.ops import Batch, OpError, Remove, SetChassis, discard_from_tray, take_from_tray
from configurator.core.placement import first_free_slot
from configurator.core.session import Session
from configurator.store import paths
from configurator.store.build_files import read_build
from configurator.store.catalogs import default_catalog
from configurator.words.problems import english, fix_text, text

CATALOG = default_catalog()


def _session() -> Session:
    data = {k: v for k, v in json.loads((paths.examples_dir() / "pcie-l40s-8gpu.json").read_text(encoding="utf-8"))
            .items() if k not in ("format", "kind")}
    return Session(CATALOG, Build.model_validate(data))


def _parts(build: Build) -> list[str]:
    return sorted([*build.placements.values(), *(u.part for u in build.unplaced)])


def test_a_chassis_change_keeps_every_part_placed_or_in_the_tray_with_a_reason():
    session = _session()
    before = _parts(session.build)
    session.apply(SetChassis(chassis="dell-poweredge-r760"))
    assert _parts(session.build) == before          # nothing dropped
    tray = session.build.unplaced
    assert tray and all(u.reason and u.slot for u in tray)
    assert all(s in {sl.id for sl in CATALOG.chassis("dell-poweredge-r760").pcie_slots} or not s.startswith("SLOT")
               for s in session.build.placements)
    warned = [v for v in session.evaluation.violations if v.code == "fit.not-placed"]
    assert len(warned) == len(tray) and all(v.severity == "warning" for v in warned)
    assert "has no SLOT9" in english(warned[0]) or "SLOT9" in english(warned[0])
    session.undo()
    assert not session.build.unplaced and session.build.chassis == "supermicro-sys-421ge-tnrt"
    session.redo()
    assert session.build.unplaced == tray


def test_taking_a_part_from_the_tray_places_it_and_discarding_is_undoable():
    session = _session()
    session.apply(SetChassis(chassis="dell-poweredge-r760"))
    n = len(session.build.unplaced)
    gpu = next(i for i, u in enumerate(session.build.unplaced) if u.part == "nvidia-l40s-48gb")
    narrow = next(s.id for s in CATALOG.chassis("dell-poweredge-r760").pcie_slots
                  if s.id not in session.build.placements)
    with pytest.raises(OpError) as refused:   # a double-width card into a single-width slot: the op says no
        session.apply(take_from_tray(session.build, gpu, narrow))
    assert refused.value.code == "op.place-refused" and refused.value.msg["problem"] == "fit.card-width"
    assert len(session.build.unplaced) == n and not session.can_redo
    # the double-width slots are full: empty them, and one takes the tray's GPU
    session.apply(Batch(ops=tuple(Remove(slot=s) for s, p in session.build.placements.items()
                                  if p == "nvidia-l40s-48gb")))
    free = first_free_slot(session.build, CATALOG, "nvidia-l40s-48gb")
    assert free is not None
    session.apply(take_from_tray(session.build, gpu, free))
    assert session.build.placements[free] == "nvidia-l40s-48gb" and len(session.build.unplaced) == n - 1
    session.apply(discard_from_tray(session.build, 0))
    assert len(session.build.unplaced) == n - 2
    session.undo()
    session.undo()
    assert len(session.build.unplaced) == n and free not in session.build.placements


def test_the_tray_is_saved_and_read_back(tmp_path):
    session = _session()
    session.apply(SetChassis(chassis="dell-poweredge-r760"))
    path = tmp_path / "b.json"
    path.write_text(json.dumps(session.build.to_file_dict()), encoding="utf-8")
    loaded = read_build(path, catalog=CATALOG).build
    assert loaded.unplaced == session.build.unplaced
    assert "fit.not-placed" in {v.code for v in Evaluator(CATALOG).check(loaded)}
    # a build with an empty tray writes no key, as files did before the tray
    assert "unplaced" not in Build(chassis="dell-poweredge-r760").to_file_dict()


def test_a_free_slot_in_the_new_chassis_takes_a_part_whose_slot_is_gone():
    build = Build(chassis="supermicro-sys-421ge-tnrt", placements={"SLOT12": "nvidia-cx7-mcx755106as-heat"})
    chassis = CATALOG.chassis("dell-poweredge-r760")
    assert "SLOT12" not in {s.id for s in chassis.pcie_slots}
    session = Session(CATALOG, build)
    session.apply(SetChassis(chassis="dell-poweredge-r760"))
    assert list(session.build.placements.values()) == ["nvidia-cx7-mcx755106as-heat"]
    assert not session.build.unplaced


def test_the_warning_places_a_tray_part_once_a_slot_is_free():
    build = Build(chassis="dell-poweredge-r760", unplaced=[{"part": "nvidia-cx7-mcx755106as-heat", "slot": "SLOT12",
                                                            "reason": "place.all-in-use"}])
    session = Session(CATALOG, build)
    v = next(v for v in session.evaluation.violations if v.code == "fit.not-placed")
    assert v.fix.applicable and fix_text(v.fix, "en").startswith("Place it in ")
    for op in v.fix.ops:
        session.apply(op)
    assert not session.build.unplaced and "nvidia-cx7-mcx755106as-heat" in session.build.placements.values()
    assert "fit.not-placed" not in {x.code for x in session.evaluation.violations}


def test_tray_warnings_and_reasons_read_in_chinese():
    import re

    from configurator.words import i18n

    session = _session()
    session.apply(SetChassis(chassis="dell-poweredge-r760"))
    i18n.set_language("zh_CN")
    try:
        for v in session.evaluation.violations:
            if v.code == "fit.not-placed":
                for shown in (text(v), fix_text(v.fix)):
                    assert re.search(r"[\u4e00-\u9fff]", shown) and "tray" not in shown, shown
    finally:
        i18n.set_language("en")
