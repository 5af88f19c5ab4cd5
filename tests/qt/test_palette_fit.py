"""The palette's fit marks are the core's placement answer: for every part of the shipped catalog
and of a generated distributor-size one, in every shipped chassis, a part is greyed exactly when
`fits_chassis` says it cannot go in, its tooltip gives that answer's reason, and both follow a
change of chassis (and its undo); before the palette has asked about all parts at once (after the
first frame) and after."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from configurator.core.build import Build
from configurator.core.ops import SetChassis
from configurator.core.placement import fits_chassis
from configurator.core.session import Session
from configurator.qt.palette.palette_dock import Palette
from configurator.qt.palette.roles import FITS_ROLE, PART_ROLE
from configurator.store import paths
from configurator.store.catalog_cache import CatalogCache
from configurator.store.catalogs import load_catalog
from configurator.words import say

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog  # noqa: E402


@pytest.fixture(scope="module")
def shipped():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    work = tmp_path_factory.mktemp("generated")
    write_big_catalog(work / "user", 1_500)
    return load_catalog([paths.catalog_dir(), work / "user"], [paths.price_dir()], cache=CatalogCache(work / "cache"))


def _marks(palette) -> dict[str, bool]:
    """Each listed part's fit mark, read from the rows as the delegate does."""
    model = palette.model
    rows = (model.index(r, 0) for r in range(model.rowCount()))
    return {index.data(PART_ROLE): index.data(FITS_ROLE) for index in rows if index.data(PART_ROLE)}


def _check(palette, catalog, chassis_id: str, tooltips: bool) -> None:
    """The marks as rows painted before the palette's deferred work ask for them, then after it."""
    _check_marks(palette, catalog, chassis_id, tooltips)
    palette.settle()
    _check_marks(palette, catalog, chassis_id, tooltips)


def _check_marks(palette, catalog, chassis_id: str, tooltips: bool) -> None:
    chassis = catalog.chassis(chassis_id)
    marks = _marks(palette)
    assert len(marks) == len(palette.model.parts.ids)
    for part_id, fits in marks.items():
        ok, why = fits_chassis(catalog, chassis, catalog.get(part_id))
        assert fits is ok, (chassis_id, part_id)
        if tooltips and not ok:
            tip = palette.model.index_of(part_id).data(Qt.ItemDataRole.ToolTipRole)
            assert "✗ " + say(why) in tip, (chassis_id, part_id)


@pytest.mark.parametrize("which, chassis_count", [("shipped", None), ("generated", 4)])
def test_fit_marks_are_the_core_answer_for_every_part_in_every_chassis(which, chassis_count, request, qtbot):
    """Every shipped chassis with the shipped catalog; a few (shipped and generated) with the big one."""
    catalog = request.getfixturevalue(which)
    chassis_ids = [c.id for c in catalog.by_category("chassis")][:chassis_count]
    palette = Palette(Session(catalog, Build(chassis=chassis_ids[0])))
    qtbot.addWidget(palette)
    _check(palette, catalog, chassis_ids[0], tooltips=True)
    for chassis_id in chassis_ids[1:]:
        palette.session.apply(SetChassis(chassis=chassis_id))
        _check(palette, catalog, chassis_id, tooltips=which == "shipped")
    palette.session.undo()
    _check(palette, catalog, chassis_ids[-2], tooltips=False)


def test_the_fits_filter_lists_exactly_the_parts_that_fit(generated, qtbot):
    palette = Palette(Session(generated, Build(chassis="supermicro-sys-821ge-tnhr")))
    qtbot.addWidget(palette)
    fitting = {p for p, ok in _marks(palette).items() if ok}
    palette.fits.setChecked(True)
    assert set(palette.visible_parts()) == fitting and 0 < len(fitting) < len(palette.model.parts.ids)
    palette.session.apply(SetChassis(chassis="hgx-8u") if generated.chassis("hgx-8u") else
                          SetChassis(chassis=generated.by_category("chassis")[0].id))
    chassis = generated.chassis(palette.session.build.chassis)
    assert set(palette.visible_parts()) == {p for p in palette.model.parts.ids
                                            if fits_chassis(generated, chassis, generated.get(p))[0]}


def test_the_deferred_work_starts_after_the_first_paint_and_changes_no_mark(generated, qtbot):
    palette = Palette(Session(generated, Build(chassis="hgx-8u")))
    qtbot.addWidget(palette)
    before = _marks(palette)
    qtbot.wait(20)
    assert palette.model.parts.made == 0                  # not shown, not painted: nothing made yet
    palette.resize(320, 600)
    palette.show()
    qtbot.waitUntil(lambda: palette.model.parts.made == len(palette.model.parts.ids) and palette.model.fits_known)
    assert _marks(palette) == before
