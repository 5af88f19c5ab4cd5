"""Palette search over a distributor-sized catalog: the index's filter (incremental while typing
on, answers kept for typing back) gives the same rows as the plain rule (every word in the part's
search text, and vendor, form factor, 'fits' as chosen), each category's header above its parts."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from configurator.core.build import Build
from configurator.core.session import Session
from configurator.qt.palette.palette_dock import Palette
from configurator.qt.palette.roles import FITS_ROLE, FORM_ROLE, PART_CATEGORY_ROLE, PART_ROLE, SEARCH_ROLE, VENDOR_ROLE
from configurator.store import paths
from configurator.store.catalog_cache import CatalogCache
from configurator.store.catalogs import load_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog  # noqa: E402


@pytest.fixture(scope="module")
def palette(tmp_path_factory, qapp):
    work = tmp_path_factory.mktemp("big")
    write_big_catalog(work / "user", 3_000)
    catalog = load_catalog([paths.catalog_dir(), work / "user"], [paths.price_dir()],
                           cache=CatalogCache(work / "cache"))
    pal = Palette(Session(catalog, Build(chassis="hgx-8u")))
    yield pal
    pal.deleteLater()


@pytest.fixture(scope="module")
def every_part(palette):
    """Each part's (search text, vendor, form factor, fits), read from the unfiltered rows."""
    _filter(palette, "", "", "", False)
    model = palette.model
    rows = {}
    for r in range(model.rowCount()):
        index = model.index(r, 0)
        if index.data(PART_ROLE):
            rows[index.data(PART_ROLE)] = tuple(index.data(role) for role in (SEARCH_ROLE, VENDOR_ROLE, FORM_ROLE,
                                                                               FITS_ROLE))
    # every part of a category the palette lists (not chassis, switches or accessories such as the
    # rails and cords the catalog grew): a share of the 3,000 generated that follows the catalog's mix
    listed = [p for p in palette.session.catalog.parts.values() if p.category not in ("chassis", "switch", "accessory")]
    assert len(rows) == len(listed) > 1_500
    return rows


def _filter(pal, text: str, vendor: str, form: str, fits: bool) -> None:
    """Set the filters as a user does, through the palette's own widgets."""
    pal.vendor.setCurrentIndex(pal.vendor.findData(vendor))
    pal.form.setCurrentIndex(pal.form.findData(form))
    pal.fits.setChecked(fits)
    pal.search.setText(text)


def _expected(every_part, text: str, vendor: str, form: str, fits: bool) -> set[str]:
    words = text.lower().split()
    return {part for part, (search, v, f, ok) in every_part.items()
            if all(w in search for w in words) and (not vendor or v == vendor) and (not form or f == form)
            and (ok or not fits)}


def _check_rows(pal) -> None:
    """Every header has its parts right under it (none empty), and every part sits under its own header."""
    model, category = pal.model, None
    for r in range(model.rowCount()):
        index = model.index(r, 0)
        if index.data(PART_ROLE):
            assert category is not None and index.data(PART_CATEGORY_ROLE) == category
        else:
            assert r + 1 < model.rowCount() and model.index(r + 1, 0).data(PART_ROLE), index.data()
            category = index.data(PART_CATEGORY_ROLE)


@pytest.mark.parametrize("text,vendor,form,fits", [
    ("h100", "", "", False),
    ("H100 sxm", "", "", False),           # words in any order and case
    ("sxm h100", "NVIDIA", "", True),
    ("epyc u7", "AMD", "", False),
    ("80 gb", "", "", True),
    ("", "Intel", "", False),
    ("(.*)+[", "", "", False),              # regex syntax in the search box is text
    ("no-such-part-anywhere", "", "", False),
])
def test_filter_matches_the_plain_rule(palette, every_part, text, vendor, form, fits):
    _filter(palette, text, vendor, form, fits)
    want = _expected(every_part, text, vendor, form, fits)
    assert set(palette.visible_parts()) == want
    _check_rows(palette)
    if not want:
        assert palette.model.rowCount() == 0 and palette.category_rows() == []   # no empty category headers
    _filter(palette, "", "", "", False)
    assert set(palette.visible_parts()) == set(every_part)


