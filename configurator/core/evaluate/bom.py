"""The priced bill of materials: what the customer is quoted, computed once for every view.

`price_bom` takes the priced part lines (placed hardware and companion parts, see `cost.py`),
adds the support and warranty line for the TCO horizon, orders the lines in the customer's
groups and applies the commercial terms (`core.money`). The GUI's BOM dock, the cost panel,
`configurator evaluate` and the PDF quote all print this result; none of them adds a line or
a total of its own. `check_totals` proves the printed arithmetic before the result is returned:

    total = Σ printed lines − discount + tax (when added, not included) + shipping
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from ..build import Commercial
from ..categories import BOM_GROUPS
from ..categories import category as category_info
from ..message import Msg, Num, Seq
from ..money import apply_terms, quantize
from .result import CostLine, CostResult, construct

#: customer-facing groups, in the quote's order (the category registry's)
GROUPS: tuple[str, ...] = BOM_GROUPS
OWNED_GROUP = "Already installed"   # parts the customer owns (Build.owned): listed at zero, not priced
_ORDER = {g: i for i, g in enumerate(GROUPS)}

SUPPORT_ID = "svc-support"
SUPPORT_PART_NUMBER = "SVC-SUPPORT-1Y"   # one year of support; the line's qty is the years


class BomError(ArithmeticError):
    """The priced BOM does not add up: a bug, never a property of the build."""


def group_of(category: str, kind: str = "hardware") -> str:
    """The group a line is printed under: companion parts have their own, the rest by category."""
    if kind == "companion":
        return "Accessories"
    if kind == "service":
        return "Services"
    found = category_info(category)
    return found.bom_group if found is not None else "Other"


def part_line(*, category: str, part_id: str, part_number: str, name: str, qty: int, unit: Decimal | None,
              source: str, quantum: Decimal, kind: str = "hardware", sku_note: str = "") -> CostLine:
    """A part's line: `unit` (already in the BOM currency) rounded half-up, extended rounded once."""
    unit_r = None if unit is None else quantize(unit, quantum)
    extended = None if unit_r is None else quantize(unit_r * qty, quantum)
    return construct(CostLine, category=category, part_id=part_id, part_number=part_number, name=name, qty=qty,
                     unit_price=unit_r, extended=extended, price_source=source, kind=kind,
                     group=group_of(category, kind), sku_note="" if part_number else sku_note)


def owned_line(*, category: str, part_id: str, part_number: str, name: str, qty: int, quantum: Decimal,
               sku_note: str = "") -> CostLine:
    """Parts already in the customer's server: listed so the quote shows what stays, priced at zero
    so totals, support and capex count only what is bought."""
    zero = quantum * 0
    return construct(CostLine, category=category, part_id=part_id, part_number=part_number,
                     name=Msg("bom.owned", name=name), qty=qty, unit_price=zero, extended=zero,
                     price_source="owned by the customer (build's owned list): not priced", kind="hardware",
                     group=OWNED_GROUP, sku_note="" if part_number else sku_note)


def support_line(hardware: Decimal, commercial: Commercial, quantum: Decimal) -> CostLine | None:
    """Support and warranty for the TCO horizon: qty = years, unit = `support_pct_per_year` of the
    priced hardware, rounded. None at 0 % or when no hardware is priced."""
    pct = Decimal(commercial.support_pct_per_year)
    per_year = quantize(hardware * pct / 100, quantum)
    if pct <= 0 or per_year <= 0:
        return None
    years = commercial.tco_years
    rate = f"{pct.normalize():f} %"
    return construct(
        CostLine, category="service", part_id=SUPPORT_ID, part_number=SUPPORT_PART_NUMBER,
        name=Msg("bom.support", years=years, rate=Seq(Num(pct.normalize(), "f"), " %")),
        qty=years, unit_price=per_year, extended=per_year * years,   # exact: per_year is on the quantum
        price_source=f"{rate} of the hardware subtotal per year (build terms)", kind="service", group="Services")


