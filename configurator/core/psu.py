"""PSUs and PDU feeds: the one place that says what a redundancy mode means, what a PSU
gives at an input voltage and which feed each bay is on.

The rules (`rules/power.py`), the evaluation (`evaluate/power.py`) and the GUI's chassis
view all read these, so "2N", the low-line threshold and the default feed cannot mean one
thing in the Problems list and another in the power panel.

Redundancy modes are written "N" (every PSU carries load, none may fail), "N+k" (k may
fail), "N+N" or "2N" (half may fail, a whole feed on grid-redundant wiring) and "K+M"
(exactly K+M installed, any M may fail; K+K is grid redundancy, e.g. 3+3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .catalog import PSU, Chassis

#: below this input voltage a PSU runs at low line (IEC low range 90-140 V, high 180-264 V)
LOW_LINE_BELOW_V = 180.0
#: tolerance around a PSU's nominal input range (200-240 V nominal -> 180-264 V)
INPUT_TOLERANCE = 0.10
FEEDS = ("A", "B")

ModeKind = Literal["n", "n+k", "n+n", "k+m", "unknown"]
_NK = re.compile(r"^N\+(\d{1,2})$")
_KM = re.compile(r"^(\d{1,2})\+(\d{1,2})$")


@dataclass(frozen=True)
class Redundancy:
    """A parsed redundancy mode. `carry` is K of "K+M" (0 otherwise); `spare` is k of "N+k"
    or M of "K+M". Anything unparseable is kind "unknown" and counted like "N"."""

    text: str
    kind: ModeKind
    carry: int = 0
    spare: int = 0

    @property
    def grid(self) -> bool:
        """The mode promises that a whole feed may fail (N+N, 2N, K+K)."""
        return self.kind == "n+n" or (self.kind == "k+m" and self.carry == self.spare)

    @property
    def redundant(self) -> bool:
        """Some PSU may fail (anything but plain N)."""
        return self.kind not in ("n", "unknown")

    def fits(self, count: int) -> bool:
        """Whether `count` installed PSUs make sense for this mode."""
        if self.kind == "n":
            return count >= 1
        if self.kind == "n+n":
            return count >= 2 and count % 2 == 0
        if self.kind == "n+k":
            return count >= self.spare + 1
        if self.kind == "k+m":
            return count == self.carry + self.spare
        return True

    def needed(self, count: int) -> int:
        """The smallest PSU count this mode accepts, given `count` installed now."""
        if self.kind == "k+m":
            return self.carry + self.spare
        if self.kind == "n+k":
            return self.spare + 1
        if self.kind == "n+n":
            return max(2, count + count % 2)
        return max(1, count)

    def total_for(self, active: int) -> int | None:
        """PSUs to install so that `active` carry the load; None if the mode fixes fewer."""
        if self.kind == "k+m":
            return self.carry + self.spare if active <= self.carry else None
        if self.kind == "n+n":
            return 2 * active
        if self.kind == "n+k":
            return active + self.spare
        return active

    def active(self, installed: int, per_feed: Mapping[str, int]) -> int:
        """PSUs whose capacity counts with `installed` PSUs spread over feeds as `per_feed`."""
        if installed <= 0:
            return 0
        if self.kind == "n+k":
            count = max(0, installed - self.spare)
        elif self.kind == "n+n":
            count = installed // 2
        elif self.kind == "k+m":
            count = max(0, min(self.carry, installed - self.spare))
        else:
            count = installed
        if self.grid and len(per_feed) > 1:   # a feed may fail: the smaller feed alone must carry it
            count = min(count, *(per_feed.get(f, 0) for f in FEEDS))
        return count

    def may_fail(self, installed: int, per_feed: Mapping[str, int]) -> int:
        """How many of `installed` PSUs may fail with the load still carried."""
        return max(0, installed - self.active(installed, per_feed))


def parse_redundancy(mode: str) -> Redundancy:
    """'N', 'N+1', 'N+N', '2N', '4+2' (case and spaces ignored) as a `Redundancy`."""
    m = mode.strip().upper().replace(" ", "")
    if m in ("", "N", "NONE"):
        return Redundancy(mode, "n")
    if m in ("N+N", "2N"):
        return Redundancy(mode, "n+n")
    nk = _NK.match(m)
    if nk:
        return Redundancy(mode, "n+k", 0, int(nk.group(1)))
    km = _KM.match(m)
    if km:
        return Redundancy(mode, "k+m", int(km.group(1)), int(km.group(2)))
    return Redundancy(mode, "unknown")


def is_low_line(volts: float) -> bool:
    return volts < LOW_LINE_BELOW_V


def runs_at(psu: PSU, volts: float) -> bool:
    """Whether `psu` accepts `volts` (its range with the tolerance; low line only if rated)."""
    if is_low_line(volts):
        return psu.rating_low_line_w > 0
    return psu.input_min_v * (1 - INPUT_TOLERANCE) <= volts <= psu.input_max_v * (1 + INPUT_TOLERANCE)


def rating_at(psu: PSU, volts: float) -> float:
    """Output rating (W) of one PSU at input `volts`; 0 when it cannot run there."""
    if is_low_line(volts):
        return psu.rating_low_line_w
    return psu.rating_w if runs_at(psu, volts) else 0.0


def default_feed(index: int, feeds: int) -> str:
    """The feed of PSU bay number `index` (0-based) when the build does not choose:
    alternating A/B on a two-feed chassis, all A on a one-feed chassis."""
    return "B" if feeds == 2 and index % 2 else "A"


def bay_feed(chassis: Chassis, chosen: Mapping[str, str], bay: str, index: int) -> str:
    """The feed of PSU bay `bay` (number `index`, 0-based): the build's choice, else the default."""
    return chosen.get(bay) or default_feed(index, chassis.psu.feeds)


def bay_feeds(chassis: Chassis, chosen: Mapping[str, str]) -> dict[str, str]:
    """PSU bay -> feed for every bay of `chassis`: the build's choice, else the default."""
    return {f"PSU{i + 1}": bay_feed(chassis, chosen, f"PSU{i + 1}", i) for i in range(chassis.psu.count)}


def feed_loss_pct(per_feed: Mapping[str, int], rating_w: float, peak_w: float) -> dict[str, float]:
    """Failed feed -> peak power as % of the capacity of the PSUs left on the other feeds.

    Only for feeds whose loss leaves some capacity (PSUs on at least two feeds, a rating
    above zero): with every PSU on one feed, losing it stops the server, which
    `power.single-feed` reports instead.
    """
    used = {f: n for f, n in per_feed.items() if n > 0}
    if len(used) < 2 or rating_w <= 0:
        return {}
    total = sum(used.values())
    return {f: 100.0 * peak_w / ((total - n) * rating_w) for f, n in sorted(used.items())}


__all__ = ["LOW_LINE_BELOW_V", "INPUT_TOLERANCE", "FEEDS", "Redundancy", "parse_redundancy",
           "is_low_line", "runs_at", "rating_at", "default_feed", "bay_feed", "bay_feeds", "feed_loss_pct"]
