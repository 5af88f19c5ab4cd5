"""Rack power on A/B feeds: PDU capacity, the continuous-load rule and losing one feed.

A rack has two feeds, A and B, each `per_feed` PDUs. A server's PSUs share its load equally,
so a feed carries wall power × (PSUs on that feed / PSUs). When feed A fails, every server
with PSUs on B moves its whole load onto B; a server with every PSU on A stops. Both the
normal load and the load after a loss must stay within the feed's continuous rating
(`continuous_pct` of the breaker, 80 % under NEC 210.20(A) / 215.3): the failed feed may
stay down for hours, so that load is continuous too. Which PSU is on which feed, and whether
the PSUs left on one feed carry the server, come from the server's evaluation (core/psu.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..psu import FEEDS
from .spec import PduSpec


def pdu_capacity_w(pdu: PduSpec) -> float:
    """Real power one PDU can deliver at its breaker: V·I (·√3 for three phase) × power factor."""
    va = pdu.voltage_v * pdu.breaker_a * (math.sqrt(3.0) if pdu.phases == 3 else 1.0)
    return va * pdu.power_factor


def feed_capacity_w(pdu: PduSpec) -> float:
    """One feed (A or B) of a rack: `per_feed` PDUs at their breaker rating."""
    return pdu.per_feed * pdu_capacity_w(pdu)


def feed_continuous_w(pdu: PduSpec) -> float:
    """The continuous load one feed may carry: `continuous_pct` of its rating."""
    return feed_capacity_w(pdu) * pdu.continuous_pct / 100.0


@dataclass(frozen=True)
class Load:
    """Something in a rack that draws power: `watts` at the wall over PSUs spread as `feeds`."""

    name: str
    watts: float
    feeds: Mapping[str, int]   # PSUs per feed; empty: treated as one PSU on A


@dataclass(frozen=True)
class FeedReport:
    """A rack's feeds: normal load per feed, and per failed feed what the other carries."""

    normal_w: dict[str, float]        # feed -> W with both feeds up
    after_loss_w: dict[str, float]    # failed feed -> W on the surviving feed
    stopped: dict[str, tuple[str, ...]]  # failed feed -> loads that lose every PSU
    continuous_w: float               # per feed
    capacity_w: float                 # per feed, at the breaker


def _feeds(load: Load) -> dict[str, int]:
    used = {f: n for f, n in load.feeds.items() if n > 0}
    return used or {"A": 1}


def feed_report(loads: Sequence[Load], pdu: PduSpec) -> FeedReport:
    """Per-feed loads of one rack, normally and with each feed lost."""
    normal = dict.fromkeys(FEEDS, 0.0)
    after = dict.fromkeys(FEEDS, 0.0)
    stopped: dict[str, list[str]] = {f: [] for f in FEEDS}
    for load in loads:
        feeds = _feeds(load)
        total = sum(feeds.values())
        for f, n in feeds.items():
            normal[f] = normal.get(f, 0.0) + load.watts * n / total
        for lost in FEEDS:
            if all(f == lost for f in feeds):
                stopped[lost].append(load.name)
            else:
                after[lost] += load.watts
    return FeedReport(normal_w=normal, after_loss_w=after,
                      stopped={f: tuple(v) for f, v in stopped.items() if v},
                      continuous_w=feed_continuous_w(pdu), capacity_w=feed_capacity_w(pdu))
