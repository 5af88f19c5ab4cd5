"""The PDF quote end to end: contents, totals, CJK font, long tables, options A/B/C."""

from __future__ import annotations

import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import pytest
import report_synthetic as syn
from pypdf import PdfReader

from configurator.formats.exporters.pdf_quote import write_quote
from configurator.report.quote import QuoteError, safe_filename
from configurator.store.vendor_settings import load_settings
from configurator.words.render import named_in_english

CUSTOMER = "北京示例科技有限公司"


def _q(x: Decimal) -> Decimal:
    return x.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture()
def single(tmp_path):
    b = syn.build()
    ev = syn.evaluation(violations=syn.sample_violations(), workload=syn.FakeWorkload())
    out = write_quote([(b, ev)], tmp_path / "q.pdf", catalog=syn.catalog(),
                      sources=["C:\\Users\\alice\\builds\\hgx\x1b[31m-h200.json"], issue_date=date(2026, 3, 2), draft=True,
                      internal=True)   # the seller's copy: its file name and the appendix are printed
    return b, ev, out


def test_single_quote_lists_every_line_and_the_totals_add_up(single, pdf_pages):
    b, ev, out = single
    pages = pdf_pages(out)
    text = " ".join(pages)
    flat = _squash(text)
    for cl in ev.cost.lines:
        assert _squash(named_in_english(cl.name)) in flat, cl.name
        if cl.part_number:
            assert cl.part_number in flat
        if cl.unit_price is not None:
            assert f"${_q(_q(cl.unit_price) * cl.qty):,}" in text, cl.name
    assert "on request" in text and "not included in the total" in text
    assert "Support and warranty extension, 5 years (8 % of hardware per year)" in text   # the BOM's services line
    assert ev.cost.support.qty == 5 and ev.cost.support.unit_price == ev.tco.support_per_year
    printed = [_q(_q(cl.unit_price) * cl.qty) for cl in ev.cost.lines if cl.unit_price is not None]
    subtotal = syn.amount_after(text, "Subtotal")
    assert subtotal == sum(printed) == ev.cost.subtotal
    discount = syn.amount_after(text, "Discount (5")
    assert discount == -_q(subtotal * Decimal("0.05"))
    shipping = syn.amount_after(text, "Shipping")
    tax = syn.amount_after(text, "Tax / VAT (13 %, shipping included)")   # freight is taxed too
    assert tax == _q((subtotal + discount + shipping) * Decimal("0.13"))
    total = syn.amount_after(text, "Total (USD, incl. tax)")
    assert total == subtotal + discount + tax + shipping == ev.cost.total
    assert shipping == Decimal("450.00")


def test_single_quote_header_customer_pages_and_figures(single, pdf_pages):
    _, _, out = single
    pages = pdf_pages(out)
    text = " ".join(pages)
    assert CUSTOMER in text
    assert "交付地点：北京亦庄数据中心 (rack B-12)" in text              # mixed Chinese/English note
    n = len(pages)
    for i, page in enumerate(pages, 1):
        assert f"Page {i} of {n}" in page
    assert "Q-2026-0001" in text and "Revision 1" in text
    assert "March 2, 2026" in text and "April 1, 2026" in text        # issue date + 30 days
    assert "Prices exclude tax" in text
    assert "6 × 3,000 W, 4+2, 12.0 kW usable" in text
    assert "BTU/h" in text and "CFM at ΔT 11 °C" in text
    assert "7.91 PFLOPS BF16" in text and "15.83 PFLOPS FP8" in text
    assert "Fits: 61 GB of 141 GB per GPU" in text
    assert "Open items (2)" in text and "ERROR" in text and "WARNING" in text
    assert "An info item" not in text
    assert "Terms and conditions" in text and "Signature" in text
    assert "Source build file: hgx[31m-h200.json" in text              # folders and ESC stripped
    assert "alice" not in text


def test_fonts_are_embedded_and_cjk_uses_the_embedded_cjk_font(single):
    _, _, out = single
    reader = PdfReader(str(out))
    fonts = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            fonts[str(font["/BaseFont"])] = "/FontFile2" in desc
    assert any("DroidSansFallback" in name for name in fonts), fonts
    assert all(fonts.values()), f"not embedded: {[k for k, v in fonts.items() if not v]}"
    assert not any("Helvetica" in name for name in fonts)


