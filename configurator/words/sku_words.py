"""Why a quote line has no part number: the words for each `core.catalog.SkuNote` code.

A line the customer cannot order by number says why instead of "TBC" (docs/quote.md); the
internal copy lists those lines (`unorderable`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from ..core.message import Msg
from .marks import N_
from .render import named_in_english

#: SkuNote code -> the English phrase the quote prints in the part-number column
SKU_NOTES: dict[str, str] = {
    "in-chassis": N_("sold only as part of the chassis"),
    "included": N_("ships with the part it goes with"),
    "configured-to-order": N_("configured to order; vendor quote needed"),
    "generic": N_("generic part; make and part number chosen at order"),
    "oem-only": N_("sold to server makers only; quoted by the server vendor"),
    "board-partner": N_("made by board partners; card model chosen at order"),
    "not-found": N_("no public part number found; vendor quote needed"),
}

#: the column's text for a line with neither a part number nor a reason (a user catalog's part)
NO_REASON = N_("TBC")


class _Line(Protocol):
    """A quote or delta-BOM line, read only (the results are frozen)."""

    @property
    def part_id(self) -> str: ...
    @property
    def part_number(self) -> str: ...
    @property
    def name(self) -> Msg | str: ...
    @property
    def sku_note(self) -> str: ...


def sku_note_text(code: str) -> str:
    """The English phrase for `code` (translate it with the quote's `Labels`); NO_REASON for none."""
    return SKU_NOTES.get(code, NO_REASON)


def unorderable(lines: Iterable[_Line]) -> list[_Line]:
    """The lines without a part number, for the internal copy's list of lines to confirm."""
    return [ln for ln in lines if not ln.part_number]


def unorderable_rows(lines: Iterable[_Line], tr: Callable[[str], str] = str,
                     name: Callable[[Msg | str], str] = named_in_english) -> list[tuple[str, str, str]]:
    """(part id, description, why it has no number) per line without a part number, the reason in
    the language of `tr` (a quote's `Labels`) and the description in `name`'s (`Labels.named`): the
    rows of the internal copy's "lines to confirm"."""
    return [(ln.part_id, name(ln.name), tr(sku_note_text(ln.sku_note))) for ln in unorderable(lines)]
