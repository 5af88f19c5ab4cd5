"""The only code that locates shipped resources, catalogs and the user's folders.

Shipped data (catalogs/, resources/, examples/) is found through `importlib.resources`:
an installed wheel carries it as the `configurator/_shipped/` folder (setup.py copies it there at
build time); a source checkout or an editable install has no such folder and reads the top-level
folders next to the package. A missing or empty shipped folder raises `ShippedDataMissingError`, a
one-line `FileNotFoundError` the CLI prints and exits 2 on, never an empty catalog.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from platformdirs import user_cache_path, user_config_path, user_data_path

from ..core.input_error import english
from ..core.message import Msg

APP_NAME = "ai-server-configurator"
SHIPPED_FOLDER = "_shipped"
_CHECKOUT = Path(__file__).resolve().parents[2]


class ShippedDataMissingError(FileNotFoundError):
    """A data folder the package must ship is absent: a broken install, not a user error. `msg`
    says which (words/input_words.py "install.*"); `str()` is its English. A plain text is kept
    where no catalog can word it (the translations themselves missing)."""

    def __init__(self, msg: Msg | str) -> None:
        super().__init__(msg if isinstance(msg, str) else msg.id)
        self.msg = msg

    def __str__(self) -> str:
        return self.msg if isinstance(self.msg, str) else english(self.msg)


def _package_dir() -> Path:
    # A wheel installs as plain files, so the traversable is a real folder; as_file would only
    # matter for zip imports, which setuptools wheels do not use.
    return Path(str(resources.files("configurator")))


def repo_root() -> Path:
    """Folder that holds `catalogs/`, `resources/` and `examples/`: the package's `_shipped/`
    folder when installed from a wheel, else the source checkout."""
    shipped = _package_dir() / SHIPPED_FOLDER
    return shipped if shipped.is_dir() else _CHECKOUT


def is_installed() -> bool:
    """True when running from a built wheel (data under `configurator/_shipped/`)."""
    return repo_root() != _CHECKOUT


def _shipped(name: str, must_hold: str) -> Path:
    """The shipped folder `name`, checked to hold at least one `must_hold` file (once per folder
    and process: the words ask for the locale folder with every sentence in a named language)."""
    folder = repo_root() / name
    if (folder, must_hold) in _FOUND:
        return folder
    if not folder.is_dir() or not any(folder.glob(must_hold)):
        raise ShippedDataMissingError(Msg("install.folder-missing", name=name, folder=str(folder), files=must_hold))
    _FOUND.add((folder, must_hold))
    return folder


#: shipped folders found holding their files (an empty or missing one is looked at again each time)
_FOUND: set[tuple[Path, str]] = set()


def catalog_dir() -> Path:
    """Shipped component catalogs (one TOML file per category)."""
    return _shipped("catalogs", "*.toml")


def price_dir() -> Path:
    """Shipped price lists (`*.csv`)."""
    folder = catalog_dir() / "prices"
    if not any(folder.glob("*.csv")):
        raise ShippedDataMissingError(Msg("install.prices-missing", folder=str(folder)))
    return folder


def resources_dir() -> Path:
    """Shipped fonts, translations and icons."""
    return _shipped("resources", "*/*")


def translations_dir() -> Path:
    """Compiled Qt translations (`configurator_<locale>.qm`)."""
    return resources_dir() / "translations"


def locale_dir() -> Path:
    """gettext catalogs for the Qt-free messages: `<locale>/LC_MESSAGES/configurator.mo`."""
    return resources_dir() / "locale"


def examples_dir() -> Path:
    """Example builds; shipped so that a fresh install has something to open."""
    return _shipped("examples", "*.json")


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


def user_cache_dir() -> Path:
    """Per-user cache folder: data the app can rebuild (the validated catalog); `CONFIGURATOR_HOME`
    overrides it like the other folders."""
    override = os.environ.get("CONFIGURATOR_HOME")
    if override:
        return Path(override) / "cache"
    return user_cache_path(APP_NAME, appauthor=False)


def user_catalog_dir() -> Path:
    """User catalog folder: TOML files here add or override shipped parts."""
    return user_data_dir() / "catalogs"


def user_price_dir() -> Path:
    return user_catalog_dir() / "prices"


def recovery_dir() -> Path:
    """Autosave / crash-recovery copies of unsaved builds."""
    return user_data_dir() / "recovery"
