"""Who may read what, enforced by PostgreSQL itself (grants, row-level security), and price lists.

Issue 28: a sales-engineer role cannot read cost or margin even with raw SQL; price lists by
customer group and validity dates, imported from a distributor's spreadsheet.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import text

from configurator.store.team import prices, quotes
from configurator.store.team.connect import StoreError

DISTRIBUTOR = Path(__file__).parents[2] / "fixtures" / "prices" / "distributor.csv"


def _quote(seat, qty: int = 8) -> quotes.Quote:
    return quotes.create(seat, title="t", build_json=json.dumps({}), currency="USD", subtotal=Decimal("228000"),
                         lines=[quotes.Line("gpu-h100-sxm5-80gb", "H100", qty, Decimal("28500"))])


def test_price_lists_import_with_tiers_validity_and_history(team):
    pricing = team.user("pam", "pricing_admin")
    prices.import_price_list(pricing, DISTRIBUTOR, name="Distributor Q4", currency="USD",
                             valid_from=date(2026, 10, 1), valid_to=date(2026, 12, 31))
    prices.import_price_list(pricing, DISTRIBUTOR, name="Distributor Q1", currency="USD",
                             valid_from=date(2027, 1, 1))
    alice = team.user("alice", "sales", limit="10")
    history = prices.price_history(alice, part_id="gpu-h100-sxm5-80gb")
    assert [(h["list"], h["min_qty"], h["price"]) for h in history] == [
        ("Distributor Q1", 1, "28500.00"), ("Distributor Q1", 8, "27900.00"),
        ("Distributor Q4", 1, "28500.00"), ("Distributor Q4", 8, "27900.00")]
    assert all("cost" not in h for h in history)
    assert {h["list"] for h in prices.price_history(alice, on=date(2026, 12, 5))} == {"Distributor Q4"}


def test_a_bad_price_file_names_the_file_row_and_column(team, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("part_id,price\ngpu-a,12.5\ngpu-b,twelve\n")
    with pytest.raises(StoreError) as err:
        prices.import_price_list(team.admin, bad, name="x", currency="USD")
    assert err.value.msg.id == "store.bad-cell"
    assert err.value.msg.params == {"file": str(bad), "row": 3, "column": "price", "value": "twelve"}
    formula = tmp_path / "formula.csv"
    formula.write_text("part_id,price\n=HYPERLINK(\"http://x\"),1\n")
    with pytest.raises(StoreError):
        prices.import_price_list(team.admin, formula, name="x", currency="USD")
    with pytest.raises(StoreError) as missing:
        prices.import_price_list(team.admin, tmp_path / "absent.xlsx", name="x", currency="USD")
    assert missing.value.msg.id == "store.file"
    from configurator.words.errors import error_text

    absent = str(tmp_path / "absent.xlsx")
    assert error_text(missing.value, "en").startswith(f"{absent}: cannot read the price list: {absent}: ")
    assert error_text(missing.value, "zh_CN").startswith(absent) and "not" not in error_text(missing.value, "zh_CN")


def test_xlsx_formulas_are_never_evaluated(team, tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["part_id", "price"])
    sheet.append(["gpu-a", "=1+1"])            # a formula with no cached value: refused, not computed
    path = tmp_path / "list.xlsx"
    book.save(path)
    with pytest.raises(StoreError) as err:
        prices.import_price_list(team.admin, path, name="x", currency="USD")
    assert err.value.msg.params["row"] == 2 and err.value.msg.params["column"] == "price"


def test_sales_cannot_read_cost_or_margin_even_with_raw_sql(team):
    if team.engine != "postgresql":
        pytest.skip("a single seat (SQLite) has no roles: one person sees their own costs")
    pricing = team.user("pam", "pricing_admin")
    prices.import_price_list(pricing, DISTRIBUTOR, name="Distributor", currency="USD")
    alice = team.user("alice", "sales", limit="10")
    bob = team.user("bob", "approver")
    q = _quote(alice)
    for sql in ("SELECT cost FROM price_entries", "SELECT * FROM price_entries",
                "SELECT * FROM quote_margins", "SELECT detail FROM audit_log"):
        with pytest.raises(StoreError) as err, alice.begin() as conn:
            conn.execute(text(sql)).all()
        assert err.value.msg.id == "store.permission-denied", sql
    with bob.begin() as conn:
        cost, margin = conn.execute(text("SELECT cost, margin FROM quote_margins WHERE id = :id"),
                                    {"id": q.id}).one()
    assert cost == Decimal("192000.00") and margin == Decimal("36000.00")   # 8 x 24,000 at the 8+ tier
    # the audit log never carries the cost either (a viewer reads it)
    viewer = team.user("vic", "viewer")
    with viewer.begin() as conn:
        details = [r[0] for r in conn.execute(text("SELECT detail FROM audit_log WHERE entity = 'price_entries'"))]
    assert details and all('"cost"' not in d for d in details)


def test_a_sales_engineer_sees_only_their_own_quotes_and_cannot_approve(team):
    if team.engine != "postgresql":
        pytest.skip("a single seat (SQLite) has one user")
    alice = team.user("alice", "sales", limit="10")
    carol = team.user("carol", "sales", limit="10")
    bob = team.user("bob", "approver")
    mine = _quote(alice)
    _quote(carol)
    assert [q.id for q in quotes.find(alice)] == [mine.id]
    assert len(quotes.find(bob)) == 2
    quotes.submit(alice, mine.id)
    with pytest.raises(StoreError) as err, alice.begin() as conn:
        conn.execute(text("UPDATE quotes SET approved_by = 'alice', status = 'approved' WHERE id = :id"),
                     {"id": mine.id})
    assert err.value.msg.id == "store.permission-denied"
    with pytest.raises(StoreError), carol.begin() as conn:       # nor touch a colleague's quote
        gone = conn.execute(text("UPDATE quotes SET title = 'x' WHERE id = :id"), {"id": mine.id}).rowcount
        if gone == 0:
            raise StoreError(quotes.Msg("store.no-quote", quote=mine.id))


def test_a_damaged_xlsx_is_one_error_naming_the_file(team, tmp_path):
    import zipfile

    cases = {"text.xlsx": b"not a zip at all"}
    for name, members in (("no-workbook.xlsx", {"x.txt": "hi"}), ("bad-xml.xlsx", {"[Content_Types].xml": "<bad"})):
        with zipfile.ZipFile(tmp_path / name, "w") as z:
            for member, text_ in members.items():
                z.writestr(member, text_)
        cases[name] = (tmp_path / name).read_bytes()
    for name, raw in cases.items():
        path = tmp_path / name
        path.write_bytes(raw)
        with pytest.raises(StoreError) as err:
            prices.import_price_list(team.admin, path, name="x", currency="USD")
        assert err.value.msg.id == "store.file" and err.value.msg.params["file"] == str(path), name
    from configurator.words.errors import error_text

    english, chinese = error_text(err.value, "en"), error_text(err.value, "zh_CN")
    assert english.startswith(f"{path}: cannot read the price list: not a readable XLSX ("), english
    assert chinese.startswith(f"{path}") and "不是可读取的 XLSX 文件（" in chinese, chinese
