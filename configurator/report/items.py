"""The quote's line items: the evaluation's bill of materials grouped for a customer, plus services."""

from __future__ import annotations

from decimal import Decimal

from ..core.build import Build
from ..core.evaluate.result import Evaluation
from .money import Line, Totals, compute_totals, make_line

GROUPS: tuple[str, ...] = ("Compute", "Memory", "Storage", "Network", "Power and cooling", "Chassis",
                           "Services", "Other")
GROUP_OF = {
    "gpu": "Compute",
    "cpu": "Compute",
    "dimm": "Memory",
    "drive": "Storage",
    "nic": "Network",
    "psu": "Power and cooling",
    "cooling": "Power and cooling",
    "chassis": "Chassis",
}


def services_line(build: Build, ev: Evaluation, currency: str) -> Line | None:
    """Support for the TCO horizon: one line, qty = years, unit = support per year."""
    pct = build.commercial.support_pct_per_year
    per_year = ev.tco.support_per_year
    if pct <= 0 or per_year is None or per_year <= 0:
        return None
    years = ev.tco.years
    desc = (f"Support and warranty extension, {years} year{'s' if years != 1 else ''} "
            f"({pct.normalize():f} % of hardware per year)")
    return make_line("Services", "SVC-SUPPORT-1Y", desc, years, Decimal(per_year), currency)


def quote_lines(build: Build, ev: Evaluation, currency: str) -> list[Line]:
    """Printed lines in group order (stable within a group)."""
    lines: list[Line] = []
    for cl in ev.cost.lines:
        group = GROUP_OF.get(cl.category, "Other")
        lines.append(make_line(group, cl.part_number or "—", cl.name, cl.qty, cl.unit_price, currency))
    svc = services_line(build, ev, currency)
    if svc is not None:
        lines.append(svc)
    order = {g: i for i, g in enumerate(GROUPS)}
    return sorted(lines, key=lambda ln: order.get(ln.group, len(GROUPS)))


def quote_totals(build: Build, lines: list[Line], currency: str) -> Totals:
    c = build.commercial
    return compute_totals(lines, currency, discount_pct=c.discount_pct, tax_pct=c.tax_pct,
                          shipping=c.shipping, tax_included=c.prices_include_tax)
