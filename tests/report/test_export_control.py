"""The export-control and end-use clause and the H100/H800 note (issue #29; core/export_control.py).

Held against the rule of 17 October 2023 (88 FR 73458, ECCN 3A090.a.1: TPP ≥ 4800), whose public
text is cited in core/export_control.py: the H100, H800, H200, A100, B200 and L40S are above the
line; the L20 and L2 (made for China under it) are not; the H20 needs a licence by name since
April 2025; the Huawei Ascend is not a U.S. item.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from configurator.core.export_control import RULE_URL, controlled, controlled_gpus, tpp
from configurator.launch import main
from configurator.report.sections import QuoteMeta, export_clause
from configurator.store.catalogs import default_catalog
from configurator.store.vendor_settings import QuoteTerms, VendorSettings
from configurator.words.quote_words import Labels

EX = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize("gpu_id, licensed", [
    ("nvidia-h100-sxm5-80gb", True), ("nvidia-h800-sxm5-80gb", True), ("nvidia-h200-sxm5-141gb", True),
    ("nvidia-a100-sxm4-80gb", True), ("nvidia-b200-sxm-180gb", True), ("nvidia-l40s-48gb", True),
    ("nvidia-h20-sxm5-96gb", True), ("amd-mi300x-oam-192gb", True),
    ("nvidia-l20-48gb", False), ("nvidia-l2-24gb", False), ("nvidia-l4-24gb", False),
    ("huawei-ascend-910b-64gb", False)])
def test_which_gpus_need_a_licence_for_china(gpu_id, licensed):
    gpu = default_catalog().get(gpu_id)
    assert controlled(gpu) is licensed, (gpu_id, tpp(gpu))
    assert bool(controlled_gpus([gpu], "CN")) is licensed and not controlled_gpus([gpu], "DE")


def test_h100_tpp_is_the_published_figure():
    # 1,979 dense FP8 TOPS × 8 bits: the 3A090 TPP of the H100 SXM, 15,832 (far over 4,800)
    assert tpp(default_catalog().get("nvidia-h100-sxm5-80gb")) == pytest.approx(15832)
    assert RULE_URL.startswith("https://www.federalregister.gov/documents/2023/10/25/2023-23055/")


def _meta(lang: str, currency: str) -> QuoteMeta:
    from datetime import date

    return QuoteMeta(number="Q-1", revision=1, issued=date(2026, 1, 1), valid_until=date(2026, 2, 1),
                     currency=currency, locale="en_US", customer="", tax_basis="Prices exclude tax",
                     labels=Labels(lang))


@pytest.mark.parametrize("mode, destination, currency, gpu, expect", [
    ("auto", "", "CNY", "nvidia-h100-sxm5-80gb", "The NVIDIA H100 SXM5 80GB quoted are controlled"),
    ("auto", "", "USD", "nvidia-h100-sxm5-80gb", ""),                        # destination unknown
    ("auto", "HK", "USD", "nvidia-h200-sxm5-141gb", "Delivery to Hong Kong, China requires"),
    ("auto", "", "CNY", "nvidia-l20-48gb", ""),                              # under the line
    ("on", "", "CNY", "nvidia-l20-48gb", "subject to the export-control laws"),
    ("off", "CN", "CNY", "nvidia-h100-sxm5-80gb", "")])
def test_the_vendor_profile_sets_the_clause(mode, destination, currency, gpu, expect):
    settings = VendorSettings(quote=QuoteTerms(export_control=mode, destination=destination))
    text = export_clause(settings, _meta("en", currency), [default_catalog().get(gpu)])
    assert (expect in text) if expect else text == ""


def _text(path: Path) -> str:
    return re.sub(r"\s+", "", "".join(p.extract_text() for p in PdfReader(str(path)).pages))


def test_abc_quote_to_china_carries_the_clause_and_explains_h100_and_h800(tmp_path):
    builds = [str(EX / "hgx-h100-8gpu.json"), str(EX / "xfusion-g8600-v7-8x-h800.json")]
    zh, en = tmp_path / "zh.pdf", tmp_path / "en.pdf"
    assert main(["--lang", "zh_CN", "quote", *builds, "--currency", "CNY", "-o", str(zh)]) == 0
    assert main(["--lang", "en", "quote", *builds, "--currency", "CNY", "-o", str(en)]) == 0
    z, e = _text(zh), _text(en)
    assert "出口管制：本报价中的NVIDIAH100SXM580GB,NVIDIAH800SXM580GB受美国《出口管理条例》" in z
    assert "交付至中国须取得美国出口许可" in z and "最终用户及最终用途声明" in z
    assert "为中国市场推出的互联带宽降低版本" in z and "900" in z and "400" in z
    assert "Exportcontrol.TheNVIDIAH100SXM580GB,NVIDIAH800SXM580GBquotedarecontrolled" in e
    assert "madefortheChinamarket" in e and "BothneedaU.S.exportlicenceforChina" in e


def test_a_usd_quote_without_destination_has_no_clause(tmp_path):
    out = tmp_path / "q.pdf"
    assert main(["--lang", "en", "quote", str(EX / "hgx-h100-8gpu.json"), "-o", str(out)]) == 0
    assert "Exportcontrol" not in _text(out)
