"""Power: PSUs present and alike, the redundancy mode and count, input voltage, capacity, feeds.

The figures (peak power with GPU transients, PSU capacity usable under the redundancy,
capacity per feed, typical load) come from the evaluation (`figures.power`, `figures.psu`);
this module only judges them. What a redundancy mode means, the PSU rating at the site's
voltage and the default feed per bay come from `core/psu.py`, as they do for the evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ..catalog import PSU
from ..context import Placed
from ..message import Msg, Watts, items
from ..psu import Redundancy, bay_feed, is_low_line, parse_redundancy, rating_at
from ._common import Facts, majority, place, remembered, set_option

LOW_LOAD_PCT = 30.0       # typical load under this: the PSUs idle on the flat part of their curve


def inputs(f: Facts) -> Hashable:
    """What this family reads besides the chassis: the parts in PSU bays, the redundancy, feeds
    and voltage, and the power and PSU figures (which follow from the parts and their counts,
    `figures.compute_figures`' power key, and those options)."""
    b, ctx = f.build, f.ctx
    return (ctx.slot_key("psu"), b.psu_redundancy, tuple(b.psu_feeds.items()), b.site.input_voltage_v,
            ctx.groups_key, ctx.key("psu"), f.figures is None)


@dataclass(frozen=True, slots=True)
class _Setup:
    """What the checks that do not read the figures found: the mode, the majority model, whether
    mode and count are valid (`settled`), whether every PSU runs at the site's voltage, the bays
    on each feed, and whether all PSUs are on one feed (reported)."""

    red: Redundancy
    model: str
    settled: bool
    runs: bool
    on: dict[str, list[str]]
    single_feed: bool


def check(f: Facts) -> None:
    psus = [p for p in f.by_kind.get("psu", ()) if isinstance(p.part, PSU)]
    if not psus:
        _no_psu(f, parse_redundancy(f.build.psu_redundancy or f.chassis.psu.default_redundancy))
        return
    b = f.build
    # the PSUs' model, mode, count, voltage and feeds read neither the part counts nor the figures
    s = remembered(f, lambda: ("power-setup", f.chassis.id, f.ctx.slot_key("psu"), b.psu_redundancy,
                               tuple(b.psu_feeds.items()), b.site.input_voltage_v), lambda: _setup(f, psus))
    if s.single_feed or _feed_capacity(f, psus, s.on, s.red) or f.figures is None or not s.runs:
        return
    if not (s.settled and _capacity(f, psus, s.red, s.model)):
        _feed_loss(f, psus, s.on, s.red, s.model)


def _setup(f: Facts, psus: Sequence[Placed]) -> _Setup:
    spec = f.chassis.psu
    mode = f.build.psu_redundancy or spec.default_redundancy
    red = parse_redundancy(mode)
    model = majority([p.part.id for p in psus])
    _mixed(f, psus, model)
    settled = True          # mode and count are valid, so the usable capacity means something
    if mode not in spec.redundancy_modes:
        settled = False
        f.add("error", "power.redundancy-mode",
              Msg("power.redundancy-mode", mode=repr(mode), chassis=f.chassis.name,
                  modes=items(spec.redundancy_modes)), (),
              Msg("power.redundancy-mode.fix", mode=spec.default_redundancy),
              [set_option("psu_redundancy", spec.default_redundancy)])
    elif not red.fits(len(psus)):
        settled = False
        _count(f, psus, red, model)
    runs = _voltage(f, psus)
    on = _on_feeds(f, psus)
    return _Setup(red, model, settled, runs, on, _single_feed(f, psus, on, red))


def _no_psu(f: Facts, red: Redundancy) -> None:
    spec = f.chassis.psu
    psu = next((p for p in (f.ctx.catalog.get(i) for i in spec.supported) if isinstance(p, PSU)), None)
    here = _site_psu(f, psu.id) if psu is not None else None
    if here is not None and isinstance(runs := f.ctx.catalog.get(here[0]), PSU):
        psu = runs      # one that gives power at this voltage
    ops = []
    if psu is not None and f.figures is not None:
        rating = rating_at(psu, f.build.site.input_voltage_v)
        if rating > 0:
            total = red.total_for(max(1, math.ceil(f.figures.power.peak_w / rating)))
            if total and total <= spec.count:
                ops = [place(f"PSU{i + 1}", psu.id) for i in range(total)]
    f.add("error", "power.no-psu", Msg("power.no-psu", chassis=f.chassis.name, n=spec.count), (),
          Msg("power.no-psu.fix", n=len(ops), psu=psu.name, mode=red.text) if ops and psu is not None else
          Msg("power.no-psu.any", psus=items(spec.supported)), ops)


def _mixed(f: Facts, psus: Sequence[Placed], model: str) -> None:
    odd = [p for p in psus if p.part.id != model]
    if not odd:
        return
    kept = f.ctx.catalog.get(model)
    kept_name = kept.name if kept else model
    f.add("error", "power.mixed-psu",
          Msg("power.mixed-psu", n=len(odd), slots=items(p.slot.id for p in odd),
              parts=items(sorted({p.part.name for p in odd})), psu=kept_name), tuple(p.slot.id for p in odd),
          Msg("power.mixed-psu.fix", part=kept_name), [place(p.slot.id, model) for p in odd])


def _free_bays(f: Facts) -> list[str]:
    return [f"PSU{i + 1}" for i in range(f.chassis.psu.count) if f"PSU{i + 1}" not in f.at]


def _name(f: Facts, part_id: str) -> str:
    part = f.ctx.catalog.get(part_id)
    return part.name if part else part_id


def _count(f: Facts, psus: Sequence[Placed], red: Redundancy, model: str) -> None:
    n = len(psus)
    fitting = [m for m in f.chassis.psu.redundancy_modes if parse_redundancy(m).fits(n)]
    need = red.needed(n)
    free = _free_bays(f)
    ops: list[Any]
    here = _site_psu(f, model)
    if here is not None and here[0] != model and need <= f.chassis.psu.count:
        # more of a PSU that gives 0 W at this voltage would not help: offer one that runs here
        fix, ops = (Msg("power.use", n=need, psu=here[1], mode=red.text),
                    [place(f"PSU{i + 1}", here[0]) for i in range(need)])
    elif need > n and need - n <= len(free) and here is not None and here[0] == model:
        add = free[:need - n]
        fix, ops = (Msg("power.add-in", n=len(add), psu=_name(f, model), slots=items(add)),
                    [place(s, model) for s in add])
    elif fitting:
        fix, ops = (Msg("power.redundancy-count.switch", mode=fitting[0], n=n),
                    [set_option("psu_redundancy", fitting[0])])
    else:
        fix, ops = Msg("power.redundancy-count.install", n=need, mode=red.text), []
    if red.kind == "k+m":
        message = Msg("power.redundancy-count.exactly", n=n, mode=red.text, need=need)
    elif red.kind == "n+n":
        message = Msg("power.redundancy-count.even", n=n, mode=red.text)
    else:
        message = Msg("power.redundancy-count.at-least", n=n, mode=red.text, need=need)
    f.add("error", "power.redundancy-count", message,
          tuple(p.slot.id for p in psus), fix, ops)


def _voltage(f: Facts, psus: Sequence[Placed]) -> bool:
    """Input-voltage problems; False when a PSU cannot run at all at the site's voltage."""
    volts = f.build.site.input_voltage_v
    runs = True
    seen: set[str] = set()
    for p in psus:
        psu = p.part
        if psu.id in seen or not isinstance(psu, PSU):
            continue
        seen.add(psu.id)
        slots = [q.slot.id for q in psus if q.part.id == psu.id]
        if rating_at(psu, volts) > 0:
            if is_low_line(volts):
                f.add("warning", "power.low-line-derated",
                      Msg("power.low-line-derated", volt=volts, psu=psu.name, low=Watts(psu.rating_low_line_w),
                          full=Watts(psu.rating_w)), slots, Msg("power.low-line-derated.fix"))
            continue
        runs = False
        if is_low_line(volts):
            here = _site_psu(f, psu.id)
            swap = [place(q.slot.id, here[0]) for q in psus] if here is not None and here[0] != psu.id else []
            f.add("error", "power.low-line-unsupported",
                  Msg("power.low-line-unsupported", volt=volts, psu=psu.name, slots=items(slots),
                      lo=psu.input_min_v, hi=psu.input_max_v), slots,
                  Msg("power.low-line-unsupported.swap", psu=here[1], volts=volts) if swap and here is not None else
                  Msg("power.low-line-unsupported.fix"), swap)
        else:
            f.add("error", "power.input-voltage",
                  Msg("power.input-voltage", volt=volts, psu=psu.name, lo=psu.input_min_v, hi=psu.input_max_v),
                  slots, Msg("power.input-voltage.fix"))
    return runs


def _site_psu(f: Facts, model: str) -> tuple[str, str] | None:
    """(id, name) of `model` when it gives power at the site's voltage, else of the chassis'
    supported PSU that gives the most there; None when none does (a fix must never offer 0 W)."""
    volts = f.build.site.input_voltage_v
    best: tuple[float, str, str] | None = None
    for pid in (model, *f.chassis.psu.supported):
        psu = f.ctx.catalog.get(pid)
        if not isinstance(psu, PSU) or rating_at(psu, volts) <= 0:
            continue
        if pid == model:
            return pid, psu.name
        if best is None or rating_at(psu, volts) > best[0]:
            best = (rating_at(psu, volts), pid, psu.name)
    return (best[1], best[2]) if best else None


def _capacity(f: Facts, psus: Sequence[Placed], red: Redundancy, model: str) -> bool:
    """Capacity problems; True when the peak exceeds the usable capacity (reported)."""
    peak = f.figures.power.peak_w
    res = f.figures.psu
    usable = res.usable_w
    if peak > usable:
        fix, ops = _more_psus(f, psus, red, model, peak, res.rating_w)
        f.add("error", "power.insufficient",
              Msg("power.insufficient", peak=Watts(peak), n=len(psus), psu=res.name or "PSU",
                  mode=res.redundancy or red.text, usable=Watts(usable), short=Watts(peak - usable)),
              tuple(p.slot.id for p in psus), fix, ops)
        return True
    if res.load_pct_typical and res.load_pct_typical < LOW_LOAD_PCT:
        f.add("info", "power.low-load",
              Msg("power.low-load", pct=res.load_pct_typical, usable=Watts(usable), low=LOW_LOAD_PCT), (),
              Msg("power.low-load.fix"))
    return False


def _more_psus(f: Facts, psus: Sequence[Placed], red: Redundancy, model: str, peak: float,
               rating: float) -> tuple[Msg, list]:
    free = _free_bays(f)
    if rating > 0:
        total = red.total_for(math.ceil(peak / rating))
        if total is not None and 0 < total - len(psus) <= len(free):
            add = free[:total - len(psus)]
            return (Msg("power.insufficient.add", n=len(add), psu=_name(f, model), slots=items(add), total=total,
                        mode=red.text), [place(s, model) for s in add])
    volts = f.build.site.input_voltage_v
    for pid in f.chassis.psu.supported:
        psu = f.ctx.catalog.get(pid)
        if not isinstance(psu, PSU) or pid == model or rating_at(psu, volts) <= rating:
            continue
        total = red.total_for(math.ceil(peak / rating_at(psu, volts)))
        if total is not None and total <= f.chassis.psu.count:
            ops = [place(f"PSU{i + 1}", pid) for i in range(total)]
            return Msg("power.use", n=total, psu=psu.name, mode=red.text), ops
    return Msg("power.insufficient.fix"), []


def _on_feeds(f: Facts, psus: Sequence[Placed]) -> dict[str, list[str]]:
    """Feed -> the PSU bays on it that hold a PSU (feeds as `core/psu.py` assigns them)."""
    chosen = f.build.psu_feeds
    on: dict[str, list[str]] = {}
    for p in psus:
        on.setdefault(bay_feed(f.chassis, chosen, p.slot.id, p.slot.index), []).append(p.slot.id)
    return on


def _alternate(psus: Sequence[Placed]) -> dict[str, str]:
    return {p.slot.id: "AB"[i % 2] for i, p in enumerate(psus)}


def _single_feed(f: Facts, psus: Sequence[Placed], on: dict[str, list[str]], red: Redundancy) -> bool:
    """All PSUs of a redundant mode on one feed of a two-feed chassis; True when reported (the
    capacity checks would only repeat it)."""
    if not red.redundant or f.chassis.psu.feeds < 2 or len(psus) < 2 or len(on) != 1:
        return False
    f.add("error", "power.single-feed",
          Msg("power.single-feed", n=len(psus), slots=items(p.slot.id for p in psus), feed=next(iter(on)),
              mode=red.text), tuple(p.slot.id for p in psus), Msg("power.alternate-feeds"),
          [set_option("psu_feeds", _alternate(psus))])
    return True


def _feed_capacity(f: Facts, psus: Sequence[Placed], on: dict[str, list[str]], red: Redundancy) -> bool:
    """Under grid redundancy, the smaller feed's PSUs cannot carry the peak; True when reported."""
    if not red.redundant or f.chassis.psu.feeds < 2 or len(psus) < 2:
        return False
    if f.figures is None or not red.grid or len({len(v) for v in on.values()}) == 1:
        return False
    peak = f.figures.power.peak_w
    rating = f.figures.psu.rating_w
    feed, slots = min(on.items(), key=lambda kv: len(kv[1]))
    cap = len(slots) * rating
    if cap >= peak:
        return False
    other = max(on, key=lambda x: len(on[x]))
    f.add("error", "power.feed-capacity",
          Msg("power.feed-capacity", mode=red.text, other=other, n=len(slots), feed=feed, slots=items(slots),
              cap=Watts(cap), peak=Watts(peak)), tuple(sum(on.values(), [])),
          Msg("power.feed-capacity.fix"), [set_option("psu_feeds", _alternate(psus))])
    return True


def _feed_loss(f: Facts, psus: Sequence[Placed], on: dict[str, list[str]], red: Redundancy,
               model: str) -> None:
    """Warn when losing one feed overloads the PSUs on the other (the panel's same figure)."""
    loss = f.figures.psu.feed_loss_pct
    if not loss:
        return
    failed = max(loss, key=lambda k: loss[k])
    pct = loss[failed]
    if pct <= 100.0:
        return
    left = sorted(k for k in on if k != failed)
    fix, ops = _feed_loss_fix(f, psus, on, red, model)
    f.add("warning", "power.feed-loss-overload",
          Msg("power.feed-loss-overload", failed=failed, feeds=items(left), slots=items(sum((on[k] for k in left), [])),
              pct=pct), tuple(p.slot.id for p in psus), fix, ops)


def _feed_loss_fix(f: Facts, psus: Sequence[Placed], on: dict[str, list[str]], red: Redundancy,
                   model: str) -> tuple[Msg, list]:
    """Balance the feeds when that is enough, else add PSUs on the lighter feed(s)."""
    peak = f.figures.power.peak_w
    rating = f.figures.psu.rating_w
    n = len(psus)
    if len({len(v) for v in on.values()}) > 1 and (n - (n + 1) // 2) * rating >= peak:
        return Msg("power.alternate-feeds"), [set_option("psu_feeds", _alternate(psus))]
    per_feed = math.ceil(peak / rating) if rating > 0 else 0
    need = 2 * per_feed - n
    free = _free_bays(f)
    # the mode must accept the new count: keep it if it does, else the chassis' first that does
    mode = "" if not 0 < need <= len(free) else red.text if red.fits(n + need) else next(
        (m for m in f.chassis.psu.redundancy_modes
         if (r := parse_redundancy(m)).redundant and r.fits(n + need)), "")
    if mode:
        add = free[:need]
        feeds = {**_alternate(psus), **{s: "AB"[(n + i) % 2] for i, s in enumerate(add)}}
        ops: list[Any] = [*(place(s, model) for s in add), set_option("psu_feeds", feeds)]
        if mode != red.text:
            ops.append(set_option("psu_redundancy", mode))
            return Msg("power.feed-loss.add-switch", n=need, psu=_name(f, model), slots=items(add), mode=mode), ops
        return Msg("power.feed-loss.add", n=need, psu=_name(f, model), slots=items(add)), ops
    return Msg("power.feed-loss.fix"), []
