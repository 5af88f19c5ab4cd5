"""Session history: redo replays an edit exactly as it was first applied."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from configurator.core.build import Build
from configurator.core.ops import Place, SetChassis
from configurator.core.session import Session

_spec = importlib.util.spec_from_file_location(
    "qt_fixture_catalog", Path(__file__).resolve().parent.parent / "qt" / "fixture_catalog.py")
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)


@pytest.fixture(scope="module")
def catalog():
    return _mod.make_catalog()


def test_redo_of_a_chassis_change_drops_the_slots_the_new_chassis_lacks(catalog):
    # found by tests/qt/test_soak.py: redo applied SetChassis without the catalog, so the
    # slots the smaller chassis lacks kept their parts (and their power and price)
    session = Session(catalog, Build(chassis="hgx-8u"))
    session.apply(Place(slot="CPU1_DIMM_A2", part="ddr5-64"))
    session.apply(Place(slot="CPU1_DIMM_A1", part="ddr5-64"))
    session.apply(SetChassis(chassis="pcie-2u"))
    applied = session.build.snapshot()
    # the DIMM whose slot the smaller chassis lacks moves to a free DIMM slot (never dropped)
    assert "CPU1_DIMM_A2" not in applied["placements"] and applied["placements"]["CPU1_DIMM_A1"] == "ddr5-64"
    assert sorted(applied["placements"].values()) == ["ddr5-64", "ddr5-64"] and not applied["unplaced"]
    session.undo()
    assert session.build.placements == {"CPU1_DIMM_A2": "ddr5-64", "CPU1_DIMM_A1": "ddr5-64"}
    session.redo()
    assert session.build.snapshot() == applied
    session.undo()
    assert session.build.placements == {"CPU1_DIMM_A2": "ddr5-64", "CPU1_DIMM_A1": "ddr5-64"}
