"""What a catalog, price-list, exchange-rate or model-presets file gets wrong, by message id.

The readers (store/catalogs.py, catalog_limits.py, price_lists.py, fx_rates.py, model_presets.py,
core/fx.py) skip what they cannot take and report it as a `LoadIssue` carrying one of these
messages; the rest of the file still loads. The English is the wording the app always printed.
"""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "issue.at-file-field": N_("{file}, field '{field}': {details}"),
    "issue.more": N_("{details} (+{n} more)"),
    "issue.first-kept": N_("{details}; the first is kept"),
    "issue.row-skipped": N_("{details}; row skipped"),
    # catalog files
    "catalog.category": N_("must be one of {categories} (got {value})"),
    "catalog.parts-array": N_("must be an array of tables ([[parts]])"),
    "catalog.not-a-table": N_("entry is not a table"),
    "catalog.duplicate-id": N_("duplicate id, also defined in {file}"),
    "catalog.duplicate-price": N_("duplicate price, also in {file}"),
    "catalog.folder-unlisted": N_("cannot list the folder ({reason}); its files are skipped"),
    "catalog.too-large": N_("must be at most {limit} ({what}); got {value}"),
    "catalog.too-many": N_("at most {limit} items (got {n})"),
    "catalog.limit-channels": N_("slot ids name channels A..Z"),
    "catalog.limit-bays": N_("bays per group"),
    "catalog.limit-psu-bays": N_("PSU bays"),
    "catalog.limit-positions": N_("GPU positions on a baseboard"),
    "catalog.limit-ports": N_("ports"),
    "catalog.limit-watts": N_("watts"),
    "catalog.limit-range": N_("the catalog's range"),
    "catalog.huge-number": N_("a huge number"),
    # price lists
    "price.bad-header": N_("not a CSV header row: {reason}"),
    "price.missing-columns": N_("missing column(s) in the header row"),
    "price.not-a-number": N_("not a number: {value}"),
    "price.duplicate-row": N_("the same id on line {first} and line {later}; one price per id"),
    "price.unclosed-quote": N_("unclosed quote (\"); a price row must be one line"),
    "price.bad-row": N_("not a CSV row: {reason}"),
    "price.field-count": N_("has {n} fields, the header has {m}"),
    "price.no-rows": N_("no price rows (header id,price,currency,date,source)"),
    "price.unknown-part": N_("no such part in the catalog: row ignored"),
    # exchange rates (core/fx.py, store/fx_rates.py)
    "fx.rates-array": N_("must be an array of tables ([[rates]]); only USD is used"),
    "fx.minor-unit-iso": N_("{unit} differs from ISO 4217's {iso} for {currency}, which quotes print; {iso} is used"),
    "fx.row-not-table": N_("row is not a table; skipped"),
    "fx.currency-code": N_("must be a three-letter ISO 4217 code; row skipped"),
    "fx.per-usd": N_("must be a number from 0.000001 to 1e9 (got {value}); row skipped"),
    "fx.minor-unit": N_("must be a whole number from 0 to 4 (got {value})"),
    "fx.rates-unused": N_("{details}; its rates are not used"),
    # a currency asked for (core/currency.py)
    "currency.not-iso": N_("currency {code}: not an ISO 4217 code such as USD, EUR, CNY"),
    "currency.no-rate": N_("currency {code}: no exchange rate in fx.toml (rates for: {codes})"),
    "currency.no-rate-inputs": N_("currency {code}: no exchange rate in fx.toml to convert the build's inputs"),
    # model presets
    "presets.unused": N_("{details}; its presets are not used"),
    "presets.skipped": N_("{details}; preset skipped"),
    "presets.not-toml": N_("not valid TOML ({reason})"),
    "presets.entry": N_("preset {name}: {details}"),
    "presets.entry-field": N_("preset {name}, field {field}: {details}"),
    "presets.not-table": N_("expected a table"),
}
