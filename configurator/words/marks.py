"""How a words module marks its English wordings for the gettext catalog: `N_`, `C_` and `P_`."""

from __future__ import annotations

from dataclasses import dataclass


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark `message` for extraction; returns it unchanged."""
    return message


def C_(context: str, message: str) -> str:  # noqa: N802 - as N_
    """Mark `message` for extraction under msgctxt `context` (pybabel keyword `C_:1c,2`), for a
    wording that reads differently there than elsewhere; looked up with `Catalog.pgettext`."""
    del context
    return message


@dataclass(frozen=True, slots=True)
class Plural:
    """Two wordings chosen by the count in placeholder `count` (gettext's ngettext)."""

    singular: str
    plural: str
    count: str = "n"


def P_(singular: str, plural: str, count: str = "n") -> Plural:  # noqa: N802 - as N_
    """Mark a singular/plural pair for extraction (pybabel keyword `P_:1,2`)."""
    return Plural(singular, plural, count)


#: one entry of the words' table: a template, or a pair chosen by a count
Entry = str | Plural
