"""The only code that locates shipped resources, catalogs and the user's folders."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_config_path, user_data_path

APP_NAME = "ai-server-configurator"
_ROOT = Path(__file__).resolve().parent.parent


def repo_root() -> Path:
    """Folder that holds `catalogs/`, `resources/` and `examples/`."""
    return _ROOT


def catalog_dir() -> Path:
    """Shipped component catalogs (one TOML file per category)."""
    return _ROOT / "catalogs"


def price_dir() -> Path:
    """Shipped price lists (`*.csv`)."""
    return catalog_dir() / "prices"


def resources_dir() -> Path:
    return _ROOT / "resources"


def examples_dir() -> Path:
    return _ROOT / "examples"


def user_data_dir() -> Path:
    """Per-user data folder; `CONFIGURATOR_HOME` overrides it (tests, portable installs)."""
    override = os.environ.get("CONFIGURATOR_HOME")
    if override:
        return Path(override) / "data"
    return user_data_path(APP_NAME, appauthor=False)


def user_config_dir() -> Path:
    override = os.environ.get("CONFIGURATOR_HOME")
    if override:
        return Path(override) / "config"
    return user_config_path(APP_NAME, appauthor=False)


def user_catalog_dir() -> Path:
    """User catalog folder: TOML files here add or override shipped parts."""
    return user_data_dir() / "catalogs"


def user_price_dir() -> Path:
    return user_catalog_dir() / "prices"


def recovery_dir() -> Path:
    """Autosave / crash-recovery copies of unsaved builds."""
    return user_data_dir() / "recovery"