def test_drawing_is_vector_and_shows_placed_parts(single, pdf_pages):
    _, _, out = single
    text = " ".join(pdf_pages(out))
    assert "top view, schematic" in text
    for label in ("Power supplies", "PCIe / NIC slots", "CPUs and memory", "HGX 8-GPU", "Drive bays"):
        assert label in text
    assert "CPU1 memory: 16 × 64GB DDR5-4800 RDIMM 2Rx4" in text
    assert "8 × Samsung PM1743 15.36TB U.2 NVMe Gen5, 8 empty" in text


def test_missing_chassis_costs_only_the_drawing(tmp_path, pdf_pages):
    from configurator.core.catalog import Catalog
    out = write_quote([(syn.build(), syn.evaluation())], tmp_path / "q.pdf", catalog=Catalog(parts={}))
    assert "Chassis drawing unavailable" in " ".join(pdf_pages(out))


def test_long_quote_repeats_the_header_and_never_splits_a_row(tmp_path, pdf_pages):
    lines = syn.long_lines(200)
    out = write_quote([(syn.build(), syn.evaluation(lines=lines))], tmp_path / "long.pdf", catalog=syn.catalog(),
                      internal=True)
    pages = pdf_pages(out)
    assert len(pages) >= 5
    first_row_page = next(i for i, p in enumerate(pages) if "PN-00001" in p)
    for i, page in enumerate(pages[first_row_page:], first_row_page):
        if "PN-" in page:
            assert "Part number Description Qty Unit price Extended" in page, f"page {i + 1} lacks the header"
    for k in range(1, 201):
        # the part number and the end of the wrapped description are on the same page: no split rows
        hits = [i for i, p in enumerate(pages) if f"PN-{k:05d}" in p]
        assert len(hits) == 1
        assert f"Line item {k:03d}" in pages[hits[0]]
    # the appendix "How these figures are computed" follows the acceptance block
    last = pages[next(i for i, p in enumerate(pages) if "How these figures are computed" in p) - 1]
    assert "Subtotal" in last and "Total (USD, incl. tax)" in last and "Signature" in last
    assert f"Page {len(pages)} of {len(pages)}" in pages[-1]
    text = " ".join(pages)
    extended = sum(_q(_q(Decimal(u)) * q) for *_, q, u in lines)
    support = _q(extended * Decimal("0.08")) * 5                     # 8 % of the printed hardware, 5 years
    assert syn.amount_after(text, "Subtotal") == extended + support


def test_options_abc_have_sections_summary_and_no_grand_total(tmp_path, pdf_pages):
    a = (syn.build(name="Option one"), syn.evaluation())
    b = (syn.build(name="Option two"), syn.evaluation(gpus=4, max_w=6100))
    c = (syn.build(name="Option three"), syn.evaluation(lines=syn.HGX_LINES[:3], gpus=0, max_w=2100))
    out = write_quote([a, b, c], tmp_path / "abc.pdf", catalog=syn.catalog())
    pages = pdf_pages(out)
    text = " ".join(pages)
    for letter, name in zip("ABC", ("Option one", "Option two", "Option three")):
        assert f"Option {letter}: {name}" in text
        assert f"Line items — Option {letter}" in text
    assert "Options compared" in text
    assert "Select one option" in text and "☐ Option A" in text and "☐ Option C" in text
    totals = [syn.money(m) for m in re.findall(r"Total, option [ABC] \(USD, incl\. tax\) (" + syn.MONEY.pattern + ")",
                                               text)]
    assert len(totals) == 3
    grand = sum(totals)
    assert f"${grand:,}" not in text
    assert "grand total" not in text.lower()
    assert "not added together" in text
    for i, page in enumerate(pages, 1):
        assert f"Page {i} of {len(pages)}" in page


