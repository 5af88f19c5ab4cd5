"""The cluster's bill of materials and TCO: servers from their own priced BOMs, switches from
the price list, optics, cables, racks and PDUs from the cluster file's unit prices.

An item without a price is listed "on request" (unit price None) and left out of the totals,
as in the server quote.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from ..catalog import Catalog, Switch
from ..message import Msg, Term
from .spec import UnitPrice

HOURS_PER_YEAR = 8760.0
CENT = Decimal("0.01")


@dataclass(frozen=True)
class ClusterLine:
    """One line of the cluster BOM: its group and item in the reader's words (a server group's
    name as the user wrote it, the rack model's as the cluster file or the catalog words it)."""

    group: Msg                  # servers / fabric / racks and power / services (words/cluster_words.py)
    item: Msg | Term | str
    qty: int
    unit_price: Decimal | None
    source: str

    @property
    def extended(self) -> Decimal | None:
        return None if self.unit_price is None else (self.unit_price * self.qty).quantize(CENT, ROUND_HALF_UP)


@dataclass(frozen=True)
class ClusterCost:
    currency: str
    lines: tuple[ClusterLine, ...]
    capex: Decimal                      # Σ priced lines
    on_request: tuple[Msg | Term | str, ...]   # items without a price
    energy_kwh_per_year: float
    energy_cost_per_year: Decimal
    support_per_year: Decimal           # the servers' own support lines
    years: int
    tco: Decimal                        # capex + years × (energy + support)

    def subtotal(self, group: Msg) -> Decimal:
        return sum((ln.extended or Decimal(0) for ln in self.lines if ln.group == group), Decimal(0))


def switch_line(catalog: Catalog, switch: Switch, qty: int, role: str, currency: str) -> ClusterLine:
    price = catalog.price(switch.id)
    if price is None or price.currency != currency:
        why = "no price" if price is None else f"priced in {price.currency}, plan in {currency}"
        return ClusterLine(Msg("cluster.group.fabric"), Msg(f"cluster.item.switch.{role}", name=switch.name), qty, None,
                           why)
    return ClusterLine(Msg("cluster.group.fabric"), Msg(f"cluster.item.switch.{role}", name=switch.name), qty,
                       price.price, f"{price.origin}: {price.source}")


def unit_line(group: Msg, item: Msg | Term, key: str, qty: int, prices: Mapping[str, UnitPrice]) -> ClusterLine:
    found = prices.get(key)
    if found is None:
        return ClusterLine(group, item, qty, None, f"no '{key}' price in the cluster file")
    return ClusterLine(group, item, qty, found.price, found.source)


def roll_up(lines: Sequence[ClusterLine], currency: str, avg_wall_w: float, pue: float,
            price_kwh: Decimal, support_per_year: Decimal, years: int) -> ClusterCost:
    """Totals and TCO: energy = average wall power × PUE × 8,760 h × price."""
    kept = tuple(ln for ln in lines if ln.qty > 0)
    capex = sum((ln.extended for ln in kept if ln.extended is not None), Decimal(0))
    kwh = avg_wall_w * pue * HOURS_PER_YEAR / 1000.0
    energy = (Decimal(repr(kwh)) * price_kwh).quantize(CENT, ROUND_HALF_UP)
    return ClusterCost(currency=currency, lines=kept, capex=capex,
                       on_request=tuple(ln.item for ln in kept if ln.unit_price is None),
                       energy_kwh_per_year=kwh, energy_cost_per_year=energy, support_per_year=support_per_year,
                       years=years, tco=capex + years * (energy + support_per_year))
