"""Every PDF the recipient signs or files, read back as printed (issue #29): the quote (USD, CNY),
the 报价单 (13 % VAT), options A/B/C in both languages and both copies, the upgrade quote, the
comparison, the cluster plan and the acceptance plan.

- no tofu: every string drawn is decoded and each of its glyphs is found in the cmap of the font
  program embedded in the PDF (tests/report/pdf_glyphs.py), and the Chinese documents do draw Chinese;
- "Page N of M" on every page;
- part numbers and prices are drawn whole, each in one piece on one line;
- headings are kept with what follows them ("Terms and conditions" never ends a page) and a
  comparison's totals carry their build's name.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from configurator.launch import main
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog

sys.path.insert(0, str(Path(__file__).parent))
from pdf_glyphs import drawn, tofu  # noqa: E402

ROOT = Path(__file__).parents[2]
EX = ROOT / "examples"
HGX, DGX, A100 = EX / "hgx-h100-8gpu.json", EX / "dgx-h100-8gpu.json", EX / "dgx-a100-8gpu.json"
H800, H20 = EX / "xfusion-g8600-v7-8x-h800.json", EX / "h3c-r5500-g6-8x-h20.json"
CLUSTER = EX / "clusters" / "hgx-h100-16.json"

#: name -> (argv writing '{out}', Chinese?)
DOCS: dict[str, tuple[list[str], bool]] = {
    "quote-usd": (["--lang", "en", "quote", str(HGX), "-o", "{out}"], False),
    "quote-cny": (["--lang", "en", "quote", str(HGX), "--currency", "CNY", "-o", "{out}"], False),
    "baojiadan": (["--lang", "zh_CN", "quote", str(HGX), "--currency", "CNY", "--tax-pct", "13", "-o", "{out}"], True),
    "abc-en": (["--lang", "en", "quote", str(HGX), str(H800), str(H20), "--currency", "CNY", "-o", "{out}"], False),
    "abc-zh": (["--lang", "zh_CN", "quote", str(HGX), str(H800), str(H20), "--currency", "CNY", "--tax-pct", "13",
                "-o", "{out}"], True),
    "abc-zh-internal": (["--lang", "zh_CN", "quote", str(HGX), str(H800), str(H20), "--currency", "CNY",
                         "--tax-pct", "13", "--internal", "-o", "{out}"], True),
    "upgrade-en": (["--lang", "en", "export", str(A100), str(DGX), "--format", "upgrade-pdf", "-o", "{out}"], False),
    "upgrade-zh": (["--lang", "zh_CN", "export", str(A100), str(DGX), "--format", "upgrade-pdf", "--currency", "CNY",
                    "-o", "{out}"], True),
    "compare-en": (["--lang", "en", "compare", str(HGX), str(DGX), "--pdf", "{out}"], False),
    "compare-zh": (["--lang", "zh_CN", "compare", str(HGX), str(DGX), "--pdf", "{out}"], True),
    "compare-cny": (["--lang", "en", "compare", str(HGX), str(DGX), "--currency", "CNY", "--pdf", "{out}"], False),
    "cluster-en": (["--lang", "en", "cluster", str(CLUSTER), "--format", "cluster-pdf", "-o", "{out}"], False),
    "cluster-zh": (["--lang", "zh_CN", "cluster", str(CLUSTER), "--format", "cluster-pdf", "-o", "{out}"], True),
    "accept-en": (["--lang", "en", "accept", "plan", str(HGX), "-o", "{out}"], False),
    "accept-zh": (["--lang", "zh_CN", "accept", "plan", str(HGX), "-o", "{out}"], True),
}


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, Path]:
    from configurator.words.i18n import current_language, set_language

    folder = tmp_path_factory.mktemp("docs")
    out = {}
    language = current_language()
    try:
        for name, (argv, _) in DOCS.items():
            path = folder / f"{name}.pdf"
            assert main([a.replace("{out}", str(path)) for a in argv]) in (0, 1), name   # cluster: 1 on a warning plan
            assert path.is_file(), name
            out[name] = path
    finally:
        set_language(language)   # --lang zh_CN must not leak into the tests that follow
    return out


def _pages(path: Path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(path)).pages]


_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


@pytest.mark.parametrize("name", list(DOCS))
def test_every_glyph_drawn_is_in_the_embedded_font(pdfs, name):
    strings = drawn(pdfs[name])
    bad = [(d.page, d.font, d.text, d.missing) for d in tofu(pdfs[name])]
    assert not bad, f"{name}: characters drawn in a font without their glyph: {bad[:5]}"
    chinese = [d for d in strings if _CJK.search(d.text)]
    # a Chinese document draws Chinese (each glyph of it checked above), an English one none but names
    assert chinese if DOCS[name][1] else len(chinese) <= 3, name


def test_the_option_word_of_the_chinese_acceptance_line_is_drawn_in_the_cjk_face(pdfs):
    options = [d for d in drawn(pdfs["abc-zh"]) if "方案" in d.text]
    assert options and all("DroidSans" in d.font and not d.missing for d in options)


def test_the_tofu_check_can_fail(pdfs, tmp_path):
    """The checker finds a Chinese word set in the Latin face (the bug it guards against)."""
    from reportlab.pdfgen.canvas import Canvas

    from configurator.report import fonts

    fonts.register()
    path = tmp_path / "tofu.pdf"
    c = Canvas(str(path))
    c.setFont(fonts.SANS, 10)
    c.drawString(50, 700, "☐ 方案 A")
    c.save()
    # the Latin subset has no glyph (nor a Unicode value) for the two characters of 方案
    assert [len(d.missing) for d in tofu(path)] == [2]


@pytest.mark.parametrize("name", list(DOCS))
def test_page_n_of_m_on_every_page(pdfs, name):
    pages = _pages(pdfs[name])
    m = len(pages)
    for n, text in enumerate(pages, 1):
        squashed = re.sub(r"\s+", "", text)
        assert f"Page{n}of{m}" in squashed or f"第{n}页，共{m}页" in squashed, f"{name} page {n}"


def _drawn_text(path: Path) -> set[str]:
    return {d.text.strip() for d in drawn(path)}


@pytest.mark.parametrize("name, build", [("quote-usd", HGX), ("upgrade-en", DGX), ("abc-en", H800)])
def test_part_numbers_are_drawn_whole(pdfs, name, build):
    """Each part number is drawn in one piece: never broken over two lines."""
    texts = " | ".join(_drawn_text(pdfs[name]))
    numbers = {ln.part_number for ln in _lines(build) if ln.part_number and len(ln.part_number) >= 10}
    assert numbers
    broken = [pn for pn in numbers if pn.replace(" ", "\u00a0") not in texts and pn not in texts]
    assert not broken, f"{name}: part numbers broken over lines: {broken}"


def _lines(build_path: Path):
    from configurator.core.evaluator import evaluate

    return evaluate(load_build(build_path), default_catalog()).cost.lines


def test_a_long_cny_price_is_drawn_whole(pdfs):
    """'CN¥1,716,000.00' stays on one line (it was drawn as 'CN¥1,716,000.0' / '0')."""
    strings = [d.text for d in drawn(pdfs["abc-en"])]
    prices = [s for s in strings if re.fullmatch(r"-?CN¥[\d,.]+", s)]   # the amounts of the price columns
    assert len(prices) > 20
    broken = [s for s in prices if not re.fullmatch(r"-?CN¥\d{1,3}(,\d\d\d)*\.\d\d", s)]
    assert not broken, f"prices broken over lines: {broken}"


def test_terms_heading_is_kept_with_the_terms(pdfs):
    for name, heading, first in (("quote-usd", "Terms and conditions", "Validity"),
                                 ("abc-en", "Terms and conditions", "Validity"),
                                 ("baojiadan", "条款", "1.")):
        pages = _pages(pdfs[name])
        hit = [p for p in pages if heading in p]
        assert hit, name
        body = hit[0].split(heading, 1)[1]
        assert first in body, f"{name}: '{heading}' ends its page"


def test_comparison_totals_name_their_build(pdfs):
    for n, text in enumerate(_pages(pdfs["compare-en"])):
        if "Subtotal" in text:
            before = text.split("Subtotal")[0]
            assert re.search(r"\b[AB]: ", before), f"page {n + 1}: totals without their build's name"
            assert re.search(r"Total, [AB]", text)



def test_a_13_pct_baojiadan_with_tax_included_totals_net_times_1_13(tmp_path):
    """'Prices include tax' grosses the net list prices up: the 报价单's total is net × 1.13 (to the
    cent per line), and the total printed with its 大写 is that gross amount (issue #29)."""
    from decimal import Decimal

    from configurator.core.evaluator import evaluate
    from configurator.core.money import format_money
    from configurator.store.build_files import save_build
    from configurator.words.capital_numerals import rmb_upper

    build = load_build(HGX)

    def with_terms(included: bool):
        com = build.commercial.model_copy(update={"tax_pct": Decimal(13), "prices_include_tax": included,
                                                  "shipping": Decimal(0), "discount_pct": Decimal(0)})
        site = build.site.model_copy(update={"currency": "CNY"})
        meta = build.meta.model_copy(update={"language": "zh_CN"})
        return build.model_copy(update={"commercial": com, "site": site, "meta": meta})

    catalog = default_catalog()
    from configurator.store.fx_rates import load_fx

    fx = load_fx()
    net, gross = (evaluate(with_terms(x), catalog, fx=fx).cost for x in (False, True))
    cent = Decimal("0.01")
    lines = sum(1 for ln in net.lines if ln.unit_price)
    assert abs(gross.total - (net.subtotal * Decimal("1.13")).quantize(cent)) <= cent * sum(
        ln.qty for ln in net.lines if ln.unit_price) / 2 + cent, (gross.total, net.subtotal)
    assert lines and gross.total > net.subtotal * Decimal("1.129")
    assert gross.tax == (gross.total * 13 / 113).quantize(cent)            # the contained VAT, really charged
    save_build(with_terms(True), tmp_path / "gross.json")
    out = tmp_path / "gross.pdf"
    assert main(["--lang", "zh_CN", "quote", str(tmp_path / "gross.json"), "-o", str(out)]) == 0
    text = re.sub(r"\s+", "", "".join(_pages(out)))
    assert re.sub(r"\s+", "", format_money(gross.total, "CNY", "zh_CN")) in text
    assert rmb_upper(gross.total) in text


#: the CNY documents and how many totals each prints
CNY_TOTALS = {"quote-cny": 1, "baojiadan": 1, "abc-en": 3, "abc-zh": 3, "upgrade-zh": 1, "compare-cny": 2}


@pytest.mark.parametrize("name", list(CNY_TOTALS))
def test_every_cny_total_has_its_amount_in_words(pdfs, name):
    """大写 wherever a CNY total is printed: the quote, the 报价单, each option, the upgrade quote and
    each build of a comparison."""
    text = re.sub(r"\s+", "", "".join(_pages(pdfs[name])))
    words = re.findall(r"人民币[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+", text)
    assert len(words) >= CNY_TOTALS[name], (name, words)


def test_cluster_pdf_names_seller_date_revision_u_numbers_and_feed_loads(pdfs):
    from datetime import date

    from babel.dates import format_date

    first = re.sub(r"\s+", "", _pages(pdfs["cluster-en"])[0])
    assert "PreparedbyYourCompanyLtd." in first and "Revision1" in first
    assert re.sub(r"\s+", "", format_date(date.today(), format="long", locale="en_GB")) in first
    strings = [d.text for d in drawn(pdfs["cluster-en"])]
    assert {"1", "5", "40"} <= set(strings)                                   # the U scale of the 42U racks
    feeds = [s for s in strings if re.fullmatch(r"A [\d.]+ kW / B [\d.]+ kW", s)]
    assert len(feeds) == 7                                                    # each rack's load per feed
    zh = re.sub(r"\s+", "", _pages(pdfs["cluster-zh"])[0])
    assert "编制单位" in zh and "版本1" in zh


def test_cluster_from_a_build_says_what_capex_and_tco_leave_out(tmp_path, capsys):
    """`cluster --from` prices servers and switches from the catalog, optics, cables, racks, PDUs and installation
    at the recommender's estimates (`DEFAULT_FABRIC_PRICES`): nothing is left 'on request'. A cluster file without
    prices leaves them out, and the headline capex and TCO say so (text and PDF)."""
    assert main(["--lang", "en", "cluster", "--from", str(HGX), "--servers", "32"]) in (0, 1)
    assert "Not in capex or TCO" not in capsys.readouterr().out
    spec = json.loads(CLUSTER.read_text())
    spec.pop("prices")
    spec["servers"][0]["build"] = str(HGX.resolve())
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(spec))
    out = tmp_path / "c.pdf"
    assert main(["--lang", "en", "cluster", str(bare), "-o", str(out), "--format", "cluster-pdf"]) in (0, 1)
    text = capsys.readouterr().out
    line = next(ln for ln in text.splitlines() if "Not in capex or TCO" in ln)
    for item in ("transceivers", "cables", "rack", "PDU", "Installation"):
        assert item in line, item
    assert "Notincapex" in re.sub(r"\s+", "", _pages(out)[0])
