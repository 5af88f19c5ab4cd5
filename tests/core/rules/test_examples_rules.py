"""The shipped example builds check clean, apart from the notes each one is known to carry."""

from __future__ import annotations

import json

import pytest

from configurator import paths
from configurator.core.build import Build
from configurator.core.rules import check
from configurator.io.catalog_io import load_catalog

#: example -> the only violations it may show, and why they are right
EXPECTED = {
    # 2 DIMMs per channel on Sapphire Rapids really run at 4400 MT/s; HGX H100 boards put two
    # GPUs behind each Gen5 x16 PCIe switch uplink (both infos are facts a buyer should see);
    # its 6 PSUs under 4+2 sit 3 per feed, so losing a feed leaves 3 x 3 kW for a ~10.4 kW peak
    # (a warning the power panel shows with the same percentage)
    "hgx-h100-8gpu.json": {"mem.2dpc-speed", "pcie.switch-oversubscribed", "power.feed-loss-overload"},
    "seed-7b-training.json": set(),
    "pcie-l40s-8gpu.json": set(),
    "general-purpose-2u.json": set(),
}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def _load(name: str) -> Build:
    path = paths.examples_dir() / name
    if not path.exists():
        pytest.skip(f"{name} not written yet")
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("format", None)
    data.pop("kind", None)
    return Build.model_validate(data)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_checks_clean(name, catalog):
    out = check(_load(name), catalog)
    assert not [v for v in out if v.severity == "error"], [v.message for v in out]
    assert {v.code for v in out} <= EXPECTED[name], [v.message for v in out]


def test_hgx_example_breaks_like_the_field_does(catalog):
    build = _load("hgx-h100-8gpu.json")
    psus = [s for s in build.placements if s.startswith("PSU")]
    build.psu_feeds = {s: "A" for s in psus}
    assert "power.single-feed" in {v.code for v in check(build, catalog)}
