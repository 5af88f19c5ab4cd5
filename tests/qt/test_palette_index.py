"""The palette's search index bare (no widget): queries, the incremental path against a fresh
index, kept answers, and the flat rows with headers and folded categories."""

from __future__ import annotations

import random

import numpy as np
import pytest

from configurator.qt.palette.search_index import PartIndex, Query, build_index, fits_in, query_words

_WORDS = ["h100", "sxm5", "pcie", "80", "gb", "hbm3", "epyc", "9654", "ddr5", "nvme", "u.2", "400g", "ocp"]


def _index(n: int = 400, seed: int = 7) -> PartIndex:
    rng = random.Random(seed)
    searches = [" ".join(rng.sample(_WORDS, 4)) + f" part{i}" for i in range(n)]
    cats = sorted(rng.randrange(3) for _ in range(n))
    index = PartIndex(ids=[f"p{i}" for i in range(n)], names=[f"Part {i}" for i in range(n)], figures=[""] * n,
                      prices=[""] * n, vendors=[rng.choice(["AMD", "Intel", "NVIDIA"]) for _ in range(n)],
                      forms=[rng.choice(["", "SXM5", "PCIe card"]) for _ in range(n)], searches=searches,
                      cat=np.asarray(cats), cat_keys=["gpu", "cpu", "nic"], cat_titles=["GPUs", "CPUs", "Network"])
    index.set_fits([i % 3 != 0 for i in range(n)])
    return index


def _plain(index: PartIndex, q: Query) -> list[int]:
    return [i for i in range(len(index.ids))
            if all(w in index.searches[i] for w in q.words) and (not q.vendor or index.vendors[i] == q.vendor)
            and (not q.form or index.forms[i] == q.form) and (index.fits[i] or not q.fits_only)]


def test_query_words_are_lower_case_and_split_on_control_characters():
    assert query_words("  H100\tSXM\x1e80 ") == ("h100", "sxm", "80")
    assert not Query().active and Query(fits_only=True).active


@pytest.mark.parametrize("narrow,broad,answer", [
    (("h100", "s"), ("h100",), True),
    (("h100",), ("h10",), True),
    (("sxm", "h100"), ("h1",), True),      # any order
    (("h10",), ("h100",), False),          # deleting widens
    (("h100",), ("h100", "s"), False),
    ((), (), True),
])
def test_a_query_narrows_another(narrow, broad, answer):
    assert Query(narrow).narrows(Query(broad)) is answer
    assert not Query(narrow, vendor="AMD").narrows(Query(broad))


def test_typing_on_and_back_matches_a_fresh_index_and_the_plain_rule():
    typed, fresh = _index(), _index()
    texts = ["h", "h1", "h10", "h100", "h100 s", "h100 sx", "h100 s", "h100", "", "e", "ep", "9654 ep", "80 g",
             "80 gb", "80", "u.2 nvme", "part1", "part12", "part1", ""]
    for text in texts:
        for vendor, form, fits in (("", "", False), ("AMD", "", False), ("", "SXM5", True)):
            q = Query(query_words(text), vendor, form, fits)
            got = typed.match(q)
            fresh._answers.clear()
            assert got.tolist() == fresh.match(q).tolist() == _plain(typed, q), q


def test_kept_answers_are_bounded_and_forgotten_when_the_fit_changes():
    index = _index()
    for i in range(200):
        index.match(Query((f"part{i}",)))
    assert len(index._answers) <= 64
    q = Query(fits_only=True)
    before = index.match(q).tolist()
    index.set_fits([True] * len(index.ids))
    assert index.match(q).tolist() == list(range(len(index.ids))) != before
    assert index.match(Query(vendor="no such vendor")).tolist() == []


def test_rows_put_each_category_header_above_its_parts_and_fold():
    index = _index(30)
    matched = index.match(Query(("h100",)))
    rows, shown = index.rows(matched, set())
    heads = [-1 - c for c in rows.tolist() if c < 0]
    assert heads == sorted(set(index.cat[matched].tolist()))
    assert shown.tolist() == np.bincount(index.cat[matched], minlength=3).tolist()
    cat = None
    for code in rows.tolist():
        if code < 0:
            cat = -1 - code
        else:
            assert index.cat[code] == cat
    folded, shown_folded = index.rows(matched, {heads[0]})
    assert [c for c in folded.tolist() if c >= 0] == [p for p in matched.tolist() if index.cat[p] != heads[0]]
    assert -1 - heads[0] in folded.tolist() and shown_folded.tolist() == shown.tolist()
    assert index.rows(index.match(Query(("no-such",))), set())[0].tolist() == []


def test_the_catalog_index_holds_every_droppable_part(catalog):
    index = build_index(catalog)
    assert "h100-sxm" in index.ids and "hgx-8u" not in index.ids        # chassis: nothing to drop
    assert index.cat_keys[0] == "gpu" and list(index.cat) == sorted(index.cat)
    pos = index.row_of["h100-sxm"]
    assert index.made == 0 and index.figure(pos) == "80 GB HBM3 · 700 W" and index.searches[pos] == ""
    assert "nvidia h100 sxm5 80gb" in index.search(pos) and index.search(pos) == index.searches[pos].lower()
    assert not fits_in(catalog, "pcie-2u", index)[pos] and fits_in(catalog, "hgx-8u", index)[pos]
    assert not fits_in(catalog, "no-such-chassis", index).any()


def test_an_index_made_in_slices_equals_one_made_at_once(catalog):
    whole, sliced = build_index(catalog), build_index(catalog)
    before = [sliced.figure(pos) for pos in range(len(sliced.ids))]       # rows painted before it is made
    assert whole.make() and sliced.made == 0
    while not sliced.make(7):
        assert 0 < sliced.made < len(sliced.ids)
    assert sliced.figures == whole.figures == before and sliced.searches == whole.searches
    for chassis in ("pcie-2u", "hgx-8u"):
        assert fits_in(catalog, chassis, sliced).tolist() == fits_in(catalog, chassis, whole).tolist()
    fresh = build_index(catalog)
    assert fresh.match(Query(("h100",))).tolist() == whole.match(Query(("h100",))).tolist() != []
