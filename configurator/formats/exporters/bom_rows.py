"""The bill of materials of one build as a table: the rows the BOM CSV, the BOM XLSX and the
comparison workbook's BOM sheets write. Every figure is the priced BOM's (`core.evaluate.bom`):
lines and totals are copied, never added up here."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ...core.catalog import Catalog
from ...core.evaluate.result import CostLine, CostResult
from ...words.alternative_words import alternatives_text
from ...words.i18n import N_, _
from ...words.render import named

#: (column key, header label); money headers get the currency appended: "Unit price (USD)"
COLUMNS: tuple[tuple[str, str], ...] = (
    ("part_number", N_("Part number")), ("vendor", N_("Vendor")), ("description", N_("Description")),
    ("qty", N_("Qty")), ("unit_price", N_("Unit price")), ("extended", N_("Extended")),
    ("currency", N_("Currency")), ("price_source", N_("Price source")), ("price_date", N_("Price date")),
    ("group", N_("Group")), ("part_id", N_("Catalog id")),
)
MONEY_COLUMNS = frozenset({"unit_price", "extended"})


@dataclass(frozen=True)
class BomRow:
    """One row: a BOM line (`qty` set) or a total (`qty` None, `extended` the amount)."""

    part_number: str
    vendor: str
    description: str
    qty: int | None
    unit_price: Decimal | None       # None: "on request" (lines) or not applicable (totals)
    extended: Decimal | None
    currency: str
    price_source: str
    price_date: str
    group: str
    part_id: str

    def cells(self) -> tuple[object, ...]:
        return tuple(getattr(self, key) for key, _label in COLUMNS)


def headers(currency: str) -> tuple[str, ...]:
    """The header row, translated, with the currency in the money columns' headers."""
    return tuple(f"{_(label)} ({currency})" if key in MONEY_COLUMNS else _(label) for key, label in COLUMNS)


def bom_rows(cost: CostResult, catalog: Catalog | None) -> list[BomRow]:
    """One row per priced-BOM line, in the quote's order, then the totals the quote prints."""
    rows = []
    for ln in cost.lines:
        part = catalog.get(ln.part_id) if catalog is not None else None
        price = catalog.price(ln.part_id) if catalog is not None and ln.kind != "service" else None
        rows.append(BomRow(ln.part_number, part.vendor if part else "", _described(ln, cost.currency), ln.qty,
                           ln.unit_price, ln.extended,
                           cost.currency, ln.price_source, price.date if price else "", _(ln.group), ln.part_id))
    return rows + total_rows(cost)


def _described(ln: CostLine, currency: str) -> str:
    """The description cell: the line's name, then the alternatives of a companion line (one cell,
    so every row stays one BOM line and readers that add the rows up are not misled)."""
    if not ln.alternatives:
        return named(ln.name)
    def money(value: Decimal | None) -> str:
        return _("on request") if value is None else f"{value} {currency}"
    return f"{named(ln.name)} — {alternatives_text(ln.alternatives, money, _, named)}"


def total_rows(cost: CostResult) -> list[BomRow]:
    """Subtotals, discount, tax, shipping and the total, as `CostResult` holds them."""
    tax = N_("Tax (included)") if cost.tax_included else N_("Tax")
    pairs = [(N_("Hardware subtotal"), cost.subtotal_hardware), (N_("Services subtotal"), cost.subtotal_services),
             (N_("Subtotal"), cost.subtotal), (N_("Discount"), -cost.discount), (tax, cost.tax),
             (N_("Shipping"), cost.shipping), (N_("Total"), cost.total)]
    return [BomRow("", "", _(label), None, None, amount, cost.currency, "", "", _("Totals"), "")
            for label, amount in pairs]


def total_labels() -> dict[str, str]:
    """Translated total label -> `CostResult` attribute, for readers that check the totals."""
    return {_(N_("Hardware subtotal")): "subtotal_hardware", _(N_("Services subtotal")): "subtotal_services",
            _(N_("Subtotal")): "subtotal", _(N_("Total")): "total"}
