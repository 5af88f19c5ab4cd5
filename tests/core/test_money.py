"""The one money formatter: locale patterns, half-up rounding, true minus, whole units, compact."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.money import check_locale, format_money, format_money_compact


def test_half_up_not_bankers_and_true_minus():
    assert format_money(Decimal("2.665"), "USD", "en_US") == "$2.67"      # Babel alone would print $2.66
    assert format_money(Decimal("1234.5"), "JPY", "en_US") == "¥1,235"
    assert format_money(Decimal("-5"), "USD", "en_US") == "−$5.00"
    assert format_money(Decimal("1.2345"), "KWD", "en_US") == "KWD1.235"   # three minor digits


def test_locale_patterns():
    assert format_money(Decimal("1234567.5"), "EUR", "de_DE") == "1.234.567,50\xa0€"
    assert format_money(Decimal("21500"), "CNY", "zh_CN") == "¥21,500.00"
    assert format_money(Decimal("-1234.5"), "EUR", "de_DE", digits=False) == "−1.235\xa0€"
    assert format_money(Decimal("1234567.5"), "EUR", "en_US", digits=False) == "€1,234,568"


def test_none_and_floats():
    assert format_money(None, "USD", "en_US") == "—"
    assert format_money(0.1 + 0.2, "USD", "en_US") == "$0.30"
    assert format_money(float("nan"), "USD", "en_US") == "—"


def test_compact_for_axes():
    assert format_money_compact(200000.0, "USD", "en_US") == "$200K"
    assert format_money_compact(1_250_000, "USD", "en_US") == "$1.2M"


def test_unknown_locale_is_a_value_error():
    with pytest.raises(ValueError, match="unknown locale 'xx_YY'"):
        format_money(Decimal(1), "USD", "xx_YY")


@pytest.mark.parametrize("call", [lambda: format_money(Decimal(1), "USD", "xx_YY"),
                                  lambda: format_money(Decimal(1), "USD", "xx_YY", digits=False),
                                  lambda: format_money_compact(Decimal(1), "USD", "xx_YY"),
                                  lambda: check_locale("xx_YY")], ids=["money", "whole", "compact", "check"])
def test_an_unknown_locale_is_a_message_in_english_and_in_chinese(call):
    """The formatters' refusal is data (words/input_words.py "money.unknown-locale"): English as before,
    Chinese under zh_CN."""
    from configurator.words.errors import error_text

    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == "unknown locale 'xx_YY' (use e.g. en_US, de_DE, zh_CN)"
    assert error_text(info.value, "zh_CN") == "未知的区域设置 'xx_YY'（请使用 en_US、de_DE、zh_CN 等）"


def test_a_users_unknown_locale_is_refused_where_it_is_written(tmp_path, monkeypatch, capsys):
    """The one locale a user writes (vendor.toml `quote.locale`) is refused when the settings are
    read, naming the file and the field; the GUI's own locale falls back to en_US (qt/theme.py), so
    the formatters' refusal above is met by no user input."""
    from configurator.launch import main
    from configurator.store import paths
    from configurator.words import i18n

    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path))
    settings = tmp_path / "config" / "vendor.toml"
    settings.parent.mkdir()
    settings.write_text('[quote]\nlocale = "xx_YY"\n', encoding="utf-8")
    build = paths.examples_dir() / "hgx-h100-8gpu.json"
    for lang, line in (("en", "field quote.locale: unknown locale 'xx_YY' (use e.g. en_US, de_DE, zh_CN)"),
                       ("zh_CN", "字段 quote.locale：未知的区域设置 'xx_YY'（请使用 en_US、de_DE、zh_CN 等）")):
        try:
            code = main(["quote", str(build), "-o", str(tmp_path / "q.pdf"), "--lang", lang])
        finally:
            i18n.set_language("en")
        assert (code, capsys.readouterr().err) == (2, f"configurator: {settings}: {line}\n")
