"""Messages into sentences: `say(msg)` words a core `Msg` in the user's language, once.

The entry's template comes from the words' table (table.py) and its translation from the
gettext catalog of the language (i18n.py); the parameters are worded by type — names as they
are, quantities with their unit, lists joined the language's way, nested messages recursively —
and filled in with `str.format`, so a template may carry a format spec (`{pct:.0f}`).
"""

from __future__ import annotations

from decimal import Decimal

from ..core.message import Arg, GBps, Items, Msg, Watts
from . import i18n
from .marks import Plural
from .table import TABLE


class UnknownMessageError(KeyError):
    """A `Msg` whose id has no entry in the words' table: a programming error, caught by the tests."""


def say(msg: Msg, language: str | None = None) -> str:
    """`msg` as a sentence in `language` (default: the current one)."""
    catalog = i18n.current_catalog() if language is None else i18n.load_catalog(language)
    return _say(msg, catalog)


def say_refusal(msg: Msg) -> str:
    """An `OpError`'s message in the user's language.

    A `reason` that is still an English sentence (core/placement.py's problems and pydantic's
    validation messages are not yet coded) is put into the language by the catalog's template
    matcher first; a coded reason (a nested `Msg`) is worded by `say` like any parameter."""
    reason = msg.params.get("reason")
    if isinstance(reason, str):
        msg = Msg(msg.id, **{**msg.params, "reason": i18n.translate(reason)})
    return say(msg)


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
    return text.format(**values)


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
    return value


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
