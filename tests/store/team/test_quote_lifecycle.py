"""The quote lifecycle on SQLite and PostgreSQL: numbers, revisions, approvals, frozen snapshots, audit.

What teams ask of quoting tools (Odoo/OCA sale_order_revision, ERPNext, Dolibarr trackers; issue 28):
numbers that follow the company's mask and never repeat, an issued quote locked and changed only as a
revision (QUO-001-A) with the older PDFs kept, discount limits that editing after approval or
duplicating cannot bypass, an audit trail of who changed what.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import text

from configurator.store.team import quotes, users
from configurator.store.team.connect import StoreError

BUILD = json.dumps({"name": "8x H100", "chassis": "x"})
TODAY = date(2026, 12, 5)


def _pdf(quote: quotes.Quote, number: str, build_json: str) -> bytes:
    return f"%PDF-1.7 {number} {quote.total}".encode()


def _new(seat, discount: str = "0", title: str = "GPU server") -> quotes.Quote:
    return quotes.create(seat, title=title, build_json=BUILD, currency="USD", subtotal=Decimal("100000.00"),
                         discount_pct=Decimal(discount), customer="ACME",
                         lines=[quotes.Line("gpu-h100-sxm5-80gb", "H100", 8, Decimal("12000.00"))])


def _refused(code: str):
    return pytest.raises(StoreError, match=code)


def test_numbers_follow_the_mask_and_revisions_keep_the_number_with_a_letter(team):
    users.set_number_mask(team.admin, "QUO/{yy}{mm}/{user}/{seq:03}")
    alice = team.user("alice", "sales", limit="10")
    first = quotes.issue(alice, _new(alice).id, _pdf, catalog_version="c1", today=TODAY)
    second = quotes.issue(alice, _new(alice).id, _pdf, catalog_version="c1", today=TODAY)
    assert (first.number, second.number) == ("QUO/2612/ALI/001", "QUO/2612/ALI/002")
    assert first.status == "issued"

    rev = quotes.revise(alice, first.number)
    assert (rev.status, rev.revision, rev.number) == ("draft", 1, None)
    quotes.edit(alice, rev.id, discount_pct=Decimal("5"))
    rev_issued = quotes.issue(alice, rev.id, _pdf, catalog_version="c2", today=TODAY)
    assert rev_issued.number == "QUO/2612/ALI/001-A"
    assert quotes.get(alice, first.id).status == "superseded"
    # the older PDF is kept, byte for byte, and can be had by its number months later
    pdf, build, version = quotes.snapshot(alice, "QUO/2612/ALI/001")
    assert pdf == b"%PDF-1.7 QUO/2612/ALI/001 100000.00" and version == "c1" and json.loads(build)["name"] == "8x H100"
    assert quotes.snapshot(alice, "QUO/2612/ALI/001-A")[0].endswith(b"95000.00")
    assert [q.revision for q in quotes.revisions(alice, first.id)] == [0, 1]


def test_an_issued_quote_is_frozen_even_through_raw_sql(team):
    alice = team.user("alice", "sales", limit="10")
    issued = quotes.issue(alice, _new(alice).id, _pdf, catalog_version="c1", today=TODAY)
    with pytest.raises(StoreError):
        quotes.edit(alice, issued.id, discount_pct=Decimal("1"))
    with _refused("quote.issued-frozen"), alice.begin() as conn:
        conn.execute(text("UPDATE quotes SET total = 1 WHERE id = :id"), {"id": issued.id})
    with pytest.raises(StoreError), alice.begin() as conn:   # a trigger (SQLite), no grant (PostgreSQL)
        conn.execute(text("UPDATE quote_snapshots SET pdf = :b WHERE quote_id = :id"), {"b": b"x", "id": issued.id})
    assert quotes.get(alice, issued.id).total == Decimal("100000.00")
    won = quotes.close(alice, issued.number, "won")
    assert won.status == "won"
    with pytest.raises(StoreError):
        quotes.close(alice, issued.number, "lost")


def test_a_discount_over_the_limit_needs_an_approver(team):
    alice = team.user("alice", "sales", limit="10")
    bob = team.user("bob", "approver")
    q = _new(alice, discount="15")
    with pytest.raises(StoreError) as refused:
        quotes.issue(alice, q.id, _pdf, catalog_version="c1", today=TODAY)
    assert refused.value.msg.id == "quote.approval-required"
    assert quotes.get(alice, q.id).number is None            # no number was used
    quotes.submit(alice, q.id)
    with pytest.raises(StoreError):                          # nobody approves their own quote
        quotes.approve(alice, q.id)
    approved = quotes.approve(bob, q.id)
    assert (approved.status, approved.approved_by) == ("approved", "bob")
    issued = quotes.issue(alice, q.id, _pdf, catalog_version="c1", today=TODAY)
    assert issued.number == "Q-2026-0001"                    # the failed try left no gap


def test_a_price_change_after_approval_asks_again_also_on_a_duplicate(team):
    alice = team.user("alice", "sales", limit="10")
    bob = team.user("bob", "approver")
    q = _new(alice, discount="15")
    quotes.submit(alice, q.id)
    quotes.approve(bob, q.id)
    edited = quotes.edit(alice, q.id, discount_pct=Decimal("20"))
    assert (edited.status, edited.approved_by) == ("draft", None)
    with pytest.raises(StoreError):
        quotes.issue(alice, q.id, _pdf, catalog_version="c1", today=TODAY)

    again = _new(alice, discount="15")
    quotes.submit(alice, again.id)
    quotes.approve(bob, again.id)
    copy = quotes.duplicate(alice, again.id)
    assert (copy.status, copy.approved_by, copy.discount_pct) == ("draft", None, Decimal("15.00"))
    with pytest.raises(StoreError):
        quotes.issue(alice, copy.id, _pdf, catalog_version="c1", today=TODAY)
    # and raw SQL cannot issue it either, nor slip a price change past the approval in one statement
    with pytest.raises(StoreError), alice.begin() as conn:
        conn.execute(text("UPDATE quotes SET status = 'issued', number = 'FAKE-1' WHERE id = :id"), {"id": copy.id})
    with pytest.raises(StoreError), alice.begin() as conn:
        conn.execute(text("UPDATE quotes SET discount_pct = 40, status = 'issued', number = 'FAKE-2' "
                          "WHERE id = :id"), {"id": again.id})
    assert quotes.get(alice, again.id).discount_pct == Decimal("15.00")


def test_every_change_is_in_the_audit_log_with_who_and_when(team):
    alice = team.user("alice", "sales", limit="10")
    bob = team.user("bob", "approver")
    q = _new(alice, discount="12")
    quotes.submit(alice, q.id)
    quotes.approve(bob, q.id)
    quotes.issue(alice, q.id, _pdf, catalog_version="c1", today=TODAY)
    trail = quotes.audit_trail(team.admin, entity_id=q.id)
    actors = {row["actor"] for row in trail}
    assert {"alice", "bob"} <= actors, trail
    assert len(trail) >= 4 and all(row["at"] for row in trail)
    with pytest.raises(StoreError), alice.begin() as conn:
        conn.execute(text("DELETE FROM audit_log"))


def test_first_use_carries_the_single_seat_counter_over(tmp_path, monkeypatch):
    from configurator.store.team import connect

    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    (tmp_path / "home" / "data").mkdir(parents=True)
    (tmp_path / "home" / "data" / "quote-counter.json").write_text('{"format": 1, "years": {"2026": 7}}')
    seat = connect.open_store(f"sqlite:///{tmp_path / 'store.sqlite'}", actor="solo")
    try:
        issued = quotes.issue(seat, _new(seat).id, _pdf, catalog_version="c1", today=TODAY)
        assert issued.number == "Q-2026-0008"
    finally:
        seat.close()


@pytest.mark.parametrize("mask", ["Q-{yyyy}", "Q-{seq}-{seq}", "Q-{year}-{seq}", "x" * 61 + "{seq}"])
def test_a_bad_mask_is_refused_naming_it(team, mask):
    with pytest.raises(StoreError) as err:
        users.set_number_mask(team.admin, mask)
    assert err.value.msg.id.startswith("store.mask")
