"""Issue 10, class 4: accepted input never crashes the quote.

Every text the loaders accept, at its documented maximum, renders: a long workload name, vendor
terms of 20,000 characters (one clause or many), catalog names and part numbers of 2,000
characters, 1,000-character addresses, notes of 20,000 characters. Table cells are cut with an
ellipsis; long paragraphs flow across pages. No reportlab LayoutError, and in bounded time.
"""

from __future__ import annotations

import dataclasses
import time
from datetime import date

import pytest
import report_synthetic as syn

from configurator.core.message import Msg
from configurator.store.vendor_settings import QuoteTerms, Vendor, VendorSettings

WORD = "Supercalifragilistic"


def _long(n: int, spaces: bool = True) -> str:
    unit = (WORD + " ") if spaces else WORD
    return (unit * (n // len(unit) + 1))[:n]


def _settings(terms: str = "", address: str = "Street 1") -> VendorSettings:
    return VendorSettings(vendor=Vendor(company="C" * 200, address=address, contact="x" * 200, email="e" * 200,
                                        phone="1" * 100, website="w" * 200, tax_id="T" * 100),
                          quote=QuoteTerms(terms=terms, payment_terms="p" * 500, lead_time="l" * 500,
                                           warranty="w" * 500))


def _quote(tmp_path, build, ev, settings, **kw):
    from configurator.formats.exporters.pdf_quote import render_quote
    from configurator.report.quote import QuoteOptions
    # a draft: the long-message builds carry errors, and the draft banner must cope with them too
    opts = QuoteOptions(settings=settings, catalog=syn.catalog(), issue_date=date(2026, 3, 2), quote_number="Q-1",
                        **{"draft": True, **kw})
    start = time.perf_counter()
    out = render_quote([(build, ev)], tmp_path / "q.pdf", opts)
    return out, time.perf_counter() - start


class LongWorkload(syn.FakeWorkload):
    def __init__(self, n: int):
        self.verdict = Msg("workload.fits", need=_long(n, spaces=False), capacity="141", pct="43%")


@pytest.mark.parametrize("spaces", [True, False], ids=["words", "one-word"])
def test_longest_accepted_texts_render(tmp_path, pdf_pages, spaces):
    lines = [("gpu", "gpu-x", _long(2000, spaces), _long(2000, spaces), 8, "30000.00"),
             ("nic", "nic-x", "PN-" + "9" * 1997, "NIC " + "名" * 1996, 2, None)]
    b = syn.build(name=_long(200, spaces), customer=_long(200, spaces)).model_copy(
        update={"meta": syn.build().meta.model_copy(update={"name": _long(200, spaces),
                                                            "notes": _long(20000, spaces)})})
    ev = syn.evaluation(lines=lines, workload=LongWorkload(3000),
                        violations=tuple(dataclasses.replace(v, message=Msg("input.as-given", text=_long(2000, spaces)))
                                         for v in syn.sample_violations()))
    out, seconds = _quote(tmp_path, b, ev, _settings(_long(20000, spaces), _long(1000, spaces)))
    text = " ".join(pdf_pages(out))
    assert "…" in text and "Terms and conditions" in text
    assert seconds < 30, seconds


@pytest.mark.parametrize("terms", [
    _long(20000), _long(20000, spaces=False), "\n\n".join(_long(400) for _ in range(45)),
    "\n".join(_long(90) for _ in range(200)),
], ids=["one-clause", "one-word", "many-clauses", "many-lines"])
def test_vendor_terms_at_the_limit_flow_over_pages(tmp_path, pdf_pages, terms):
    out, seconds = _quote(tmp_path, syn.build(), syn.evaluation(), _settings(terms))
    pages = pdf_pages(out)
    assert len(pages) >= 2 and seconds < 30
