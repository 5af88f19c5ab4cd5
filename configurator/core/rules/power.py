"""Power: PSUs present and alike, the redundancy mode and count, input voltage, capacity, feeds.

The figures (peak power with GPU transients, PSU capacity usable under the redundancy,
capacity per feed, typical load) come from the evaluation (`figures.power`, `figures.psu`);
this module only judges them. Redundancy modes are written "N", "N+1", "N+N" or "a+b"
(e.g. "4+2": exactly a+b PSUs, any b may fail).
"""

from __future__ import annotations

import math

from ..catalog import PSU
from ._common import Facts, fmt_w, majority, names, place, set_option

LOW_LINE_MAX_V = 180.0    # below this the input is the 100-127 V range
LOW_LOAD_PCT = 30.0       # typical load under this: the PSUs idle on the flat part of their curve


def parse_mode(mode: str) -> tuple[str, int, int]:
    """('n'|'nn'|'nk'|'fixed'|'?', a, k) for 'N', 'N+N', 'N+k', 'a+k'."""
    m = mode.strip().upper().replace(" ", "")
    if m in ("", "N", "NONE"):
        return "n", 0, 0
    if m in ("N+N", "2N"):
        return "nn", 0, 0
    a, _, k = m.partition("+")
    if a == "N" and k.isdigit():
        return "nk", 0, int(k)
    if a.isdigit() and k.isdigit():
        return "fixed", int(a), int(k)
    return "?", 0, 0


def count_fits(mode: str, count: int) -> bool:
    kind, a, k = parse_mode(mode)
    return {"n": count >= 1, "nn": count >= 2 and count % 2 == 0, "nk": count >= k + 1,
            "fixed": count == a + k}.get(kind, True)


def total_for(mode: str, active: int) -> int | None:
    """PSUs to install so that `active` carry the load under `mode`; None if the mode fixes fewer."""
    kind, a, k = parse_mode(mode)
    if kind == "fixed":
        return a + k if active <= a else None
    return {"n": active, "nn": 2 * active, "nk": active + k}.get(kind, active)


def rating_at(psu: PSU, volts: float) -> float:
    return psu.rating_low_line_w if volts < LOW_LINE_MAX_V else psu.rating_w


def check(f: Facts) -> None:
    psus = [p for p in f.by_kind.get("psu", ()) if isinstance(p.part, PSU)]
    spec = f.chassis.psu
    mode = f.build.psu_redundancy or spec.default_redundancy
    if not psus:
        _no_psu(f, mode)
        return
    model = majority([p.part.id for p in psus])
    _mixed(f, psus, model)
    settled = True          # mode and count are valid, so the usable capacity means something
    if mode not in spec.redundancy_modes:
        settled = False
        f.add("error", "power.redundancy-mode",
              f"PSU redundancy {mode!r} is not offered by the {f.chassis.name} "
              f"(it offers {names(list(spec.redundancy_modes))}).", (),
              f"Use the chassis default, {spec.default_redundancy}.",
              [set_option("psu_redundancy", spec.default_redundancy)])
    elif not count_fits(mode, len(psus)):
        settled = False
        _count(f, psus, mode, model)
    runs = _voltage(f, psus)
    if not _feeds(f, psus, mode) and f.figures is not None and settled and runs:
        _capacity(f, psus, mode, model)


def _no_psu(f: Facts, mode: str) -> None:
    spec = f.chassis.psu
    psu = next((p for p in (f.ctx.catalog.get(i) for i in spec.supported) if isinstance(p, PSU)), None)
    ops = []
    if psu is not None and f.figures is not None:
        rating = rating_at(psu, f.build.site.input_voltage_v)
        if rating > 0:
            total = total_for(mode, max(1, math.ceil(f.figures.power.peak_w / rating)))
            if total and total <= spec.count:
                ops = [place(f"PSU{i + 1}", psu.id) for i in range(total)]
    f.add("error", "power.no-psu", f"No power supply is installed; the {f.chassis.name} has "
          f"{spec.count} PSU bays.", (),
          f"Add {len(ops)} × {psu.name} ({mode})." if ops else
          f"Add PSUs the chassis accepts ({names(list(spec.supported))}).", ops)


