"""The HGX example quoted in English/USD and as a Chinese 报价单 in CNY with shipping and 13 % VAT;
a build with errors refused (exit 1) or quoted as a marked draft; unknown currencies refused."""

from __future__ import annotations

import json
import os
import re
import stat
from decimal import Decimal

import pytest

from configurator.core.build import Build
from configurator.core.currency import CurrencyError, check_currency, currency_ops
from configurator.core.evaluator import evaluate
from configurator.core.money import format_money
from configurator.launch import main
from configurator.store import paths
from configurator.store.catalogs import default_catalog
from configurator.store.fx_rates import load_fx
from configurator.words.capital_numerals import rmb_upper

HGX = paths.repo_root() / "examples" / "hgx-h100-8gpu.json"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _core_cost(currency: str, tax: str, shipping: str):
    build = Build.model_validate({k: v for k, v in json.loads(HGX.read_text()).items() if k not in ("format", "kind")})
    for op in currency_ops(build, currency, load_fx()):
        op.apply(build)
    build.commercial = build.commercial.model_copy(update={"tax_pct": Decimal(tax), "shipping": Decimal(shipping)})
    return evaluate(build, default_catalog(), fx=load_fx()).cost


@pytest.mark.parametrize(("lang", "currency", "locale"), [("en", "USD", "en_US"), ("zh_CN", "CNY", "zh_CN")])
def test_every_amount_on_the_quote_is_the_cores(tmp_path, pdf_pages, capsys, lang, currency, locale):
    out = tmp_path / f"{lang}.pdf"
    rc = main(["quote", str(HGX), "-o", str(out), "--lang", lang, "--currency", currency, "--tax-pct", "13",
               "--shipping", "500", "--customer", "北京示例科技有限公司", "--invoice-type", "special"])
    assert rc == 0, capsys.readouterr().err
    pages = pdf_pages(out)
    text = _squash(" ".join(pages))
    cost = _core_cost(currency, "13", "500")
    assert cost.currency == currency and cost.shipping == Decimal("500.00") and cost.tax_pct == 13
    for line in cost.lines:
        assert _squash(format_money(line.extended, currency, locale)) in text, line.part_id
        assert line.part_number in text or not line.part_number
    for amount in (cost.subtotal, cost.tax, cost.shipping, cost.total):
        assert _squash(format_money(amount, currency, locale)) in text
    if lang == "zh_CN":
        for label in ("报价单", "报价编号", "报价日期", "有效期至", "序号", "规格型号", "数量", "单价", "金额",
                      "增值税专用发票", "报价单位（盖章）", "交货期", "付款方式"):
            assert label in text, label
        assert rmb_upper(cost.total) in text
        # no vendor.toml: the placeholders and default terms are Chinese too
        for words in ("贵公司名称", "自发票开具之日起30天内付清", "原厂保修3年"):
            assert words in text, words
        assert "Net30days" not in text and "YourCompany" not in text
        assert re.search(r"第1页，共\d+页", text)
        # the chassis drawing's own words (report/chassis_drawing.py) are the quote's language too
        for words in ("俯视示意图（后端在上）", "散热：风冷", "PCIe/网卡插槽", "CPU与内存", "CPU1内存：", "前端", "空插槽"):
            assert words in text, words
        for words in ("topview", "Cooling:", "Powersupplies", "CPUsandmemory", "FRONT", "emptyslot", "memory:"):
            assert words not in text, words
        # and the summary's figures (report/figure_pairs.py) on page 1: the words around them, not only the
        # labels (the appendix shows figure keys and catalog field names as they are)
        summary = _squash(pages[0])
        for words in ("112核", "共32条内存", "个通道", "每卡", "可用", "峰值负载率", "冷吨", "散热能力", "购置",
                      "电费每年"):
            assert words in summary, words
        for words in ("cores", "intotal", "perGPU", "usable", "peakload", "capacity", "ambient", "capex", "/yr"):
            assert words not in summary, words
        # the descriptive part names in the description column, the drawing and the summary (words/part_words.py,
        # issue #30); the product names as written
        for words in ("HGX H100 8-GPU 基板", "风冷,8UGPU服务器(前后风扇墙)", "Supermicro机箱导轨套件",
                      "电源线IECC19转C20,16A,2m(接机柜PDU)", "3,000W钛金电源", "SYS-821GE-TNHR(8UHGXH100/H200,风冷)",
                      "NVIDIAH100SXM580GB", "SamsungPM17433.84TBU.2"):
            assert _squash(words) in text, words
        for words in ("baseboard", "Aircooling", "railkit", "Powercord", "TitaniumPSU", "H100/H200,air"):
            assert words not in text, words
    else:
        assert "QUOTATION" in text and "Supermicrorailkitforthechassis" in text and "人民币" not in text
        assert re.search(r"Page1of\d", text)
    assert "NOTVALIDFORORDER" not in text
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask     # sent to customers: not 0600


