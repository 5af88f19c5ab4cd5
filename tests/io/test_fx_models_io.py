"""io reads fx.toml and models.toml (shipped, then the user's override); errors name file and field."""

from __future__ import annotations

from decimal import Decimal

import pytest

from configurator.core.evaluator import Evaluator
from configurator.store.catalogs import default_catalog
from configurator.store.fx_rates import fx_files, load_fx
from configurator.store.loaded_evaluator import default_evaluator
from configurator.store.model_presets import PresetFileError, load_presets, preset_files


def test_shipped_fx_has_the_required_currencies():
    fx = load_fx()
    assert {"USD", "EUR", "GBP", "CNY", "JPY", "CHF"} <= set(fx.per_usd)
    assert fx.minor_unit["JPY"] == 0 and fx.quantum("JPY") == Decimal(1)


def test_missing_fx_file_falls_back_to_usd(tmp_path):
    assert load_fx([tmp_path / "nope.toml"]).per_usd == {"USD": Decimal(1)}


def test_user_fx_overrides_shipped(tmp_path):
    user = tmp_path / "fx.toml"
    user.write_text('[[rates]]\ncurrency = "EUR"\nper_usd = 0.5\n', encoding="utf-8")
    fx = load_fx([fx_files()[0], user])
    assert fx.per_usd["EUR"] == Decimal("0.5") and "JPY" in fx.per_usd


def test_a_broken_fx_row_or_file_is_skipped_and_named(tmp_path):
    """One bad user row or file never stops an evaluation: it is skipped with a one-line issue
    naming the file and the field, and the shipped rates still apply."""
    bad = tmp_path / "fx.toml"
    bad.write_text('[[rates]]\ncurrency = "EUR"\nper_usd = 0\n[[rates]]\ncurrency = "GBP"\nper_usd = 0.8\n',
                   encoding="utf-8")
    issues: list = []
    fx = load_fx([fx_files()[0], bad], issues)
    assert fx.per_usd["GBP"] == Decimal("0.8") and fx.per_usd["EUR"] != 0   # the shipped EUR rate stays
    assert len(issues) == 1 and "field 'per_usd'" in str(issues[0]) and "EUR" in str(issues[0])
    bad.write_text("[[rates]\n", encoding="utf-8")
    issues = []
    fx = load_fx([fx_files()[0], bad], issues)
    assert "JPY" in fx.per_usd and len(issues) == 1 and str(issues[0]).startswith(str(bad))


def test_shipped_presets_and_user_override(tmp_path):
    shipped = load_presets()
    assert "llama-2-7b" in shipped and shipped["llama-2-7b"].layers == 32
    user = tmp_path / "models.toml"
    user.write_text('[llama-2-7b]\nname = "Mine"\nlayers = 2\nhidden = 64\nheads = 4\nkv_heads = 4\n'
                    'ffn = 128\nvocab = 100\nsource = "mine"\n', encoding="utf-8")
    both = load_presets([preset_files()[0], user])
    assert both["llama-2-7b"].name == "Mine" and len(both) == len(shipped)


def test_broken_preset_names_file_preset_and_field(tmp_path):
    bad = tmp_path / "models.toml"
    bad.write_text('[tiny]\nname = "t"\nlayers = 0\nhidden = 64\nheads = 4\nkv_heads = 4\nffn = 1\nvocab = 1\n',
                   encoding="utf-8")
    with pytest.raises(PresetFileError, match=r"models\.toml: preset 'tiny', field 'layers'"):
        load_presets([bad])


def test_default_evaluator_carries_rates_and_presets():
    cat = default_catalog()
    ev = default_evaluator(cat)
    assert isinstance(ev, Evaluator) and ev.catalog is cat
    assert "EUR" in ev.fx.per_usd and "llama-2-7b" in ev.presets
