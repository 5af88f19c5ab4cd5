"""The documented range of every number in a catalog entry, checked when the file is read.

The part models (core/catalog.py) say what a figure *is* (positive, whole, finite); these
limits say how big it may plausibly be, so a typo or a hostile file (`tdp_w = 1e308`,
`ports = 1000000`, 30 memory channels) is refused at load, naming file, entry and field,
instead of overflowing the evaluation (Infinity in `--json`, `decimal.InvalidOperation`
in the quote) or building a million slots. Each limit is well above any shipped part:

=========================  ===========  =====================================================
field                      at most      why
=========================  ===========  =====================================================
``*_w`` (watts)            100 000      a whole 8-GPU chassis draws about 15 kW
``*ports``                 128          the widest switch-class NIC has 64 ports
``memory.channels_per_socket`` 26       slot ids name channels A..Z; CPUs have at most 16
``drive_bays.count``,      256          one bay group / PSU bank; 4U JBOD heads have 100
``psu.count``
``positions``              64           GPU baseboards hold 4..8
any other number           10 000 000   MB/s, GB, MT/s, lanes are all below 100 000
any list                   1 024 items  sockets, slots, sources
=========================  ===========  =====================================================
"""

from __future__ import annotations

from typing import Any

from ..core.message import Msg

MAX_NUMBER = 10_000_000
MAX_ITEMS = 1024

#: (field path suffix, limit, what it counts: a message id in words/catalog_words.py)
_LIMITS: tuple[tuple[str, int, str], ...] = (
    ("channels_per_socket", 26, "catalog.limit-channels"),
    ("drive_bays.count", 256, "catalog.limit-bays"),
    ("psu.count", 256, "catalog.limit-psu-bays"),
    ("positions", 64, "catalog.limit-positions"),
    ("ports", 128, "catalog.limit-ports"),
    ("_w", 100_000, "catalog.limit-watts"),
)


def limit_for(path: str) -> tuple[int, Msg]:
    """The upper bound of the number at dotted `path` (list indices dropped) and what it counts."""
    for suffix, limit, what in _LIMITS:
        if path.endswith(suffix):
            return limit, Msg(what)
    return MAX_NUMBER, Msg("catalog.limit-range")


def out_of_range(entry: Any, path: str = "") -> tuple[str, Msg] | None:
    """(field, message) for the first number or list in `entry` beyond its documented limit."""
    if isinstance(entry, dict):
        for key, value in entry.items():
            found = out_of_range(value, f"{path}.{key}" if path else str(key))
            if found:
                return found
    elif isinstance(entry, list):
        if len(entry) > MAX_ITEMS:
            return path, Msg("catalog.too-many", limit=MAX_ITEMS, n=len(entry))
        for value in entry:
            found = out_of_range(value, path)
            if found:
                return found
    elif isinstance(entry, int | float) and not isinstance(entry, bool):
        limit, what = limit_for(path)
        if abs(entry) > limit:   # NaN is left to the model, which names it as not finite
            shown: Msg | str = f"{entry:.6g}" if isinstance(entry, float) else \
                (str(entry) if entry < 10**20 else Msg("catalog.huge-number"))
            return path, Msg("catalog.too-large", limit=f"{limit:,}", what=what, value=shown)
    return None
