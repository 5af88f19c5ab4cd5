"""Power lines, totals, wall power and PSU capacity under every redundancy mode."""

from __future__ import annotations

import pytest
from _evalparts import hgx_placements

from configurator.core.context import resolve
from configurator.core.evaluate.figures import compute_figures
from configurator.core.evaluate.power import psu_feeds
from configurator.core.psu import parse_redundancy


def figures(build, catalog):
    return compute_figures(resolve(build, catalog))


def test_hgx_power_by_hand(hgx, catalog):
    p = figures(hgx, catalog).power
    # chassis 200/400/600, baseboard 100/200/300, 2 CPUs 100/210/350, 32 DIMMs 3/6.5/10,
    # 8 GPUs 70/560/700, 8 NICs 15/22/25, 8 drives 8/13.1/25, fans 100/500/900
    assert p.idle_w == pytest.approx(200 + 100 + 2 * 100 + 32 * 3 + 8 * 70 + 8 * 15 + 8 * 8 + 100)
    assert p.typical_w == pytest.approx(400 + 200 + 2 * 210 + 32 * 6.5 + 8 * 560 + 8 * 22 + 8 * 13.1 + 500)
    assert p.max_w == pytest.approx(600 + 300 + 2 * 350 + 32 * 10 + 8 * 700 + 8 * 25 + 8 * 25 + 900)
    assert p.peak_w == pytest.approx(p.max_w + 8 * 700 * 0.2)          # transient_factor 1.2
    # 80 PLUS Titanium (230 V internal redundant) 94 % at 20 %, 96 % at 50 % load; 6 × 3 kW share the load
    share = p.max_w / (6 * 3000)
    assert 0.2 < share < 0.5
    assert p.wall_max_w == pytest.approx(p.max_w / ((94 + (96 - 94) * (share - 0.2) / 0.3) / 100))
    idle_share = p.idle_w / (6 * 3000)                                   # 7.9 %: below 10 %, the 10 % point holds
    assert idle_share < 0.1 and p.wall_idle_w == pytest.approx(p.idle_w / 0.90)
    assert p.efficiency_pct == pytest.approx(100 * p.typical_w / p.wall_typical_w) and not p.efficiency_assumed


def test_power_lines_one_per_part(hgx, catalog):
    lines = {(line.category, line.part_id): line for line in figures(hgx, catalog).power.lines}
    gpu = lines[("gpu", "gpu-sxm")]
    assert (gpu.qty, gpu.idle_w, gpu.typical_w, gpu.max_w) == (8, 560, 4480, 5600)
    assert lines[("dimm", "dimm-64-4800")].qty == 32
    assert ("chassis", "hgx-test") in lines and ("baseboard", "hgx-test") in lines
    assert not any(line.category == "psu" for line in lines.values())
    p = figures(hgx, catalog).power
    assert sum(line.max_w for line in p.lines) == pytest.approx(p.max_w)


def test_no_psu_assumes_94_percent(make_build, catalog):
    b = make_build("hgx-test", {"GPU1": "gpu-sxm"})
    p = figures(b, catalog).power
    assert p.efficiency_assumed and p.efficiency_pct == 94
    assert p.wall_typical_w == pytest.approx(p.typical_w / 0.94)


def test_psu_4_plus_2_default(hgx, catalog):
    f = figures(hgx, catalog)
    psu = f.psu
    assert (psu.count, psu.bays, psu.model, psu.redundancy, psu.active) == (6, 6, "psu-3000", "4+2", 4)
    assert psu.usable_w == 12000 and psu.rating_w == 3000
    assert psu.load_pct_max == pytest.approx(100 * f.power.peak_w / 12000)
    assert psu.load_pct_typical == pytest.approx(100 * f.power.typical_w / 12000)
    assert psu.feeds == {"A": 3, "B": 3} and psu.feed_capacity_w == {"A": 9000, "B": 9000}
    assert psu.headroom_w == pytest.approx(12000 - f.power.peak_w)


