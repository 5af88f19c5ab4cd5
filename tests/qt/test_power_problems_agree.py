"""The power panel and Problems never contradict each other about losing a PDU feed.

For every shipped example and for variants with one-sided and uneven feeds, a feed the
panel shows overloaded at peak ("116 % at peak if B fails") has a Problems entry, and a
feed-loss Problems entry states the panel's own figure.
"""

from __future__ import annotations

import re

import pytest

from configurator.core.build import Build
from configurator.core.session import Session
from configurator.qt.panels import PowerPanel
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.words.problems import english

EXAMPLES = sorted(p.name for p in paths.examples_dir().glob("*.json"))
#: the violations that say "this feed cannot carry the server alone"
FEED_CODES = {"power.feed-loss-overload", "power.feed-capacity", "power.insufficient", "power.single-feed"}
PANEL_RE = re.compile(r"([\d,.]+)\s%\sat peak if (\w) fails")
RULE_RE = re.compile(r"If feed (\w) fails, .* carry ([\d,.]+) % of their capacity at peak")


@pytest.fixture(scope="module")
def real_catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def _variants(build: Build) -> list[Build]:
    """The example, all PSUs on feed A, all but one on A, and the same under N+1."""
    bays = sorted((s for s in build.placements if s.startswith("PSU")), key=lambda s: int(s[3:]))
    out = [build]
    if len(bays) >= 2:
        one_sided = {s: "A" for s in bays}
        uneven = {**one_sided, bays[-1]: "B"}
        out += [build.model_copy(update={"psu_feeds": one_sided}),
                build.model_copy(update={"psu_feeds": uneven}),
                build.model_copy(update={"psu_feeds": uneven, "psu_redundancy": "N+1"})]
    return out


def _cases(catalog) -> list[tuple[str, Build]]:
    out = []
    for name in EXAMPLES:
        for i, b in enumerate(_variants(load_build(paths.examples_dir() / name, catalog))):
            out.append((f"{name}-{i}", b))
    return out


def _num(text: str) -> float:
    return float(text.replace(",", ""))


def test_panel_and_problems_agree_on_feed_loss(qtbot, real_catalog):
    cases = _cases(real_catalog)
    assert len(cases) >= 2 * len(EXAMPLES)        # the examples do have PSUs to move between feeds
    for case, build in cases:
        session = Session(real_catalog, build)
        panel = PowerPanel(session)
        qtbot.addWidget(panel)
        ev = session.evaluation
        shown = {feed: _num(pct) for pct, feed in PANEL_RE.findall(panel.feeds.text())}
        assert shown == {k: pytest.approx(v, abs=0.5) for k, v in ev.psu.feed_loss_pct.items()
                         if len(ev.psu.feed_loss_pct) > 1}, case
        codes = {v.code for v in ev.violations}
        if any(pct > 100 for pct in shown.values()):
            assert codes & FEED_CODES, f"{case}: the panel shows a feed overload, Problems does not"
        for v in ev.violations:
            if v.code == "power.feed-loss-overload":
                failed, pct = RULE_RE.search(english(v)).groups()
                assert shown.get(failed) == pytest.approx(_num(pct), abs=0.5), case
        if "power.feed-loss-overload" in codes or "power.feed-capacity" in codes:
            assert any(pct > 100 for pct in shown.values()), f"{case}: Problems reports what the panel does not"
        panel.close()


def test_the_hgx_example_shows_the_warning_in_both(qtbot, real_catalog):
    build = load_build(paths.examples_dir() / "hgx-h100-8gpu.json", real_catalog)
    session = Session(real_catalog, build)
    panel = PowerPanel(session)
    qtbot.addWidget(panel)
    [v] = [v for v in session.evaluation.violations if v.code == "power.feed-loss-overload"]
    assert v.severity == "warning" and v.fix is not None
    failed, pct = RULE_RE.search(english(v)).groups()
    assert f"{pct} % at peak if {failed} fails" in panel.feeds.text()
