"""What a comparison row is before it has values: its key, group, label, unit, direction and formula."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from ..message import Msg
from ..money import quantize
from ..text import N_
from .comparison import Better, Column, Explanation, RowKind, Value

#: group key -> label, in display order
GROUPS: dict[str, str] = {
    "hardware": N_("Hardware"),
    "power": N_("Power"),
    "psu": N_("Power supplies"),
    "physical": N_("Heat, airflow and space"),
    "compute": N_("GPU memory, compute and bandwidth"),
    "workload": N_("Workload"),
    "cost": N_("Cost"),
    "problems": N_("Problems"),
}

#: the unit of money rows: replaced by the column's currency code
MONEY = "¤"


@dataclass(frozen=True)
class RowSpec:
    """One row's definition: `value` reads a column's figure (None: not applicable), `explain`
    says how it was computed for that column."""

    key: str
    group: str
    label: str
    unit: str
    better: Better
    value: Callable[[Column], Value]
    explain: Callable[[Column], Explanation] | None = None
    kind: RowKind = "number"


def number(key: str, group: str, label: str, unit: str, better: Better, value: Callable[[Column], Value],
           explain: Callable[[Column], Explanation] | None = None) -> RowSpec:
    return RowSpec(key, group, label, unit, better, value, explain, "number")


def money(key: str, label: str, value: Callable[[Column], Value],
          explain: Callable[[Column], Explanation] | None = None, better: Better = "lower") -> RowSpec:
    return RowSpec(key, "cost", label, MONEY, better, value, explain, "money")


def text(key: str, group: str, label: str, value: Callable[[Column], Value],
         explain: Callable[[Column], Explanation] | None = None) -> RowSpec:
    return RowSpec(key, group, label, "", None, value, explain, "text")


def quantum_of(col: Column) -> Decimal:
    """The currency's minor unit, read off the BOM total's exponent (0.01; 1 for JPY)."""
    return Decimal(1).scaleb(int(col.evaluation.cost.total.as_tuple().exponent))


def per(amount: Decimal | None, divisor: float, col: Column) -> Decimal | None:
    """`amount` / `divisor` rounded to the currency's minor unit; None without an amount or divisor."""
    if amount is None or divisor <= 0:
        return None
    return quantize(amount / Decimal(repr(float(divisor))), quantum_of(col))


def fmt(value: object, unit: str = "") -> str:
    """An input's value for an explanation: numbers with up to 4 significant decimals."""
    if isinstance(value, float):
        shown = f"{value:,.4g}" if abs(value) < 1e4 else f"{value:,.0f}"
    else:
        shown = str(value)
    return f"{shown} {unit}".strip()


def explained(formula: str | Msg, *inputs: tuple[str | Msg, object, str], sources: tuple[str, ...] = ()) -> Explanation:
    """An `Explanation` from (name, value, unit) inputs; a name or formula is a static word (`N_`),
    a message, or (an input's) data such as a part's name."""
    return Explanation(formula, tuple((name, fmt(v, unit)) for name, v, unit in inputs), sources)
