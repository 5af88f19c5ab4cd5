"""The tender pack's two tables as rows in the pack's language, for the PDF (report/tender.py) and
the XLSX (tender.py): numbers stay numbers (Decimal) until a writer formats them.

Every value comes from `core.tender` (the evaluated build and its priced BOM): nothing is typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ...core.catalog import Catalog
from ...core.tender import Deviation, TenderPricing
from ...words.capital_numerals import rmb_upper
from ...words.quote_words import Labels
from ...words.render import say
from ...words.tender_words import (
    ADJUSTMENT_WORDS,
    DEFAULT_UNIT,
    DEVIATION_HEADERS,
    DEVIATION_WORDS,
    PRICE_HEADERS,
    UNIT_WORDS,
    tender_word,
)

Cell = str | int | Decimal | None


@dataclass(frozen=True)
class TenderTables:
    """Both tables, worded: headers, body rows, the rows under the price lines, the total in words."""

    deviation_headers: tuple[str, ...]
    deviation_rows: tuple[tuple[Cell, ...], ...]
    price_headers: tuple[str, ...]
    price_rows: tuple[tuple[Cell, ...], ...]
    price_footer: tuple[tuple[str, Decimal], ...]     # (label, amount incl. tax), the total last
    total_words: str                                  # 大写 of the total ('' unless CNY)
    currency: str
    tax_pct: Decimal


def offered_text(value: float | bool | str, unit: str, tr: Labels) -> str:
    """The offered value as the 投标响应 column prints it: "8", "80 GB", "是"."""
    if isinstance(value, bool):
        return tender_word(tr, "yes" if value else "no")
    if isinstance(value, float):
        text = f"{value:,.1f}".removesuffix(".0")
        return f"{text} {unit}".strip()
    return value


def deviation_rows(rows: tuple[Deviation, ...], tr: Labels) -> tuple[tuple[Cell, ...], ...]:
    return tuple((d.number, d.requirement.text, offered_text(d.offered, d.requirement.unit or d.unit, tr),
                  tender_word(tr, DEVIATION_WORDS[d.kind]),
                  d.detail if isinstance(d.detail, str) else say(d.detail, tr.language)) for d in rows)


def price_rows(pricing: TenderPricing, catalog: Catalog | None, tr: Labels) -> tuple[tuple[Cell, ...], ...]:
    out = []
    rate = pricing.tax_pct / 100          # a fraction: the XLSX formats it as a percentage
    for t in pricing.lines:
        ln = t.line
        part = catalog.get(ln.part_id) if catalog is not None and ln.kind != "service" else None
        unit = tender_word(tr, UNIT_WORDS.get(ln.category, DEFAULT_UNIT))
        note = "" if t.gross_unit is not None else tender_word(tr, "on request")
        out.append((t.number, tr.named(ln.name), part.vendor if part else "", ln.part_number, ln.qty, unit,
                    t.net_unit, rate, t.gross_unit, t.gross_extended, note))
    return tuple(out)


def tender_tables(rows: tuple[Deviation, ...], pricing: TenderPricing, catalog: Catalog | None,
                  tr: Labels) -> TenderTables:
    """Both tables of the pack in `tr`'s language."""
    footer = [(tender_word(tr, "Lines total (incl. tax)"), pricing.lines_gross)] if pricing.adjustments else []
    footer += [(tender_word(tr, ADJUSTMENT_WORDS[key]), amount) for key, amount in pricing.adjustments]
    footer.append((tender_word(tr, "Total (incl. tax)"), pricing.total))
    words = rmb_upper(pricing.total) if pricing.currency == "CNY" else ""
    return TenderTables(tuple(tender_word(tr, h) for h in DEVIATION_HEADERS), deviation_rows(rows, tr),
                        tuple(tender_word(tr, h) for h in PRICE_HEADERS), price_rows(pricing, catalog, tr), tuple(footer),
                        words, pricing.currency, pricing.tax_pct)
