"""The app's language and the gettext catalog of the Qt-free messages (CLI output, the words of `say`).

Which language: an explicit choice (`--lang`), else `CONFIGURATOR_LANG`, else the GUI's saved
setting, else the system locale, else English. The Qt strings have their own `.ts`/`.qm`
(configurator/qt/window/language_menu.py); everything printed by the CLI or built by the core goes through
`_()` here, against `resources/locale/<lang>/LC_MESSAGES/configurator.mo` (Babel: extract with
`make translations`, see README).

Every lookup is exact: a message id's English wording (words/*_words.py, through
words/render.py `say`), a literal `_("…")`, a plural (`ngettext`) or a wording under a context
(`pgettext`). The core returns codes and parameters, never English to be read back.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from babel import Locale, UnknownLocaleError
from babel.core import default_locale

from ..core.input_error import InputError
from ..core.message import Msg

DOMAIN = "configurator"
ENV_VAR = "CONFIGURATOR_LANG"
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark a message for extraction without translating it here."""
    return message


def normalize(tag: str | None) -> str | None:
    """A supported language for a locale tag (`zh`, `zh-CN`, `zh_CN.UTF-8`, `en_US`), else None."""
    if not tag:
        return None
    tag = tag.split(".")[0].split("@")[0].replace("-", "_")
    if tag in ("C", "POSIX"):
        return "en"
    try:
        loc = Locale.parse(tag)
    except (ValueError, UnknownLocaleError):
        return None
    if loc.language == "zh" and (loc.territory in (None, "CN", "SG") and loc.script in (None, "Hans")):
        return "zh_CN"
    return "en" if loc.language == "en" else None


def system_language() -> str:
    """The supported language closest to the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    return normalize(default_locale(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))) or "en"


def choose_language(explicit: str | None = None, saved: str | None = None) -> str:
    """The language to use; an explicit tag that is not supported raises `InputError` (one line,
    words/cli_words.py)."""
    if explicit:
        lang = normalize(explicit)
        if lang is None:
            raise InputError(Msg("cli.unsupported-language", language=repr(explicit), languages=", ".join(LANGUAGES)),
                             "--lang")
        return lang
    return normalize(os.environ.get(ENV_VAR)) or normalize(saved) or system_language()


@dataclass
class Catalog:
    """One language's messages, looked up exactly: by msgid, by plural, by context."""

    language: str = "en"
    messages: dict[str, str] = field(default_factory=dict)
    #: plural entries: the English singular -> the language's forms, chosen by `plural_index`
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = field(default=lambda n: 0 if n == 1 else 1)
    #: entries with a msgctxt: (context, English) -> the language's wording
    contexts: dict[tuple[str, str], str] = field(default_factory=dict)

    def gettext(self, message: str) -> str:
        return self.messages.get(message) or message

    def pgettext(self, context: str, message: str) -> str:
        """`message` as worded under msgctxt `context` (a quote's "Description" is not a list's)."""
        return self.contexts.get((context, message)) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of `singular`/`plural` for the count `n` in this language."""
        forms = self.plurals.get(singular)
        if not forms:
            return singular if n == 1 else plural
        return forms[min(self.plural_index(n), len(forms) - 1)] or (singular if n == 1 else plural)


def load_catalog(language: str) -> Catalog:
    """The compiled catalog for `language` (English needs none; a missing .mo is an error)."""
    if language == "en":
        return Catalog()
    if _ACTIVE[0].language == language:   # the language in use (a quote or an explanation in it): no I/O
        return _ACTIVE[0]
    from babel.messages.mofile import read_mo

    from ..store import paths

    path = paths.locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        seen = os.stat(path)
        known = _LOADED.get((str(path), seen.st_size, seen.st_mtime_ns))
        if known is not None:         # read before and unchanged: no need to open it
            return known
        with open(path, "rb") as fh:
            stat = os.fstat(fh.fileno())
            key = (str(path), stat.st_size, stat.st_mtime_ns)
            if key not in _LOADED:
                mo = read_mo(fh)
                for stale in [k for k in _LOADED if k[0] == key[0]]:   # a rebuilt .mo is read again
                    del _LOADED[stale]
                _LOADED[key] = _catalog_from(language, ((str(m.id), str(m.string)) for m in mo
                                                        if m.id and m.string and not m.pluralizable and not m.context))
                _LOADED[key].contexts = {(str(m.context), str(m.id)): str(m.string) for m in mo
                                         if m.id and m.string and m.context and not m.pluralizable}
                _LOADED[key].plurals = {str(m.id[0]): tuple(str(s) for s in (m.string or ())) for m in mo
                                        if m.id and m.pluralizable and any(m.string or ())}
                _LOADED[key].plural_index = _plural_rule(mo.plural_expr)
    except OSError as exc:
        raise paths.ShippedDataMissingError(f"{path}: translation catalog missing ({exc.strerror})") from None
    return _LOADED[key]


#: the catalog of each .mo read, keyed by its path, size and modification time: an explanation in a
#: language other than the current one (the quote's, a test's) asks for it each time, and reading
#: the .mo again would cost each of them
_LOADED: dict[tuple[str, int, int], Catalog] = {}


def _catalog_from(language: str, pairs: Iterable[tuple[str, str]]) -> Catalog:
    return Catalog(language, dict(pairs))


# The process-wide language, like Qt's installed translators: set once at start-up by the CLI or
# the GUI, read by every `_()` call.
_ACTIVE: list[Catalog] = [Catalog()]


def _plural_rule(expr: str) -> Callable[[int], int]:
    """gettext's plural expression of a catalog (`(n != 1)`, `0`) as a function of the count."""
    import gettext

    rule: Callable[[int], int] = gettext.c2py(expr)
    return rule


def current_catalog() -> Catalog:
    """The catalog of the current language."""
    return _ACTIVE[0]


def set_language(language: str) -> Catalog:
    """Make `language` the one `_()` and `say` use; returns its catalog."""
    _ACTIVE[0] = load_catalog(language)
    return _ACTIVE[0]


def current_language() -> str:
    return _ACTIVE[0].language


def pad(text: str, width: int) -> str:
    """`text` left-aligned in `width` terminal columns (a Han character takes two)."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - cols)


def _(message: str) -> str:
    """`message` (a literal msgid, `{name}` placeholders allowed) in the current language."""
    return _ACTIVE[0].gettext(message)


# Labels the CLI looks up by value: listed here so that pybabel extracts them.
SEVERITY_LABELS = (N_("ERROR"), N_("WARNING"), N_("INFO"))
