"""Explanations of the PSU figures: wall power through the PSUs' efficiency, the PSU plan, the feeds."""

from __future__ import annotations

import re

from ..catalog import PSU
from ..evaluate import power as pw
from ..message import Arg, Num, Seq, Term
from ..psu import parse_redundancy
from .explanation import Explainer, Explanation, Input


def _placed_psus(x: Explainer) -> list[PSU]:
    return [pl.part for pl in x.ctx.in_slots("psu", "psu") if isinstance(pl.part, PSU)]


def _efficiency_inputs(x: Explainer, level: str, psus: list[PSU], share: float) -> list[Input]:
    """The PSUs, the load each carries and the point of the 80 PLUS curve read at that load."""
    worst = min(psus, key=lambda q: pw.efficiency_at(q, share))
    points: list[Arg] = []
    for f, e in pw.EFFICIENCY_CURVES[worst.efficiency_class]:
        points += [*((", ",) if points else ()), f"{int(f * 100)} %: ", Num(e, "g"), " %"]
    return [
        x.placed(x.t("explain.psus-installed-all-share-load"), len(psus)),
        x.part_input(worst, "rating_w", unit="W"),
        Input(x.t("explain.load-per-psu"), Num(share, ".1%"),
              x.t("explain.power-w-level-n-rating", level=level, n=len(psus))),
        x.part_input(worst, "efficiency_pct", name=x.t("explain.part-efficiency-50-load", part=worst.id), unit="%"),
        Input(x.t("explain.80-plus-rating-curve-230", rating=Term(worst.efficiency_class)),
              Seq(*points), pw.EFFICIENCY_SOURCE),
        Input(x.t("explain.efficiency-this-load"), Seq(Num(pw.efficiency_at(worst, share), ".2f"), " %"),
              x.t("explain.curve-linear-between-points-shifted")),
    ]


def wall(x: Explainer, m: re.Match[str]) -> Explanation:
    level = m.group(1)
    p = x.ev.power
    dc = {"idle": p.idle_w, "typical": p.typical_w, "max": p.max_w}[level]
    psus = _placed_psus(x)
    inputs = [x.figure_input(f"power_w.{level}", round(dc, 1), "W")]
    if not psus:
        inputs.append(x.assume(x.t("explain.psu-efficiency"), Seq(Num(pw.ASSUMED_EFFICIENCY_PCT, "g"), " %"),
                               "explain.estimate-no-psu-placed-core"))
        return x.made("W", x.t("explain.wall-power-dc-power-assumed"), inputs)
    share = pw.psu_share(dc, psus)
    inputs += _efficiency_inputs(x, level, psus, share)
    formula = x.t("explain.wall-power-power-w-level", level=level)
    notes = (x.t("explain.platinum-gold-10-points-loads"),)
    worst = min(psus, key=lambda q: pw.efficiency_at(q, share))
    return x.made("W", formula, inputs, notes, estimate=share < 0.2 and worst.efficiency_class != "titanium")


def _redundancy_input(x: Explainer) -> Input:
    r = x.ev.psu
    if x.ctx.build.psu_redundancy:
        return x.build_input(x.t("explain.redundancy"), r.redundancy)
    return Input(x.t("explain.redundancy"), r.redundancy, x.t("explain.chassis-default-redundancy-mode"))


def _psu_load(x: Explainer, level: str) -> Explanation:
    r = x.ev.psu
    src = "peak" if level == "max" else level
    dc = {"idle": x.ev.power.idle_w, "typical": x.ev.power.typical_w, "peak": x.ev.power.peak_w}[src]
    formula = "explain.load-power-w-level-psu-at-peak" if level == "max" else "explain.load-power-w-level-psu"
    return x.made("%", x.t(formula, level=src), [x.figure_input(f"power_w.{src}", round(dc, 1), "W"),
                                                 x.figure_input("psu.usable_w", r.usable_w, "W")])


def psu(x: Explainer, m: re.Match[str]) -> Explanation:
    r = x.ev.psu
    psus = _placed_psus(x)
    what = m.group(1)
    if what == "count":
        return x.made("", x.t("explain.psus-placed-chassis-psu-bays"),
                      [x.placed(x.t("explain.placements"), r.count, "explain.build")])
    if what == "bays":
        return x.made("", x.t("explain.psu-bays-chassis"), [x.part_input(x.ctx.chassis, "psu", value=r.bays)])
    if what == "rating_w":
        volts = x.ctx.build.site.input_voltage_v
        fld = "rating_low_line_w" if r.low_line else "rating_w"
        return x.made("W", x.t("explain.output-rating-one-psu-site"),
                      [x.part_input(psus[0] if psus else None, fld, unit="W"),
                       x.build_input("site.input_voltage_v", volts, "V")])
    if what == "active":
        mode = parse_redundancy(r.redundancy)
        return x.made("", x.t("explain.psus-whose-capacity-counts-under", mode=r.redundancy),
                      [x.placed(x.t("explain.installed"), r.count, "explain.build"), _redundancy_input(x),
                       x.placed(x.t("explain.feeds"), r.feeds, "explain.psu-bay-feeds-build-chassis")],
                      notes=(x.t("explain.n-psu-may-fail", n=mode.may_fail(r.count, r.feeds)),))
    if what == "usable_w":
        return x.made("W", x.t("explain.usable-capacity-active-psus-rating"),
                      [x.figure_input("psu.active", r.active), x.figure_input("psu.rating_w", r.rating_w, "W")])
    if what.startswith("load_pct"):
        return _psu_load(x, m.group(2))
    feed = m.group(3) or m.group(4)
    if what.startswith("feeds"):
        return x.made("", x.t("explain.psus-pdu-feed-feed-bays", feed=feed),
                      [x.placed(x.t("explain.bay-feeds"), x.t("explain.ab-alternating-unless-build-sets"),
                                "explain.build-core-psu-py")])
    return x.made("W", x.t("explain.capacity-feed-feed-psus-feed", feed=feed),
                  [x.figure_input(f"psu.feeds.{feed}", r.feeds.get(feed, 0)),
                   x.figure_input("psu.rating_w", r.rating_w, "W")])
