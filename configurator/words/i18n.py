"""The app's language and the gettext catalog of the Qt-free messages (CLI output, the words of `say`).

Which language: an explicit choice (`--lang`), else `CONFIGURATOR_LANG`, else the GUI's saved
setting, else the system locale, else English. The Qt strings have their own `.ts`/`.qm`
(configurator/qt/window/language_menu.py); everything printed by the CLI or built by the core goes through
`_()` here, against `resources/locale/<lang>/LC_MESSAGES/configurator.mo` (Babel: extract with
`make translations`, see README).

Core messages are built in English with values already filled in; `translate()` maps such a
message back onto its catalog template (`{name}` placeholders) and fills the translation with the
same values, so the core needs no language at all.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from babel import Locale, UnknownLocaleError
from babel.core import default_locale

DOMAIN = "configurator"
ENV_VAR = "CONFIGURATOR_LANG"
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}
_PLACEHOLDER = re.compile(r"\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")


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
    """The language to use; an explicit tag that is not supported raises ValueError (one line)."""
    if explicit:
        lang = normalize(explicit)
        if lang is None:
            raise ValueError(f"--lang: unsupported language {explicit!r} (choose from {', '.join(LANGUAGES)})")
        return lang
    return normalize(os.environ.get(ENV_VAR)) or normalize(saved) or system_language()


@dataclass
class Catalog:
    """One language's messages: exact lookups plus the templates that carry placeholders."""

    language: str = "en"
    messages: dict[str, str] = field(default_factory=dict)
    templates: list[_Template] = field(default_factory=list)
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

    def translate(self, text: str) -> str:
        """`text` in this language: an exact entry, or a filled-in template, else unchanged."""
        return self._translate(text, 0) if self.messages else text

    def _translate(self, text: str, depth: int) -> str:
        exact = self.messages.get(text)
        if exact:
            return exact
        for template in self.templates:
            m = template.match(text)
            if m:
                return _PLACEHOLDER.sub(lambda p: self._filled(p.group(1), m.group(p.group(1)), depth),
                                        template.translation)
        return text

    def _filled(self, name: str, value: str, depth: int) -> str:
        """The value of placeholder `name`: a file, field or entry stays as written (a field named
        "chassis" is not the word 机箱); anything else in this language."""
        return value if name in _VERBATIM else self._value(value, depth + 1)

    def _value(self, value: str, depth: int) -> str:
        """A filled-in value in this language: a nested phrase translated, a list re-joined."""
        if depth > _MAX_DEPTH:
            return value
        done = self._translate(value, depth)
        if done != value:
            return done
        if "; " in value:
            return self._join([self._value(v, depth + 1) for v in value.split("; ")], "; ")
        if " or " in value:      # alternatives ("ZeRO-3 over 8 GPUs or activation checkpointing")
            return self._join([self._value(v, depth + 1) for v in value.split(" or ")], " or ")
        head, sep, last = value.rpartition(" and ")
        if not sep:
            return value
        items = [self._value(v, depth + 1) for v in head.split(", ")]
        more = _MORE.fullmatch(last)
        return self._join(items, ", ", more.group(1) if more else None, self._value(last, depth + 1))

    def _join(self, items: list[str], sep: str, more: str | None = None, last: str | None = None) -> str:
        """`items` (then `last`, or "and N more") joined the way this language lists things."""
        words = _LIST_WORDS.get(self.language, _LIST_WORDS["en"])
        joined = words[sep].join(items)
        if more is not None:
            return joined + words["more"].format(n=more)
        return joined + words["and"] + last if last is not None else joined


_MAX_DEPTH = 4
#: placeholders that name where something is (a file, a field of it, a catalog entry) or a category key
#: ("psu", "gpu"): never translated
_VERBATIM = frozenset({"file", "field", "entry", "category"})
_MORE = re.compile(r"(\d+) more")
#: how a language joins a list: ", " between items, "; " between clauses, " or " between alternatives,
#: the last item, "N more"
_LIST_WORDS = {
    "en": {", ": ", ", "; ": "; ", " or ": " or ", "and": " and ", "more": " and {n} more"},
    "zh_CN": {", ": "、", "; ": "；", " or ": " 或 ", "and": " 和 ", "more": " 等另外 {n} 个"},
}


# a value: characters or (...) groups nested up to twice, "NVSwitch (NVLink 4 (18 links))";
# one value also never spans " and " / " or " / "; "
_GROUP = r"\((?:[^()]|\([^()]*\))*\)"
_LIST_VALUE = rf"(?:[^()]|{_GROUP})+?"
_ONE_VALUE = rf"(?:(?! and | or |; )(?:[^()]|{_GROUP}))+?"


