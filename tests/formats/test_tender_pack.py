"""The tender pack's files (`configurator tender`): the PDF in Chinese with the 大写 of the quote's
total, the XLSX with amounts as numbers adding up to the same total, bad input one line (exit 2)."""

from __future__ import annotations

from decimal import Decimal

from openpyxl import load_workbook
from pypdf import PdfReader

from configurator.core.currency import currency_ops
from configurator.launch import main
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words.capital_numerals import rmb_upper

BUILD = paths.examples_dir() / "inspur-nf5688m7-8gpu.json"
REQS = paths.examples_dir() / "tender-requirements.toml"
TERMS = ["--currency", "CNY", "--tax-pct", "13", "--discount-pct", "3", "--shipping", "1000"]



def _quote_total() -> Decimal:
    """The quote's total for the same build and terms, evaluated here, not by the tender command."""
    catalog = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    evaluator = default_evaluator(catalog)
    build = load_build(BUILD, catalog)
    for op in currency_ops(build, "CNY", evaluator.fx):
        op.apply(build)
    terms = build.commercial.model_copy(update=dict(tax_pct=Decimal(13), discount_pct=Decimal(3),
                                                    shipping=Decimal(1000)))
    return evaluator.evaluate(build.model_copy(update={"commercial": terms})).cost.total


def test_pdf_and_xlsx_carry_the_deviations_and_the_quotes_total(tmp_path, capsys):
    pdf, xlsx = tmp_path / "t.pdf", tmp_path / "t.xlsx"
    assert main(["tender", str(BUILD), "--requirements", str(REQS), "--pdf", str(pdf), "--xlsx", str(xlsx), *TERMS]) == 0
    capsys.readouterr()
    text = "".join("".join(p.extract_text().split()) for p in PdfReader(pdf).pages)
    for word in ("技术偏差表", "分项报价明细表", "正偏离", "无偏离", "含税单价", "含税合价", "不含税单价", "大写金额"):
        assert word in text, word
    wb = load_workbook(xlsx)
    deviation, prices = wb.worksheets
    kinds = [r[3] for r in deviation.iter_rows(values_only=True) if isinstance(r[0], int)]
    assert len(kinds) == 10 and set(kinds) <= {"正偏离", "无偏离", "负偏离"}
    rows = list(prices.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r[0] == "序号")
    assert rows[head][1:4] == ("名称", "品牌", "型号/规格") and rows[head][6:10] == (
        "不含税单价", "税率", "含税单价", "含税合价")
    lines = [r for r in rows[head + 1:] if isinstance(r[0], int)]
    assert all(isinstance(r[9], float | int) and r[7] == 0.13 for r in lines)
    total_row = next(r for r in rows if r[1] == "总计（含税）")
    words = next(r[1] for r in rows if isinstance(r[1], str) and r[1].startswith("大写金额"))
    quote_total = _quote_total()
    assert Decimal(str(total_row[9])) == quote_total
    assert words.endswith(rmb_upper(quote_total)) and rmb_upper(quote_total) in text


def test_a_bad_requirement_file_is_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[requirement]]\ntext = "x"\nfield = "gpu.count"\ncomparator = ">="\nvalue = [1]\n', "utf-8")
    code = main(["tender", str(BUILD), "--requirements", str(bad), "--pdf", str(tmp_path / "t.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and "bad.toml" in err and "requirement[1].value" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "t.pdf").exists()


def test_every_character_of_the_pack_has_a_glyph_in_an_embedded_font():
    """No tofu: each character the PDF draws is in DejaVu Sans or, for Chinese, the CJK face
    (report/fonts.py falls back per character; a character in neither would print as a box)."""
    from reportlab.pdfbase import pdfmetrics

    from configurator.core.tender import deviations, tender_pricing
    from configurator.formats.exporters.tender_rows import tender_tables
    from configurator.report import fonts
    from configurator.store.tender_files import load_tender
    from configurator.words.quote_words import Labels

    catalog = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    build = load_build(BUILD, catalog)
    ev = default_evaluator(catalog).evaluate(build)
    t = tender_tables(deviations(load_tender(REQS).requirements, build, ev), tender_pricing(ev.cost), catalog,
                      Labels("zh_CN"))
    fonts.register()
    covered = set(pdfmetrics.getFont(fonts.SANS).face.charToGlyph) | set(pdfmetrics.getFont(fonts.CJK).face.charToGlyph)
    cells = [*t.deviation_headers, *t.price_headers, t.total_words, *(label for label, _a in t.price_footer)]
    cells += [str(c) for row in (*t.deviation_rows, *t.price_rows) for c in row if c is not None]
    missing = {ch for text in cells for ch in text if ord(ch) not in covered and not ch.isspace()}
    assert not missing and any("\u4e00" <= ch <= "\u9fff" for ch in "".join(cells))
