"""Quote numbers that follow the company's mask and never repeat: `Q-{yyyy}-{seq:04}`,
`QUO/{yy}{mm}/{user}/{seq:03}`.

Tokens: `{yyyy}` `{yy}` `{mm}` (the issue date), `{user}` (the issuing user's initials) and exactly
one `{seq}` or `{seq:N}` (the counter, zero-padded to N digits). The counter restarts for each
distinct rendering of the rest of the mask (a new year, month or user), and is drawn inside the
issuing transaction: the counter row stays locked until the quote is issued or rolled back, so
numbers are unique under concurrent issuing and a failed or killed issue leaves no gap.
Revisions of an issued quote keep its number with a letter: `Q-2026-0007-A`, `-B`, …
"""

from __future__ import annotations

import re
from datetime import date

from sqlalchemy import Connection, text

from ...core.message import Msg
from .connect import StoreError

DEFAULT_MASK = "Q-{yyyy}-{seq:04}"
_TOKEN = re.compile(r"\{(yyyy|yy|mm|user|seq(?::(\d{1,2}))?)\}")
_MAX_MASK = 60


def check_mask(mask: str) -> str:
    """`mask`, or a StoreError naming what is wrong with it."""
    if not mask or len(mask) > _MAX_MASK:
        raise StoreError(Msg("store.mask-length", mask=mask[:80], limit=_MAX_MASK))
    seqs = [m for m in _TOKEN.finditer(mask) if m.group(1).startswith("seq")]
    if len(seqs) != 1:
        raise StoreError(Msg("store.mask-seq", mask=mask))
    rest = _TOKEN.sub("", mask)
    if "{" in rest or "}" in rest:
        raise StoreError(Msg("store.mask-token", mask=mask))
    return mask


def _fill(mask: str, today: date, initials: str, seq: int | None) -> str:
    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        if name == "yyyy":
            return f"{today.year:04d}"
        if name == "yy":
            return f"{today.year % 100:02d}"
        if name == "mm":
            return f"{today.month:02d}"
        if name == "user":
            return initials
        return "" if seq is None else str(seq).zfill(int(m.group(2) or 1))
    return _TOKEN.sub(one, mask)


def counter_key(mask: str, today: date, initials: str) -> str:
    """The counter a number is drawn from: the mask rendered without its sequence."""
    return _fill(mask, today, initials, None)


def draw_number(conn: Connection, mask: str, today: date, initials: str) -> str:
    """The next number for `mask` on `today`, drawn in `conn`'s transaction (one upsert: the row is
    locked until the transaction ends)."""
    key = counter_key(check_mask(mask), today, initials)
    value = conn.execute(text(
        "INSERT INTO counters (key, value) VALUES (:key, 1) "
        "ON CONFLICT (key) DO UPDATE SET value = counters.value + 1 RETURNING value"), {"key": key}).scalar_one()
    return _fill(mask, today, initials, int(value))


def revision_suffix(revision: int) -> str:
    """1 -> 'A', 26 -> 'Z', 27 -> 'AA'."""
    letters = ""
    n = revision
    while n > 0:
        n, r = divmod(n - 1, 26)
        letters = chr(ord("A") + r) + letters
    return letters


def revision_number(base: str, revision: int) -> str:
    return base if revision == 0 else f"{base}-{revision_suffix(revision)}"
