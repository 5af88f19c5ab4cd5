"""The Problems panel, its fixes and the drop refusals read in Chinese when the app is in Chinese."""

from __future__ import annotations

import re

import pytest

from configurator.qt.window import language_menu as language
from configurator.words import say
from configurator.words.problems import fix_text

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese(qapp):
    from configurator.qt.app import make_app

    make_app()
    yield language.install(qapp, "zh_CN")
    language.install(qapp, "en")


def _rows(win) -> list[str]:
    tree = win.violations.tree
    return [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]


def test_problems_and_fixes_are_chinese(chinese, make_window, qtbot):
    win = make_window()          # an empty chassis: no CPU, memory, PSU, cooling, drives
    qtbot.waitUntil(lambda: win.violations.tree.topLevelItemCount() > 0, timeout=5000)
    rows = _rows(win)
    assert len(rows) >= 3
    for row in rows:
        message, _, fix = row.partition("\n→ ")
        assert CJK.search(message) and (not fix or CJK.search(fix)), row
    assert "错误" in win.violations.summary.text()


def test_applying_a_fix_reports_it_in_chinese(chinese, make_window, qtbot):
    win = make_window()
    qtbot.waitUntil(lambda: win.violations.tree.topLevelItemCount() > 0, timeout=5000)
    shown: list[str] = []
    win.violations.message.connect(shown.append)
    index = next(i for i, v in enumerate(win.violations.violations) if v.fix and v.fix.ops)
    fix = fix_text(win.violations.violations[index].fix)
    assert win.violations.apply_fix(index)
    assert CJK.search(fix) and shown and fix in shown[-1], shown


def test_drop_refusal_is_chinese(chinese, make_window):
    win = make_window()
    shown: list[str] = []
    win.view.message.connect(shown.append)
    dimm = next(p for p in win.session.catalog.parts.values() if p.category == "dimm")
    from configurator.core.placement import can_place

    why = can_place(win.session.build, win.session.catalog, "GPU1", dimm.id)[1]
    assert not win.view.place("GPU1", dimm.id)
    reason = say(why)
    assert CJK.search(reason) and shown and reason in shown[-1], (why, shown)


def test_rows_show_the_whole_message_and_fix(chinese, make_window, qtbot):
    """A long Chinese message wraps to three or more lines; its row must be tall enough for the fix too."""
    from PySide6.QtCore import QRect, Qt

    win = make_window()
    win.resize(1366, 768)
    tree = win.violations.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=5000)
    qtbot.wait(50)
    width = tree.header().sectionSize(0) - 36
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        need = tree.fontMetrics().boundingRect(QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap),
                                               item.text(0)).height()
        assert tree.visualItemRect(item).height() >= need, item.text(0)