def _broken_build(tmp_path):
    data = json.loads(HGX.read_text())
    data["placements"] = {slot: part for slot, part in data["placements"].items() if not slot.startswith("PSU")}
    path = tmp_path / "no-psu.json"
    path.write_text(json.dumps(data))
    return path


def test_a_build_with_errors_is_refused_unless_quoted_as_a_draft(tmp_path, pdf_pages, capsys):
    broken = _broken_build(tmp_path)
    out = tmp_path / "q.pdf"
    assert main(["quote", str(broken), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "error" in err and "--allow-errors" in err and not out.exists()
    assert main(["quote", str(broken), "-o", str(out), "--allow-errors"]) == 0
    pages = pdf_pages(out)
    assert "NOT VALID FOR ORDER — open problems" in pages[0]
    assert all("DRAFT — NOT ORDERABLE" in page for page in pages)


@pytest.mark.parametrize("code", ["XYZ", "KWD"])
def test_unknown_or_unrated_currency_exits_2_in_one_line(tmp_path, capsys, code):
    assert main(["quote", str(HGX), "-o", str(tmp_path / "q.pdf"), "--currency", code]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and code in err and "exchange rate" in err
    with pytest.raises(CurrencyError):
        check_currency(code, load_fx())


def test_changing_the_currency_converts_every_money_input():
    fx = load_fx()
    build = Build(chassis="x", site={"electricity_price_kwh": "0.15"}, commercial={"shipping": "500",
                                                                                    "rent_per_gpu_hour": "2"})
    build.site = build.site.model_copy(update={"currency": "CNY"})   # what the site panel's combo does
    assert build.site.input_currency == "USD"      # the inputs keep their currency: the evaluation converts
    fresh = Build(chassis="x", commercial={"shipping": "500"})
    for op in currency_ops(fresh, "CNY", fx):
        op.apply(fresh)
    rate = fx.per_usd["CNY"]
    assert fresh.commercial.shipping == (500 * rate).quantize(Decimal("0.01"))
    assert fresh.site.electricity_price_kwh == (Decimal("0.15") * rate).quantize(Decimal("0.0001"))
    assert fresh.site.input_currency == fresh.site.currency == "CNY"


@pytest.mark.parametrize(("amount", "words"), [
    ("123456", "人民币壹拾贰万叁仟肆佰伍拾陆元整"), ("1005.07", "人民币壹仟零伍元零柒分"),
    ("100010", "人民币壹拾万零壹拾元整"), ("100000001", "人民币壹亿零壹元整"), ("20.30", "人民币贰拾元叁角整"),
    ("0", "人民币零元整"), ("3815575.26", "人民币叁佰捌拾壹万伍仟伍佰柒拾伍元贰角陆分"),
])
def test_capital_numerals(amount, words):
    assert rmb_upper(Decimal(amount)) == words


def test_shipped_vendor_placeholders_are_worded_in_the_quote_language():
    """The built-in defaults and examples/vendor-settings.toml's terms on a Chinese quote; a vendor's
    own wording (the example's company and address) stays as written, English quotes unchanged."""
    from configurator.store.vendor_settings import VendorSettings, load_settings
    from configurator.words.quote_words import Labels

    zh, en = Labels("zh_CN"), Labels("en")
    default = zh.settings(VendorSettings(placeholder=True))
    assert default.vendor.company == "贵公司名称" and default.vendor.address.startswith("街道及门牌号")
    assert (default.quote.payment_terms, default.quote.lead_time) == (
        "自发票开具之日起 30 天内付清。", "订单确认后 4–8 周，视部件供货情况而定。")
    example = load_settings(paths.examples_dir() / "vendor-settings.toml")
    shown = zh.settings(example)
    assert shown.quote.payment_terms == "下单时预付 50 %，余款于交货后 30 天内付清。"
    assert shown.quote.lead_time == "订单确认后 4–8 周，视 GPU 配额而定。" and shown.quote.warranty.startswith("原厂保修")
    assert shown.vendor.company == example.vendor.company == "Example Compute Systems GmbH"
    assert en.settings(example) is example


def test_the_option_comparison_is_worded_in_chinese(tmp_path, pdf_pages, capsys):
    """The A/B table's own words: open items counted in Chinese, an unset workload said so (not a blank cell)."""
    out = tmp_path / "ab.pdf"
    assert main(["quote", str(HGX), str(HGX), "-o", str(out), "--lang", "zh_CN"]) == 0, capsys.readouterr().err
    first = _squash(pdf_pages(out)[0])
    assert "0个错误，1个警告" in first and "未设置" in first
    assert "errors" not in first and "warning" not in first and "notset" not in first
