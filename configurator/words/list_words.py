"""How each language joins a list: 'A, B and C', 'A, B or C', 'A, B, … and 5 more'."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "list.pair": N_("{first} and {last}"),
    "list.pair-or": N_("{first} or {last}"),
    "list.separator": N_(", "),
    "list.more": N_("{items} and {n} more"),
}
