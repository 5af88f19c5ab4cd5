"""Exchange rates: units of each currency per US dollar, and each currency's minor unit.

Pure data and parsing; reading `fx.toml` from disk (the shipped file, then the user's
override) is `configurator.io.fx_io`'s job. The evaluator is given one `FxTable`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any


@dataclass(frozen=True)
class FxTable:
    """Units of each currency per 1 USD, and each currency's minor unit (digits after the point)."""

    per_usd: Mapping[str, Decimal]
    minor_unit: Mapping[str, int] = field(default_factory=dict)
    note: str = ""

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
                       other.note or self.note)


USD_ONLY = FxTable({"USD": Decimal(1)}, {"USD": 2}, "")


def parse_fx(text: str) -> FxTable:
    """Parse fx.toml text: `[[rates]]` rows with currency, per_usd, minor_unit, date, confidence.

    Raises ValueError naming the row and field of the first bad value (or TOML syntax error).
    """
    data = tomllib.loads(text, parse_float=Decimal)
    rows = data.get("rates", [])
    if not isinstance(rows, list):
        raise ValueError("field 'rates': expected a list of [[rates]] tables")
    per_usd: dict[str, Decimal] = {"USD": Decimal(1)}
    minor: dict[str, int] = {"USD": 2}
    dates = set()
    for i, row in enumerate(rows):
        cur, rate, digits = _rate_row(row, i)
        per_usd[cur] = rate
        minor[cur] = digits
        if cur != "USD":
            dates.add(f"{row.get('date', '?')} ({row.get('confidence', '?')})")
    note = "exchange rates per USD of " + ", ".join(sorted(dates)) if dates else ""
    return FxTable(per_usd, minor, note)


def _rate_row(row: Any, i: int) -> tuple[str, Decimal, int]:
    """(currency, per_usd, minor_unit) of rates row `i`; ValueError naming the bad field."""
    where = f"rates[{i}]"
    if not isinstance(row, dict):
        raise ValueError(f"{where}: expected a table")
    cur = row.get("currency")
    if not isinstance(cur, str) or len(cur) != 3 or not cur.isalpha() or not cur.isupper():
        raise ValueError(f"{where}, field 'currency': expected a three-letter ISO 4217 code, got {cur!r}")
    try:
        rate = Decimal(str(row["per_usd"]))
    except KeyError:
        raise ValueError(f"{where} ({cur}), field 'per_usd': missing") from None
    except InvalidOperation:
        raise ValueError(f"{where} ({cur}), field 'per_usd': not a number: {row['per_usd']!r}") from None
    if not rate.is_finite() or rate <= 0:
        raise ValueError(f"{where} ({cur}), field 'per_usd': must be a positive number, got {rate}")
    digits = row.get("minor_unit", 2)
    if not isinstance(digits, int) or isinstance(digits, bool) or not 0 <= digits <= 4:
        raise ValueError(f"{where} ({cur}), field 'minor_unit': expected 0-4 digits, got {digits!r}")
    return cur, rate, digits
