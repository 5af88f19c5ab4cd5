"""Quotes between a build and the team store: a draft priced from the build's evaluation, and the
issuing PDF (the real quote, drawn by report/ with the number the store draws) — shared by the
CLI (`configurator quotes create|issue`) and the GUI's Quotes view."""

from __future__ import annotations

import hashlib
from decimal import Decimal
from typing import Any

from .. import __version__
from ..core.build import Build
from ..store import paths
from ..store.team import quotes
from ..store.team.connect import Store
from ..store.team.offline import Seat
from ..store.text_files import read_bytes


def lines_of(evaluation: Any) -> list[quotes.Line]:
    from ..words.render import named_in_english

    return [quotes.Line(ln.part_id or ln.category, named_in_english(ln.name), int(ln.qty), ln.unit_price)
            for ln in evaluation.cost.lines]


def draft_quote(target: Store | Seat, build: Build, evaluation: Any, *, customer: str | None = None,
                title: str | None = None) -> quotes.Quote:
    """A draft quote of `build`, priced as `evaluation` prices it (currency, subtotal, discount, lines);
    on a seat, in its local copy (queued to be sent) while the server cannot be reached."""
    cost = evaluation.cost
    fields: dict[str, Any] = {
        "title": title or build.meta.name or "build", "build_json": build.model_dump_json(),
        "currency": cost.currency, "subtotal": cost.subtotal, "discount_pct": cost.discount_pct or Decimal(0),
        "lines": lines_of(evaluation), "customer": customer or build.meta.customer or None}
    if isinstance(target, Seat):
        return target.create_draft(**fields)
    return quotes.create(target, **fields)


def update_quote(target: Store | Seat, key: str, build: Build, evaluation: Any) -> quotes.Quote:
    """Re-price a draft from `build` as `evaluation` prices it (a price change voids an approval);
    on a seat, a draft still waiting in its local copy is changed there."""
    cost = evaluation.cost
    fields: dict[str, Any] = {"build_json": build.model_dump_json(), "subtotal": cost.subtotal,
                              "discount_pct": cost.discount_pct or Decimal(0), "lines": lines_of(evaluation)}
    if isinstance(target, Seat):
        return target.edit_draft(key, **fields)
    return quotes.edit(target, key, **fields)


def catalog_version() -> str:
    """The catalog and price files a quote was priced from: the app's version and a digest of them."""
    digest = hashlib.sha256()
    for folder in (paths.catalog_dir(), paths.user_catalog_dir()):
        if not folder.is_dir():
            continue
        for f in sorted(folder.rglob("*")):
            if f.is_file():
                raw = read_bytes(f, max_bytes=64 * 1024 * 1024, what="catalog file")
                digest.update(f.relative_to(folder).as_posix().encode() + b"\0" + raw)
    return f"{__version__}+{digest.hexdigest()[:16]}"


def issue_quote(store: Store, key: str) -> quotes.Quote:
    """Issue a quote: the store draws the number; the PDF is the stored build, evaluated and quoted
    with it, frozen in the same transaction."""
    from ..report.quote import QuoteOptions, quote_pdf
    from ..store.catalogs import default_catalog
    from ..store.loaded_evaluator import default_evaluator
    from ..store.vendor_settings import load_settings

    catalog = default_catalog()
    evaluator = default_evaluator(catalog, [])
    settings = load_settings()

    def render(quote: quotes.Quote, number: str, build_json: str) -> bytes:
        build = Build.model_validate_json(build_json)
        opts = QuoteOptions(customer=quote.customer, revision=quote.revision + 1, quote_number=number, catalog=catalog)
        return quote_pdf([(build, evaluator.evaluate(build))], opts, settings, catalog, number)

    return quotes.issue(store, key, render, catalog_version=catalog_version())
