"""The quote's appendix "How these figures are computed": every figure the body prints is a link
to its entry, and the entry is the explanation `configurator explain` prints."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from configurator.core.build import Build
from configurator.core.evaluate.json_shape import figures
from configurator.formats.exporters.pdf_quote import write_quote
from configurator.report.entry_lines import EntryLines, Run
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words.explain_words import explain_figure

ROOT = Path(__file__).parents[2]
HEADING = re.compile(r"^([\w.]+) = ")


@pytest.fixture(scope="module")
def shipped():
    return load_catalog()


def _pair(shipped, name: str, **site) -> tuple[Build, object]:
    build = load_build(ROOT / "examples" / name, shipped)
    if site:
        build = build.model_copy(update={"commercial": build.commercial.model_copy(update=site)})
    return build, default_evaluator(shipped).evaluate(build)


def _quote(tmp_path, shipped, pairs, **kw) -> PdfReader:
    """The internal copy: the one with the appendix (the customer's has none, tests/formats/test_quote_copies.py)."""
    kw.setdefault("internal", True)
    out = write_quote(pairs, tmp_path / "q.pdf", catalog=shipped, quote_number="Q-T-1", issue_date=date(2026, 12, 1),
                      draft=True, **kw)
    return PdfReader(str(out))


def _lines(page, left: float = 0.0, width: float = 10_000.0) -> list[tuple[float, str]]:
    """The page's text lines between `left` and `left + width` (one column), top first, as
    (baseline y, text)."""
    found: dict[int, list[tuple[float, str]]] = {}

    def visit(text, cm, tm, _font, _size):
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        if text.strip() and left - 1 <= x < left + width:
            found.setdefault(round(y * 2), []).append((x, text))

    page.extract_text(visitor_text=visit)
    return sorted(((k / 2, "".join(t for _, t in sorted(v))) for k, v in found.items()), reverse=True)


def _appendix_start(reader: PdfReader, heading: str) -> int:
    return next(i for i, p in enumerate(reader.pages) if heading in p.extract_text())


def _internal_links(reader: PdfReader, pages: range) -> list[tuple[int, int, float, float]]:
    """(from page, to page, left x, top y) of each internal link on `pages`."""
    out = []
    for i in pages:
        for annot in reader.pages[i].get("/Annots") or []:
            a = annot.get_object()
            dest = a.get("/Dest")
            if a.get("/Subtype") == "/Link" and dest is not None:
                out.append((i, reader.get_page_number(dest[0].get_object()), float(dest[2]), float(dest[3])))
    return out


def _landing(reader: PdfReader, page: int, left: float, top: float) -> str:
    """The first text line under a link's target, in the target's column."""
    under = [text for y, text in _lines(reader.pages[page], left, 240) if y <= top + 0.5]
    assert under, (page, top)
    return under[0].strip()


def _entry_at(reader: PdfReader, page: int, left: float, top: float) -> str:
    """The figure whose entry starts at (`left`, `top`) on `page`."""
    line = _landing(reader, page, left, top)
    m = HEADING.match(line)
    assert m, f"page {page + 1}, y {top}: the link lands on {line!r}, not an entry heading"
    return m.group(1)


def _linked_figures(reader: PdfReader, heading: str = "How these figures are computed") -> set[str]:
    start = _appendix_start(reader, heading)
    links = _internal_links(reader, range(start))
    assert links, "the body has no links"
    assert all(to >= start for _, to, _, _ in links), "a body link that does not lead into the appendix"
    return {_entry_at(reader, to, left, top) for _, to, left, top in links}


def test_every_figure_the_body_prints_links_to_its_entry(tmp_path, shipped):
    build, ev = _pair(shipped, "hgx-h100-8gpu.json", discount_pct=5, tax_pct=13, shipping=250)
    reader = _quote(tmp_path, shipped, [(build, ev)])
    linked = _linked_figures(reader)
    assert linked <= set(figures(ev))
    printed = {"power_w.idle", "power_w.typical", "power_w.max", "power_w.peak", "wall_power_w.max", "psu.count",
               "psu.rating_w", "psu.usable_w", "psu.load_pct.max", "psu.feeds.A", "heat_btu_hr", "heat_btu_hr_typical",
               "airflow_cfm", "thermal.delta_t_c", "thermal.capacity_w", "gpu.count", "gpu.vram_gb",
               "gpu.vram_gb_per_gpu", "gpu.hbm_bandwidth_gbs", "gpu.bf16_tflops", "cpu.cores", "memory.capacity_gb",
               "memory.speed_mts", "chassis.rack_units", "tco.total", "tco.capex", "cost.subtotal", "cost.discount",
               "cost.tax", "cost.shipping", "cost.total"}
    printed |= {f"cost.lines.{i}.{f}" for i, ln in enumerate(ev.cost.lines) if ln.extended is not None
                for f in ("unit_price", "extended")}
    assert printed <= linked, sorted(printed - linked)


def test_each_entry_is_the_explanation_the_cli_prints(tmp_path, shipped):
    build, ev = _pair(shipped, "hgx-h100-8gpu.json")
    reader = _quote(tmp_path, shipped, [(build, ev)])
    start = _appendix_start(reader, "How these figures are computed")
    text = re.sub(r"\s+", "", "".join(p.extract_text() for p in reader.pages[start:]))
    for key in ("power_w.max", "wall_power_w.max", "psu.load_pct.max", "airflow_cfm", "cost.total",
                "cost.lines.0.extended", "tco.total"):
        exp = explain_figure(build, shipped, ev, key)
        assert re.sub(r"\s+", "", f"{key} = ") in text
        assert re.sub(r"\s+", "", exp.formula) in text, key
        for i in exp.inputs:
            assert re.sub(r"\s+", "", f"{i.name} = {i.value}") in text, (key, i.name)
    # a price names the price list it is read from, and the date of its row
    assert "pricelistcatalogs/prices/list-2026-11.csv,rownvidia-h100-sxm5-80gb" in text
    assert "Sources[1]" in text and "https://" in text


def test_a_figure_computed_from_another_links_to_that_ones_entry(tmp_path, shipped):
    build, ev = _pair(shipped, "hgx-h100-8gpu.json")
    reader = _quote(tmp_path, shipped, [(build, ev)])
    start = _appendix_start(reader, "How these figures are computed")
    inner = _internal_links(reader, range(start, len(reader.pages)))
    landings = [_landing(reader, to, left, top) for _, to, left, top in inner]
    targets = {m.group(1) for m in map(HEADING.match, landings) if m}
    sources = [t for t in landings if not HEADING.match(t)]
    assert sources and all(re.match(r"\[\d+\] ", t) for t in sources)   # the rest lead to the source list
    # tco.energy_cost_per_year is printed; the energy in kWh it is computed from is not, yet has an entry
    assert "tco.energy_kwh_per_year" in targets


def test_the_chinese_quote_has_the_appendix_in_chinese(tmp_path, shipped):
    build, ev = _pair(shipped, "hgx-h100-8gpu.json")
    reader = _quote(tmp_path, shipped, [(build, ev)], language="zh_CN")
    heading = "附录：各项数据的计算方法"
    linked = _linked_figures(reader, heading)
    assert {"power_w.max", "cost.total"} <= linked
    tail = "".join(p.extract_text() for p in reader.pages[_appendix_start(reader, heading):])
    assert "来源" in tail and "估计值" in tail


def test_workload_figures_of_the_quote_are_explained(tmp_path, shipped):
    build, ev = _pair(shipped, "seed-7b-training.json")
    reader = _quote(tmp_path, shipped, [(build, ev)])
    linked = _linked_figures(reader)
    assert {"workload.per_gpu_bytes.total", "workload.train_days"} <= linked


def test_options_link_to_their_own_entries(tmp_path, shipped):
    a = _pair(shipped, "hgx-h100-8gpu.json")
    b = _pair(shipped, "dgx-h100-8gpu.json")
    reader = _quote(tmp_path, shipped, [a, b])
    start = _appendix_start(reader, "How these figures are computed")
    tail = " ".join(p.extract_text() for p in reader.pages[start:])
    assert "Option A:" in tail and "Option B:" in tail
    links = _internal_links(reader, range(start))
    # each option's max power links to its own entry: two different places
    max_power = {(to, left, top) for _, to, left, top in links if _entry_at(reader, to, left, top) == "power_w.max"}
    assert len(max_power) == 2


def test_entry_lines_wrap_to_the_width_and_split_between_lines():
    words = " ".join(f"word{i}" for i in range(200))
    block = EntryLines([(0.0, (Run(words), Run(" linked", dest="x"))), (8.0, (Run("a" * 300),))])
    w, h = block.wrap(200, 1000)
    laid = block._lay(200)
    assert w == 200 and h == len(laid) * block.leading and len(laid) > 10
    from configurator.report import fonts
    for line in laid:
        x, text, run = line[-1]
        assert x + fonts.string_width(text.rstrip(), fonts.SANS, block.size) <= 200 + 0.01
    first, rest = block.split(200, 5 * block.leading)
    assert len(first._lay(200)) == 5 and len(first._lay(200)) + len(rest._lay(200)) == len(laid)
    assert first.anchor == block.anchor and rest.anchor == ""
    assert block.split(200, block.leading) == []       # never one lone line at a column's foot


def test_the_upgrade_quote_links_its_after_figures_and_totals(tmp_path):
    from configurator.launch import main

    probe = ROOT / "tests" / "fixtures" / "probe-h200"
    before = tmp_path / "server.json"
    assert main(["import", "inventory", str(probe), "--chassis", "supermicro-sys-821ge-tnhr", "-o", str(before)]) == 0
    build = load_build(before)
    build.placements = {**build.placements, **{f"GPU{i}": "nvidia-h200-sxm5-141gb" for i in range(2, 9)},
                        **{f"PSU{i}": "supermicro-psu-3000w-titanium" for i in range(1, 7)},
                        "CPU1": "intel-xeon-platinum-8480plus", "CPU2": "intel-xeon-platinum-8480plus",
                        **{f"CPU{c}_DIMM_{ch}1": "samsung-m321r8ga0bb0-cqk" for c in (1, 2) for ch in "ABCDEFGH"}}
    from configurator.store.build_files import save_build

    save_build(build, tmp_path / "after.json")
    out = tmp_path / "upgrade.pdf"
    assert main(["export", str(tmp_path / "after.json"), "--format", "upgrade-pdf", "-o", str(out),
                 "--internal"]) == 0
    linked = _linked_figures(PdfReader(str(out)))
    assert {"power_w.max", "wall_power_w.max", "psu.load_pct.max", "airflow_cfm", "cost.total"} <= linked