def test_form_factor_filter(palette, every_part):
    form = sorted({f for _, _, f, _ in every_part.values() if f})[0]
    _filter(palette, "", "", form, False)
    assert set(palette.visible_parts()) == _expected(every_part, "", "", form, False) != set()
    _filter(palette, "", "", "", False)


def test_typing_on_and_back_matches_the_plain_rule(palette, every_part):
    """Typing on narrows from the last answer; deleting widens again (from a kept answer)."""
    for text in ["e", "ep", "epy", "epyc", "epyc 9", "epyc 96", "epyc 9", "epy", "", "memory", "dimm",
                 "gb\x1f", "\x1e", "gpus h100", "gpus h100 nvl", "gpus h100", "h100 gpus", "100 h1"]:
        _filter(palette, text, "", "", False)
        want = _expected(every_part, text.replace("\x1f", " ").replace("\x1e", " "), "", "", False)
        assert set(palette.visible_parts()) == want, text
        _check_rows(palette)
    _filter(palette, "", "", "", False)


def test_category_headers_count_and_fold(palette, every_part):
    """A header says how many parts the filter shows; folding hides them and keeps the count."""
    _filter(palette, "h100", "", "", False)
    gpus = sum(1 for p in palette.visible_parts() if p in every_part and "gpus" in every_part[p][0])
    head = palette.model.index(0, 0)
    assert not head.data(PART_ROLE) and f"({gpus} of " in head.data()
    palette.tree.setCurrentIndex(head)
    QTest.keyClick(palette.tree, Qt.Key.Key_Left)
    assert palette.model.index(0, 0).data() == head.data() and palette.model.index(1, 0).data(PART_ROLE) is None
    assert len(palette.visible_parts()) == len(_expected(every_part, "h100", "", "", False)) - gpus
    first_gpu = next(p for p in sorted(_expected(every_part, "h100", "", "", False)) if "gpus" in every_part[p][0])
    assert palette.select_part(first_gpu) and palette.current_part() == first_gpu   # opens the category
    assert len(palette.visible_parts()) == len(_expected(every_part, "h100", "", "", False))
    _filter(palette, "", "", "", False)
    assert palette.current_part() == first_gpu        # the current part outlives the filter change


def test_a_keystroke_asks_the_model_about_the_rows_on_screen_only(palette, monkeypatch, qtbot):
    """Fixed-height rows: the view lays out a row count, not each row (a list view asks the model
    for every row's index on each layout: a Python call a row), and paints the rows on screen."""
    from configurator.qt.palette.rows_model import PaletteModel

    calls = {"rowCount": 0, "data": 0}
    for name in calls:
        original = getattr(PaletteModel, name)

        def counted(self, *args, _original=original, _name=name):
            calls[_name] += 1
            return _original(self, *args)
        monkeypatch.setattr(PaletteModel, name, counted)
    pal = Palette(Session(palette.session.catalog, Build(chassis="hgx-8u")))
    qtbot.addWidget(pal)
    pal.resize(320, 600)
    pal.show()
    qtbot.waitExposed(pal)
    on_screen = pal.tree.viewport().height() // pal.tree.verticalHeader().defaultSectionSize() + 1
    for text in ("e", "ep", "epyc"):
        calls.update(rowCount=0, data=0)
        pal.search.setText(text)
        qtbot.waitUntil(lambda: calls["data"] > 0)         # painted
        for _ in range(5):
            QApplication.processEvents()
        assert pal.model.rowCount() > 10 * on_screen
        assert calls["rowCount"] < 100 and calls["data"] < 12 * on_screen, (text, calls, on_screen)