def _mixed(f: Facts, psus, model: str) -> None:
    odd = [p for p in psus if p.part.id != model]
    if not odd:
        return
    kept = f.ctx.catalog.get(model)
    f.add("error", "power.mixed-psu",
          f"{names([p.slot.id for p in odd])} hold{'s' if len(odd) == 1 else ''} "
          f"{names(sorted({p.part.name for p in odd}))} while the other PSUs are the {kept.name}: "
          "PSUs must be one model to share the load.", tuple(p.slot.id for p in odd),
          f"Replace them with the {kept.name}.", [place(p.slot.id, model) for p in odd])


def _free_bays(f: Facts) -> list[str]:
    return [f"PSU{i + 1}" for i in range(f.chassis.psu.count) if f"PSU{i + 1}" not in f.at]


def _count(f: Facts, psus, mode: str, model: str) -> None:
    n = len(psus)
    fitting = [m for m in f.chassis.psu.redundancy_modes if count_fits(m, n)]
    kind, a, k = parse_mode(mode)
    need = a + k if kind == "fixed" else (k + 1 if kind == "nk" else n + 1)
    free = _free_bays(f)
    if need > n and need - n <= len(free):
        add = free[:need - n]
        fix, ops = f"Add {len(add)} × {f.ctx.catalog.get(model).name} in {names(add)}.", \
            [place(s, model) for s in add]
    elif fitting:
        fix, ops = f"Switch the redundancy to {fitting[0]}, which fits {n} PSUs.", \
            [set_option("psu_redundancy", fitting[0])]
    else:
        fix, ops = f"Install {need} PSUs for {mode}.", []
    f.add("error", "power.redundancy-count",
          f"{n} PSU{'s are' if n != 1 else ' is'} installed, which does not fit {mode} redundancy"
          + (f" (it needs exactly {need})." if kind == "fixed" else
             " (it needs an even number)." if kind == "nn" else f" (it needs at least {need})."),
          tuple(p.slot.id for p in psus), fix, ops)


def _voltage(f: Facts, psus) -> bool:
    """Input-voltage problems; False when a PSU cannot run at all at the site's voltage."""
    volts = f.build.site.input_voltage_v
    runs = True
    seen: set[str] = set()
    for p in psus:
        psu = p.part
        if psu.id in seen:
            continue
        seen.add(psu.id)
        slots = [q.slot.id for q in psus if q.part.id == psu.id]
        if volts > psu.input_max_v * 1.1:
            runs = False
            f.add("error", "power.input-voltage",
                  f"The site feeds {volts:.0f} V, above the {psu.name}'s {psu.input_min_v:.0f}–"
                  f"{psu.input_max_v:.0f} V input range.", slots,
                  "Use a PSU rated for this voltage, or a step-down PDU.")
        elif volts < LOW_LINE_MAX_V and not psu.rating_low_line_w:
            runs = False
            f.add("error", "power.low-line-unsupported",
                  f"The site feeds {volts:.0f} V (low line), which the {psu.name} in {names(slots)} does not "
                  f"accept: it needs {psu.input_min_v:.0f}–{psu.input_max_v:.0f} V.", slots,
                  "Feed the server from 200–240 V PDUs, or use a PSU that runs on 100–127 V.")
        elif volts < LOW_LINE_MAX_V:
            f.add("warning", "power.low-line-derated",
                  f"At {volts:.0f} V (low line) each {psu.name} gives {fmt_w(psu.rating_low_line_w)} instead of "
                  f"{fmt_w(psu.rating_w)}.", slots,
                  "Feed the server from 200–240 V PDUs for the full rating.")
    return runs


