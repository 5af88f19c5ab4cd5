"""A double-width card is drawn over its own slot and the slot it blocks, nothing else (issue 30:
in the R760xa's last left slot it covered the whole PCIe area and took every slot's clicks)."""

from __future__ import annotations

import pytest

from configurator.core.build import Build
from configurator.core.session import Session
from configurator.qt.chassis.slot_item import SlotItem
from configurator.store.catalogs import load_catalog

CHASSIS = "dell-poweredge-r760xa"      # catalogs/chassis.toml: FRONT1/3/5/7 (x16 DW) block FRONT2/4/6/8


@pytest.fixture(scope="module")
def real_catalog():
    return load_catalog()


def test_a_wide_card_covers_only_its_slot_and_the_one_it_blocks(qtbot, real_catalog):
    from configurator.qt.app import make_app
    from configurator.qt.window.main_window import MainWindow

    make_app()
    chassis = real_catalog.get(CHASSIS)
    blocks = {s.id: s.blocks for s in chassis.pcie_slots if s.blocks}
    assert set(blocks) == {"FRONT1", "FRONT3", "FRONT5", "FRONT7"}
    gpu = next(p for p in real_catalog.parts.values()
               if p.category == "gpu" and p.form_factor == "pcie" and p.slot_width == 2)
    win = MainWindow(Session(real_catalog, Build(chassis=CHASSIS)))
    qtbot.addWidget(win, before_close_func=lambda w: [d.session.mark_clean() for d in w.documents.documents])
    win.show()
    for sid in blocks:
        assert win.view.place(sid, gpu.id), sid
    items = win.view.slot_items
    for sid, blocked in blocks.items():
        expected = items[sid].rect
        for b in blocked:
            expected = expected.united(items[b].rect)
        assert items[sid].extent == expected, (sid, items[sid].extent, expected)
        others = [o for o in items if o != sid and o not in blocked]
        assert not [o for o in others if items[sid].extent.intersects(items[o].rect)], sid
    # a click on a rear slot lands on that slot, not on a card drawn over it
    for sid in ("REAR1", "REAR4", "OCP1"):
        at = items[sid].rect.center()
        top = next(i for i in win.view.scene().items(at) if isinstance(i, SlotItem))
        assert top.slot.id == sid
