"""Number and unit formatting shared by the panels (units as docs/engine.md states them).

W per part as integers, kW totals with one decimal, BTU/h and CFM as integers. Money is not
formatted here: `theme.money` prints it through the one formatter, `core.money.format_money`.
Thousands separators come from the formatting locale (`LOCALE`), never from `f"{:,}"`.
Status colours live here too so every panel says "ok / warning / error" the same way.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol, get_minus_sign_symbol

#: Babel locale for numbers
LOCALE = "en_US"

Level = Literal["ok", "warning", "error", "muted"]

#: ok green, warning amber, error red (text on white stays above 4.5:1 contrast)
COLOURS: dict[str, str] = {
    "ok": "#2e7d32",
    "warning": "#b45f06",
    "error": "#c62828",
    "muted": "#6b7280",
    "accent": "#1f5fa8",
    "accent_light": "#9dbfe6",
}

#: PSU / cooling load above this share of capacity leaves less than the 20 % headroom
#: the power-budget convention asks for (docs/engine.md, PSU load)
WARN_LOAD_PCT = 80.0
BTU_PER_W = 3.412
BTU_PER_TON = 12_000.0
GIB = 2**30


def _babel_number(value: float, decimals: int) -> str:
    if decimals <= 0:
        return format_decimal(round(value), format="#,##0", locale=LOCALE)
    return format_decimal(value, format="#,##0." + "0" * decimals, locale=LOCALE)


_SWAP = str.maketrans({",": get_group_symbol(LOCALE), ".": get_decimal_symbol(LOCALE)})
_MINUS = get_minus_sign_symbol(LOCALE)
_QUANTUM = tuple(Decimal(1).scaleb(-d) for d in range(8))


def _fast_number(value: float, decimals: int) -> str:
    # Babel's own steps (Decimal(str(value)), half-even quantize, sign apart) with Python's
    # grouping, then the locale's symbols: ~3 µs instead of Babel's ~70 µs per call
    d = Decimal(str(round(value) if decimals <= 0 else value))
    if not d.is_finite() or decimals >= len(_QUANTUM):
        return _babel_number(value, decimals)
    text = format(abs(d).quantize(_QUANTUM[max(decimals, 0)]), ",f").translate(_SWAP)
    return _MINUS + text if d.is_signed() else text


#: the fast path only where it gives Babel's answer: groups of three, as LOCALE's pattern has
_FAST = all(_fast_number(v, n) == _babel_number(v, n)
            for v in (0.0, -0.0, 0.125, 2.675, -1234.5, 999.95, 1234567.891, 1e21) for n in (0, 1, 2))


def number(value: float, decimals: int = 0) -> str:
    """`value` with the locale's thousands separator and exactly `decimals` decimals."""
    return _fast_number(value, decimals) if _FAST else _babel_number(value, decimals)


def watts(w: float) -> str:
    """Power of a part: integer W ("700 W")."""
    return f"{number(w)} W"


def kilowatts(w: float, decimals: int = 1) -> str:
    """A node or rack total given in W, shown in kW ("10.2 kW")."""
    return f"{number(w / 1000.0, decimals)} kW"


def percent(pct: float, decimals: int = 0) -> str:
    return f"{number(pct, decimals)} %"


def btu_per_hour(btu: float) -> str:
    return f"{number(btu)} BTU/h"


def cfm(value: float) -> str:
    return f"{number(value)} CFM"


def gbs(value: float) -> str:
    """Bandwidth in GB/s (10^9 bytes): one decimal below 100, integers above."""
    return f"{number(value, 1 if abs(value) < 100 else 0)} GB/s"


def gib(num_bytes: float, decimals: int = 1) -> str:
    """Memory in GiB (2^30 bytes), as HBM and DIMM capacities are (JEDEC binary sizes)."""
    return f"{number(num_bytes / GIB, decimals)} GiB"


def load_level(pct: float) -> Level:
    """Colour of a load against capacity: >100 % error, above WARN_LOAD_PCT warning."""
    if pct > 100.0:
        return "error"
    if pct > WARN_LOAD_PCT:
        return "warning"
    return "ok"


def coloured(text: str, level: str, bold: bool = False) -> str:
    """Rich text of `text` in the level's colour."""
    weight = "font-weight:600;" if bold else ""
    return f'<span style="color:{COLOURS.get(level, level)};{weight}">{text}</span>'


def celsius_delta_to_f(delta_c: float) -> float:
    return delta_c * 1.8


def gb(num_bytes: float, decimals: int = 1) -> str:
    """Bytes in GB (10^9), as the workload model states capacities and verdicts."""
    return f"{number(num_bytes / 1e9, decimals)} GB"


def big_count(n: float) -> str:
    """Parameter / token counts: "6.7 B", "70 B", "1.4 T"."""
    for div, unit in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(n) >= div:
            value = n / div
            return f"{number(value, 1 if value < 100 else 0)} {unit}"
    return number(n)
