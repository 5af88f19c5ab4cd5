"""Offline-first seats (issue 28) on a real PostgreSQL that the tests stop and start again: a
draft made while the server is down is kept in the seat's local copy, and appears on the server
exactly once when it returns, also when a sync is cut off after the server took the draft and is
repeated; numbers and approvals stay the server's; price lists are copied with the time of the sync.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
import team_server as postgres_server  # packaging/, on the path from conftest.py
from sqlalchemy import func, select

from configurator.core.message import Msg
from configurator.store.team import connect, prices, quotes, users
from configurator.store.team import schema as t
from configurator.store.team.connect import StoreError
from configurator.store.team.offline import Seat, local_path
from configurator.words.render import say

FIELDS = {"title": "8x H100 for ACME", "build_json": "{}", "currency": "USD", "subtotal": Decimal("1000.00"),
          "lines": [quotes.Line("gpu-h100-sxm5-80gb", "H100", 8, Decimal("125.00"))], "customer": "ACME"}


def _pdf(_quote: quotes.Quote, number: str, _build: str) -> bytes:
    return f"%PDF {number}".encode()


@pytest.fixture(scope="module")
def server() -> Iterator[postgres_server.Server]:
    """A server of this module's own: stopping it leaves the other tests' server alone."""
    try:
        own = postgres_server.start()
    except RuntimeError as exc:
        pytest.skip(f"no PostgreSQL for the offline-seat tests: {exc}")
    yield own
    own.stop()


@pytest.fixture
def team(server, tmp_path, monkeypatch, request) -> Iterator[tuple[connect.Store, str]]:
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    db = f"off_{request.node.name[5:40]}"
    admin = connect.open_store(postgres_server.fresh_database(server, db))
    users.add_user(admin, "alice", "sales", discount_limit_pct=Decimal(10))
    prices_csv = tmp_path / "q1.csv"
    prices_csv.write_text("part_id,price,cost\ngpu-h100-sxm5-80gb,125.00,90.00\n")
    prices.import_price_list(admin, prices_csv, name="Distributor Q1", currency="USD")
    yield admin, server.url(user="alice", db=db)
    admin.close()


@pytest.fixture
def down(server) -> Iterator[None]:
    """The server stopped for the test's first part; started again however that part ends."""
    server.halt()
    try:
        yield
    finally:
        if not _up(server):
            server.resume()


def _up(server: postgres_server.Server) -> bool:
    import psycopg

    try:
        psycopg.connect(f"host=127.0.0.1 port={server.port} user=postgres dbname=postgres", connect_timeout=2).close()
    except psycopg.OperationalError:
        return False
    return True


def _on_server(admin: connect.Store, quote_id: str) -> int:
    with admin.begin() as conn:
        return int(conn.execute(select(func.count()).select_from(t.quotes).where(t.quotes.c.id == quote_id))
                   .scalar_one())


