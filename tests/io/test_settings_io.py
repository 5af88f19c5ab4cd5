"""App settings round-trip; damaged files never stop the app (see also test_corpus.py)."""

from __future__ import annotations

from configurator import paths
from configurator.io.settings_io import AppSettings, load_settings, save_settings, settings_path


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "none.json") == (AppSettings(), [])


def test_round_trip(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    settings = AppSettings(autosave_interval_s=5, recent_files=("/q/训练.json",), default_currency="EUR")
    save_settings(settings, path)
    assert load_settings(path) == (settings, [])


def test_unknown_keys_from_newer_app_are_ignored(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"format": 3, "theme": "dark", "autosave_interval_s": 30}')
    settings, issues = load_settings(path)
    assert settings.autosave_interval_s == 30 and issues == []


def test_default_location_is_in_user_config():
    assert settings_path().parent == paths.user_config_dir()
