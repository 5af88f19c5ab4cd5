"""Exchange rates: units of each currency per US dollar, and each currency's minor unit.

Pure data and parsing; reading `fx.toml` from disk (the shipped file, then the user's
override) is `configurator.store.fx_rates`'s job. The evaluator is given one `FxTable`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from .catalog import LoadIssue
from .input_error import InputError
from .library_errors import toml_msg
from .message import Arg, Msg, Seq


@dataclass(frozen=True)
class FxTable:
    """Units of each currency per 1 USD, and each currency's minor unit (digits after the point)."""

    per_usd: Mapping[str, Decimal]
    minor_unit: Mapping[str, int] = field(default_factory=dict)
    note: str = ""
    #: the rates' (date, confidence), as the note lists them; empty for a table given with a note only
    dates: tuple[tuple[str, str], ...] = ()

    def quantum(self, currency: str) -> Decimal:
        """The smallest amount `currency` is quoted in (0.01 for most, 1 for JPY)."""
        return Decimal(1).scaleb(-self.minor_unit.get(currency, 2))

    def convert(self, amount: Decimal, src: str, dst: str) -> Decimal | None:
        """`amount` in `src` expressed in `dst` (unrounded); None when a rate is missing."""
        if src == dst:
            return amount
        a, b = self.per_usd.get(src), self.per_usd.get(dst)
        if not a or b is None:
            return None
        return amount / a * b

    def overridden_by(self, other: FxTable) -> FxTable:
        """This table with `other`'s rates replacing or adding to its own (a user override)."""
        return FxTable({**self.per_usd, **other.per_usd}, {**self.minor_unit, **other.minor_unit},
                       other.note or self.note, other.dates if other.note else self.dates)

    def note_msg(self) -> Arg:
        """The note as a message: the rates' dates, or a note given as text as it is ("" for none)."""
        if not self.dates:
            return self.note
        dated: list[Arg] = [Msg(f"fx.date-{c}", date=d) if c in _CONFIDENCES else f"{d} ({c})"
                            for d, c in self.dates]
        joined: list[Arg] = [part for d in dated for part in (", ", d)][1:]
        return Msg("fx.rates-per-usd", dates=Seq(*joined))


#: the confidences a rate's date is worded with (words/assumption_words.py `fx.date-*`); another stays as written
_CONFIDENCES = frozenset({"estimate", "datasheet", "secondary"})

USD_ONLY = FxTable({"USD": Decimal(1)}, {"USD": 2}, "")


def parse_fx(text: str, source: str = "fx.toml", issues: list[LoadIssue] | None = None) -> FxTable:
    """Parse fx.toml text: `[[rates]]` with currency, per_usd, minor_unit, date, source.

    A bad row (rate not a finite number in 1e-6..1e9, minor unit not a whole number 0..4,
    currency not three letters) is skipped and, when `issues` is given, reported there as a
    one-line `LoadIssue` naming `source`, the row and the field; the other rows still load.
    Raises `ValueError` (one line, naming `source`) only when the text is not TOML at all.
    """
    import tomllib  # here: the evaluator `check` uses holds no rates

    bad = issues if issues is not None else []
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        why = Msg("build.too-deep-bare") if isinstance(exc, RecursionError) else toml_msg(exc)
        raise InputError(Msg("input.cannot-read", details=why), source) from None
    rows = data.get("rates", [])
    if not isinstance(rows, list):
        bad.append(LoadIssue(source, "", "rates", Msg("fx.rates-array")))
        rows = []
    per_usd: dict[str, Decimal] = {"USD": Decimal(1)}
    minor: dict[str, int] = {"USD": 2}
    dates: set[tuple[str, str]] = set()
    for i, row in enumerate(rows):
        checked = _fx_row(row, f"#{i + 1}", source)
        if isinstance(checked, LoadIssue):
            bad.append(checked)
            continue
        cur, rate, unit = checked
        iso = _iso_minor_unit(cur)
        if iso is not None and unit != iso:   # the money formatter prints ISO's digits: totals must match
            bad.append(LoadIssue(source, cur, "minor_unit", Msg("fx.minor-unit-iso", unit=unit, iso=iso, currency=cur)))
            unit = iso
        per_usd[cur], minor[cur] = rate, unit
        if cur != "USD":
            dates.add((str(row.get("date", "?")), str(row.get("confidence", "?"))))
    dated = sorted(dates, key=lambda dc: f"{dc[0]} ({dc[1]})")
    note = "exchange rates per USD of " + ", ".join(f"{d} ({c})" for d, c in dated) if dated else ""
    return FxTable(per_usd, minor, note, tuple(dated))


def _iso_minor_unit(currency: str) -> int | None:
    """ISO 4217's digits after the point for `currency` (Babel's data); None if Babel does not know it."""
    from babel.numbers import get_currency_precision, list_currencies

    return get_currency_precision(currency) if currency in list_currencies() else None


def _fx_row(row: object, entry: str, source: str) -> tuple[str, Decimal, int] | LoadIssue:
    """(currency, per_usd, minor_unit) of one fx.toml row, or why the row is skipped."""
    if not isinstance(row, dict):
        return LoadIssue(source, entry, "", Msg("fx.row-not-table"))
    cur = str(row.get("currency", "")).upper()
    entry = cur[:20] if cur else entry
    if len(cur) != 3 or not cur.isascii() or not cur.isalpha():
        return LoadIssue(source, entry, "currency", Msg("fx.currency-code"))
    try:
        rate = Decimal(str(row["per_usd"]))
        ok = rate.is_finite() and Decimal("1e-6") <= rate <= Decimal("1e9")
    except (KeyError, InvalidOperation):
        ok = False
    if not ok:   # nan/inf/1e300 would later fail or overflow in quantize
        got = str(row.get("per_usd", "nothing"))[:40]
        return LoadIssue(source, entry, "per_usd", Msg("fx.per-usd", value=repr(got)))
    unit = row.get("minor_unit", 2)
    if isinstance(unit, bool) or not isinstance(unit, int) or not 0 <= unit <= 4:   # ISO 4217 uses 0..4
        got = str(unit)[:40]
        return LoadIssue(source, entry, "minor_unit", Msg("issue.row-skipped", details=Msg("fx.minor-unit", value=repr(got))))
    return cur, rate, unit