def test_a_draft_made_while_the_server_is_down_appears_on_it_once_after_it_returns(server, team):
    admin, url = team
    seat = Seat(url)
    assert seat.connect() and seat.online
    first = seat.sync()
    assert (first.sent, first.price_lists) == (0, 1) and seat.synced_at() == first.at
    assert local_path(url).is_file() and "alice" not in local_path(url).name

    server.halt()
    try:
        draft = seat.create_draft(**FIELDS)            # the server went away under the open seat
        assert not seat.online and seat.store is seat.local
        assert [q.id for q in seat.waiting()] == [draft.id]
        edited = seat.edit_draft(draft.id, discount_pct=Decimal(5))
        assert edited.total == Decimal("950.00")
        copy = quotes.duplicate(seat.store, draft.id)            # any new draft on the copy is queued
        assert [q.id for q in seat.waiting()] == [draft.id, copy.id]
        # numbers and approvals are the server's: refused in words, the draft kept
        for move in (lambda: quotes.issue(seat.store, draft.id, _pdf, catalog_version="test"),
                     lambda: quotes.submit(seat.store, draft.id), lambda: quotes.approve(seat.store, draft.id)):
            with pytest.raises(StoreError) as refused:
                move()
            assert refused.value.msg.id == "store.server-only"
            assert "sync" in say(refused.value.msg) and url.split("@")[1] in say(refused.value.msg)
        with pytest.raises(StoreError) as unreachable:
            seat.sync()
        assert unreachable.value.msg.id == "store.unreachable"
        assert [q.id for q in seat.waiting()] == [draft.id, copy.id]
        # the price lists as of the last sync, prices without cost
        copied = prices.price_history(seat.local, part_id="gpu-h100-sxm5-80gb")
        assert [(r["price"], r["list"]) for r in copied] == [("125.00", "Distributor Q1")]
        with seat.local.begin() as conn:
            assert conn.execute(select(t.price_entries.c.cost)).scalars().all() == [None]
    finally:
        server.resume()

    done = seat.sync()
    assert (done.sent, done.kept, done.failed) == (2, 0, {}) and done.at >= first.at
    assert seat.online and seat.waiting() == []
    assert _on_server(admin, draft.id) == 1 and _on_server(admin, copy.id) == 1
    there = quotes.get(admin, draft.id)
    assert (there.owner, there.status, there.discount_pct, there.total, there.customer) == \
        ("alice", "draft", Decimal("5.00"), Decimal("950.00"), "ACME")
    assert [ln.qty for ln in quotes.lines(admin, draft.id)] == [8]
    # back on the server the seat issues it there: a number from the server's counter
    issued = quotes.issue(seat.store, draft.id, _pdf, catalog_version="test")
    assert issued.number == f"Q-{issued.issued_at.year}-0001"
    assert seat.sync().sent == 0 and _on_server(admin, draft.id) == 1
    seat.close()


def test_a_sync_cut_off_after_the_server_took_the_draft_and_repeated_sends_it_once(server, team, down, monkeypatch):
    admin, url = team
    seat = Seat(url)
    assert not seat.connect() and seat.reason is not None
    draft = seat.create_draft(**FIELDS)
    server.resume()

    def cut_off(_self: Seat, _quote_id: str) -> None:
        raise ConnectionResetError("the seat died before it heard back")

    with monkeypatch.context() as m:
        m.setattr(Seat, "_sent", cut_off)
        with pytest.raises(ConnectionResetError):
            seat.sync()
    assert _on_server(admin, draft.id) == 1                   # the server took it …
    assert [q.id for q in seat.waiting()] == [draft.id]       # … the seat never heard

    again = seat.sync()
    assert (again.sent, again.kept) == (0, 1)
    assert _on_server(admin, draft.id) == 1 and seat.waiting() == []
    with admin.begin() as conn:
        inserts = conn.execute(select(func.count()).select_from(t.audit_log).where(
            (t.audit_log.c.entity == "quotes") & (t.audit_log.c.entity_id == draft.id)
            & (t.audit_log.c.action == "insert"))).scalar_one()
    assert inserts == 1
    seat.close()


def test_a_draft_edited_offline_after_a_sync_reaches_the_server_in_its_latest_version(server, team, down):
    admin, url = team
    seat = Seat(url)
    draft = seat.create_draft(**FIELDS)
    seat.edit_draft(draft.id, title="8x H100, rev. by phone")
    server.resume()
    assert seat.sync().sent == 1
    assert quotes.get(admin, draft.id).title == "8x H100, rev. by phone"
    # a quote that is not in the local copy cannot be changed while the server is away
    server.halt()
    try:
        seat.lost(StoreError(Msg("store.unreachable", detail="test")))
        with pytest.raises(StoreError) as refused:
            seat.edit_draft(draft.id, title="x")
        assert refused.value.msg.id == "store.offline-not-here"
    finally:
        server.resume()
    seat.close()


