"""Explanations of the money figures: the subtotals, discount, tax, shipping and total, and each
priced line."""

from __future__ import annotations

import re
from typing import Any

from ..message import Arg, Quantity, Quoted
from .explanation import Explainer, Explanation, Input

_COST = {
    "subtotal_hardware": "explain.priced-hardware-companion-lines-extended",
    "subtotal_services": "explain.services-lines-extended-support-hardware",
    "subtotal": "explain.subtotal-hardware-subtotal-services",
    "discount_pct": "explain.build-discount",
    "discount": "explain.subtotal-discount-pct-rounded-once",
    "tax_pct": "explain.build-tax-rate",
    "tax": "explain.subtotal-discount-shipping-when-taxed",
    "shipping": "explain.build-shipping-amount-converted-quote",
    "total": "explain.subtotal-discount-tax-unless-prices",
}
_COST_FROM = {"subtotal": ("subtotal_hardware", "subtotal_services"), "discount": ("subtotal", "discount_pct"),
              "tax": ("subtotal", "discount", "shipping", "tax_pct"), "total": ("subtotal", "discount", "tax", "shipping")}


def _fx_notes(x: Explainer) -> tuple[Arg, ...]:
    """The exchange-rate note of the evaluation's assumptions (core/fx.py `note_msg`), if prices were converted."""
    notes = [m["fx_note"] for m in x.ev.assumptions if m.id == "assume.fx"]
    return (notes[0],) if notes and notes[0] else ()


def _money(x: Explainer, amount: Any) -> Quantity:
    """An amount as `evaluate --json` prints it (Decimal text) with the quote currency."""
    return Quantity(amount, x.ev.cost.currency)


def _subtotal_inputs(x: Explainer, what: str) -> list[Input]:
    c = x.ev.cost
    kinds = ("service",) if what == "subtotal_services" else ("hardware", "companion")
    ins = [Input(ln.part_id or ln.name, _money(x, ln.extended), x.t("explain.figure-cost-lines-n-extended", n=i))
           for i, ln in enumerate(c.lines) if ln.extended is not None and ln.kind in kinds]
    return ins or [Input(x.t("explain.priced-lines"), x.t("explain.none"), x.t("explain.build-has-no-priced-line"))]


def cost(x: Explainer, m: re.Match[str]) -> Explanation:
    c, what = x.ev.cost, m.group(1)
    if what in _COST_FROM:
        ins = [x.figure_input(f"cost.{k}", getattr(c, k), "%" if k.endswith("pct") else c.currency)
               for k in _COST_FROM[what]]
        if what in ("tax", "total"):
            ins.append(x.build_input("commercial.prices_include_tax", c.tax_included))
    elif what.startswith("subtotal_"):
        ins = _subtotal_inputs(x, what)
    else:
        ins = [x.build_input(f"commercial.{what}", getattr(c, what))]
    return x.made(c.currency if "pct" not in what else "%", x.t(_COST[what]), ins, notes=_fx_notes(x))


_LINE = {"qty": "explain.units-this-line", "unit_price": "explain.price-list-entry-converted-quote",
         "extended": "explain.unit-price-qty-rounded-once"}


def cost_line(x: Explainer, m: re.Match[str]) -> Explanation:
    c = x.ev.cost
    ln = c.lines[int(m.group(1))]
    price = Input(x.t("explain.unit-price"), _money(x, ln.unit_price),
                  Quoted(x.t("explain.price-list-text", text=ln.price_source)) if ln.price_source else x.t("explain.price-list"),
                  estimate="estimate" in (ln.price_source or ""))
    qty = x.placed(x.t("explain.quantity"), ln.qty, "explain.build-placements-companion-rules")
    return x.made(c.currency if m.group(2) != "qty" else "", x.t(_LINE[m.group(2)]), [qty, price], notes=_fx_notes(x))


