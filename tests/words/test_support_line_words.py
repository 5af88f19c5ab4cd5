"""The BOM lines the core names by code (words/bom_words.py): the support line ("Support and
warranty extension, 5 years (8 % of hardware per year)") and an owned part's line read in
Chinese in the BOM panel, `evaluate --lang zh_CN` and the quote, and in English in `--json`."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.build import Commercial
from configurator.core.evaluate.bom import owned_line, support_line
from configurator.core.message import Msg
from configurator.words.render import in_english, say


@pytest.mark.parametrize("years, english, chinese", [
    (5, "Support and warranty extension, 5 years (8 % of hardware per year)", "支持与延保 5 年（每年为硬件价格的 8 %）"),
    (1, "Support and warranty extension, 1 year (8 % of hardware per year)", "支持与延保 1 年（每年为硬件价格的 8 %）")])
def test_support_line_in_english_and_chinese(years, english, chinese):
    line = support_line(Decimal("100000"), Commercial(support_pct_per_year=8, tco_years=years), Decimal("0.01"))
    assert line is not None and isinstance(line.name, Msg)
    assert in_english(line.name) == english
    assert say(line.name, "zh_CN") == chinese


def test_a_fractional_rate_keeps_its_digits():
    line = support_line(Decimal("100000"), Commercial(support_pct_per_year=7.5, tco_years=4), Decimal("0.01"))
    assert line is not None
    assert in_english(line.name) == "Support and warranty extension, 4 years (7.5 % of hardware per year)"
    assert say(line.name, "zh_CN") == "支持与延保 4 年（每年为硬件价格的 7.5 %）"


def test_an_owned_line_names_the_part_and_says_it_is_installed():
    line = owned_line(category="gpu", part_id="h200", part_number="900-21010-0040-000",
                      name="NVIDIA H200 SXM5 141GB", qty=4, quantum=Decimal("0.01"))
    assert line.name == Msg("bom.owned", name="NVIDIA H200 SXM5 141GB")
    assert in_english(line.name) == "NVIDIA H200 SXM5 141GB (already installed)"
    assert say(line.name, "zh_CN") == "NVIDIA H200 SXM5 141GB（已安装）"


def test_owned_gpus_baseboard_line_names_the_owned_gpus():
    """An HGX build whose GPUs the customer owns: the baseboard line names the GPUs as owned, in
    English as before (`evaluate --json`) and in Chinese; its price source names the part."""
    from configurator.core.evaluator import evaluate
    from configurator.store import paths
    from configurator.store.build_files import load_build
    from configurator.store.catalogs import default_catalog

    build = load_build(paths.examples_dir() / "hgx-h100-8gpu.json")
    owned = {slot: part for slot, part in build.placements.items() if slot.upper().startswith("GPU")}
    build = build.model_copy(update={"owned": owned})
    board = next(ln for ln in evaluate(build, default_catalog()).cost.lines if ln.part_id == "acc-hgx-h100-8gpu")
    assert isinstance(board.name, Msg) and board.unit_price == 0
    assert in_english(board.name) == "NVIDIA HGX H100 8-GPU baseboard (8 × NVIDIA H100 SXM5 80GB (already installed))"
    assert say(board.name, "zh_CN") == "NVIDIA HGX H100 8-GPU 基板（8 × NVIDIA H100 SXM5 80GB（已安装））"
    assert board.price_source.startswith("8 × NVIDIA H100 SXM5 80GB unit price (owned by the customer")
