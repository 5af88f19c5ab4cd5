"""The quote's part-number column: a line without a number prints why (in the quote's language),
never "TBC", for every shipped example's customer quote."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from configurator.core.build import Build
from configurator.core.evaluator import evaluate
from configurator.formats.exporters.pdf_quote import write_quote
from configurator.report.styles import part_number_cell
from configurator.store import paths
from configurator.store.catalogs import default_catalog
from configurator.words.quote_words import Labels
from configurator.words.sku_words import SKU_NOTES, unorderable_rows

EXAMPLES = sorted((paths.repo_root() / "examples").glob("*.json"))


def _build(path) -> Build:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("format"), data.pop("kind")
    return Build.model_validate(data)


def test_a_reason_is_printed_instead_of_tbc_in_both_languages():
    for code, english in SKU_NOTES.items():
        assert part_number_cell("", code).getPlainText() == english
        zh = part_number_cell("", code, Labels("zh_CN")).getPlainText()
        assert zh and zh != english and "TBC" not in zh, code
    assert part_number_cell("MCX75310AAS-NEAT", "generic").getPlainText() == "MCX75310AAS-NEAT"
    assert part_number_cell("").getPlainText() == "TBC"          # a user catalog's part with no reason


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_no_example_customer_quote_prints_tbc(path, catalog, tmp_path, monkeypatch):
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    build = _build(path)
    ev = evaluate(build, catalog)
    out = write_quote([(build, ev)], tmp_path / "q.pdf", catalog=catalog, issue_date=date(2026, 12, 5), draft=True)
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    assert "TBC" not in text
    assert any(phrase in text for phrase in SKU_NOTES.values())


def test_the_internal_copy_rows_list_every_line_without_a_number_with_its_reason(catalog):
    build = _build(paths.repo_root() / "examples" / "xfusion-g8600-v7-8x-h800.json")
    lines = evaluate(build, catalog).cost.lines
    rows = unorderable_rows(lines, Labels("zh_CN"))
    assert [r[0] for r in rows] == [ln.part_id for ln in lines if not ln.part_number]
    assert ("acc-hgx-h800-8gpu", "NVIDIA HGX H800 8-GPU baseboard (8 × NVIDIA H800 SXM5 80GB)",
            "仅供服务器厂商采购，由服务器厂商报价") in rows


def test_the_internal_copy_lists_the_lines_to_confirm_and_the_customers_does_not(tmp_path):
    """#29: a line without a public part number says why on the quote; the seller's internal copy
    also lists those lines together, for the vendor's quote."""
    from pypdf import PdfReader

    from configurator.launch import main

    build = str(Path(__file__).parents[2] / "examples" / "xfusion-g8600-v7-8x-h800.json")
    texts = {}
    for copy, extra in (("customer", []), ("internal", ["--internal"])):
        out = tmp_path / f"{copy}.pdf"
        assert main(["quote", build, "-o", str(out), *extra]) == 0
        texts[copy] = "\n".join(p.extract_text() for p in PdfReader(str(out)).pages)
    assert "Lines to confirm with the vendor" in texts["internal"]
    assert "acc-hgx-h800-8gpu" in texts["internal"].split("Lines to confirm")[1]
    assert "Lines to confirm" not in texts["customer"]
