"""A sentence before it has words: a message id and its typed parameters.

The core never writes a sentence. A rule, a refusal, a cluster check or an input error returns a
`Msg`: the id of one entry in the words' table (configurator/words/table.py) and the values that
fill it. `configurator.words.say(msg)` makes the sentence, in the user's language, at the edge
(the GUI, the CLI, the PDF) — once, from the same entry for every language.

Parameters are typed values, not pre-formatted text: names of parts and slots (`str`, printed
as they are), counts (`int`, which also choose a plural), quantities with their unit (`Watts`,
`GBps`, `Percent`), lists (`Items`, joined the way the language lists things) and nested
messages (`Msg`, worded in the same language). An explanation's working adds numbers in the
language's symbols (`Num`), values with their unit (`Quantity`), the catalog's own words
(`Term`, `FieldOf`), quoted data (`Quoted`) and formulas of terms and symbols (`Seq`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, TypeAlias


@dataclass(frozen=True, slots=True)
class Watts:
    """A power in W, worded '850 W' or '10.2 kW' (from 10 kW)."""

    w: float


@dataclass(frozen=True, slots=True)
class GBps:
    """A bandwidth in GB/s (10^9 bytes per second), worded '64 GB/s' or '3.9 GB/s'."""

    gbs: float


@dataclass(frozen=True, slots=True)
class Items:
    """A list the words join the way the language lists things: 'A, B and C' ('A、B 和 C'),
    at most `limit` of them before 'and N more'; `conj` "or" for alternatives."""

    items: tuple[Arg, ...]
    limit: int = 6
    conj: Literal["and", "or"] = "and"


@dataclass(frozen=True, slots=True)
class Num:
    """A number formatted by the Python format `spec` ('g', '.1%', '.2f'), written with the
    language's decimal and group symbols."""

    value: float | int | Decimal
    spec: str = ""


@dataclass(frozen=True, slots=True)
class Quantity:
    """A figure or an input as people read it, then its unit: grouped thousands, four significant
    digits below 1,000 ('9,935.9 W', '0.8'); a yes/no and a missing value are words."""

    value: float | int | Decimal | bool | str | None
    unit: str = ""


@dataclass(frozen=True, slots=True)
class Term:
    """A word the catalog files spell as data (a field `tdp_w`, a category, a confidence): its
    translation where the language has one, else `otherwise`, else the word as it is."""

    word: str
    otherwise: str = ""


@dataclass(frozen=True, slots=True)
class FieldOf:
    """A catalog part's field: 'h100-sxm.tdp_w', or where the language names the field,
    'h100-sxm 热设计功耗 (tdp_w)'."""

    part: str
    field: str


@dataclass(frozen=True, slots=True)
class Quoted:
    """Data no catalog translates (a catalog note, a price-list source), the `text` parameter of
    `label`: as it is where the language words `label` as English does, else introduced by it, so
    a reader knows the untranslated words are quoted data."""

    label: Msg


@dataclass(frozen=True, slots=True, init=False)
class Seq:
    """Parts written one after another: a formula of terms and symbols ('tdp_w × typical_pct'),
    a value with its unit ('92 %')."""

    parts: tuple[Arg, ...]

    def __init__(self, *parts: Arg) -> None:
        object.__setattr__(self, "parts", parts)


@dataclass(frozen=True, slots=True, init=False)
class Msg:
    """One message: `id` names its entry in the words' table, `args` fill its placeholders."""

    id: str
    args: tuple[tuple[str, Arg], ...]

    def __init__(self, id: str, /, **args: Arg) -> None:  # noqa: A002 - the gettext word for it
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "args", tuple(args.items()))

    @property
    def params(self) -> dict[str, Arg]:
        return dict(self.args)

    def __getitem__(self, name: str) -> Arg:
        return self.params[name]


Arg: TypeAlias = ("str | int | float | Decimal | Watts | GBps | Items | Msg | Num | Quantity | Term | FieldOf | Quoted "
                  "| Seq")


def items(values: Iterable[Arg], limit: int = 6, conj: Literal["and", "or"] = "and") -> Items:
    """`Items` of any iterable of arguments."""
    return Items(tuple(values), limit, conj)
