"""The palette's search index: every droppable part's display texts and lower-cased search text,
computed once per catalog, and the filter that runs over it on every keystroke.

A keystroke over a 20,000-part catalog must filter and repaint within one frame (16 ms), so the
filter never touches Qt: vendor, form factor and 'fits this chassis' are numpy masks, each typed
word one C-level substring test per candidate, and a query that extends an earlier one (typing on)
only re-tests that query's matches. Answers are kept, a bounded number, by the index that owns
them, so deleting back to an earlier query costs a dictionary look-up.

Building it must not hold up the window's first frame: `build_index` makes the columns the first
frame shows (names, prices, vendors, form factors, categories) and leaves each part's key figures,
search text and fit group to `PartIndex.make`, which the palette calls in slices after that frame;
a row painted before reads its figures from the part, and a search first makes the rest.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

from ...core import categories
from ...core.catalog import Catalog, Part
from ...core.placement import FitGroups
from ...words.part_words import part_name
from .. import theme

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_KEPT_ANSWERS = 64      # recent queries' matches kept for typing back


def plain(text: str) -> str:
    """`text` with control characters made spaces, so a pasted tab or newline splits words."""
    return _CONTROL.sub(" ", text)


def query_words(text: str) -> tuple[str, ...]:
    """The words a search text stands for: lower-cased, split on white space (and control characters)."""
    return tuple(plain(text.lower()).split())


@dataclass(frozen=True)
class Query:
    """One state of the palette's filters: every word in the search text, and vendor, form factor
    and 'fits this chassis' as chosen ("" and False: any)."""

    words: tuple[str, ...] = ()
    vendor: str = ""
    form: str = ""
    fits_only: bool = False

    @property
    def active(self) -> bool:
        """Whether anything filters (the category rows then say "3 of 9")."""
        return bool(self.words or self.vendor or self.form or self.fits_only)

    def narrows(self, broader: Query) -> bool:
        """Whether every part this query matches also matches `broader` (each of its words lies
        within one of ours, the other filters the same), so only `broader`'s matches need testing."""
        return ((self.vendor, self.form, self.fits_only) == (broader.vendor, broader.form, broader.fits_only)
                and all(any(b in w for w in self.words) for b in broader.words))


