"""How a BOM line names its alternatives: the other accessories of a companion role (a user
catalog's rail kit beside the shipped one, core/evaluate/companions.py). The evaluate text, the
quote PDF, the BOM CSV/XLSX and the GUI's BOM print the same phrase, in the language of `tr`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Protocol

from .marks import N_

#: the phrase under (or after) a companion line; {items} are the alternatives joined by SEPARATOR
ALTERNATIVES = N_("alternatives: {items}")
#: one alternative: its name, its part number (or catalog id) and its unit price
ONE = N_("{name} ({number}, {price} each)")
SEPARATOR = N_("; ")


class _Alternative(Protocol):
    @property
    def part_id(self) -> str: ...
    @property
    def part_number(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def unit_price(self) -> Decimal | None: ...


def alternatives_text(alts: Iterable[_Alternative], money: Callable[[Decimal | None], str],
                      tr: Callable[[str], str] = str, named: Callable[[str], str] = str) -> str:
    """'alternatives: A (PN, $95.00 each); B (…)', or '' when there are none; `money` writes a unit
    price (None: on request), `tr` translates a template (gettext, or a quote's `Labels`) and `named`
    words a part's name in the same language (render.named, `Labels.named`)."""
    items = [tr(ONE).format(name=named(a.name), number=a.part_number or a.part_id, price=money(a.unit_price)) for a in alts]
    return tr(ALTERNATIVES).format(items=tr(SEPARATOR).join(items)) if items else ""