def _template_pattern(msgid: str) -> re.Pattern[str]:
    """A regex matching `msgid` with each `{name}` filled in (each name once, later uses must repeat it).

    A name ending in "s" takes any text (a list, a nested phrase); any other name takes one value,
    which never spans " and ", " or " or "; " (so "A holds X and B holds Y" is a list, not one filled
    template).
    Either keeps its brackets balanced, so "the 32 GB RDIMM (generic) (16 DIMMs)" fills `{dimm} ({n} DIMMs)`
    with the whole part name.
    """
    parts, seen, last = [], set(), 0
    for m in _PLACEHOLDER.finditer(msgid):
        parts.append(re.escape(msgid[last:m.start()]))
        name = m.group(1)
        if name in seen:
            parts.append(f"(?P={name})")
        else:
            parts.append(f"(?P<{name}>{_LIST_VALUE if name.endswith('s') else _ONE_VALUE})")
        seen.add(name)
        last = m.end()
    parts.append(re.escape(msgid[last:]))
    return re.compile("".join(parts), re.DOTALL)


def _literal_length(msgid: str) -> int:
    """How much fixed text a template has: the more, the more specific it is."""
    return len(_PLACEHOLDER.sub("", msgid))


class _Template:
    """A message with placeholders, matched against a filled-in text. Its regex is compiled when a
    text first holds the template's longest fixed piece (which any match must contain): a catalog
    has ~700 templates, and compiling them all would cost every start about a second."""

    __slots__ = ("msgid", "translation", "_key", "_pattern")

    def __init__(self, msgid: str, translation: str) -> None:
        self.msgid, self.translation = msgid, translation
        self._key = max(_PLACEHOLDER.split(msgid)[::2], key=len)   # the texts between placeholders
        self._pattern: re.Pattern[str] | None = None

    def match(self, text: str) -> re.Match[str] | None:
        if self._key not in text:
            return None
        if self._pattern is None:
            self._pattern = _template_pattern(self.msgid)
        return self._pattern.fullmatch(text)


def load_catalog(language: str) -> Catalog:
    """The compiled catalog for `language` (English needs none; a missing .mo is an error)."""
    if language == "en":
        return Catalog()
    from babel.messages.mofile import read_mo

    from ..store import paths

    path = paths.locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
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
#: language other than the current one (the quote's, a test's) asks for it each time, and each new
#: Catalog would compile its templates' regexes again (`_Template`) as texts hit them
_LOADED: dict[tuple[str, int, int], Catalog] = {}


#: words.render's list joiners: whole-sentence templates they are not (the matcher would read any
#: "X and 3 more" as one and leave X's list unjoined)
_NOT_TEMPLATES = frozenset({"{first} and {last}", "{first} or {last}", "{items} and {n} more",
                            # and the rules' joiners and fragments (words/rule_words.py), worded by `say`
                            "{first}; {rest}", "{first} or {rest}", "{fewer} and {more}", "{slot} x{n}",
                            "{slot} to {target}", "{pct:.0f} %",
                            # words/input_words.py's frames: any "a: b" would match them
                            "{file}: {details}", "{field}: {details}", "{text}"})


def _catalog_from(language: str, pairs: Iterable[tuple[str, str]]) -> Catalog:
    cat = Catalog(language)
    found: list[tuple[int, _Template]] = []
    for msgid, msgstr in pairs:
        cat.messages[msgid] = msgstr
        if _PLACEHOLDER.search(msgid) and msgid not in _NOT_TEMPLATES:
            found.append((_literal_length(msgid), _Template(msgid, msgstr)))
    found.sort(key=lambda t: -t[0])  # the most specific template wins
    cat.templates = [template for _, template in found]
    return cat


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
    """Make `language` the one `_()` and `translate()` use; returns its catalog."""
    _ACTIVE[0] = load_catalog(language)
    return _ACTIVE[0]


def current_language() -> str:
    return _ACTIVE[0].language


def translate_error(text: str) -> str:
    """An English error, note or warning line (`<where>: <where>: <what>`) in the current language.

    From the left: when the rest after a `<where>` translates, the `<where>` is kept (a file, a
    flag) or translated by its own template ("field 'x'", "entry 'y', field 'x'"); else the text
    is translated as a whole (a template whose first value holds the rest could otherwise swallow
    the file name)."""
    where, sep, what = text.partition(": ")
    if sep:
        done = translate_error(what)
        if done != what:
            place = translate(where)
            return f"{place}{'：' if place != where else ': '}{done}"
    return translate(text)




def pad(text: str, width: int) -> str:
    """`text` left-aligned in `width` terminal columns (a Han character takes two)."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - cols)


def _(message: str) -> str:
    """`message` (a literal msgid, `{name}` placeholders allowed) in the current language."""
    return _ACTIVE[0].gettext(message)


def translate(text: str) -> str:
    """An already formatted English message (an assumption, a rule message) in the current language."""
    return _ACTIVE[0].translate(text)


# Labels the CLI looks up by value, and templates of the messages the core still builds in English:
# listed here so that pybabel extracts them.
SEVERITY_LABELS = (N_("ERROR"), N_("WARNING"), N_("INFO"))
