"""The support line the core names in English ("Support and warranty extension, 5 years (8 % of
hardware per year)") reads in Chinese in the BOM panel, `evaluate --lang zh_CN` and the quote."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.build import Commercial
from configurator.core.evaluate.bom import support_line
from configurator.words import i18n


@pytest.mark.parametrize("years, expected", [(5, "支持与延保 5 年（每年为硬件价格的 8 %）"),
                                             (1, "支持与延保 1 年（每年为硬件价格的 8 %）")])
def test_support_line_in_chinese(years, expected):
    line = support_line(Decimal("100000"), Commercial(support_pct_per_year=8, tco_years=years), Decimal("0.01"))
    assert line is not None
    assert i18n.load_catalog("zh_CN").translate(line.name) == expected
    assert i18n.load_catalog("en").translate(line.name) == line.name