def gross_lines(parts: Sequence[CostLine], commercial: Commercial, quantum: Decimal) -> Sequence[CostLine]:
    """`parts` as the quote prints them. Catalog and price-list prices are net of tax; when the build's
    prices include tax (`commercial.prices_include_tax`) each unit price is grossed up by the tax rate
    and rounded, so a 13 % 报价单 "含税" totals net × 1.13 and the tax it shows is really charged
    (it had printed the net price as gross, giving the tax away)."""
    rate = Decimal(commercial.tax_pct)
    if not commercial.prices_include_tax or not rate:
        return parts
    factor = 1 + rate / 100
    note = f" + {rate.normalize():f} % tax (prices include tax)"
    out = []
    for line in parts:
        if not line.unit_price:   # on request, owned or included: nothing to gross up
            out.append(line)
            continue
        unit = quantize(line.unit_price * factor, quantum)
        out.append(line.model_copy(update={"unit_price": unit, "extended": unit * line.qty,
                                           "price_source": (line.price_source or "") + note}))
    return out


def _priced_sum(lines: Sequence[CostLine], quantum: Decimal) -> Decimal:
    total = quantum * 0   # "0.00", not "0", when nothing is priced
    for line in lines:
        if line.extended is not None:
            total += line.extended
    return total


def price_bom(currency: str, quantum: Decimal, parts: Sequence[CostLine], commercial: Commercial, *,
              fx_note: str = "", shipping: Decimal | None = None) -> CostResult:
    """The priced BOM of `parts` (hardware and companion lines, in slot order) under `commercial`.

    `quantum` is the currency's minor unit (0.01, or 1 for JPY). Lines come back grouped in
    `GROUPS` order, stable within a group, with the services line last. `shipping` (in
    `currency`) replaces `commercial.shipping` when given (the caller converted the typed-in amount).
    """
    parts = gross_lines(parts, commercial, quantum)
    hardware = _priced_sum(parts, quantum)
    support = support_line(hardware, commercial, quantum)
    lines = sorted(parts, key=lambda line: _ORDER.get(line.group, len(GROUPS)))
    services = quantum * 0
    if support is not None:
        lines.append(support)
        services += support.extended or 0
    subtotal = hardware + services
    terms = apply_terms(subtotal, quantum, discount_pct=commercial.discount_pct, tax_pct=commercial.tax_pct,
                        shipping=commercial.shipping if shipping is None else shipping,
                        tax_included=commercial.prices_include_tax, shipping_taxed=commercial.shipping_taxed)
    result = construct(
        CostResult, currency=currency, lines=tuple(lines), subtotal_hardware=hardware, subtotal_services=services,
        subtotal=subtotal, discount_pct=Decimal(commercial.discount_pct), discount=terms.discount,
        tax_pct=Decimal(commercial.tax_pct), tax=terms.tax, tax_included=commercial.prices_include_tax,
        shipping=terms.shipping, shipping_taxed=commercial.shipping_taxed, total=terms.total,
        missing_prices=tuple(line.part_id for line in lines if line.extended is None), fx_note=fx_note)
    check_totals(result, quantum)
    return result


def check_totals(cost: CostResult, quantum: Decimal) -> None:
    """Raise `BomError` unless the printed lines, the subtotals and the total add up exactly."""
    printed = services = quantum * 0
    problems = []
    for line in cost.lines:
        ext = line.extended
        if ext is None:
            continue
        printed += ext
        if line.kind == "service":
            services += ext
        # unit is on the quantum and qty an integer, so unit × qty is exact: "rounded once" means equal
        if line.unit_price is None or ext != line.unit_price * line.qty or ext != ext.quantize(quantum):
            problems.append(f"line {line.part_id}: {ext} != {line.qty} × {line.unit_price} on {quantum}")
    if printed != cost.subtotal or cost.subtotal != cost.subtotal_hardware + cost.subtotal_services:
        problems.append(f"subtotal {cost.subtotal} != lines {printed} "
                        f"(hardware {cost.subtotal_hardware} + services {cost.subtotal_services})")
    if services != cost.subtotal_services:
        problems.append(f"services subtotal {cost.subtotal_services} != service lines {services}")
    added_tax = 0 if cost.tax_included else cost.tax
    if cost.subtotal - cost.discount + added_tax + cost.shipping != cost.total:
        problems.append(f"total {cost.total} != {cost.subtotal} - {cost.discount} + {added_tax} + {cost.shipping}")
    for name, value in (("discount", cost.discount), ("tax", cost.tax), ("shipping", cost.shipping),
                        ("total", cost.total)):
        if value != value.quantize(quantum):
            problems.append(f"{name} {value} is not rounded to {quantum}")
    if problems:
        raise BomError("priced BOM does not add up: " + "; ".join(problems))
