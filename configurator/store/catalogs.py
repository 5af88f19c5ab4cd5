"""Load the component catalogs and price lists: shipped files, then the user's folder.

Catalog files are TOML, one per category::

    category = "gpu"
    [[parts]]
    id = "nvidia-h100-sxm5-80gb"
    ...
    [[parts.sources]]
    url = "https://..."
    date = "2026-11-30"
    confidence = "datasheet"

An invalid entry is reported (file, entry id, field) and skipped; the rest loads.
Parts in the user catalog folder override shipped parts with the same id.
"""

from __future__ import annotations

import csv
import gc
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from pathlib import Path

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from ..core import categories, validation_text
from ..core.catalog import AnyPart, Catalog, LoadIssue, Part, Price
from ..core.library_errors import os_msg, toml_msg
from ..core.message import Msg
from . import paths
from .catalog_cache import CatalogCache
from .catalog_limits import out_of_range
from .text_files import FileReadError, decode_text, read_bytes, read_text

MAX_FILE_BYTES = 64_000_000  # a distributor's price list or vendor catalog: tens of thousands of SKUs
NON_PART_FILES = {"models.toml", "fx.toml"}
#: how often a catalog file being parsed reports the parts it has validated so far (`LoadProgress`)
TICK_PARTS = 500

#: `progress(files done, files in all, parts so far, building)`: called as a catalog load goes (store
#: is Qt-free; the GUI shows it, qt/window/loading.py). `building` is True once a file missed the
#: cache and is parsed (the slow path: seconds for thousands of parts). It may raise to stop the load
#: (nothing half-written stays: cache entries are written whole, by `safe_write.atomic_write`).
LoadProgress = Callable[[int, int, int, bool], None]


def display_name(path: Path) -> str:
    """How messages name a catalog-folder file: relative to the shipped data when it is there."""
    try:
        return str(path.relative_to(paths.repo_root()))
    except ValueError:
        return str(path)


def _read_text(path: Path) -> str:
    """A catalog or price file's text; `FileReadError` (its `msg` is the reason)."""
    return read_text(path, max_bytes=MAX_FILE_BYTES, what="catalog file")


def _cannot_read(why: Msg | str) -> Msg:
    return Msg("input.cannot-read", details=why if isinstance(why, Msg) else Msg("input.as-given", text=why))


def _loc(err: ErrorDetails) -> str:
    return ".".join(str(x) for x in err.get("loc", ()) if x is not None)


def load_part_file(path: Path, cache: CatalogCache | None = None,
                   tick: Callable[[int], None] | None = None) -> tuple[list[Part], list[LoadIssue]]:
    """Parts of one catalog file, and an issue per entry that did not validate (from `cache`
    when it holds this file's bytes); `tick(parts validated)` as a parse starts (a cache miss) and
    every `TICK_PARTS` parts of it."""
    name = display_name(path)
    try:
        raw = read_bytes(path, max_bytes=MAX_FILE_BYTES, what="catalog file")
    except FileReadError as exc:
        return [], [LoadIssue(name, "", "", _cannot_read(exc.msg))]

    def parse(name: str, raw: bytes) -> tuple[list[Part], list[LoadIssue]]:
        if tick is not None:
            tick(0)
        return parse_part_file(name, raw, tick)
    return cache.get_or_parse(name, raw, parse) if cache else parse(name, raw)


def parse_part_file(name: str, raw: bytes,
                    tick: Callable[[int], None] | None = None) -> tuple[list[Part], list[LoadIssue]]:
    """Parts of the catalog file `name` whose bytes are `raw` (a cache miss: the TOML reader is
    imported here, a start with a warm cache never needs it); `tick(parts so far)` every
    `TICK_PARTS` entries."""
    import tomllib

    try:
        data = tomllib.loads(decode_text(raw, name))
    except FileReadError as exc:
        return [], [LoadIssue(name, "", "", _cannot_read(exc.msg))]
    except (tomllib.TOMLDecodeError, ValueError) as exc:
        return [], [LoadIssue(name, "", "", _cannot_read(toml_msg(exc)))]
    except RecursionError:
        return [], [LoadIssue(name, "", "", _cannot_read(Msg("build.too-deep-bare")))]
    category = data.get("category")
    known = categories.category(category) if isinstance(category, str) else None
    if known is None:
        return [], [LoadIssue(name, "", "category",
                              Msg("catalog.category", categories=", ".join(categories.KEYS), value=repr(category)))]
    model = known.model
    entries = data.get("parts", [])
    if not isinstance(entries, list):
        return [], [LoadIssue(name, "", "parts", Msg("catalog.parts-array"))]
    parts: list[Part] = []
    issues: list[LoadIssue] = []
    for i, entry in enumerate(entries):
        if tick is not None and i and not i % TICK_PARTS:
            tick(len(parts))
        if not isinstance(entry, dict):
            issues.append(LoadIssue(name, f"#{i + 1}", "", Msg("catalog.not-a-table")))
            continue
        entry_id = entry["id"][:120] if isinstance(entry.get("id"), str) else f"#{i + 1}"
        beyond = out_of_range(entry)
        if beyond:
            issues.append(LoadIssue(name, entry_id, *beyond))
            continue
        try:
            part = model.model_validate({**entry, "origin": name, "category": category})
        except ValidationError as exc:
            err = exc.errors()[0]
            msg = validation_text.msg(err)
            more = Msg("issue.more", details=msg, n=exc.error_count() - 1) if exc.error_count() > 1 else msg
            issues.append(LoadIssue(name, entry_id, _loc(err) or "?", more))
            continue
        parts.append(part)
    return parts, issues


