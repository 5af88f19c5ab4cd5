"""Vendor settings for quotes: who is quoting, terms, locale; read from a TOML file.

The file lives at ``paths.user_config_dir()/vendor.toml`` (see examples/vendor-settings.toml).
A missing file gives placeholders and a note on the quote; a malformed one raises
`QuoteError` naming the file and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from babel import Locale, UnknownLocaleError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..core import validation_text
from ..core.input_error import InputError, InvalidValueError, english
from ..core.library_errors import toml_msg
from ..core.message import Msg
from . import paths
from .text_files import FileReadError, read_bytes, read_text

MAX_SETTINGS_BYTES = 1_000_000


class QuoteError(ValueError):
    """Bad input for a quote; the message is one line and names what to fix."""


class QuoteOptionError(QuoteError):
    """A quote's options refused (report/quote.py): `msg` says why (words/cli_words.py "quote.*");
    `str()` is its English."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg)
        self.msg = msg

    def __str__(self) -> str:
        return english(self.msg)


class SettingsError(QuoteError, InputError):
    """A vendor-settings file (or its logo) that cannot be used: `msg` says why, `file` and `field` where."""


class UnorderableError(QuoteError):
    """A build with errors, quoted without `draft`: `msg` says so (words/cli_words.py), `errors` are
    the errors' lines (`code: message`, worded by the report in the app's language). `str()` is the
    English head line, then the errors' lines."""

    def __init__(self, msg: Msg, errors: Sequence[str]) -> None:
        super().__init__(msg, tuple(errors))
        self.msg, self.errors = msg, tuple(errors)

    def __str__(self) -> str:
        return "\n".join([english(self.msg), *self.errors])


class _Strict(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid", str_strip_whitespace=True)


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
    export_control: Literal["auto", "on", "off"] = Field("auto", description=(
        "the export-control and end-use clause (core/export_control.py): 'auto' adds it when a quoted GPU "
        "needs a U.S. export licence for the destination; 'on' always; 'off' never"))
    destination: str = Field("", pattern=r"^([A-Za-z]{2})?$", description=(
        "ISO 3166 country the systems are delivered to; '' = China when the quote is written in Chinese, "
        "priced in CNY or invoiced with Chinese VAT, else none"))

    @field_validator("locale")
    @classmethod
    def _locale(cls, value: str) -> str:
        try:
            Locale.parse(value)
        except (ValueError, UnknownLocaleError):
            raise InvalidValueError(Msg("settings.locale", locale=repr(value))) from None
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
            raise SettingsError(Msg("settings.not-found"), str(path))
        return VendorSettings(placeholder=True)
    try:
        data = tomllib.loads(read_text(path, max_bytes=MAX_SETTINGS_BYTES, what="settings file"))
    except FileReadError as exc:
        raise SettingsError(exc.msg, exc.file) from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(Msg("settings.not-toml", reason=toml_msg(exc)), str(path)) from None
    except RecursionError:
        raise SettingsError(Msg("settings.too-deep"), str(path)) from None
    data.pop("source", None)
    data.pop("placeholder", None)
    try:
        settings = VendorSettings.model_validate({**data, "source": str(path)})
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "(top level)"
        raise SettingsError(Msg("settings.at-field", field=where, details=validation_text.msg(err)), str(path)) from None
    logo = settings.logo_path()
    if logo is not None:
        check_logo(logo, str(path))
    return settings


MAX_LOGO_BYTES = 5_000_000
MAX_LOGO_PIXELS = 25_000_000   # 5000 x 5000: far more than a 120 x 40 pt logo needs


def check_logo(logo: Path, settings_file: str) -> None:
    """Refuse (a `SettingsError` naming the settings file and vendor.logo) a logo that is missing, not a
    regular file, too big, not a PNG/JPEG image, or a decompression bomb, from its header
    alone: reportlab would otherwise fail mid-quote with an empty message or a traceback."""
    import warnings
    from io import BytesIO

    from PIL import Image, UnidentifiedImageError

    def refused(msg: Msg) -> SettingsError:
        return SettingsError(Msg("settings.at-field", field="vendor.logo", details=msg), settings_file)

    try:
        raw = read_bytes(logo, max_bytes=MAX_LOGO_BYTES, what="logo image")
    except FileReadError as exc:
        raise refused(exc.where or exc.msg) from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(BytesIO(raw)) as img:   # reads the header only
                kind, (width, height) = img.format, img.size
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise refused(Msg("settings.logo-bomb", logo=str(logo), n=(Image.MAX_IMAGE_PIXELS or 0) // 1_000_000,
                          most=MAX_LOGO_PIXELS // 1_000_000)) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise refused(Msg("settings.logo-kind", logo=str(logo))) from None
    if kind not in ("PNG", "JPEG"):
        raise refused(Msg("settings.logo-other", logo=str(logo), kind=str(kind)))
    if width * height > MAX_LOGO_PIXELS:
        raise refused(Msg("settings.logo-pixels", logo=str(logo), width=width, height=height,
                          most=MAX_LOGO_PIXELS // 1_000_000))
    try:        # decoded whole (bounded by the pixel limit): a truncated or corrupt body fails here, not mid-quote
        with Image.open(BytesIO(raw)) as img:
            img.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        raise refused(Msg("settings.logo-damaged", logo=str(logo), kind=str(kind))) from None