def _capacity(f: Facts, psus, mode: str, model: str) -> None:
    peak = f.figures.power.peak_w
    res = f.figures.psu
    usable = res.usable_w
    if peak > usable:
        fix, ops = _more_psus(f, psus, mode, model, peak, res.rating_w)
        f.add("error", "power.insufficient",
              f"Peak power with GPU transients is {fmt_w(peak)}, but {len(psus)} × {res.name or 'PSU'} under "
              f"{res.redundancy or mode} redundancy give {fmt_w(usable)} usable "
              f"({fmt_w(peak - usable)} short).", tuple(p.slot.id for p in psus), fix, ops)
    elif res.load_pct_typical and res.load_pct_typical < LOW_LOAD_PCT:
        f.add("info", "power.low-load",
              f"Typical load is {res.load_pct_typical:.0f} % of the usable PSU capacity "
              f"({fmt_w(usable)}); PSUs are least efficient below about {LOW_LOAD_PCT:.0f} %.", (),
              "Fine if the headroom is for growth; otherwise fewer or smaller PSUs save energy.")


def _more_psus(f: Facts, psus, mode: str, model: str, peak: float, rating: float) -> tuple[str, list]:
    free = _free_bays(f)
    if rating > 0:
        total = total_for(mode, math.ceil(peak / rating))
        if total is not None and 0 < total - len(psus) <= len(free):
            add = free[:total - len(psus)]
            name = f.ctx.catalog.get(model).name
            return f"Add {len(add)} × {name} in {names(add)} ({total} PSUs for {mode}).", \
                [place(s, model) for s in add]
    volts = f.build.site.input_voltage_v
    for pid in f.chassis.psu.supported:
        psu = f.ctx.catalog.get(pid)
        if not isinstance(psu, PSU) or pid == model or rating_at(psu, volts) <= rating:
            continue
        total = total_for(mode, math.ceil(peak / max(rating_at(psu, volts), 1)))
        if total is not None and total <= f.chassis.psu.count:
            bays = [f"PSU{i + 1}" for i in range(total)]
            ops = [place(s, pid) for s in bays]
            return f"Use {total} × {psu.name} ({mode}).", ops
    return "Lower the power (fewer or smaller GPUs) or choose a chassis with more PSU capacity.", []


def feed_of(f: Facts, slot) -> str:
    return f.build.psu_feeds.get(slot.id) or ("A" if slot.index % 2 == 0 else "B")


def _feeds(f: Facts, psus, mode: str) -> bool:
    """Feed problems; True when one was reported (the capacity check would only repeat it)."""
    kind, a, k = parse_mode(mode)
    if kind == "n" or f.chassis.psu.feeds < 2 or len(psus) < 2:
        return False
    on: dict[str, list[str]] = {}
    for p in psus:
        on.setdefault(feed_of(f, p.slot), []).append(p.slot.id)
    if len(on) == 1:
        alt = {p.slot.id: "AB"[i % 2] for i, p in enumerate(psus)}
        f.add("error", "power.single-feed",
              f"All {len(psus)} PSUs ({names([p.slot.id for p in psus])}) are on feed {next(iter(on))}: "
              f"{mode} redundancy protects against a failed PSU, not against losing that feed.",
              tuple(p.slot.id for p in psus), "Connect the PSUs alternately to feeds A and B.",
              [set_option("psu_feeds", alt)])
        return True
    grid = kind == "nn" or (kind == "fixed" and a == k)
    if f.figures is None or not grid or len({len(v) for v in on.values()}) == 1:
        return False
    peak = f.figures.power.peak_w
    rating = f.figures.psu.rating_w
    feed, slots = min(on.items(), key=lambda kv: len(kv[1]))
    cap = len(slots) * rating
    if cap >= peak:
        return False
    other = max(on, key=lambda x: len(on[x]))
    alt = {p.slot.id: "AB"[i % 2] for i, p in enumerate(psus)}
    f.add("error", "power.feed-capacity",
          f"With {mode} each feed alone must carry the server, but if feed {other} fails the "
          f"{len(slots)} PSU{'s' if len(slots) > 1 else ''} on feed {feed} ({names(slots)}) give {fmt_w(cap)} "
          f"for a peak of {fmt_w(peak)}.", tuple(sum(on.values(), [])),
          "Split the PSUs evenly across feeds A and B.", [set_option("psu_feeds", alt)])
    return True