def test_bad_input_raises_quote_error(tmp_path):
    pair = (syn.build(), syn.evaluation())
    with pytest.raises(QuoteError, match="at most 3 options"):
        write_quote([pair] * 4, tmp_path / "x.pdf")
    with pytest.raises(QuoteError, match="no build"):
        write_quote([], tmp_path / "x.pdf")
    with pytest.raises(QuoteError, match="re-evaluate the build with site.currency = EUR"):
        write_quote([pair], tmp_path / "x.pdf", currency="EUR")
    with pytest.raises(QuoteError, match="quote number"):
        write_quote([pair], tmp_path / "x.pdf", quote_number="../../etc")
    with pytest.raises(QuoteError, match="valid_days"):
        write_quote([pair], tmp_path / "x.pdf", valid_days=0)
    assert not (tmp_path / "x.pdf").exists()


def test_quote_number_and_revision_are_used_as_given(tmp_path, pdf_pages, home):
    out = write_quote([(syn.build(), syn.evaluation())], tmp_path / "r.pdf", quote_number="Q-2026-0042",
                      revision=2, catalog=syn.catalog())
    text = " ".join(pdf_pages(out))
    assert "Q-2026-0042" in text and "rev. 2" in text
    assert not (home / "data" / "quote-counter.json").exists()       # a revision takes no new number


def test_vendor_settings_locale_and_cny(tmp_path, pdf_pages, home):
    cfg = home / "config"
    cfg.mkdir(parents=True)
    (cfg / "vendor.toml").write_text(
        '[vendor]\ncompany = "示例系统集成有限公司 Example Systems"\nemail = "sales@example.com"\n'
        '[quote]\nlocale = "zh_CN"\nnumber_prefix = "BJ"\n', encoding="utf-8")
    b = syn.build()
    ev = syn.evaluation(currency="CNY")
    out = write_quote([(b, ev)], tmp_path / "cny.pdf", catalog=syn.catalog(), settings=load_settings(),
                      issue_date=date(2026, 1, 31))
    text = " ".join(pdf_pages(out))
    assert "示例系统集成有限公司 Example Systems" in text
    assert "¥21,500.00" in text                                          # zh_CN formats CNY as ¥
    assert "2026年1月31日" in text
    assert "BJ-2026-0001" in text
    assert "placeholders" not in text


def test_placeholder_vendor_is_noted(single, pdf_pages):
    _, _, out = single
    assert "Vendor details are placeholders" in " ".join(pdf_pages(out))


def test_safe_filename():
    assert safe_filename("/home/bob/secret/build.json") == "build.json"
    assert safe_filename("..\\..\\evil\nname\x00.json") == "evilname.json"
    assert len(safe_filename("x" * 500 + ".json")) == 80


def test_refused_quote_options_read_in_chinese_and_english_is_unchanged(tmp_path):
    """The options' refusals are messages (words/cli_words.py "quote.*"): English as before, zh_CN
    Chinese, naming the field (valid_days, the currency, the quote number)."""
    from configurator.words.errors import error_text

    pair = (syn.build(), syn.evaluation())
    with pytest.raises(QuoteError) as days:
        write_quote([pair], tmp_path / "x.pdf", valid_days=0)
    assert str(days.value) == "valid_days 0: must be between 1 and 365"
    assert error_text(days.value, "zh_CN") == "valid_days 0：必须在 1 到 365 之间"
    with pytest.raises(QuoteError) as currency:
        write_quote([pair], tmp_path / "x.pdf", currency="EUR")
    assert str(currency.value) == ("option A: evaluated in USD, quote is in EUR; "
                                   "re-evaluate the build with site.currency = EUR")
    assert error_text(currency.value, "zh_CN") == ("方案 A：按 USD 评估，而报价使用 EUR；"
                                                    "请以 site.currency = EUR 重新评估该配置")
    with pytest.raises(QuoteError) as number:
        write_quote([pair], tmp_path / "x.pdf", quote_number="../../etc")
    assert str(number.value) == "quote number '../../etc': use letters, digits, '-', '.', '/' (max 40)"
    assert error_text(number.value, "zh_CN").startswith("报价编号 '../../etc'：只能使用")
    with pytest.raises(QuoteError) as many:
        write_quote([pair] * 4, tmp_path / "x.pdf")
    assert str(many.value) == "4 builds given: a quote holds at most 3 options (A/B/C)"
    assert error_text(many.value, "zh_CN") == "给出了 4 个配置：一份报价最多包含 3 个方案（A/B/C）"