@pytest.mark.parametrize("mode, active", [("N", 6), ("N+1", 5), ("N+2", 4), ("N+N", 3), ("4+2", 4),
                                          ("3+3", 3), ("5+2", 4), ("bogus", 6)])
def test_redundancy_modes(make_build, catalog, mode, active):
    b = make_build("hgx-test", hgx_placements(), psu_redundancy=mode)
    psu = figures(b, catalog).psu
    assert psu.redundancy == mode and psu.active == active and psu.usable_w == active * 3000


def test_k_plus_m_with_fewer_psus(make_build, catalog):
    # 4+2 policy but only 5 installed: after 2 failures 3 remain
    assert parse_redundancy("4+2").active(5, {"A": 3, "B": 2}) == 3
    assert parse_redundancy("4+2").active(8, {"A": 4, "B": 4}) == 4
    assert parse_redundancy("N+1").active(0, {}) == 0


def test_n_plus_n_each_feed_alone(make_build, catalog):
    place = hgx_placements()
    # put four PSUs on feed A and two on B: losing A leaves 2 PSUs
    feeds = {"PSU1": "A", "PSU2": "A", "PSU3": "A", "PSU4": "A", "PSU5": "B", "PSU6": "B"}
    b = make_build("hgx-test", place, psu_redundancy="N+N", psu_feeds=feeds)
    psu = figures(b, catalog).psu
    assert psu.feeds == {"A": 4, "B": 2}
    assert psu.feed_capacity_w == {"A": 12000, "B": 6000}
    assert psu.active == 2 and psu.usable_w == 6000


def test_feeds_alternate_by_bay_order(make_build, catalog):
    b = make_build("hgx-test", {"PSU2": "psu-3000", "PSU4": "psu-3000"})
    ctx = resolve(b, catalog)
    assert psu_feeds(ctx) == {"PSU1": "A", "PSU2": "B", "PSU3": "A", "PSU4": "B", "PSU5": "A", "PSU6": "B"}
    psu = compute_figures(ctx).psu
    assert psu.feeds == {"A": 0, "B": 2}
    # N+N on one feed only: a feed failure takes everything down
    b2 = make_build("hgx-test", {"PSU2": "psu-3000", "PSU4": "psu-3000"}, psu_redundancy="N+N")
    assert figures(b2, catalog).psu.usable_w == 0


def test_low_line_derating(make_build, catalog):
    b = make_build("hgx-test", hgx_placements(), site={"input_voltage_v": 120})
    psu = figures(b, catalog).psu
    assert psu.low_line and psu.rating_w == 1350 and psu.usable_w == 4 * 1350


def test_low_line_unusable_psu(make_build, catalog):
    place = {f"PSU{i}": "psu-3300" for i in range(1, 7)}
    b = make_build("hgx-test", place, site={"input_voltage_v": 110})
    psu = figures(b, catalog).psu
    assert psu.rating_w == 0 and psu.usable_w == 0 and psu.load_pct_max == 0
    assert psu.headroom_w < 0


def test_psu_outside_input_range(make_build, catalog):
    b = make_build("hgx-test", {"PSU1": "psu-277", "PSU2": "psu-277"}, site={"input_voltage_v": 230})
    assert figures(b, catalog).psu.rating_w == 0
    b = make_build("hgx-test", {"PSU1": "psu-277", "PSU2": "psu-277"}, site={"input_voltage_v": 277})
    assert figures(b, catalog).psu.rating_w == 3200


def test_mixed_psus(make_build, catalog):
    b = make_build("hgx-test", {"PSU1": "psu-3000", "PSU2": "psu-3300"}, psu_redundancy="N")
    f = figures(b, catalog)
    assert f.psu.model == "" and f.psu.name == "mixed"
    assert f.psu.rating_w == 3000 and f.psu.usable_w == 6000
    # typical 600 W on 2 × 3 kW = 10 % load: Titanium's 90 %, shifted −1 for the 95 % part (the worse)
    assert f.power.efficiency_pct == pytest.approx(89)
