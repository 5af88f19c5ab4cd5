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
    from .request import Request
    from .search import Result
    from .serving import Serving
    from .sweep import Sweep
    from .vector import Candidates, Figures

#: a constraint "binds" when the build uses at least this share of it
NEAR = 0.9


@dataclass(frozen=True)
class Reason:
    """One sentence: `kind` (why, memory, power, cooling, budget, deadline, rate, ttft, tpot, users,
    serving), a template, its values."""

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


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


def _misses(req: Request, s: Serving) -> list[str]:
    """The serving targets `s` misses: "ttft", "tpot", "users"."""
    out = []
    if req.ttft_limit_ms is not None and s.ttft_s * 1000 > req.ttft_limit_ms:
        out.append("ttft")
    if req.tpot_limit_ms is not None and s.tpot_s * 1000 > req.tpot_limit_ms:
        out.append("tpot")
    if req.concurrent_users is not None and s.max_users < req.concurrent_users:
        out.append("users")
    return out


def failed(req: Request, s: Serving) -> bool:
    """Whether `s` misses a serving target of `req`."""
    return bool(_misses(req, s))


def drops(req: Request, servings: list[Serving]) -> list[Reason]:
    """For each serving target that drops builds otherwise valid: how many, and the best any reaches."""
    missed = [set(_misses(req, s)) for s in servings]
    out = []
    if req.ttft_limit_ms is not None and (n := sum("ttft" in m for m in missed)):
        out.append(_r("ttft", N_("Time to first token: {n} builds dropped; the best reaches {best} ms for the "
                                 "{target} ms asked."),
                      n=f"{n:,}", best=_ms(min(s.ttft_s for s in servings)), target=f"{req.ttft_limit_ms or 0:g}"))
    if req.tpot_limit_ms is not None and (n := sum("tpot" in m for m in missed)):
        out.append(_r("tpot", N_("Time per output token: {n} builds dropped; the best reaches {best} ms for the "
                                 "{target} ms asked."),
                      n=f"{n:,}", best=_ms(min(s.tpot_s for s in servings)), target=f"{req.tpot_limit_ms or 0:g}"))
    if req.concurrent_users is not None and (n := sum("users" in m for m in missed)):
        out.append(_r("users", N_("Concurrent users: {n} builds dropped; the most any holds is {best} for the "
                                  "{target} asked."),
                      n=f"{n:,}", best=f"{max(s.max_users for s in servings):,}", target=f"{req.concurrent_users:,}"))
    return out


def _serving(res: Result, req: Request) -> list[Reason]:
    """The serving targets `res` comes within `NEAR` of: the ones that bind it."""
    s = res.serving
    if s is None:
        return []
    out = []
    if req.target_ttft_ms is not None and s.ttft_s * 1000 >= NEAR * req.target_ttft_ms:
        out.append(_r("ttft", N_("Time to first token: {ttft} ms of the {target} ms asked."),
                      ttft=_ms(s.ttft_s), target=f"{req.target_ttft_ms:g}"))
    if req.target_tpot_ms is not None and s.tpot_s * 1000 >= NEAR * req.target_tpot_ms:
        out.append(_r("tpot", N_("Time per output token: {tpot} ms of the {target} ms asked."),
                      tpot=_ms(s.tpot_s), target=f"{req.target_tpot_ms:g}"))
    if req.concurrent_users is not None and req.concurrent_users >= NEAR * s.max_users:
        out.append(_r("users", N_("Concurrent users: {users} of the {most} sequences the GPUs' memory holds."),
                      users=f"{req.concurrent_users:,}", most=f"{s.max_users:,}"))
    return out


def serving_line(s: Serving) -> Reason:
    """The parallelism a serving build assumes and its latency and concurrency figures."""
    return _r("serving", N_("Serving: TP {tp}, replicas: {replicas} (no PP or EP); first token in {ttft} ms "
                            "for a {prompt}-token prompt; {tpot} ms per output token at {conc} sequences per "
                            "replica; up to {most} sequences of {session} tokens in all."),
              tp=s.tp, replicas=s.replicas, ttft=_ms(s.ttft_s), prompt=f"{s.prompt_tokens:,}", tpot=_ms(s.tpot_s),
              conc=f"{s.concurrency:,}", most=f"{s.max_users:,}", session=f"{s.session_tokens:,}")


def explain(results: list[Result], fig: Figures, front: np.ndarray, c: Candidates, sweep: Sweep,
            found: list, picks: list) -> list[Result]:
    """`results` (front order) with their reasons and what binds each."""
    out = []
    req = sweep.request
    for i, (res, row) in enumerate(zip(results, front)):
        row = int(row)
        n_total = int(sweep.btab.n_gpu[c.block[row]]) * (res.servers if req.training else 1)
        binds = (_memory(fig, row, sweep, c, n_total) + _power(fig, row, sweep, c) + _limits(res, sweep)
                 + _serving(res, req))
        out.append(replace(res, reasons=tuple(_why(i, len(results), res, req.training, req.ranking)),
                           binds=tuple(binds)))
    return out
