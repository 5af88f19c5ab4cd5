"""Messages into sentences: `say(msg)` words a core `Msg` in the user's language, once.

The entry's template comes from the words' table (table.py) and its translation from the
gettext catalog of the language (i18n.py); the parameters are worded by type — names as they
are (a shipped part's descriptive name in the language's words, part_words.py), quantities with
their unit, lists joined the language's way, nested messages recursively — and filled in with
`str.format`, so a template may carry a format spec (`{pct:.0f}`).
"""

from __future__ import annotations

import functools
from decimal import Decimal
from string import Formatter

from ..core.message import Arg, FieldOf, GBps, Items, Msg, Num, Quantity, Quoted, Seq, Term, Watts
from . import i18n, part_words
from .marks import N_, Plural
from .table import TABLE

#: how a yes/no value and a missing one read (Python's spelling in English, as `evaluate --json` users know it)
_YES, _NO, _NONE = N_("True"), N_("False"), N_("None")
#: the Babel locale of each app language, for the decimal and group symbols of a number
_LOCALES = {"en": "en_US", "zh_CN": "zh_CN"}


_FORMATTER = Formatter()


class UnknownMessageError(KeyError):
    """A `Msg` whose id has no entry in the words' table: a programming error, caught by the tests."""


def say(msg: Msg, language: str | None = None) -> str:
    """`msg` as a sentence in `language` (default: the current one)."""
    catalog = i18n.current_catalog() if language is None else i18n.load_catalog(language)
    return _say(msg, catalog)


def in_english(msg: Msg) -> str:
    """`msg` in English: what `--json` and scripts read."""
    return say(msg, "en")


def named(value: Msg | Term | str, language: str | None = None) -> str:
    """A name the core gives, in `language` (default: the current one): a message worded (a rack,
    an owned part's BOM line), a catalog term in the language's words where it has them (the
    default rack model), a shipped part's descriptive name in the language's words
    (part_words.py: "Supermicro rail kit for the chassis"), any other name (a build's, a product's,
    a user's part) as it is."""
    catalog = i18n.current_catalog() if language is None else i18n.load_catalog(language)
    return word(value, catalog)


def named_in_english(value: Msg | Term | str) -> str:
    """`named` in English: what `--json` and the CSV files read."""
    return named(value, "en")


def template(msg_id: str) -> str | Plural:
    """The English entry for `msg_id`."""
    try:
        return TABLE[msg_id]
    except KeyError:
        raise UnknownMessageError(msg_id) from None


def _say(msg: Msg, catalog: i18n.Catalog) -> str:
    entry = template(msg.id)
    params = msg.params
    if isinstance(entry, Plural):
        count = params.get(entry.count, 0)
        text = catalog.ngettext(entry.singular, entry.plural, int(count) if isinstance(count, (int, float, Decimal)) else 0)
    else:
        text = catalog.gettext(entry)
    values = {name: _word(value, catalog) for name, value in params.items()}
    if catalog.language.startswith("zh"):
        return spaced(text, values)
    return text.format(**values)


def _han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def spaced(text: str, values: dict[str, object]) -> str:
    """`text.format(**values)` with a space where a Han character of the template meets a value
    that begins or ends with a Latin letter or digit ("CPU2 是 CPU 插槽", not "是CPU 插槽"): the
    spacing Chinese UIs keep between Han and Latin text (W3C clreq, "Han and Western text"),
    decided at the placeholders only, so the translator's own spacing inside a template stays.
    A template with no placeholder next to a Han character is formatted as it is."""
    pieces = _pieces(text)
    if pieces is None:
        return text.format(**values)
    out: list[str] = []
    value_ends_latin = False
    for literal, name, spec, conversion in pieces:
        if value_ends_latin and literal and _han(literal[0]):
            out.append(" ")
        out.append(literal)
        value_ends_latin = False
        if name is None:
            continue
        value, _ = _FORMATTER.get_field(name, (), values)
        shown = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
        if shown and _latin(shown[0]) and literal and _han(literal[-1]):
            out.append(" ")
        out.append(shown)
        value_ends_latin = bool(shown) and _latin(shown[-1])
    return "".join(out)


