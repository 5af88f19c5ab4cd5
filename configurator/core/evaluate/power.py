"""Power draw of a build (idle / typical / max / peak) and what its PSUs can carry.

Typical = sustained LLM training. GPU figures come from the part (`idle_w`, `tdp_w ×
typical_pct`, `tdp_w`, transient `tdp_w × transient_factor`); the other parts' typical
share of their range is a documented estimate (docs/engine.md, "Power").

Wall power divides each DC figure by the PSUs' efficiency *at that load*: the installed PSUs
share the load equally (current sharing, the usual server behaviour under N+k, N+N and K+M),
so a redundant build runs each PSU at a lower, less efficient share. The curve is the 80 PLUS
one of the PSU's class (`EFFICIENCY_CURVES`), moved up or down so its 50 % point is the part's
own `efficiency_pct`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..catalog import PSU, Chassis, Part
from ..categories import part_draw
from ..context import BuildContext
from ..psu import bay_feeds, feed_loss_pct, is_low_line, parse_redundancy, rating_at
from .result import PowerLine, PowerResult, PsuResult, construct

#: estimate: share of the (idle → max) range the board, BMC, switches and NVSwitch baseboard draw in
#: training (each part's own typical share is its category's power model, core/categories.py)
BASE_TYPICAL_SHARE = 0.5

#: wall-power efficiency assumed when no PSU is placed (Titanium-class at ~50 % load)
ASSUMED_EFFICIENCY_PCT = 94.0

#: 80 PLUS minimum efficiency (%) by load fraction, "230V Internal Redundant" column of the
#: program table (https://www.clearesult.com/80plus/program-details, read 2026-12-01):
#: Titanium 90/94/96/91 at 10/20/50/100 %, Platinum 90/94/91 and Gold 88/92/88 at 20/50/100 %.
#: The 10 % points of Platinum and Gold are not in the program (estimate: 4 points below the
#: 20 % point, the Titanium step). Below 10 % load the 10 % point is held (estimate).
EFFICIENCY_CURVES: dict[str, tuple[tuple[float, float], ...]] = {
    "titanium": ((0.10, 90.0), (0.20, 94.0), (0.50, 96.0), (1.00, 91.0)),
    "platinum": ((0.10, 86.0), (0.20, 90.0), (0.50, 94.0), (1.00, 91.0)),
    "gold": ((0.10, 84.0), (0.20, 88.0), (0.50, 92.0), (1.00, 88.0)),
}
EFFICIENCY_SOURCE = "https://www.clearesult.com/80plus/program-details"
#: each curve's 50 % point, the one a part's `efficiency_pct` replaces
_AT_HALF = {cls: dict(curve)[0.50] for cls, curve in EFFICIENCY_CURVES.items()}
#: each curve's segments (consecutive point pairs), in load order
_SEGMENTS = {cls: tuple(zip(curve, curve[1:], strict=False)) for cls, curve in EFFICIENCY_CURVES.items()}


def efficiency_at(psu: PSU, load_fraction: float) -> float:
    """Efficiency (%) of `psu` at `load_fraction` of its rating: its class's 80 PLUS curve,
    linear between the points, shifted so the 50 % point is the part's `efficiency_pct`."""
    cls = psu.efficiency_class
    curve = EFFICIENCY_CURVES[cls]
    shift = efficiency_shift(psu)
    x = min(max(load_fraction, curve[0][0]), curve[-1][0])
    for lo, hi in _SEGMENTS[cls]:
        if x <= hi[0]:
            return min(100.0, on_segment(x, lo, hi, shift))
    return min(100.0, curve[-1][1] + shift)


def efficiency_shift(psu: PSU) -> float:
    """Points `psu`'s curve lies above its class's 80 PLUS curve (its own 50 % figure's offset)."""
    return psu.efficiency_pct - _AT_HALF[psu.efficiency_class]


def on_segment(x: Any, lo: tuple[float, float], hi: tuple[float, float], shift: Any) -> Any:
    """The curve between points `lo` and `hi` at load fraction `x`, moved by `shift` (floats or
    numpy arrays alike: the recommender's vectorised evaluator reads the same formula)."""
    (x0, y0), (x1, y1) = lo, hi
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0) + shift


def psu_share(dc_w: float, psus: list[PSU] | tuple[PSU, ...]) -> float:
    """Load fraction of each PSU when `psus` share `dc_w` equally (the smallest rating counts)."""
    rating = min(p.rating_w for p in psus)
    return dc_w / (len(psus) * rating) if rating > 0 else 0.0


def wall_efficiency(dc_w: float, psus: list[PSU] | tuple[PSU, ...]) -> float:
    """Efficiency (%) the placed `psus` convert `dc_w` at (the least efficient model counts);
    `ASSUMED_EFFICIENCY_PCT` with no PSU."""
    if not psus:
        return ASSUMED_EFFICIENCY_PCT
    share = psu_share(dc_w, psus)
    return min(efficiency_at(p, share) for p in {p.id: p for p in psus}.values())  # once per model


def _between(idle: float, top: float, share: float) -> float:
    return idle + share * max(0.0, top - idle)


def part_power(part: Part) -> tuple[float, float, float, float]:
    """(idle, typical, max, peak) W of one unit of `part`, from its category's power model."""
    return part_draw(part)


