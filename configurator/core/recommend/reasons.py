"""Why each recommended build is on the front and what binds it, in words a customer can check.

A `Reason` is an English template marked with `N_` and its values, already formatted; views
translate the template (gettext) and fill it, so the CLI, the JSON and the GUI say the same thing
in either language.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import numpy as np

from ..text import N_

if TYPE_CHECKING:
    from .search import Result
    from .sweep import Sweep
    from .vector import Candidates, Figures

#: a constraint "binds" when the build uses at least this share of it
NEAR = 0.9


@dataclass(frozen=True)
class Reason:
    """One sentence: `kind` (why, memory, power, cooling, budget, deadline, rate), a template, its values."""

    kind: str
    template: str
    values: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        """The English sentence."""
        return self.template.format(**dict(self.values))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text}


def _r(kind: str, template: str, **values: Any) -> Reason:
    return Reason(kind, template, tuple((k, str(v)) for k, v in values.items()))


def _gb(n: float) -> str:
    return f"{n / 1e9:.1f}"


def _why(i: int, n: int, res: Result, training: bool, objective: str) -> list[Reason]:
    out = []
    if i == 0:
        out.append(_r("why", {
            "price": N_("Lowest price of the builds that meet every constraint."),
            "tco": N_("Lowest total cost of ownership of the builds that meet every constraint."),
            "time": N_("Fastest of the builds that meet every constraint."),
            "cost_per_mtok": N_("Lowest cost per million tokens of the builds that meet every constraint."),
        }[objective]))
    if training:
        out.append(_r("why", N_("The cheapest build found that trains in {days} days or less."),
                      days=f"{res.days:,.1f}"))
    else:
        out.append(_r("why", N_("The cheapest build found that serves {rate} tokens/s or more."),
                      rate=f"{res.tokens_per_s:,.0f}"))
    return out


def _memory(fig: Figures, row: int, sweep: Sweep, c: Candidates, n_total: int) -> list[Reason]:
    need, cap = int(fig.need_bytes[row]), int(sweep.btab.vram_gb[c.block[row]] * 1e9)
    fewer = n_total - 1
    if fewer >= 1 and int(sweep.work.need(np.array([fewer]))[0]) > cap:
        return [_r("memory", N_("Memory: {need} GB of the {cap} GB per GPU; with one GPU fewer the job "
                                "would not fit."), need=_gb(need), cap=_gb(cap))]
    if need >= NEAR * cap:
        return [_r("memory", N_("Memory: {need} GB of the {cap} GB per GPU ({pct} %)."),
                   need=_gb(need), cap=_gb(cap), pct=f"{100 * need / cap:.0f}")]
    return []


def _power(fig: Figures, row: int, sweep: Sweep, c: Candidates) -> list[Reason]:
    out = []
    peak, usable = float(fig.peak_w[row]), float(fig.usable_w[row])
    if usable > 0 and peak >= NEAR * usable:
        out.append(_r("power", N_("Power: the {peak} W peak takes {pct} % of the {usable} W the PSUs give."),
                      peak=f"{peak:,.0f}", usable=f"{usable:,.0f}", pct=f"{100 * peak / usable:.0f}"))
    limit = sweep.request.max_kw_per_server
    wall = float(fig.wall_max_w[row])
    if limit is not None and wall >= NEAR * limit * 1000:
        out.append(_r("power", N_("Power: {kw} kW at the wall of the {limit} kW allowed per server."),
                      kw=f"{wall / 1000:.2f}", limit=f"{limit:g}"))
    cap = float(sweep.btab.cap_w[c.block[row]])
    heat = float(fig.wall_typical_w[row])
    if cap > 0 and heat >= NEAR * cap:
        out.append(_r("cooling", N_("Cooling: {heat} W of typical heat of the {cap} W the cooling removes."),
                      heat=f"{heat:,.0f}", cap=f"{cap:,.0f}"))
    return out


def _limits(res: Result, sweep: Sweep) -> list[Reason]:
    req, out = sweep.request, []
    if req.budget is not None and res.price >= req.budget * Decimal(str(NEAR)):
        out.append(_r("budget", N_("Budget: {price} of the {budget} {currency} budget."),
                      price=f"{res.price:,.0f}", budget=f"{req.budget:,.0f}", currency=req.currency))
    if req.deadline_days is not None and res.days is not None and res.days >= NEAR * req.deadline_days:
        out.append(_r("deadline", N_("Deadline: {days} days of the {deadline} allowed."),
                      days=f"{res.days:,.1f}", deadline=f"{req.deadline_days:g}"))
    if req.target_tokens_per_s is not None and res.tokens_per_s <= req.target_tokens_per_s / NEAR:
        out.append(_r("rate", N_("Rate: {rate} tokens/s for the {target} asked."),
                      rate=f"{res.tokens_per_s:,.0f}", target=f"{req.target_tokens_per_s:,.0f}"))
    return out


def explain(results: list[Result], fig: Figures, front: np.ndarray, c: Candidates, sweep: Sweep,
            found: list, picks: list) -> list[Result]:
    """`results` (front order) with their reasons and what binds each."""
    out = []
    req = sweep.request
    for i, (res, row) in enumerate(zip(results, front)):
        row = int(row)
        n_total = int(sweep.btab.n_gpu[c.block[row]]) * (res.servers if req.training else 1)
        binds = _memory(fig, row, sweep, c, n_total) + _power(fig, row, sweep, c) + _limits(res, sweep)
        out.append(replace(res, reasons=tuple(_why(i, len(results), res, req.training, req.ranking)),
                           binds=tuple(binds)))
    return out