@functools.lru_cache(maxsize=4096)
def _pieces(text: str) -> tuple[tuple[str, str | None, str | None, str | None], ...] | None:
    """`text` split at its placeholders (`string.Formatter.parse`), once per template; None when no
    placeholder stands next to a Han character (nothing to space)."""
    pieces = tuple(_FORMATTER.parse(text))
    after = (p[0] for p in pieces[1:])      # the literal after each placeholder
    if any((name is not None and literal and _han(literal[-1])) or (nxt and _han(nxt[0]))
           for (literal, name, _, _), nxt in zip(pieces, [*after, ""], strict=True)):
        return pieces
    return None


def word(value: Arg, catalog: i18n.Catalog) -> str:
    """One parameter as text in the catalog's language (a name, a quantity, a list, a message)."""
    return str(_word(value, catalog))


def _word(value: Arg, catalog: i18n.Catalog) -> object:
    """A parameter ready for `str.format`: numbers stay numbers (the template may format them)."""
    if isinstance(value, Msg):
        return _say(value, catalog)
    if isinstance(value, Items):
        return join(value, catalog)
    if isinstance(value, Watts):
        return watts(value.w)
    if isinstance(value, GBps):
        return gbps(value.gbs)
    if isinstance(value, Num | Quantity | Term | FieldOf | Quoted | Seq):
        return _working(value, catalog)
    if isinstance(value, str):
        return part_words.worded(value, catalog)     # a shipped part's descriptive name; any other as it is
    return value


def _working(value: Num | Quantity | Term | FieldOf | Quoted | Seq, catalog: i18n.Catalog) -> str:
    """The parts of an explanation's working (core/message.py) in the catalog's language."""
    if isinstance(value, Num):
        return _symbols(format(value.value, value.spec), catalog)
    if isinstance(value, Quantity):
        shown = show(value.value, catalog)
        return f"{shown} {value.unit}" if value.unit else shown
    if isinstance(value, Term):
        word = catalog.gettext(value.word)
        return word if word != value.word else (value.otherwise or word)
    if isinstance(value, FieldOf):
        term = catalog.gettext(value.field)
        return f"{value.part}.{value.field}" if term == value.field else f"{value.part} {term} ({value.field})"
    if isinstance(value, Quoted):
        entry = template(value.label.id)
        same = isinstance(entry, str) and catalog.gettext(entry) == entry
        return str(_word(value.label.params["text"], catalog)) if same else _say(value.label, catalog)
    return "".join(str(_word(part, catalog)) for part in value.parts)


def show(value: object, catalog: i18n.Catalog) -> str:
    """A figure or input as people read it: yes/no and none as words, grouped thousands, four
    significant digits below 1,000, in the language's symbols."""
    if isinstance(value, bool):
        return catalog.gettext(_YES if value else _NO)
    if value is None:
        return catalog.gettext(_NONE)
    if isinstance(value, float):
        return _symbols(f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.1f}", catalog)
    return _symbols(str(value), catalog) if isinstance(value, Decimal) else str(value)


def _symbols(text: str, catalog: i18n.Catalog) -> str:
    """A number written by Python ('1,234.5') with the language's group and decimal symbols."""
    from babel.numbers import get_decimal_symbol, get_group_symbol

    locale = _LOCALES.get(catalog.language, catalog.language)
    swap: dict[str, str | int | None] = {",": get_group_symbol(locale), ".": get_decimal_symbol(locale)}
    return text.translate(str.maketrans(swap))


def join(value: Items, catalog: i18n.Catalog) -> str:
    """'A', 'A and B', 'A, B and C', 'A, B, … and 5 more' in the catalog's language."""
    words = [str(_word(v, catalog)) for v in value.items]
    sep = catalog.gettext(", ")
    if len(words) > value.limit:
        shown = sep.join(words[:value.limit - 1])
        return catalog.gettext("{items} and {n} more").format(items=shown, n=len(words) - value.limit + 1)
    if len(words) <= 1:
        return "".join(words)
    pair = "{first} or {last}" if value.conj == "or" else "{first} and {last}"
    return catalog.gettext(pair).format(first=sep.join(words[:-1]), last=words[-1])


def watts(w: float) -> str:
    """'850 W', '1,234 W', '10.2 kW' (from 10 kW)."""
    return f"{w / 1000:.1f} kW" if w >= 10_000 else f"{w:,.0f} W"


def gbps(gbs: float) -> str:
    """'64 GB/s', '3.9 GB/s', '31.5 GB/s'."""
    return f"{gbs:.1f} GB/s" if gbs < 10 or abs(gbs - round(gbs)) >= 0.05 else f"{gbs:.0f} GB/s"
