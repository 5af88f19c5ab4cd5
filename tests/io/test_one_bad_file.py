"""Issue 10, class 1: one bad user file never takes the app down.

A bad fx.toml row, a chassis whose figures are out of range, or a catalog folder that cannot
be listed is skipped with a one-line warning naming file and field; the rest still loads
and the build still evaluates. Cases and expected messages: tests/corpus/cases.toml.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest
from io_helpers import CORPUS, FIXTURE_CATALOG, corpus_cases

from configurator.core.build import Build
from configurator.core.evaluate.json_shape import evaluation_to_json
from configurator.core.evaluator import evaluate
from configurator.core.fx import parse_fx
from configurator.core.slots import channel_letter, dimm_slot_id
from configurator.store.catalogs import load_catalog
from configurator.store.fx_rates import load_fx
from configurator.words.problems import violation_json
from configurator.words.render import in_english

CASES = corpus_cases()


def _one_line(text: str) -> None:
    assert "\n" not in text and "\r" not in text and "\x1b" not in text, repr(text)


@pytest.mark.parametrize("case", CASES["fx"], ids=lambda c: Path(c["file"]).name)
def test_bad_fx_rows_are_skipped_one_by_one(case):
    path = CORPUS / case["file"]
    issues: list = []
    if case.get("refused"):
        with pytest.raises(ValueError) as info:
            parse_fx(path.read_text(encoding="utf-8"), str(path), issues)
        texts = [str(info.value)]
        assert load_fx([path]).per_usd == {"USD": Decimal(1)}   # load_fx falls back, never raises
    else:
        fx = parse_fx(path.read_text(encoding="utf-8"), str(path), issues)
        assert sorted(fx.per_usd) == case["currencies"]
        texts = [str(i) for i in issues]
        assert all(t.startswith(f"{path}") for t in texts), texts
    for text in texts:
        _one_line(text)
    assert any(case["expect"] in t for t in texts), texts


@pytest.mark.parametrize("case", CASES["fx"], ids=lambda c: Path(c["file"]).name)
def test_a_bad_fx_file_never_breaks_evaluate(case, tmp_path):
    """The user's fx.toml overrides the shipped one; a USD and a EUR build still evaluate."""
    from configurator.store import paths
    catalog = load_catalog([FIXTURE_CATALOG], [FIXTURE_CATALOG / "prices"])
    fx = load_fx([paths.catalog_dir() / "fx.toml", CORPUS / case["file"]])
    for currency in ("USD", "EUR", "GBP", "JPY"):
        build = Build(chassis="test-2u", placements={"SLOT1": "test-nic"}, site={"currency": currency})
        ev = evaluate(build, catalog, fx=fx)
        json.loads(json.dumps(evaluation_to_json(ev, violation_json, in_english), default=str), parse_constant=_no_constant)


def _no_constant(name: str):
    raise AssertionError(f"{name} in JSON output")


def test_channel_ids_never_run_out_of_letters():
    assert [channel_letter(i) for i in (0, 25, 26, 27, 51, 52, 701, 702)] == \
        ["A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]
    assert dimm_slot_id("CPU1", 30, 0) == "CPU1_DIMM_AE1"


def test_unlistable_user_folder_is_one_warning(tmp_path, monkeypatch):
    """No permission on the user catalog folder (as a non-root user would see): skipped, shipped parts load."""
    user = tmp_path / "user-catalogs"
    user.mkdir()
    (user / "nic.toml").write_text("category = 'nic'\n")
    real_scandir = os.scandir

    def scandir(path="."):
        if Path(path) == user:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    catalog = load_catalog([FIXTURE_CATALOG, user], [FIXTURE_CATALOG / "prices", user / "prices"])
    assert "test-2u" in catalog.parts
    texts = [str(i) for i in catalog.issues]
    assert any(t.startswith(str(user)) and "cannot list the folder (permission denied)" in t for t in texts), texts


def test_user_folder_that_is_a_file_or_a_loop(tmp_path):
    not_a_folder = tmp_path / "catalogs"
    not_a_folder.write_text("oops")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    catalog = load_catalog([FIXTURE_CATALOG, not_a_folder, loop], [])
    assert "test-2u" in catalog.parts
    texts = [str(i) for i in catalog.issues]
    assert sum("cannot list the folder" in t for t in texts) == 2, texts
    assert load_catalog([tmp_path / "missing"], []).issues == ()


def test_a_minor_unit_unlike_iso_is_replaced_so_cli_and_pdf_agree():
    from configurator.core.money import format_money
    path = CORPUS / "fx/minor-unit-not-iso.toml"
    fx = parse_fx(path.read_text(encoding="utf-8"), str(path), [])
    assert fx.minor_unit["JPY"] == 0 and fx.quantum("JPY") == Decimal(1)
    total = Decimal("123456.5").quantize(fx.quantum("JPY"), rounding="ROUND_HALF_UP")
    assert format_money(total, "JPY", "en_US") == "¥123,457" and str(total) == "123457"