def load_price_file(path: Path) -> tuple[list[Price], list[LoadIssue]]:
    """Rows of one price-list CSV: id, price, currency, date, source."""
    name = display_name(path)
    try:
        text = _read_text(path)
    except FileReadError as exc:
        return [], [LoadIssue(name, "", "", _cannot_read(exc.msg))]
    lines = text.splitlines()
    try:
        header = _csv_line(lines[0]) if lines else []
    except csv.Error as exc:
        return [], [LoadIssue(name, "line 1", "", Msg("price.bad-header", reason=Msg("input.as-given", text=str(exc))))]
    header = [h.strip() for h in header]
    required = {"id", "price", "currency", "date", "source"}
    if not required <= set(header):
        missing = sorted(required - set(header))
        return [], [LoadIssue(name, "", ",".join(missing), Msg("price.missing-columns"))]
    prices: list[Price] = []
    issues: list[LoadIssue] = []
    first_line: dict[str, int] = {}
    for n, row in _csv_rows(lines, header, name, issues):
        pid = (row.get("id") or "").strip() or f"line {n}"
        if pid in first_line:       # which one is meant cannot be guessed: the first is kept, both named
            issues.append(LoadIssue(name, pid, "id", Msg("price.duplicate-row", first=first_line[pid], later=n)))
            continue
        first_line[pid] = n
        try:
            amount = Decimal((row.get("price") or "").strip())
        except InvalidOperation:
            issues.append(LoadIssue(name, pid, "price", Msg("price.not-a-number", value=repr(row.get("price")))))
            continue
        try:
            prices.append(Price(part_id=pid, price=amount, currency=(row.get("currency") or "").strip(),
                                date=(row.get("date") or "").strip(), source=(row.get("source") or "").strip(),
                                origin=name))
        except ValidationError as exc:
            err = exc.errors()[0]
            issues.append(LoadIssue(name, pid, _loc(err), validation_text.msg(err)))
    return prices, issues


def _csv_line(line: str) -> list[str]:
    """One physical line as CSV fields; `csv.Error` for an unclosed quote or a huge field."""
    return next(csv.reader([line], strict=True), [])


def _csv_rows(lines: list[str], header: list[str], name: str, issues: list[LoadIssue]) -> Iterable[tuple[int, dict]]:
    """(line number, row) per data line. A price row is one line: parsing each line on its own
    means an unclosed quote costs that row only (the csv module would swallow every later row
    into one field); a row the csv module rejects, or with the wrong number of fields, is
    reported and skipped."""
    for n, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            fields = _csv_line(line)
        except csv.Error as exc:
            why = Msg("price.unclosed-quote") if "end of data" in str(exc) else Msg("input.as-given", text=str(exc))
            issues.append(LoadIssue(name, f"line {n}", "", Msg("price.bad-row", reason=why)))
            continue
        if len(fields) != len(header):
            issues.append(LoadIssue(name, f"line {n}", "", Msg("price.field-count", n=len(fields), m=len(header))))
            continue
        yield n, dict(zip(header, fields, strict=True))


def _listing(folder: Path, suffix: str, issues: list[LoadIssue]) -> list[Path]:
    """The `*<suffix>` entries of `folder`, sorted; a folder that cannot be listed (no
    permission, a loop of symlinks, a file in its place) is one issue, not a crash."""
    try:
        with os.scandir(folder) as it:
            names = [e.name for e in it if e.name.endswith(suffix) and not e.name.startswith(".")]
    except FileNotFoundError:
        return []
    except OSError as exc:
        reason = Msg("file.denied") if isinstance(exc, PermissionError) else os_msg(exc)
        issues.append(LoadIssue(display_name(folder), "", "", Msg("catalog.folder-unlisted", reason=reason)))
        return []
    return sorted(folder / n for n in names)


def _toml_files(folder: Path, issues: list[LoadIssue]) -> list[Path]:
    return [p for p in _listing(folder, ".toml", issues) if p.name not in NON_PART_FILES]


