"""The chassis view draws the core's answers: wide-card coverage and the feed of each bay."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from configurator.core.build import Build
from configurator.core.context import resolve
from configurator.core.psu import bay_feeds
from configurator.core.session import Session
from configurator.qt.chassis.schematic import ChassisView

_spec = importlib.util.spec_from_file_location(
    "core_test_placement", Path(__file__).resolve().parent.parent / "core" / "test_placement.py")
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)


def test_view_covers_what_the_core_covers(qtbot, catalog):
    cat = _mod.triple_slot_catalog(catalog)
    build = Build(chassis="pcie-2u", placements={"SLOT1": "h100-pcie"})
    view = ChassisView(Session(cat, build))
    qtbot.addWidget(view)
    covered = resolve(build, cat).covered_slots
    shown = {sid for sid, item in view.slot_items.items() if item.covered_by}
    assert shown == set(covered) == {"SLOT2"}
    assert view.slot_items["SLOT1"].extent.contains(view.slot_items["SLOT2"].rect)
    assert not view.slot_items["SLOT1"].extent.contains(view.slot_items["SLOT3"].rect)


def test_view_feeds_are_the_cores(qtbot, catalog):
    build = Build(chassis="hgx-8u", placements={"PSU1": "psu-3000"}, psu_feeds={"PSU3": "B"})
    session = Session(catalog, build)
    view = ChassisView(session)
    qtbot.addWidget(view)
    want = bay_feeds(catalog.chassis("hgx-8u"), build.psu_feeds)
    assert {sid: view.psu_feed(sid) for sid in want} == want
    assert view.slot_items["PSU3"].spec.endswith("B") and view.slot_items["PSU2"].spec.endswith("B")
