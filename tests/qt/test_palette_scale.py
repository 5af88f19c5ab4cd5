"""Palette search over a distributor-sized catalog: Qt's C++ filter gives the same rows as the
plain rule (every word in the part's search text, and vendor, form factor, 'fits' as chosen)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from configurator import paths
from configurator.core.build import Build
from configurator.core.session import Session
from configurator.io.catalog_cache import CatalogCache
from configurator.io.catalog_io import load_catalog
from configurator.qt.palette import FITS_ROLE, FORM_ROLE, PART_ROLE, SEARCH_ROLE, VENDOR_ROLE, Palette

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _big_catalog import write_big_catalog  # noqa: E402


@pytest.fixture(scope="module")
def palette(tmp_path_factory, qapp):
    work = tmp_path_factory.mktemp("big")
    write_big_catalog(work / "user", 3_000)
    catalog = load_catalog([paths.catalog_dir(), work / "user"], [paths.price_dir()],
                           cache=CatalogCache(work / "cache"))
    pal = Palette(Session(catalog, Build(chassis="hgx-8u")))
    yield pal
    pal.deleteLater()


def _visible(pal) -> set[str]:
    proxy = pal.proxy
    return {proxy.index(c, 0, proxy.index(r, 0)).data(PART_ROLE)
            for r in range(proxy.rowCount()) for c in range(proxy.rowCount(proxy.index(r, 0)))}


def _expected(pal, text: str, vendor: str, form: str, fits: bool) -> set[str]:
    out = set()
    for r in range(pal.model.rowCount()):
        head = pal.model.item(r)
        for c in range(head.rowCount()):
            item = head.child(c)
            ok = all(w in item.data(SEARCH_ROLE) for w in text.lower().split())
            ok = ok and (not vendor or item.data(VENDOR_ROLE) == vendor) and (not form or item.data(FORM_ROLE) == form)
            if ok and (not fits or item.data(FITS_ROLE)):
                out.add(item.data(PART_ROLE))
    return out


@pytest.mark.parametrize("text,vendor,form,fits", [
    ("h100", "", "", False),
    ("H100 sxm", "", "", False),           # words in any order and case
    ("sxm h100", "NVIDIA", "", True),
    ("epyc u7", "AMD", "", False),
    ("80 gb", "", "", True),
    ("", "Intel", "", False),
    ("(.*)+[", "", "", False),              # regex syntax in the search box is text
    ("no-such-part-anywhere", "", "", False),
])
def test_filter_matches_the_plain_rule(palette, text, vendor, form, fits):
    palette.proxy.set_filters(text, vendor, form, fits)
    want = _expected(palette, text, vendor, form, fits)
    assert _visible(palette) == want
    if not want:
        assert palette.proxy.rowCount() == 0       # no empty category headers
    palette.proxy.set_filters("", "", "", False)
    assert len(_visible(palette)) > 3_000 * 0.8


def test_form_factor_filter(palette):
    forms = {palette.model.item(0).child(c).data(FORM_ROLE) for c in range(palette.model.item(0).rowCount())}
    form = sorted(f for f in forms if f)[0]
    palette.proxy.set_filters("", "", form, False)
    assert _visible(palette) == _expected(palette, "", "", form, False) != set()


def test_typing_on_and_back_matches_the_plain_rule(palette):
    """Typing on narrows from the categories that still match; deleting widens again."""
    for text in ["e", "ep", "epy", "epyc", "epyc 9", "epyc 96", "epyc 9", "epy", "", "memory", "dimm",
                 "gb\x1f", "\x1e", "gpus h100", "gpus h100 nvl", "gpus h100"]:
        palette.proxy.set_filters(text, "", "", False)
        want = _expected(palette, text.replace("\x1f", " ").replace("\x1e", " "), "", "", False)
        assert _visible(palette) == want, text
        heads = {palette.proxy.index(r, 0).data() for r in range(palette.proxy.rowCount())}
        assert all(palette.proxy.rowCount(palette.proxy.index(r, 0)) for r in range(palette.proxy.rowCount())), heads
    palette.proxy.set_filters("", "", "", False)
