"""The 报价单 adds tax (13 % VAT) to net prices: it gains 含税单价 and 含税合价 columns, computed as
the tender pack's 分项报价明细表 computes them; an English quote and a quote without tax keep the
four-price-column-less layout."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.tender import tender_pricing
from configurator.report.styles import line_table
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words.quote_words import Labels


@pytest.fixture(scope="module")
def costs():
    catalog = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    build = load_build(paths.examples_dir() / "h3c-r5500-g6-8x-h20.json", catalog)
    ev = default_evaluator(catalog)

    def cost(**terms):
        return ev.evaluate(build.model_copy(update={"commercial": build.commercial.model_copy(update=terms)})).cost
    return cost


def _texts(table) -> list[list[str]]:
    return [[c.getPlainText() if hasattr(c, "getPlainText") else str(c) for c in row] for row in table._cellvalues]


def test_the_chinese_quote_with_tax_added_shows_gross_prices(costs):
    cost = costs(tax_pct=Decimal(13))
    rows = _texts(line_table(cost, "zh_CN", Labels("zh_CN")))
    assert rows[0][4:] == ["不含税单价", "不含税合价", "含税单价", "含税合价"]
    lines = [r for r in rows[1:] if r[0].isdigit()]
    priced = tender_pricing(cost).lines
    assert len(lines) == len(priced)
    for row, t in zip(lines, priced, strict=True):
        assert row[6].replace(",", "").endswith(f"{t.gross_unit}")
        assert row[7].replace(",", "").endswith(f"{t.gross_extended}")


@pytest.mark.parametrize("language, terms", [("en", dict(tax_pct=Decimal(13))), ("zh_CN", dict(tax_pct=Decimal(0))),
                                             ("zh_CN", dict(tax_pct=Decimal(13), prices_include_tax=True))])
def test_other_quotes_keep_six_columns(costs, language, terms):
    rows = _texts(line_table(costs(**terms), "zh_CN", Labels(language)))
    assert len(rows[0]) == 6
