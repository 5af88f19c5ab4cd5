"""`configurator store|quotes|prices` on a seat's SQLite store and on PostgreSQL: the lifecycle from a
build file to the frozen PDF, --json, and one-line errors with exit 2."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from pypdf import PdfReader

from configurator.launch import main

ROOT = Path(__file__).parents[3]
BUILD = str(ROOT / "examples" / "hgx-h100-8gpu.json")


def _json(capsys, *args: str):
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_quote_from_build_file_to_frozen_pdf(tmp_path, capsys, team):
    store = ["--store", team.url] if team.engine == "sqlite" else []
    if team.engine == "postgresql":
        team.user("alice", "sales", limit="10")
        store = ["--store", team._user_url("alice")]
    else:
        store += ["--as", "alice"]
    created = _json(capsys, "quotes", "create", BUILD, "--customer", "ACME", *store)
    assert created["status"] == "draft" and created["currency"] == "USD" and float(created["total"]) > 100_000
    issued = _json(capsys, "quotes", "issue", created["id"], *store)
    assert issued["number"] == f"Q-{date.today().year}-0001"
    out = tmp_path / "frozen.pdf"
    shown = _json(capsys, "quotes", "show", issued["number"], "--pdf", str(out), *store)
    assert shown["revisions"][0]["number"] == issued["number"]
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert issued["number"] in text and "ACME" in text
    listed = _json(capsys, "quotes", "list", "--status", "issued", *store)
    assert [q["number"] for q in listed] == [issued["number"]]


def test_store_errors_are_one_line_exit_2(tmp_path, capsys):
    assert main(["quotes", "list", "--store", "mysql://x@y/z"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a store address" in err and "Traceback" not in err
    assert main(["quotes", "show", "nope", "--store", f"sqlite:///{tmp_path / 's.sqlite'}", "--lang", "zh_CN"]) == 2
    assert "存储中没有报价 nope" in capsys.readouterr().err
    bad = tmp_path / "bad.csv"
    bad.write_text("part_id,price\ngpu-a,abc\n")
    assert main(["prices", "import", str(bad), "--name", "x", "--currency", "USD",
                 "--store", f"sqlite:///{tmp_path / 's.sqlite'}"]) == 2
    assert f"{bad}: row 2, column price: abc is not a valid value" in capsys.readouterr().err


def test_missing_migrations_are_one_line_exit_2(tmp_path, capsys, monkeypatch):
    """An installation (a bundle) without the store's migration scripts says so in one line instead
    of Alembic's traceback (the bundle left them out until 2026-12-06)."""
    from configurator.store.team import connect

    monkeypatch.setattr(connect, "_MIGRATIONS", tmp_path / "migrations")
    assert main(["store", "init", "--store", f"sqlite:///{tmp_path / 's.sqlite'}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"the team store's migrations are missing at {tmp_path / 'migrations'}" in err
