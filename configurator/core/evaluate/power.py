"""Power draw of a build (idle / typical / max / peak) and what its PSUs can carry.

Typical = sustained LLM training. GPU figures come from the part (`idle_w`, `tdp_w ×
typical_pct`, `tdp_w`, transient `tdp_w × transient_factor`); the other parts' typical
share of their range is a documented estimate (docs/engine.md, "Power").
"""

from __future__ import annotations

import re

from ..catalog import CPU, DIMM, GPU, NIC, PSU, Cooling, Drive, Part
from ..context import BuildContext
from ._fast import BoundedMemo, construct, in_slots, part_groups
from .result import PowerLine, PowerResult, PsuResult

#: estimates: share of the (idle → max) range drawn during sustained GPU training
CPU_TYPICAL_PCT = 0.6        # of TDP: data loaders, NCCL proxies, launch threads
DIMM_TYPICAL_SHARE = 0.5
DRIVE_TYPICAL_SHARE = 0.3    # mostly idle between data-shard reads and checkpoints
NIC_TYPICAL_SHARE = 0.7      # all-reduce traffic keeps the fabric NICs busy
COOLING_TYPICAL_SHARE = 0.5  # fan power ~ speed³: ~80 % speed draws ~half
BASE_TYPICAL_SHARE = 0.5     # board, BMC, switches, NVSwitch baseboard

#: wall-power efficiency assumed when no PSU is placed (Titanium-class at ~50 % load)
ASSUMED_EFFICIENCY_PCT = 94.0
#: below this input voltage a PSU runs at low line (IEC low range 90-140 V, high 180-264 V)
LOW_LINE_BELOW_V = 180.0
#: tolerance around a PSU's nominal input range (200-240 V nominal → 180-264 V)
INPUT_TOLERANCE = 0.10


def _between(idle: float, top: float, share: float) -> float:
    return idle + share * max(0.0, top - idle)


def part_power(part: Part) -> tuple[float, float, float, float]:
    """(idle, typical, max, peak) W of one unit of `part`; PSUs draw nothing themselves."""
    if isinstance(part, GPU):
        return part.idle_w, part.tdp_w * part.typical_pct, part.tdp_w, part.tdp_w * part.transient_factor
    if isinstance(part, CPU):
        typ = max(part.idle_w, part.tdp_w * CPU_TYPICAL_PCT)
        return part.idle_w, typ, part.tdp_w, part.tdp_w
    if isinstance(part, DIMM):
        return part.idle_w, _between(part.idle_w, part.active_w, DIMM_TYPICAL_SHARE), part.active_w, part.active_w
    if isinstance(part, Drive):
        return part.idle_w, _between(part.idle_w, part.active_w, DRIVE_TYPICAL_SHARE), part.active_w, part.active_w
    if isinstance(part, NIC):
        return part.idle_w, _between(part.idle_w, part.tdp_w, NIC_TYPICAL_SHARE), part.tdp_w, part.tdp_w
    if isinstance(part, Cooling):
        return part.idle_w, _between(part.idle_w, part.max_w, COOLING_TYPICAL_SHARE), part.max_w, part.max_w
    return 0.0, 0.0, 0.0, 0.0


def compute_power(ctx: BuildContext, lines_memo: BoundedMemo | None = None) -> PowerResult:
    """Sum the build's power by distinct part, chassis base and GPU baseboard included.

    `lines_memo` (the evaluator's, for one catalog) keeps each (part id, qty) line between edits.
    """
    lines: list[PowerLine] = []
    idle = typ = mx = peak = 0.0
    ch = ctx.chassis
    if ch is not None:
        lines.append(_line("chassis", ch.id, ch.name, 1, ch.base_idle_w,
                           _between(ch.base_idle_w, ch.base_max_w, BASE_TYPICAL_SHARE), ch.base_max_w))
        if ch.gpu_baseboard is not None and (ch.baseboard_idle_w or ch.baseboard_max_w):
            lines.append(_line("baseboard", ch.id, ch.gpu_baseboard.label or "GPU baseboard", 1,
                               ch.baseboard_idle_w,
                               _between(ch.baseboard_idle_w, ch.baseboard_max_w, BASE_TYPICAL_SHARE),
                               ch.baseboard_max_w))
        peak = sum(line.max_w for line in lines)
    for part, n in part_groups(ctx):
        if part.category == "psu":
            continue
        line = lines_memo.get((part.id, n)) if lines_memo is not None else None
        if line is None:
            i, t, m, p = part_power(part)
            line = (_line(part.category, part.id, part.name, n, i * n, t * n, m * n), p * n)
            if lines_memo is not None:
                lines_memo.put((part.id, n), line)
        lines.append(line[0])
        peak += line[1]
    for line in lines:
        idle += line.idle_w
        typ += line.typical_w
        mx += line.max_w
    psus = [pl.part for pl in in_slots(ctx, "psu", "psu")]
    assumed = not psus
    eff = min(p.efficiency_pct for p in psus) if psus else ASSUMED_EFFICIENCY_PCT  # type: ignore[attr-defined]
    k = 100.0 / eff
    return construct(
        PowerResult, idle_w=idle, typical_w=typ, max_w=mx, peak_w=max(peak, mx),
        wall_idle_w=idle * k, wall_typical_w=typ * k, wall_max_w=mx * k,
        efficiency_pct=eff, lines=tuple(lines), efficiency_assumed=assumed,
    )