def _csv_files(folder: Path, issues: list[LoadIssue]) -> list[Path]:
    return _listing(folder, ".csv", issues)


def _listed(lister, folder: Path) -> tuple[list[Path], list[LoadIssue]]:
    """(`lister`'s files of `folder`, the problem listing it, if any)."""
    problems: list[LoadIssue] = []
    return lister(folder, problems), problems


def _load_folder(files: list[Path], loader, issues: list[LoadIssue], done=lambda n: None) -> list:
    """Everything `loader` reads from `files`; its problems go to `issues`; `done(items)` after each file."""
    out: list = []
    for path in files:
        loaded, problems = loader(path)
        issues.extend(problems)
        out.extend(loaded)
        done(len(loaded))
    return out


class _Counter:
    """The files and parts a load has read so far, told to a `LoadProgress` (or to nobody)."""

    def __init__(self, progress: LoadProgress | None, files: int) -> None:
        self.progress, self.files, self.done, self.parts = progress, files, 0, 0
        self.building = False
        self.tell_files()

    def parsing(self, in_file: int) -> None:
        """A file missed the cache and is being parsed: `in_file` of its parts validated so far."""
        self.building = True
        self.tell_files(in_file)

    def tell_files(self, in_file: int = 0) -> None:
        if self.progress is not None:
            self.progress(self.done, self.files, self.parts + in_file, self.building)

    def file_done(self, parts: int) -> None:
        self.done += 1
        self.parts += parts
        self.tell_files()


def _first_per_id(items: list, key, duplicate: str, issues: list[LoadIssue]) -> dict:
    """Within one folder the first entry of an id wins; a duplicate names both files.
    (Across folders later ones override earlier ones: that is the caller's `update`.)"""
    kept: dict = {}
    for item in items:
        k = key(item)
        if k in kept:
            issues.append(LoadIssue(item.origin, k, "id", Msg("issue.first-kept", details=Msg(duplicate, file=kept[k].origin))))
            continue
        kept[k] = item
    return kept


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a catalog is built: loading makes hundreds of thousands of
    objects and no cycles, and each full collection on the way walks every object the process holds
    (up to a third of a 20,000-part second load, the more the process already holds). The one young
    collection left for afterwards walks the new objects once."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def load_catalog(
    catalog_dirs: Iterable[Path] | None = None,
    price_dirs: Iterable[Path] | None = None,
    cache: CatalogCache | None = None,
    progress: LoadProgress | None = None,
) -> Catalog:
    """Load shipped catalogs, then the user's (later folders override earlier ones); with
    `cache`, each catalog file's validated parts come from it when its bytes are unchanged.
    `progress` (`LoadProgress`) hears of each file read and, in a long parse, of the parts so far."""
    with _collector_paused():
        return _load_catalog(catalog_dirs, price_dirs, cache, progress)


def _load_catalog(catalog_dirs: Iterable[Path] | None, price_dirs: Iterable[Path] | None,
                  cache: CatalogCache | None, progress: LoadProgress | None = None) -> Catalog:
    if catalog_dirs is None:
        catalog_dirs = [paths.catalog_dir(), paths.user_catalog_dir()]
    if price_dirs is None:
        price_dirs = [paths.price_dir(), paths.user_price_dir()]
    issues: list[LoadIssue] = []
    # every folder listed first, so that the progress knows the files in all; a folder's listing
    # problem is reported at its turn, as before
    part_lists = [_listed(_toml_files, Path(folder)) for folder in catalog_dirs]
    price_lists = [_listed(_csv_files, Path(folder)) for folder in price_dirs]
    count = _Counter(progress, sum(len(f) for f, _ in part_lists) + sum(len(f) for f, _ in price_lists))
    tick = count.parsing if progress else None
    # every registry model is one of the AnyPart classes
    parts: dict[str, AnyPart] = {}
    for files, unlisted in part_lists:
        issues.extend(unlisted)
        loaded_parts = _load_folder(files, lambda p: load_part_file(p, cache, tick), issues, count.file_done)
        parts.update(_first_per_id(loaded_parts, lambda p: p.id, "catalog.duplicate-id", issues))
    if cache is not None:
        cache.prune()
    prices: dict[str, Price] = {}
    for files, unlisted in price_lists:
        issues.extend(unlisted)
        loaded_prices = _load_folder(files, load_price_file, issues, lambda _n: count.file_done(0))
        prices.update(_first_per_id(loaded_prices, lambda p: p.part_id, "catalog.duplicate-price", issues))
    return Catalog(parts=parts, prices=prices, issues=tuple(issues))


_DEFAULT: Catalog | None = None


def default_catalog(progress: LoadProgress | None = None) -> Catalog:
    """The process-wide catalog (shipped + user), loaded once (`progress`: see `load_catalog`)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_catalog(cache=CatalogCache(paths.user_cache_dir() / "catalog"), progress=progress)
    return _DEFAULT
