"""The palette widget round trip: keyboard, mouse, drag payload, tooltips and the chassis's fit,
acted on the widget and asserted on the model (and the reverse)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from configurator.core.build import Build
from configurator.core.ops import SetChassis
from configurator.core.session import Session
from configurator.qt.chassis.drag_mime import PART_MIME, part_from_mime
from configurator.qt.palette.palette_dock import Palette
from configurator.qt.palette.roles import COLLAPSED_ROLE, FITS_ROLE, PART_CATEGORY_ROLE, PART_ROLE


@pytest.fixture
def palette(qtbot, catalog):
    pal = Palette(Session(catalog, Build(chassis="pcie-2u")))
    qtbot.addWidget(pal)
    pal.resize(320, 700)
    pal.show()
    qtbot.waitExposed(pal)
    return pal


def _first_header(pal):
    return pal.model.index(pal.model.header_rows()[0], 0)


def test_enter_and_double_click_ask_to_place_the_part(palette, qtbot):
    assert palette.select_part("h100-pcie")
    with qtbot.waitSignal(palette.place_requested) as got:
        QTest.keyClick(palette.tree, Qt.Key.Key_Return)
    assert got.args == ["h100-pcie"]
    index = palette.model.index_of("h100-sxm")
    with qtbot.waitSignal(palette.place_requested) as got:
        palette.tree.doubleClicked.emit(index)
    assert got.args == ["h100-sxm"]


def test_headers_fold_by_key_and_click_and_parts_return(palette):
    all_parts = palette.visible_parts()
    gpus = [p for p in all_parts if palette.model.index_of(p).data(PART_CATEGORY_ROLE) == "gpu"]
    head = _first_header(palette)
    palette.tree.setCurrentIndex(head)
    QTest.keyClick(palette.tree, Qt.Key.Key_Left)                # fold
    assert palette.model.index(0, 0).data(COLLAPSED_ROLE) and set(palette.visible_parts()) == set(all_parts) - set(gpus)
    assert palette.model.index(0, 0).data().endswith(f"({len(gpus)})")
    QTest.keyClick(palette.tree, Qt.Key.Key_Right)               # open
    assert palette.visible_parts() == all_parts
    QTest.keyClick(palette.tree, Qt.Key.Key_Return)              # Enter on a header folds it too
    assert palette.model.index(0, 0).data(COLLAPSED_ROLE)
    rect = palette.tree.visualRect(palette.model.index(0, 0))
    port, left = palette.tree.viewport(), Qt.MouseButton.LeftButton
    QTest.mouseClick(port, left, pos=rect.center())
    assert palette.model.index(0, 0).data(COLLAPSED_ROLE)        # a click on the title only makes it current
    QTest.mouseClick(port, left, pos=QPoint(rect.left() + 6, rect.center().y()))
    assert palette.visible_parts() == all_parts                  # a click on the arrow opens it
    QTest.mouseDClick(port, left, pos=rect.center())
    assert palette.model.index(0, 0).data(COLLAPSED_ROLE)        # a double click folds once


def test_keyboard_moves_through_rows(palette, qtbot):
    palette.tree.setFocus()
    qtbot.waitUntil(palette.tree.hasFocus)
    assert palette.current_part() == palette.visible_parts()[0]
    QTest.keyClick(palette.tree, Qt.Key.Key_Down)
    assert palette.current_part() == palette.visible_parts()[1]
    QTest.keyClick(palette.tree, Qt.Key.Key_Up)
    QTest.keyClick(palette.tree, Qt.Key.Key_Up)
    assert palette.tree.currentIndex() == _first_header(palette)
    QTest.keyClick(palette.tree, Qt.Key.Key_End)
    assert palette.tree.currentIndex().row() == palette.model.rowCount() - 1
    assert palette.current_part() == palette.visible_parts()[-1]
    QTest.keyClick(palette.tree, Qt.Key.Key_Home)
    assert palette.tree.currentIndex().row() == 0
    palette.select_part("h100-sxm")
    QTest.keyClick(palette.tree, Qt.Key.Key_Left)                # from a part up to its header
    assert palette.tree.currentIndex() == _first_header(palette)


def test_tabbing_in_lands_on_the_first_part(palette, qtbot):
    palette.search.setFocus()
    qtbot.waitUntil(palette.search.hasFocus)
    QTest.keyClick(palette.search, Qt.Key.Key_Tab)    # search → vendor → form → fits → parts
    for widget in (palette.vendor, palette.form, palette.fits):
        if palette.tree.hasFocus():
            break
        QTest.keyClick(widget, Qt.Key.Key_Tab)
    qtbot.waitUntil(palette.tree.hasFocus)
    assert palette.current_part() == palette.visible_parts()[0]
    QTest.keyClick(palette.tree, Qt.Key.Key_Tab)       # Tab leaves the list (no cell-to-cell tabbing)
    assert not palette.tree.hasFocus()


def test_drag_carries_the_part_id_and_a_header_carries_nothing(palette):
    model = palette.model
    assert model.supportedDragActions() == Qt.DropAction.CopyAction and model.mimeTypes() == [PART_MIME]
    index = model.index_of("h100-sxm")
    assert model.flags(index) & Qt.ItemFlag.ItemIsDragEnabled
    assert part_from_mime(model.mimeData([index])) == "h100-sxm"
    assert model.mimeData([_first_header(palette)]) is None
    assert not model.flags(_first_header(palette)) & Qt.ItemFlag.ItemIsSelectable


def test_tooltips_and_grey_follow_the_chassis(palette):
    sxm = palette.model.index_of("h100-sxm")
    assert not sxm.data(FITS_ROLE) and "PCIe slots only" in sxm.data(Qt.ItemDataRole.ToolTipRole)
    pcie = palette.model.index_of("h100-pcie")
    assert pcie.data(FITS_ROLE) and "✗" not in pcie.data(Qt.ItemDataRole.ToolTipRole)
    assert "<b>NVIDIA H100 PCIe 80GB</b>" in pcie.data(Qt.ItemDataRole.ToolTipRole)
    palette.fits.setChecked(True)
    assert "h100-sxm" not in palette.visible_parts() and "h100-pcie" in palette.visible_parts()
    palette.session.apply(SetChassis(chassis="hgx-8u"))          # a new chassis: fit and filter re-run
    assert "h100-sxm" in palette.visible_parts()
    assert palette.model.index_of("h100-sxm").data(FITS_ROLE)
    palette.session.undo()
    assert "h100-sxm" not in palette.visible_parts()


def test_a_part_hidden_by_the_filter_cannot_be_selected(palette):
    palette.search.setText("h100")
    assert not palette.select_part("xeon-8480") and palette.select_part("h100-pcie")
    palette.search.setText("h100 pcie")
    assert palette.current_part() == "h100-pcie"                 # kept through the filter change
    palette.search.setText("sxm")
    assert palette.current_part() is None and palette.model.index_of("h100-pcie").row() == -1
    assert all(palette.model.index(r, 0).data(PART_ROLE) or r in palette.model.header_rows()
               for r in range(palette.model.rowCount()))


def test_selecting_a_part_opens_its_folded_category_only_if_the_filter_shows_it(palette):
    palette.tree.setCurrentIndex(_first_header(palette))
    QTest.keyClick(palette.tree, Qt.Key.Key_Left)
    palette.search.setText("xeon")
    assert not palette.select_part("h100-sxm") and "h100-sxm" not in palette.visible_parts()
    palette.search.clear()
    assert palette.model.index(0, 0).data(COLLAPSED_ROLE)      # still folded
    assert palette.select_part("h100-sxm") and palette.current_part() == "h100-sxm"
    assert not palette.model.index(0, 0).data(COLLAPSED_ROLE)
