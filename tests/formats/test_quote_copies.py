"""Two copies of every quote document (issue #29): the customer's and the seller's internal one.

The customer's copy (the default) shows firm prices and nothing of the seller's cost basis: no
"(estimate)", no appendix of sources, no file name or path of the seller's. The internal copy
(`--internal`, or the Quote details dialog's "Copy") has the appendix "How these figures are
computed" with its sources and estimates. Checked on the text pypdf reads from the quote (single
and options A/B/C, English and Chinese), the upgrade quote and the comparison PDF.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from configurator.launch import main
from configurator.store.build_files import load_build, save_build

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
HGX, DGX = EXAMPLES / "hgx-h100-8gpu.json", EXAMPLES / "dgx-h100-8gpu.json"

#: what only the seller may read: estimate language, the appendix and its sources, file names and paths
#: (a link is a source, except the package index the pinned software stack installs PyTorch from:
#: an instruction for the customer's technicians, not the seller's basis)
INTERNAL = re.compile(r"estimate|估算|估计|How these figures|计算方法|来源|\bSources?\b|\.json|\.toml|\.csv|examples/|"
                      r"catalogs/|core/|\[\d+\]|https?://(?!download\.pytorch\.org/whl/)|price list|prices: ",
                      re.IGNORECASE)


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def _both(tmp_path: Path, argv: list[str]) -> tuple[str, str]:
    """(customer's text, internal text) of the PDF `argv` writes to '-o OUT'."""
    out = []
    for name, extra in (("customer", []), ("internal", ["--internal"])):
        target = tmp_path / f"{name}.pdf"
        assert main([*argv, "-o", str(target), *extra]) == 0
        out.append(_text(target))
    return out[0], out[1]


def _assert_copies(customer: str, internal: str) -> None:
    leaks = sorted({m.group(0) for m in INTERNAL.finditer(customer)})
    assert not leaks, f"the customer's copy shows the seller's basis: {leaks}"
    assert re.search(r"\((estimate|估计值)\)", internal)   # each estimated input says so
    assert re.search(r"\[\d+\]", internal)                # numbered citations of the sources


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_quote_customer_copy_has_no_cost_basis(tmp_path, lang):
    build = load_build(HGX)
    build = build.model_copy(update={"meta": build.meta.model_copy(update={"language": lang}),
                                     "commercial": build.commercial.model_copy(update={"tax_pct": Decimal(13)})})
    save_build(build, tmp_path / "hgx.json")
    customer, internal = _both(tmp_path, ["quote", str(tmp_path / "hgx.json"), "--quote-number", "Q-T-1"])
    _assert_copies(customer, internal)
    assert "hgx.json" in internal                          # the build's file, for the seller
    assert ("附录：各项数据的计算方法" if lang == "zh_CN" else "How these figures are computed") in internal
    # the prices and the total are the same in both copies: only the appendix differs
    money = re.compile(r"(?:\$|¥|CN¥)[\d,]+\.\d\d")
    assert money.findall(customer)[:40] == money.findall(internal)[:40]
    assert len(customer) < len(internal) / 2


def test_options_quote_customer_copy(tmp_path):
    customer, internal = _both(tmp_path, ["quote", str(HGX), str(DGX), "--quote-number", "Q-T-2"])
    _assert_copies(customer, internal)
    assert "Option A" in customer and "Option B" in customer


def test_upgrade_quote_customer_copy(tmp_path):
    probe = ROOT / "tests" / "fixtures" / "probe-h200"
    before = tmp_path / "server.json"
    assert main(["import", "inventory", str(probe), "--chassis", "supermicro-sys-821ge-tnhr", "-o", str(before)]) == 0
    build = load_build(before)
    build.placements = {**build.placements, **{f"GPU{i}": "nvidia-h200-sxm5-141gb" for i in range(2, 9)},
                        **{f"PSU{i}": "supermicro-psu-3000w-titanium" for i in range(1, 7)},
                        "CPU1": "intel-xeon-platinum-8480plus", "CPU2": "intel-xeon-platinum-8480plus",
                        **{f"CPU{c}_DIMM_{ch}1": "samsung-m321r8ga0bb0-cqk" for c in (1, 2) for ch in "ABCDEFGH"}}
    save_build(build, tmp_path / "after.json")
    customer, internal = _both(tmp_path, ["export", str(tmp_path / "after.json"), "--format", "upgrade-pdf"])
    _assert_copies(customer, internal)
    assert "Upgrade total" in customer and "Upgrade total" in internal


def test_comparison_pdf_customer_copy(tmp_path):
    out = []
    for name, extra in (("customer", []), ("internal", ["--internal"])):
        target = tmp_path / f"{name}.pdf"
        assert main(["compare", str(HGX), str(DGX), "--pdf", str(target), *extra]) == 0
        out.append(_text(target))
    customer, internal = out
    leaks = sorted({m.group(0) for m in INTERNAL.finditer(customer)})
    assert not leaks, leaks
    flat = re.sub(r"\s+", "", internal)
    assert "prices:catalogprices" in flat and "hgx-h100-8gpu.json" in flat, internal[:600]
    assert "Total cost of ownership" in customer


def test_the_customer_copy_is_the_default_everywhere():
    import inspect

    from configurator.formats.exporters.compare_pdf import comparison_pdf
    from configurator.formats.exporters.pdf_quote import write_quote
    from configurator.formats.exporters.upgrade_pdf import write_upgrade_quote
    from configurator.formats.registry import ExportRequest
    from configurator.report.quote import QuoteOptions

    assert QuoteOptions().internal is False and ExportRequest(options=()).internal is False
    for fn in (write_quote, write_upgrade_quote, comparison_pdf):
        assert inspect.signature(fn).parameters["internal"].default is False
