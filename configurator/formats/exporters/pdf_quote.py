"""The customer's PDF quote (report/quote.py): one build, or two or three as options A/B/C.

`write_quote` does what the drawing must not: reads the vendor settings and the catalog, takes
the next quote number from the installation's counter (and gives it back if writing fails),
and writes the file atomically with the usual file mode.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.build import Build
from ...core.catalog import Catalog
from ...core.evaluate.result import Evaluation
from ...store.vendor_settings import VendorSettings
from ...words.i18n import N_
from ..registry import Exporter, ExportRequest

if TYPE_CHECKING:
    from ...report.quote import QuoteOptions
    from ...words.stack_text import ManifestRow


def write_quote(options: Sequence[tuple[Build, Evaluation]], out_path: Path, *, customer: str | None = None,
                currency: str | None = None, valid_days: int | None = None, settings: VendorSettings | None = None,
                revision: int | None = None, quote_number: str | None = None, catalog: Catalog | None = None,
                sources: Sequence[str | os.PathLike | None] = (), issue_date: date | None = None,
                draft: bool = False, language: str | None = None, internal: bool = False) -> Path:
    """Write the quote PDF for 1–3 (build, evaluation) pairs to `out_path`; returns the path.

    Takes the next quote number from the installation's counter unless `quote_number` is given
    or the first build's `meta.quote_number` is set (pass the original number with `revision` > 1
    to revise a quote). A build with errors raises `UnorderableError` unless `draft`. The customer's
    copy by default; `internal` writes the seller's, with the appendix of sources and estimates.
    """
    # reportlab takes ~0.3 s to import: paid on the first PDF export, not at every start
    from ...report.quote import QuoteOptions

    first = options[0][0].meta if options and isinstance(options[0][0], Build) else None
    if revision is None:
        revision = first.revision if first is not None else 1
    if valid_days is None:
        valid_days = first.valid_days if first is not None else 30
    opts = QuoteOptions(customer=customer, currency=currency, valid_days=valid_days, settings=settings,
                        revision=revision, quote_number=quote_number or (first.quote_number if first else None) or None,
                        catalog=catalog, sources=tuple(sources), issue_date=issue_date, draft=draft,
                        language=language, internal=internal)
    return render_quote(options, Path(out_path), opts)


def render_quote(options: Sequence[tuple[Build, Evaluation]], out_path: Path, opts: QuoteOptions) -> Path:
    """`write_quote` with its keywords already gathered in `opts`."""
    from ...report.quote import checked, quote_pdf
    from ...store.catalogs import default_catalog
    from ...store.quote_counter import next_quote_number, release_quote_number
    from ...store.safe_write import atomic_write, make_readable
    from ...store.vendor_settings import load_settings

    checked(options, opts)                      # refused before a number is taken
    settings = opts.settings if opts.settings is not None else load_settings()
    catalog = opts.catalog if opts.catalog is not None else default_catalog()
    prefix = settings.quote.number_prefix
    number = opts.quote_number or next_quote_number(prefix, opts.issue_date)
    written = False
    if not opts.stacks:
        opts = dataclasses.replace(opts, stacks=pinned_stacks(options, opts, catalog))
    try:
        data = quote_pdf(options, opts, settings, catalog, number)
        out_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(out_path, data)
        written = True
    finally:
        if not written and not opts.quote_number:   # a quote never written gives its number back: no gaps
            release_quote_number(number, prefix, opts.issue_date)
    make_readable(out_path)
    return out_path


def pinned_stacks(options: Sequence[tuple[Build, Evaluation]], opts: QuoteOptions,
                  catalog: Catalog) -> tuple[tuple[ManifestRow, ...], ...]:
    """Each option's pinned software stack (core/stack), worded in the quote's language, as of its issue date."""
    from ...core.stack import plan_stack
    from ...store.stack_tables import read_stack_table
    from ...words.stack_text import manifest_rows

    table = read_stack_table()
    language = opts.language or options[0][0].meta.language
    day = opts.issue_date or date.today()
    return tuple(tuple(manifest_rows(plan_stack(build, catalog, table, day), language)) for build, _ in options)


def _write(request: ExportRequest, path: Path) -> Path:
    return write_quote(request.options, path, customer=request.customer, valid_days=request.valid_days,
                       catalog=request.catalog, sources=request.sources, draft=request.draft,
                       internal=request.internal)


PDF_QUOTE = Exporter(name="pdf", suffixes=(".pdf",), description=N_("PDF quote"), max_options=3, write=_write)
