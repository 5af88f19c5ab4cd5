"""An edit updates the Problems rows in place: the same items and Apply-fix buttons show the new
words (a rebuilt tree re-lays-out and repaints the whole dock on every edit), and rows come and go
with the violations, each showing its own."""

from __future__ import annotations

import pytest

from configurator.core.ops import Place, Remove
from configurator.core.session import Session
from configurator.qt.panels.problems import ViolationsPanel
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.words.problems import fix_text, text


@pytest.fixture(scope="module")
def real_catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def _rows(panel: ViolationsPanel) -> list[str]:
    tree = panel.tree
    return [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]


def _expected(panel: ViolationsPanel) -> list[str]:
    out = []
    for v in panel.violations:
        message, fix = text(v), fix_text(v.fix)
        out.append(message + (f"\n→ {fix}" if fix else ""))
    return out


def _buttons(panel: ViolationsPanel) -> list:
    tree = panel.tree
    return [tree.itemWidget(tree.topLevelItem(i), 1) for i in range(tree.topLevelItemCount())]


def test_a_changed_message_reuses_its_row_and_button(qtbot, real_catalog):
    build = load_build(paths.examples_dir() / "hgx-h100-8gpu.json")
    session = Session(real_catalog, build)
    panel = ViolationsPanel(session)
    qtbot.addWidget(panel)
    items = [panel.tree.topLevelItem(i) for i in range(panel.tree.topLevelItemCount())]
    buttons = _buttons(panel)
    before = _rows(panel)
    session.apply(Place(slot="AUX1", part="nvidia-cx7-mcx75310aas-neat"))   # +1 NIC: 116 % -> 117 %
    assert _rows(panel) == _expected(panel) != before
    assert [panel.tree.topLevelItem(i) for i in range(panel.tree.topLevelItemCount())] == items
    assert _buttons(panel) == buttons
    assert sum(b is not None for b in buttons) == sum(bool(v.fix and v.fix.ops) for v in panel.violations)


def test_rows_come_and_go_with_the_violations(qtbot, real_catalog):
    build = load_build(paths.examples_dir() / "hgx-h100-8gpu.json")
    session = Session(real_catalog, build)
    panel = ViolationsPanel(session)
    qtbot.addWidget(panel)
    psus = sorted(s for s in build.placements if s.startswith("PSU"))
    for slot in psus[1:]:                      # fewer PSUs: more problems, with fixes
        session.apply(Remove(slot=slot))
        assert _rows(panel) == _expected(panel)
        for button, v in zip(_buttons(panel), panel.violations, strict=True):
            assert (button is not None) == bool(v.fix and v.fix.ops)
    fixable = [i for i, v in enumerate(panel.violations) if v.fix and v.fix.ops]
    assert fixable                             # e.g. "add PSUs into the free bays"
    before, fixed = session.build.model_dump(), panel.violations[fixable[0]]
    _buttons(panel)[fixable[0]].click()        # a reused button applies its own row's fix
    assert session.build.model_dump() != before and fixed not in panel.violations
    for _ in range(len(psus)):
        session.undo()
        assert _rows(panel) == _expected(panel)
        for button, v in zip(_buttons(panel), panel.violations, strict=True):
            assert (button is not None) == bool(v.fix and v.fix.ops)