def test_the_quotes_view_works_on_offline_and_sends_the_draft_when_the_server_returns(qtbot, server, team):
    from pathlib import Path

    from configurator.core.session import Session
    from configurator.qt.views.quotes_view import QuotesDialog
    from configurator.store.build_files import load_build
    from configurator.store.catalogs import default_catalog

    admin, url = team
    build_file = Path(__file__).parents[3] / "examples" / "hgx-h100-8gpu.json"
    catalog = default_catalog()
    view = QuotesDialog(Session(catalog, load_build(build_file, catalog), build_file), store_url=url)
    qtbot.addWidget(view)
    view.show()
    assert view.seat is not None and view.seat.online and view.live is not None
    assert view.sync_line.text() == "price lists synced just now"

    server.halt()
    try:
        view.act("create")                                     # the server went away under the open view
        assert view.seat.online is False and view.live is None and view.store is view.seat.local
        assert view.where.text().startswith("Offline: ") and view.seat.shown in view.where.text()
        assert view.sync_line.text() == "price lists synced just now · 1 quote waiting to sync"
        assert view.table.rowCount() == 1 and view.table.item(0, 0).text() == "(draft, waiting to sync)"
        draft = view._shown[0]
        view.table.selectRow(0)
        view.act("issue")
        assert "only there" in view.message.text() and "configurator store sync" in view.message.text()
        assert view.selected() is not None and view.selected().number is None
        before = view.seat.waiting()[0].updated_at
        view.act("update")                                     # re-priced offline: still one draft waiting
        assert [q.id for q in view.seat.waiting()] == [draft.id] and view.seat.waiting()[0].updated_at > before
        view._tick()                                           # the server is still away: nothing changes
        assert not view.seat.online and len(view.seat.waiting()) == 1
    finally:
        server.resume()

    view._tick()                                               # what the 10 s clock does
    assert view.seat.online and view.live is not None and view.seat.waiting() == []
    assert view.sync_line.text() == "price lists synced just now"
    assert "1 draft made offline sent to the server" in view.message.text()
    assert _on_server(admin, draft.id) == 1
    assert [q.id for q in view._shown] == [draft.id] and view.table.item(0, 0).text() == "(draft)"
    view.close()


def test_the_command_line_keeps_drafts_offline_refuses_numbers_and_syncs(server, team, down, capsys):
    import json
    from pathlib import Path

    from configurator.launch import main

    admin, url = team
    build = str(Path(__file__).parents[3] / "examples" / "hgx-h100-8gpu.json")
    assert main(["quotes", "create", build, "--customer", "ACME", "--store", url, "--json"]) == 0
    out, err = capsys.readouterr()
    draft = json.loads(out)
    assert draft["status"] == "draft" and "offline" in err and "configurator store sync" in err
    assert main(["quotes", "update", draft["id"], build, "--store", url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == draft["id"]
    assert main(["quotes", "issue", draft["id"], "--store", url]) == 2
    err = capsys.readouterr().err
    assert "a quote becomes issued only there" in err and err.count("\n") == 2 and "Traceback" not in err
    assert main(["store", "status", "--store", url, "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert (status["online"], status["waiting"]) == (False, [draft["id"]])
    assert main(["store", "sync", "--store", url]) == 2
    assert "quotes waiting on this computer: 1" in capsys.readouterr().err

    server.resume()
    assert main(["store", "sync", "--store", url, "--json"]) == 0
    synced = json.loads(capsys.readouterr().out)
    assert (synced["sent"], synced["already_sent"], synced["failed"], synced["price_lists"]) == (1, 0, {}, 1)
    assert _on_server(admin, draft["id"]) == 1
    assert main(["store", "status", "--store", url, "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["online"] and status["waiting"] == [] and status["prices_synced_at"] == synced["synced_at"]
    assert status["quotes"] == {"draft": 1}
