"""The exchange-rate table and fx.toml parsing (pure; reading the files is io's)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.fx import USD_ONLY, FxTable, parse_fx

GOOD = ('[[rates]]\ncurrency = "EUR"\nper_usd = 0.9\nminor_unit = 2\ndate = "2026-01-01"\n'
        'confidence = "estimate"\n[[rates]]\ncurrency = "JPY"\nper_usd = 148\nminor_unit = 0\n')


def test_parse_and_convert():
    fx = parse_fx(GOOD)
    assert fx.per_usd == {"USD": Decimal(1), "EUR": Decimal("0.9"), "JPY": Decimal(148)}
    assert fx.convert(Decimal(90), "EUR", "USD") == Decimal(100)
    assert fx.convert(Decimal(1), "EUR", "CHF") is None
    assert fx.quantum("JPY") == Decimal(1) and fx.quantum("EUR") == Decimal("0.01")
    assert "2026-01-01 (estimate)" in fx.note


@pytest.mark.parametrize(("row", "field"), [
    ('currency = "XX"\nper_usd = 1', "currency"),
    ('currency = "GBP"\nper_usd = -1', "per_usd"),
    ('currency = "JPY"', "per_usd"),
    ('currency = "JPY"\nper_usd = "lots"', "per_usd"),
    ('currency = "JPY"\nper_usd = 148\nminor_unit = 9', "minor_unit"),
])
def test_a_bad_row_is_skipped_and_named(row, field):
    """The bad row is left out with one issue naming the file and the field; the good row loads."""
    issues: list = []
    fx = parse_fx(f'[[rates]]\n{row}\n[[rates]]\ncurrency = "EUR"\nper_usd = 0.9\n', "user/fx.toml", issues)
    assert set(fx.per_usd) == {"USD", "EUR"}
    assert len(issues) == 1 and issues[0].field == field and str(issues[0]).startswith("user/fx.toml")


def test_text_that_is_not_toml_is_refused_naming_the_file():
    with pytest.raises(ValueError, match=r"^user/fx\.toml: cannot read"):
        parse_fx("[[rates]\n", "user/fx.toml")


def test_override_replaces_and_adds():
    base = parse_fx(GOOD)
    user = FxTable({"EUR": Decimal("0.95"), "CHF": Decimal("0.8")}, {"CHF": 2}, "user rates")
    merged = base.overridden_by(user)
    assert merged.per_usd["EUR"] == Decimal("0.95") and merged.per_usd["JPY"] == 148 and "CHF" in merged.per_usd
    assert merged.note == "user rates" and USD_ONLY.overridden_by(base).per_usd == base.per_usd


def test_the_rates_note_words_each_dates_confidence():
    """The note is a message (core/fx.py `note_msg`): a known confidence is worded in the reader's
    language, another one stays as the file wrote it."""
    from configurator.words.render import say

    table = FxTable({"USD": Decimal(1)}, {}, "rates", (("2026-01-02", "datasheet"), ("2026-01-03", "estimate"),
                                                       ("2026-01-04", "hunch")))
    msg = table.note_msg()
    assert say(msg, "en") == "exchange rates per USD of 2026-01-02 (datasheet), 2026-01-03 (estimate), 2026-01-04 (hunch)"
    assert say(msg, "zh_CN") == "2026-01-02（数据手册）, 2026-01-03（估计值）, 2026-01-04 (hunch) 的美元汇率"