def compute_power(ctx: BuildContext, psus: tuple[PSU, ...] | None = None) -> PowerResult:
    """Sum the build's power by distinct part, chassis base and GPU baseboard included.

    `psus` are `placed_psus(ctx)` when the caller has them.
    """
    ch = ctx.chassis
    lines, peak = _chassis_lines(ch) if ch is not None else ([], 0.0)
    for part, n in ctx.groups:
        if part.category == "psu":
            continue
        i, t, m, p = part_power(part)
        lines.append(_line(part.category, part.id, part.name, n, i * n, t * n, m * n))
        peak += p * n
    idle = typ = mx = 0.0
    for line in lines:
        idle += line.idle_w
        typ += line.typical_w
        mx += line.max_w
    if psus is None:
        psus = placed_psus(ctx)
    e_idle, e_typ, e_max = (wall_efficiency(w, psus) for w in (idle, typ, mx))
    return construct(
        PowerResult, idle_w=idle, typical_w=typ, max_w=mx, peak_w=max(peak, mx),
        wall_idle_w=idle * 100.0 / e_idle, wall_typical_w=typ * 100.0 / e_typ, wall_max_w=mx * 100.0 / e_max,
        efficiency_pct=e_typ, lines=tuple(lines), efficiency_assumed=not psus,
        efficiency_idle_pct=e_idle, efficiency_max_pct=e_max,
    )


def placed_psus(ctx: BuildContext) -> tuple[PSU, ...]:
    """The PSUs in PSU bays, chassis order: what converts the build's power."""
    return tuple(pl.part for pl in ctx.in_slots("psu", "psu") if isinstance(pl.part, PSU))


def _chassis_lines(ch: Chassis) -> tuple[list[PowerLine], float]:
    """The chassis base and GPU baseboard lines, and their max (the start of the peak sum)."""
    lines = [_line("chassis", ch.id, ch.name, 1, ch.base_idle_w,
                   _between(ch.base_idle_w, ch.base_max_w, BASE_TYPICAL_SHARE), ch.base_max_w)]
    if ch.gpu_baseboard is not None and (ch.baseboard_idle_w or ch.baseboard_max_w):
        lines.append(_line("baseboard", ch.id, ch.gpu_baseboard.label or "GPU baseboard", 1,
                           ch.baseboard_idle_w,
                           _between(ch.baseboard_idle_w, ch.baseboard_max_w, BASE_TYPICAL_SHARE),
                           ch.baseboard_max_w))
    return lines, sum(line.max_w for line in lines)


def _line(category: str, pid: str, name: str, qty: int, idle: float, typ: float, mx: float) -> PowerLine:
    return construct(PowerLine, category=category, part_id=pid, name=name, qty=qty,
                     idle_w=idle, typical_w=typ, max_w=mx)


# --------------------------------------------------------------------------- PSUs


def psu_feeds(ctx: BuildContext) -> dict[str, str]:
    """PSU bay -> PDU feed ('A'/'B') for every bay: the build's choice, else the default."""
    return bay_feeds(ctx.chassis, ctx.build.psu_feeds) if ctx.chassis is not None else {}


@dataclass(frozen=True, slots=True)
class PsuSetup:
    """What the PSU figures read besides the power: the installed PSUs, their rating at the site's
    voltage, the redundancy and the feeds (`psu_setup`; the same for every part count)."""

    count: int
    bays: int
    model: str
    name: str
    rating_w: float
    redundancy: str
    redundant: bool
    active: int
    usable_w: float
    feeds: dict[str, int]
    feed_capacity_w: dict[str, float]
    low_line: bool


def psu_setup(ctx: BuildContext) -> PsuSetup:
    """The PSUs' setup: reads the PSU placements, the input voltage, the redundancy and the feeds."""
    ch = ctx.chassis
    placed = [(pl.slot.id, pl.part) for pl in ctx.in_slots("psu", "psu") if isinstance(pl.part, PSU)]
    models = {psu.id for _, psu in placed}
    first = placed[0][1] if placed else None
    volts = ctx.build.site.input_voltage_v
    rating = min((rating_at(psu, volts) for _, psu in placed), default=0.0)
    mode = ctx.build.psu_redundancy or (ch.psu.default_redundancy if ch else "N")
    redundancy = parse_redundancy(mode)
    bay_feed = psu_feeds(ctx)
    feeds = {f: 0 for f in sorted(set(bay_feed.values())) or ["A"]}
    for bay, _ in placed:
        f = bay_feed.get(bay, "A")
        feeds[f] = feeds.get(f, 0) + 1
    installed = len(placed)
    active = redundancy.active(installed, feeds)
    single = len(models) == 1 and first is not None
    return PsuSetup(
        count=installed, bays=ch.psu.count if ch else 0,
        model=first.id if single and first else "",
        name=first.name if single and first else ("mixed" if models else ""),
        rating_w=rating, redundancy=mode, redundant=redundancy.redundant, active=active, usable_w=active * rating,
        feeds=feeds, feed_capacity_w={f: n * rating for f, n in feeds.items()}, low_line=is_low_line(volts))


def compute_psu(ctx: BuildContext, power: PowerResult, setup: PsuSetup | None = None) -> PsuResult:
    """Installed PSUs, usable capacity under the redundancy, load %, feeds and feed loss.

    `setup` is `psu_setup(ctx)` when the caller has it (it does not depend on the part counts)."""
    s = setup if setup is not None else psu_setup(ctx)
    usable = s.usable_w
    peak = power.peak_w
    if usable > 0:
        idle, typical, mx = 100.0 * power.idle_w / usable, 100.0 * power.typical_w / usable, 100.0 * peak / usable
    else:
        idle = typical = mx = 0.0
    return construct(
        PsuResult, count=s.count, bays=s.bays, model=s.model, name=s.name,
        rating_w=s.rating_w, redundancy=s.redundancy, active=s.active, usable_w=usable,
        load_pct_idle=idle, load_pct_typical=typical, load_pct_max=mx, feeds=s.feeds,
        feed_capacity_w=s.feed_capacity_w, low_line=s.low_line, headroom_w=usable - peak,
        feed_loss_pct=feed_loss_pct(s.feeds, s.rating_w, peak) if s.redundant else {},
    )
