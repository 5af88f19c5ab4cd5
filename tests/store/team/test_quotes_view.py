"""The GUI's Quotes view on one store from two windows (issue 28): a quote issued in one appears in
the other within 2 s (on PostgreSQL through the quotes trigger's NOTIFY, with no polling; on SQLite
by polling); a refusal is shown in the view, in words, and nothing is lost."""

from __future__ import annotations

import getpass
from decimal import Decimal
from pathlib import Path

import pytest

from configurator.core.session import Session
from configurator.qt.views.quotes_view import QuotesDialog
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog

BUILD = Path(__file__).parents[3] / "examples" / "hgx-h100-8gpu.json"


@pytest.fixture(scope="module")
def session_factory():
    catalog = default_catalog()
    return lambda: Session(catalog, load_build(BUILD, catalog), BUILD)


def test_a_quote_issued_in_one_window_appears_in_the_other_within_2_s(qtbot, team, session_factory):
    if team.engine == "postgresql":
        team.user("alice", "sales", limit="10")
        team.user("bob", "viewer")
        url_a, url_b = team._user_url("alice"), team._user_url("bob")
    else:
        url_a = url_b = team.url
    a = QuotesDialog(session_factory(), store_url=url_a)
    b = QuotesDialog(session_factory(), store_url=url_b)
    for view in (a, b):
        qtbot.addWidget(view)
        view.show()
    assert a.store is not None and b.store is not None, (a.where.text(), b.where.text())
    if team.engine == "postgresql":         # listening, not polling
        assert b.live is not None and not b.timer.isActive() and b.seat is not None and b.seat.online
    else:
        assert b.live is None and b.timer.isActive()
    a.act("create")
    a.table.selectRow(0)
    a.act("issue")
    number = a.selected().number if a.selected() else None
    assert number and number.startswith("Q-"), a.message.text()
    qtbot.waitUntil(lambda: any(q.number == number for q in b._shown), timeout=2000)
    row = [q.number for q in b._shown].index(number)
    assert b.table.item(row, 0).text() == number
    if team.engine == "postgresql":
        assert b.notified >= 1 and not b.timer.isActive()


def test_a_refusal_is_shown_in_words_and_the_build_is_kept(qtbot, tmp_path, session_factory):
    from configurator.store.team import connect, users

    url = f"sqlite:///{tmp_path / 'store.sqlite'}"
    catalog = default_catalog()
    build = load_build(BUILD, catalog)
    build = build.model_copy(update={"commercial": build.commercial.model_copy(update={"discount_pct": Decimal(15)})})
    session = Session(catalog, build, BUILD)
    before = session.build.model_dump_json()
    users.add_user(connect.open_store(url, actor="admin"), getpass.getuser(), "sales", discount_limit_pct=Decimal(10))
    view = QuotesDialog(session, store_url=url)
    qtbot.addWidget(view)
    view.act("create")
    view.table.selectRow(0)
    view.act("issue")
    assert "approver" in view.message.text(), view.message.text()
    assert view.selected().status == "draft" and view.selected().number is None
    assert session.build.model_dump_json() == before
