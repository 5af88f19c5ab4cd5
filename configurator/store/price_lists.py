"""Reading what a comparison needs from disk: a buyer's price list (the price-list CSV of
docs/catalog.md) as a `core.compare.PriceList`, for the CLI and the GUI's compare view alike."""

from __future__ import annotations

from pathlib import Path

from ..core.catalog import Catalog, LoadIssue
from ..core.compare import PriceList
from ..core.input_error import InputError
from ..core.message import Msg
from .catalogs import display_name, load_price_file


class PriceListError(InputError):
    """A price list that cannot be applied: one line naming the file, the row and the field."""


def load_price_list(path: Path | str, catalog: Catalog | None = None, *,
                    issues: list[LoadIssue] | None = None, strict: bool = True) -> PriceList:
    """The rows of the price-list CSV at `path`, named after the file.

    With `strict` the first bad row raises `PriceListError` (a buyer's price list half applied
    would compare wrong numbers); otherwise bad rows are skipped and reported in `issues`.
    Rows for ids `catalog` does not know price nothing: they are reported in `issues`.
    """
    path = Path(path)
    prices, problems = load_price_file(path)
    if problems and (strict or issues is None):
        raise PriceListError(problems[0].where)
    if issues is not None:
        issues.extend(problems)
    if not prices:
        raise PriceListError(Msg("price.no-rows"), display_name(path))
    if issues is not None:
        if catalog is not None:
            issues.extend(LoadIssue(display_name(path), p.part_id, "id", Msg("price.unknown-part"))
                          for p in prices if catalog.get(p.part_id) is None)
    return PriceList(name=path.name, prices=tuple(prices))