@dataclass
class PartIndex:
    """The droppable parts, sorted by category (registry order), vendor and name, as parallel
    columns; `cat` holds each part's position in `cat_keys`. Given `parts` (the part at each
    position), `figures`, `searches` and `groups` are made from them by `make`."""

    ids: list[str]
    names: list[str]
    figures: list[str]
    prices: list[str]
    vendors: list[str]
    forms: list[str]
    searches: list[str]
    cat: np.ndarray
    cat_keys: list[str]
    cat_titles: list[str]
    parts: list[Part] = field(default_factory=list, repr=False)
    groups: FitGroups | None = field(init=False)    # the parts grouped by what decides their fit
    made: int = field(init=False)                   # figures, searches and groups hold this many parts
    fits: np.ndarray = field(init=False)            # fits the current chassis (`set_fits`)
    vendor_names: list[str] = field(init=False)     # the distinct vendors and form factors, sorted
    form_names: list[str] = field(init=False)
    totals: np.ndarray = field(init=False)          # parts per category
    row_of: dict[str, int] = field(init=False)      # part id -> position
    _vendor_code: np.ndarray = field(init=False, repr=False)
    _form_code: np.ndarray = field(init=False, repr=False)
    _answers: OrderedDict[Query, np.ndarray] = field(init=False, repr=False, default_factory=OrderedDict)

    def __post_init__(self) -> None:
        self.fits = np.zeros(len(self.ids), dtype=bool)
        self.groups = FitGroups() if self.parts else None
        self.made = 0 if self.parts else len(self.ids)
        self._vendor_code, self.vendor_names = _codes(self.vendors)
        self._form_code, self.form_names = _codes(self.forms)
        self.totals = np.bincount(self.cat.astype(np.intp), minlength=len(self.cat_keys))
        self.row_of = {part_id: i for i, part_id in enumerate(self.ids)}

    def make(self, count: int | None = None) -> bool:
        """Make the next `count` (None: all) parts' figures, search texts and fit groups; True when
        every part's are made."""
        start, total = self.made, len(self.ids)
        stop = total if count is None else min(total, start + count)
        if start < stop:
            titles, forms = self.cat_titles, self.forms
            for pos, cat in enumerate(self.cat[start:stop].tolist(), start):
                part = self.parts[pos]
                figures = self.figures[pos] = theme.key_figures(part)
                self.searches[pos] = plain(" ".join((part.name, self.names[pos], part.vendor, part.id, part.part_number, figures,
                                                     forms[pos], titles[cat])).lower())
            assert self.groups is not None
            self.groups.add(self.parts[start:stop])
            self.made = stop
        return stop == total

    def figure(self, pos: int) -> str:
        """The key figures of the part at `pos` (made from the part when `make` has not reached it)."""
        return self.figures[pos] if pos < self.made else theme.key_figures(self.parts[pos])

    def search(self, pos: int) -> str:
        """The lower-cased search text of the part at `pos`."""
        self.make()
        return self.searches[pos]

    def set_fits(self, fits: np.ndarray | list[bool]) -> None:
        """Whether each part fits the current chassis; forgets the answers that used the old fit."""
        self.fits = np.asarray(fits, dtype=bool).reshape(len(self.ids))
        self._answers.clear()

    def match(self, query: Query) -> np.ndarray:
        """The positions (ascending) of the parts `query` shows."""
        found = self._answers.get(query)
        if found is not None:
            self._answers.move_to_end(query)
            return found
        if query.words:
            self.make()             # the search texts
        candidates, words = self._start(query)
        # the longest word first: usually the rarest, so the later words test fewer parts
        for word in sorted(words, key=len, reverse=True):
            if len(candidates) == len(self.ids):
                texts = self.searches
                hits = np.fromiter((word in t for t in texts), dtype=bool, count=len(texts))
                candidates = np.flatnonzero(hits)
            else:
                texts = self.searches
                candidates = np.fromiter((i for i in candidates.tolist() if word in texts[i]), dtype=np.intp)
        self._answers[query] = candidates
        if len(self._answers) > _KEPT_ANSWERS:
            self._answers.popitem(last=False)
        return candidates

    def _start(self, query: Query) -> tuple[np.ndarray, tuple[str, ...]]:
        """Where to begin: the smallest kept answer `query` narrows (and the words it still has to
        test), else the parts passing vendor, form factor and fit (and every word)."""
        best: tuple[np.ndarray, tuple[str, ...]] | None = None
        for kept, found in self._answers.items():
            if query.narrows(kept) and (best is None or len(found) < len(best[0])):
                best = found, tuple(w for w in query.words if w not in kept.words)
        if best is not None:
            return best
        mask = np.ones(len(self.ids), dtype=bool)
        if query.vendor:
            mask &= self._vendor_code == _code_of(self.vendor_names, query.vendor)
        if query.form:
            mask &= self._form_code == _code_of(self.form_names, query.form)
        if query.fits_only:
            mask &= self.fits
        return np.flatnonzero(mask), query.words

    def rows(self, matched: np.ndarray, collapsed: set[int]) -> tuple[np.ndarray, np.ndarray]:
        """The palette's flat rows for `matched` parts: each category that has a match as a header
        (coded -1 - category), then its parts unless the category is `collapsed`; and how many parts
        each category shows."""
        cats = self.cat[matched]
        shown = np.bincount(cats, minlength=len(self.cat_keys))
        heads = np.flatnonzero(shown)
        if collapsed:
            keep = ~np.isin(cats, list(collapsed))
            matched, cats = matched[keep], cats[keep]
        where = np.searchsorted(cats, heads)
        return np.insert(matched.astype(np.intp), where, -1 - heads), shown


def _codes(values: list[str]) -> tuple[np.ndarray, list[str]]:
    """Each value's position in the sorted distinct values, and those values."""
    names = sorted(set(values))
    lookup = {v: i for i, v in enumerate(names)}
    return np.fromiter((lookup[v] for v in values), dtype=np.intp, count=len(values)), names


def _code_of(names: list[str], value: str) -> int:
    """`value`'s code, or -1 (matches nothing) for a value no part has."""
    try:
        return names.index(value)
    except ValueError:
        return -1


def build_index(catalog: Catalog) -> PartIndex:
    """The index of every part that goes into a slot (the chassis and rack-level parts have none),
    its figures, search texts and fit groups still to make (`PartIndex.make`)."""
    every: list[Part] = []
    cat: list[int] = []
    keys, titles = [], []
    for info in categories.REGISTRY:
        parts = sorted(catalog.by_category(info.key), key=lambda p: (p.vendor, p.name)) if info.slot_kinds else []
        if not parts:
            continue
        keys.append(info.key)
        titles.append(theme.category_title(info.key))
        every += parts
        cat += [len(keys) - 1] * len(parts)
    prices = [catalog.price(part.id) for part in every]
    return PartIndex(ids=[p.id for p in every], names=[part_name(p.name) for p in every], figures=[""] * len(every),
                     prices=[theme.money(price.price, price.currency) if price else "" for price in prices],
                     vendors=[p.vendor for p in every], forms=[theme.form_factor(p) for p in every],
                     searches=[""] * len(every), cat=np.asarray(cat, dtype=np.intp), cat_keys=keys,
                     cat_titles=titles, parts=every)


def fits_in(catalog: Catalog, chassis_id: str, index: PartIndex) -> np.ndarray:
    """Whether each indexed part could go into `chassis_id`: the `fits_chassis` answer a drop uses,
    asked once per group of parts that it answers alike; an unknown chassis takes nothing, nor does
    an index made without its parts."""
    index.make()
    if index.groups is None:
        return np.zeros(len(index.ids), dtype=bool)
    return index.groups.fits(catalog, catalog.chassis(chassis_id))
