"""core/psu.py: what a redundancy mode means, ratings at a voltage, feeds per bay, feed loss."""

from __future__ import annotations

import pytest

from configurator.core.catalog import PSU, Source
from configurator.core.psu import (
    LOW_LINE_BELOW_V,
    bay_feeds,
    default_feed,
    feed_loss_pct,
    parse_redundancy,
    rating_at,
    runs_at,
)

SRC = Source(url="tests/core/test_psu.py", date="2026-01", confidence="estimate")


def _psu(**kw) -> PSU:
    base = dict(id="p", name="P", vendor="V", sources=(SRC,), rating_w=3000, rating_low_line_w=0,
                efficiency_class="titanium", efficiency_pct=96.0, input_min_v=200, input_max_v=240)
    return PSU(**{**base, **kw})


@pytest.mark.parametrize("text, kind, carry, spare, grid", [
    ("N", "n", 0, 0, False), ("", "n", 0, 0, False), ("N+1", "n+k", 0, 1, False),
    ("n + 2", "n+k", 0, 2, False), ("N+N", "n+n", 0, 0, True), ("2N", "n+n", 0, 0, True),
    ("4+2", "k+m", 4, 2, False), ("3+3", "k+m", 3, 3, True), ("lots", "unknown", 0, 0, False),
])
def test_parse(text, kind, carry, spare, grid):
    r = parse_redundancy(text)
    assert (r.kind, r.carry, r.spare, r.grid) == (kind, carry, spare, grid)
    assert r.text == text


@pytest.mark.parametrize("text, installed, feeds, active, may_fail", [
    ("N", 4, {"A": 2, "B": 2}, 4, 0),
    ("N+1", 4, {"A": 2, "B": 2}, 3, 1),
    ("N+N", 6, {"A": 3, "B": 3}, 3, 3),
    ("2N", 6, {"A": 4, "B": 2}, 2, 4),           # the smaller feed alone must carry it
    ("N+N", 4, {"A": 4}, 2, 2),                  # one-feed chassis: half may fail
    ("4+2", 6, {"A": 3, "B": 3}, 4, 2),
    ("4+2", 5, {"A": 3, "B": 2}, 3, 2),
    ("3+3", 6, {"A": 4, "B": 2}, 2, 4),
    ("N+1", 0, {}, 0, 0),
])
def test_active_and_may_fail(text, installed, feeds, active, may_fail):
    r = parse_redundancy(text)
    assert r.active(installed, feeds) == active
    assert r.may_fail(installed, feeds) == may_fail


def test_fits_needed_and_total():
    assert parse_redundancy("4+2").fits(6) and not parse_redundancy("4+2").fits(5)
    assert parse_redundancy("2N").fits(4) and not parse_redundancy("2N").fits(3)
    assert parse_redundancy("2N").needed(3) == 4 and parse_redundancy("N+2").needed(1) == 3
    assert parse_redundancy("N+1").total_for(3) == 4 and parse_redundancy("2N").total_for(3) == 6
    assert parse_redundancy("4+2").total_for(5) is None


def test_rating_at_a_voltage():
    both = _psu(rating_low_line_w=1500)
    assert rating_at(both, 230) == 3000 and rating_at(both, 120) == 1500
    assert rating_at(_psu(), 120) == 0 and not runs_at(_psu(), 120)
    assert rating_at(_psu(), 277) == 0 and rating_at(_psu(), 180) == 3000   # 200 V - 10 %
    assert LOW_LINE_BELOW_V == 180.0 and rating_at(both, 179.9) == 1500


def test_default_feeds():
    assert [default_feed(i, 2) for i in range(4)] == ["A", "B", "A", "B"]
    assert [default_feed(i, 1) for i in range(3)] == ["A", "A", "A"]


def test_bay_feeds_takes_the_builds_choice():
    from types import SimpleNamespace

    chassis = SimpleNamespace(psu=SimpleNamespace(count=4, feeds=2))
    assert bay_feeds(chassis, {"PSU2": "A"}) == {"PSU1": "A", "PSU2": "A", "PSU3": "A", "PSU4": "B"}


def test_feed_loss():
    # 3 + 3 PSUs of 3 kW and a 10.44 kW peak: either feed lost leaves 9 kW -> 116 %
    assert {k: round(v) for k, v in feed_loss_pct({"A": 3, "B": 3}, 3000, 10440).items()} == {"A": 116, "B": 116}
    assert feed_loss_pct({"A": 4, "B": 0}, 3000, 8000) == {}        # one-sided: single-feed's case
    assert feed_loss_pct({"A": 2, "B": 2}, 0, 8000) == {}
    assert round(feed_loss_pct({"A": 4, "B": 2}, 3000, 9000)["A"]) == 150