def _line(category: str, pid: str, name: str, qty: int, idle: float, typ: float, mx: float) -> PowerLine:
    return construct(PowerLine, category=category, part_id=pid, name=name, qty=qty,
                     idle_w=idle, typical_w=typ, max_w=mx)


# --------------------------------------------------------------------------- PSUs

_KM = re.compile(r"^(\d{1,2})\+(\d{1,2})$")
_NM = re.compile(r"^N\+(\d{1,2})$")


def psu_rating_at(psu: PSU, input_v: float) -> float:
    """Output rating of one PSU at `input_v`; 0 when it cannot run there."""
    if input_v < LOW_LINE_BELOW_V:
        return psu.rating_low_line_w
    lo = psu.input_min_v * (1 - INPUT_TOLERANCE)
    hi = psu.input_max_v * (1 + INPUT_TOLERANCE)
    return psu.rating_w if lo <= input_v <= hi else 0.0


_DEFAULT_FEEDS: dict[tuple[int, int], dict[str, str]] = {}


def psu_feeds(ctx: BuildContext) -> dict[str, str]:
    """PSU bay → PDU feed ('A'/'B'): the build's choice, else alternating by bay order."""
    ch = ctx.chassis
    if ch is None:
        return {}
    key = (ch.psu.count, ch.psu.feeds)
    default = _DEFAULT_FEEDS.get(key)
    if default is None:
        two = ch.psu.feeds == 2
        default = _DEFAULT_FEEDS[key] = {f"PSU{i + 1}": "B" if two and i % 2 else "A" for i in range(ch.psu.count)}
    chosen = ctx.build.psu_feeds
    if not chosen:
        return dict(default)
    return {bay: chosen.get(bay) or feed for bay, feed in default.items()}


def active_psus(mode: str, installed: int, per_feed: dict[str, int]) -> int:
    """PSUs whose capacity counts under redundancy `mode` (see docs/engine.md, "PSU")."""
    if installed <= 0:
        return 0
    if mode == "N+N":
        grid = [per_feed.get("A", 0), per_feed.get("B", 0)] if len(per_feed) > 1 else []
        return min([installed // 2, *grid])
    m = _NM.match(mode)
    if m:
        return max(0, installed - int(m.group(1)))
    m = _KM.match(mode)
    if m:
        k, spare = int(m.group(1)), int(m.group(2))
        active = max(0, min(k, installed - spare))
        if k == spare and len(per_feed) > 1:   # K+K (e.g. 3+3 FTR): grid redundancy, a feed may fail
            active = min(active, per_feed.get("A", 0), per_feed.get("B", 0))
        return active
    return installed  # "N" and anything unparseable


def compute_psu(ctx: BuildContext, power: PowerResult) -> PsuResult:
    """Installed PSUs, usable capacity under the redundancy, load %, feeds."""
    ch = ctx.chassis
    placed = in_slots(ctx, "psu", "psu")
    models = {pl.part.id for pl in placed}
    first: PSU | None = placed[0].part if placed else None  # type: ignore[assignment]
    volts = ctx.build.site.input_voltage_v
    rating = min((psu_rating_at(pl.part, volts) for pl in placed), default=0.0)  # type: ignore[arg-type]
    mode = ctx.build.psu_redundancy or (ch.psu.default_redundancy if ch else "N")
    bay_feed = psu_feeds(ctx)
    feed_names = sorted(set(bay_feed.values())) or ["A"]
    feeds = {f: 0 for f in feed_names}
    for pl in placed:
        f = bay_feed.get(pl.slot.id, "A")
        feeds[f] = feeds.get(f, 0) + 1
    installed = len(placed)
    active = active_psus(mode, installed, feeds)
    usable = active * rating

    def pct(w: float) -> float:
        return 100.0 * w / usable if usable > 0 else 0.0

    return construct(
        PsuResult, count=installed, bays=ch.psu.count if ch else 0,
        model=first.id if len(models) == 1 and first else "",
        name=first.name if len(models) == 1 and first else ("mixed" if models else ""),
        rating_w=rating, redundancy=mode, active=active, usable_w=usable,
        load_pct_idle=pct(power.idle_w), load_pct_typical=pct(power.typical_w),
        load_pct_max=pct(power.peak_w), feeds=feeds,
        feed_capacity_w={f: n * rating for f, n in feeds.items()},
        low_line=volts < LOW_LINE_BELOW_V, headroom_w=usable - power.peak_w,
    )
