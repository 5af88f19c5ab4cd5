"""The tender pack's files (`configurator tender`): the PDF in Chinese with the 大写 of the quote's
total, the XLSX with amounts as numbers adding up to the same total, bad input one line (exit 2)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from configurator.core.currency import currency_ops
from configurator.launch import main
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words import i18n
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


_ROW = 'text = "x"\nfield = "gpu.count"\ncomparator = ">="\n'
#: each refusal of a requirement file (store/tender_files.py): the file, the English line after
#: "configurator: <file>: " as it always read, and the Chinese line (words/input_words.py "tender-file.*")
BAD_REQUIREMENTS = [
    ("[[requirement]]\n" + _ROW.replace("gpu.count", "gpu.colour") + "value = 1\n",
     "field 'requirement[1].field': unknown field 'gpu.colour' (choose from gpu.count, gpu.model",
     "字段 'requirement[1].field'：未知字段 'gpu.colour'（可选：gpu.count, gpu.model"),
    ("[[requirement]]\n" + _ROW.replace(">=", "~") + "value = 1\n",
     "field 'requirement[1].comparator': '~' is not one of >=, <=, =, contains",
     "字段 'requirement[1].comparator'：'~' 不是 >=, <=, =, contains 之一"),
    ("[[requirement]]\n" + _ROW + "value = [1]\n",
     "field 'requirement[1].value': a number, true/false or a text",
     "字段 'requirement[1].value'：应为数字、true/false 或文本"),
    ("[[requirement]]\n" + _ROW + 'value = "a"\n',
     "field 'requirement[1].comparator': a text value needs 'contains', and 'contains' a text value",
     "字段 'requirement[1].comparator'：文本值须使用 'contains'，'contains' 也须配文本值"),
    ("[[requirement]]\n" + _ROW,
     "field 'requirement[1].value': missing", "字段 'requirement[1].value'：缺失"),
    ("requirement = [1]\n", "field 'requirement[1]': not a table", "字段 'requirement[1]'：不是表"),
    ('title = "x"\n', "field 'requirement': at least one [[requirement]] table is needed",
     "字段 'requirement'：至少需要一个 [[requirement]] 表"),
    ("[[requirement]]\n" + _ROW + "value = 1\n" + ("[[requirement]]\n" + _ROW + "value = 1\n") * 500,
     "field 'requirement': more than 500 requirements", "字段 'requirement'：要求超过 500 条"),
    ("tender = 1\n[[requirement]]\n" + _ROW + "value = 1\n",
     "field 'tender': not a table", "字段 'tender'：不是表"),
]


@pytest.mark.parametrize(("content", "english", "chinese"), BAD_REQUIREMENTS, ids=lambda v: str(v)[:24])
def test_each_refusal_of_a_requirement_file_is_one_line_in_english_and_in_chinese(tmp_path, capsys, content,
                                                                                   english, chinese):
    """`configurator tender` with a bad requirement file: exit 2, one line naming the file and the
    field, no traceback; the English as it always read, under --lang zh_CN the same line in Chinese."""
    bad = tmp_path / "bad.toml"
    bad.write_text(content, "utf-8")
    lines = {}
    for lang in ("en", "zh_CN"):
        try:
            code = main(["tender", str(BUILD), "--requirements", str(bad), "--pdf", str(tmp_path / "t.pdf"),
                         "--lang", lang])
        finally:
            i18n.set_language("en")
        err = capsys.readouterr().err
        assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err, err
        lines[lang] = err.rstrip("\n")
    assert lines["en"].startswith(f"configurator: {bad}: {english}"), lines["en"]
    assert lines["zh_CN"].startswith(f"configurator: {bad}: {chinese}"), lines["zh_CN"]
    assert not (tmp_path / "t.pdf").exists()
