"""Vendor settings for quotes: who is quoting, terms, locale; read from a TOML file.

The file lives at ``paths.user_config_dir()/vendor.toml`` (see examples/vendor-settings.toml).
A missing file gives placeholders and a note on the quote; a malformed one raises
`QuoteError` naming the file and the field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from babel import Locale, UnknownLocaleError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .. import paths
from ..io.files import FileReadError, read_text

MAX_SETTINGS_BYTES = 1_000_000


class QuoteError(ValueError):
    """Bad input for a quote; the message is one line and names what to fix."""


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class Vendor(_Strict):
    company: str = Field("Your Company Ltd.", max_length=200)
    address: str = Field("Street and number\nPostcode, City\nCountry", max_length=1000)
    contact: str = Field("", max_length=200)
    email: str = Field("", max_length=200)
    phone: str = Field("", max_length=100)
    website: str = Field("", max_length=200)
    tax_id: str = Field("", max_length=100, description="VAT / tax registration number")
    logo: str = Field("", max_length=1000, description="image file, relative to the settings file")
    bank: str = Field("", max_length=300, description="bank name and account (开户行及账号)")


class QuoteTerms(_Strict):
    locale: str = Field("en_US", description="Babel locale for money and dates")
    number_prefix: str = Field("Q", pattern=r"^[A-Za-z0-9]{1,8}$")
    payment_terms: str = Field("Net 30 days from invoice date.", max_length=500)
    lead_time: str = Field("4–8 weeks after order, subject to component availability.", max_length=500)
    warranty: str = Field("Manufacturer warranty, 3 years return-to-base, unless support services are quoted.",
                          max_length=500)
    terms: str = Field("", max_length=20000, description="replaces the default terms; blank lines split clauses")

    @field_validator("locale")
    @classmethod
    def _locale(cls, value: str) -> str:
        try:
            Locale.parse(value)
        except (ValueError, UnknownLocaleError):
            raise ValueError(f"unknown locale {value!r} (use e.g. en_US, de_DE, zh_CN)") from None
        return value


class VendorSettings(_Strict):
    vendor: Vendor = Field(default_factory=Vendor)
    quote: QuoteTerms = Field(default_factory=QuoteTerms)
    source: str = Field("", description="file the settings came from; '' = built-in placeholders")
    placeholder: bool = Field(False, description="no settings file: the vendor block is placeholder text")

    def logo_path(self) -> Path | None:
        if not self.vendor.logo:
            return None
        logo = Path(self.vendor.logo).expanduser()
        if not logo.is_absolute() and self.source:
            logo = Path(self.source).parent / logo
        return logo


def default_settings_path() -> Path:
    return paths.user_config_dir() / "vendor.toml"


def load_settings(path: Path | None = None) -> VendorSettings:
    """Settings from `path` (default: the user's vendor.toml); placeholders when it is absent."""
    explicit = path is not None
    path = Path(path) if path is not None else default_settings_path()
    if not path.exists():
        if explicit:
            raise QuoteError(f"{path}: settings file not found")
        return VendorSettings(placeholder=True)
    try:
        data = tomllib.loads(read_text(path, max_bytes=MAX_SETTINGS_BYTES, what="settings file"))
    except FileReadError as exc:
        raise QuoteError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise QuoteError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise QuoteError(f"{path}: not valid TOML: nested too deeply") from None
    data.pop("source", None)
    data.pop("placeholder", None)
    try:
        settings = VendorSettings.model_validate({**data, "source": str(path)})
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "(top level)"
        msg = err["msg"].removeprefix("Value error, ")
        raise QuoteError(f"{path}: field {where}: {msg}") from None
    logo = settings.logo_path()
    if logo is not None and not logo.is_file():
        raise QuoteError(f"{path}: field vendor.logo: image file {logo} not found")
    return settings
