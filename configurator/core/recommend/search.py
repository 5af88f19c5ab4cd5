"""From a job to a build: the Pareto-best servers for a workload, a budget and an objective.

`recommend` sweeps every block (`options`) through the vectorised evaluator (`sweep`), keeps the
builds that meet every constraint, takes the Pareto front of money (price, TCO or cost per token)
against speed (days to train or tokens per second), and checks each front build with the scalar
`Evaluator` — the same rules `configurator check` runs. A front build the rules reject (an error, or a
warning the request does not waive) is never shown: it is excluded and the front recomputed. Serving
builds also carry their TTFT, time per output token and concurrent sequences (`serving`), and must meet
every serving target asked.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal

import numpy as np

from ..build import Build
from ..catalog import Switch
from ..cluster.fabric import FabricPlan, size_fabric
from ..cluster.racks import RackItem, fill, switch_items
from ..cluster.scaling import ScalePoint
from ..cluster.server_figures import DEFAULT_SWITCH
from ..cluster.spec import DEFAULT_FABRIC_PRICES, DEFAULT_FABRIC_PRICES_CURRENCY, FabricSpec, RackSpec
from ..evaluate.result import Evaluation
from ..evaluator import Evaluator
from ..message import Msg
from ..text import N_
from .lookup import block_table, build_tables
from .options import Block, Choice, blocks, build_of
from .reasons import Reason, drops, explain, failed
from .request import Request
from .serving import Serving, ServingTable
from .sweep import Sweep, choice_candidates, expansions, money
from .unpriced import LeftOut, left_out
from .vector import Figures, WorkTable, energy_price

#: front builds re-checked before giving up on a search whose builds the rules keep rejecting
MAX_VERIFY_ROUNDS = 8


@dataclass(frozen=True)
class Result:
    """One recommended build: `servers` × `build`, its scalar evaluation and why it is on the front."""

    build: Build
    servers: int
    evaluation: Evaluation
    price: Decimal            # all servers, the quote's total
    tco: Decimal              # all servers, over the request's years
    days: float | None        # training time on every server
    tokens_per_s: float       # all servers
    cost_per_mtok: Decimal | None
    reasons: tuple[Reason, ...]
    binds: tuple[Reason, ...]
    warnings: int
    serving: Serving | None = None   # serving: TTFT, TPOT, concurrency and the parallelism assumed
    #: training on several servers: the cluster model's point (TP per server × PP × DP, MFU, efficiency)
    layout: ScalePoint | None = None
    mfu: float | None = None         # training: the MFU the time assumes (`Workload.mfu_on` all its GPUs)
    #: training on several servers: the compute fabric's switches, sized and priced as `configurator cluster
    #: --from` does (in `price` and `tco`; optics, cables and racks it prices from a cluster file are not)
    fabric: Decimal = Decimal(0)


@dataclass(frozen=True)
class Recommendation:
    request: Request
    results: tuple[Result, ...]
    candidates: int           # servers the vectorised evaluator scored
    enumerated: int           # valid servers the blocks describe, before dominance pruning
    blocks: int
    seconds: float
    rejected: tuple[str, ...]  # front builds the rules rejected (block, first error code)
    none_reason: str = ""
    #: serving targets that dropped builds otherwise valid: how many, and the best any reached
    dropped: tuple[Reason, ...] = ()
    #: parts left out for want of a price (`unpriced.left_out`): the data, and its sentences
    left_out: LeftOut = LeftOut()

    @property
    def left_out_messages(self) -> tuple[Msg, ...]:
        return self.left_out.messages()


def _to_money(units: int, scale: int) -> Decimal:
    return Decimal(int(units)) / scale


def _pareto(cost: np.ndarray, slow: np.ndarray) -> np.ndarray:
    """Rows not dominated in (cost, slow), both minimised; one row per distinct point, cheapest first."""
    order = np.lexsort((slow, cost))
    keep: list[int] = []
    best = np.inf
    for row in order:
        if slow[row] < best:
            keep.append(int(row))
            best = slow[row]
    return np.array(keep, dtype=np.int64)


def _meets(fig: Figures, req: Request, scale: int, rack_units: np.ndarray, servers: np.ndarray,
           fabric: np.ndarray | None = None) -> np.ndarray:
    ok = fig.fits.copy()
    if req.budget is not None:
        ok &= fig.price * servers + (0 if fabric is None else fabric) <= int(req.budget * scale)
    if req.max_rack_units is not None:
        ok &= rack_units * servers <= req.max_rack_units
    if req.deadline_days is not None:
        ok &= fig.days <= req.deadline_days
    if req.target_tokens_per_s is not None:
        ok &= fig.tokens_per_s_all >= req.target_tokens_per_s
    return ok


def recommend(request: Request, evaluator: Evaluator,
              progress: Callable[[int, int], None] | None = None) -> Recommendation:
    """The Pareto-best builds for `request` from `evaluator`'s catalog, prices and exchange rates;
    `progress(done, total)` is called after each block is swept (the CLI shows it on a terminal)."""
    start = time.perf_counter()
    found = list(blocks(request, evaluator.catalog))
    missing = left_out(request, evaluator.catalog)
    if not found:
        return Recommendation(request, (), 0, 0, 0, time.perf_counter() - start, (),
                              N_("No chassis, cooling and GPU in the catalog meet the constraints."),
                              left_out=missing)
    t = build_tables(found, evaluator.catalog, evaluator.fx, request)
    bt = block_table(found, t, request, evaluator.catalog, evaluator.fx)
    limits = None
    if request.auto_concurrency and not request.training:
        limits = (float(request.ttft_limit_ms or 0), float(request.tpot_limit_ms or 0))
    work = WorkTable(request.workload, list(t.parts), limits_ms=limits)
    sweep = Sweep(t, bt, work, request, energy_price(evaluator.fx, request.electricity_price_kwh_usd,
                                                     request.currency))
    picks = []
    for i in range(len(found)):
        picks += expansions(sweep, found, i)
        if progress is not None:
            progress(i + 1, len(found))
    rejected: list[str] = []
    failures: dict[int, int] = {}
    for _ in range(MAX_VERIFY_ROUNDS):
        results, bad = _front(sweep, found, picks, evaluator)
        if not bad:
            break
        for i, choice, code in bad:
            sweep.excluded.add((i, tuple(vars(choice).values())))
            failures[i] = failures.get(i, 0) + 1
            if failures[i] >= 2:   # the block's structure, not one choice: drop it
                sweep.dead.add(i)
            rejected.append(f"{found[i].chassis.id} + {found[i].n_gpu}x {found[i].gpu.id}: {code}")
        redo = {i for i, _, _ in bad}
        picks = [p for p in picks if p[0] not in redo] + [
            row for i in sorted(redo) for row in expansions(sweep, found, i)]
    reason = "" if results else N_("No build meets every constraint: relax the budget, deadline or limits.")
    if not results and sweep.dropped:
        reason = N_("No build meets every serving target: relax the time to first token, the time per output "
                    "token or the concurrent users, or allow more servers.")
    return Recommendation(request, tuple(results), sweep.candidates, sweep.enumerated, len(found), time.perf_counter() - start,
                          tuple(rejected), reason, tuple(sweep.dropped), missing)


def _front(sweep: Sweep, found: list[Block], picks: list[tuple[int, Choice, int]],
           evaluator: Evaluator) -> tuple[list[Result], list[tuple[int, Choice, str]]]:
    """The verified front of `picks`, or the front builds the rules reject."""
    if not picks:
        return [], []
    req, t = sweep.request, sweep.tables
    c = choice_candidates(sweep, found, picks)
    fig = sweep.evaluate(c)
    rack = sweep.btab.rack_units[c.block]
    serving: dict[int, Serving] = {}
    if not req.training:
        serving = {r: _serving(sweep, c, r) for r in range(len(picks))}
        if req.concurrent_users is not None or req.auto_concurrency:   # the rate at the concurrency, not the batch
            rate = np.array([s.concurrency * s.replicas / s.tpot_s for s in serving.values()])
            fig = replace(fig, tokens_per_s_all=rate)
    fabric = _fabric_costs(sweep, c, evaluator, fig)
    ok = _meets(fig, req, t.scale, rack, c.servers, fabric)
    if serving:
        serving = {int(r): serving[int(r)] for r in np.flatnonzero(ok)}
        sweep.dropped = drops(req, list(serving.values()))
        for r, s in serving.items():
            ok[r] = not failed(req, s)
    rows = np.flatnonzero(ok)
    if not len(rows):
        return [], []
    cost = money(fig, req)[rows] * c.servers[rows] + fabric[rows]
    if req.objective == "cost_per_mtok":
        cost = cost / fig.tokens_per_s_all[rows]
    slow = fig.days[rows] if req.training else -fig.tokens_per_s_all[rows]
    front = rows[_pareto(cost.astype(float), slow)]
    front = _order(front, fig, req, c, fabric)[: req.front_size]
    results, bad = [], []
    for row in front:
        i, choice, servers = picks[int(row)]
        build = build_of(found[i], choice, req, servers)
        if int(row) in serving:     # the build's workload runs the replicas chosen (and the sequences, when chosen)
            build = _at_concurrency(build, serving[int(row)].concurrency if req.auto_concurrency else None,
                                    serving[int(row)].tp)
        if req.training and servers > 1:                     # and the pipeline depth chosen
            build = _with_stages(build, _stages(sweep, c, int(row)))
        ev = evaluator.evaluate(build)
        errors = [v for v in ev.violations if v.severity == "error"
                  or (v.severity == "warning" and v.code not in req.waived)]
        if errors:
            bad.append((i, choice, errors[0].code))
            continue
        res = _result(build, servers, ev, fig, int(row), t.scale, req, serving.get(int(row)), int(fabric[int(row)]))
        if req.training:
            n = int(sweep.btab.n_gpu[c.block[int(row)]])
            layout = _layout(sweep, c, int(row)) if servers > 1 else None
            res = replace(res, layout=layout, mfu=layout.mfu if layout is not None else float(req.workload.mfu_on(n)))
        results.append(res)
    if bad:
        return [], bad
    return explain(results, fig, front, c, sweep, found, picks), []


def _order(front: np.ndarray, fig: Figures, req: Request, c, fabric: np.ndarray) -> np.ndarray:
    """Front rows, best first for the objective (`Request.ranking`)."""
    if req.ranking == "time":
        key = fig.days[front] if req.training else -fig.tokens_per_s_all[front]
    elif req.ranking == "tco":
        key = fig.tco[front] * c.servers[front] + fabric[front]
    elif req.ranking == "cost_per_mtok":
        key = (fig.tco[front] * c.servers[front] + fabric[front]) / fig.tokens_per_s_all[front]
    else:
        key = fig.price[front] * c.servers[front] + fabric[front]
    return front[np.argsort(key, kind="stable")]


def _serving(sweep: Sweep, c, row: int) -> Serving:
    """Serving figures of candidate `row`: its GPU, GPUs per server, servers and GPU memory."""
    b = int(c.block[row])
    gpu, n = int(sweep.btab.gpu[b]), int(sweep.btab.n_gpu[b])
    tp = sweep.work.parallelism(sweep.btab, b)[0]
    table = sweep.serving
    if table is None:
        table = sweep.serving = ServingTable(sweep.request.workload, sweep.request.concurrent_users,
                                             sweep.work.auto if sweep.request.auto_concurrency else None)
    return table.figures(gpu, n, int(c.servers[row]), float(sweep.work.peak[gpu]),
                         float(sweep.work.gpus[gpu].memory_bandwidth_gbs), int(sweep.btab.vram_gb[b] * 1e9),
                         sweep.btab.links[b].get(tp) if sweep.btab.links else None, tp)


def _fabric_costs(sweep: Sweep, c, evaluator: Evaluator, fig: Figures) -> np.ndarray:
    """Per candidate, minor units: the compute fabric of a multi-server training cluster (0 otherwise): the switch
    of its NICs' protocol sized as `configurator cluster --from` sizes it (`cluster.size_fabric`, one link per GPU
    at its NIC speed) at the catalog price, and its optics and cables (`_switch_cost`), in the request's currency."""
    out = np.zeros(np.shape(c.servers), dtype=np.int64)
    if not sweep.request.training:
        return out
    cache: dict[tuple, int] = {}
    for row in np.flatnonzero(np.asarray(c.servers) > 1):
        gpu, n, servers, gbs = _cluster_key(sweep, c, int(row))
        nic = sweep.tables.parts[int(c.nic[row])]
        chassis = sweep.tables.parts[int(sweep.btab.chassis[int(c.block[row])])]
        server = (float(fig.wall_max_w[row]), int(sweep.btab.rack_units[int(c.block[row])]),
                  float(getattr(chassis, "weight_kg", 0.0)))
        key = (n, servers, round(gbs, 6), getattr(nic, "protocol", ""), server)
        if key not in cache:
            cache[key] = _switch_cost(evaluator, n, servers, gbs * 8.0, key[3], sweep.tables.scale,
                                      sweep.request.currency, server)
        out[row] = cache[key]
    return out


def _switch_cost(evaluator: Evaluator, gpus: int, servers: int, link_gbps: float, protocol: str, scale: int,
                 currency: str, server: tuple[float, int, float] = (0.0, 0, 0.0)) -> int:
    """Minor units of the compute fabric of `servers` servers of `gpus` GPUs at `link_gbps` each, and their racks:
    the switches at the catalog price; optics, cables, racks, PDUs and installation at `DEFAULT_FABRIC_PRICES`, the
    counts and figures `configurator cluster --from` prices them at (`cluster.plan._lines`, its racks filled as
    `cluster.plan._racks` fills them from `server`: wall W at max, rack units, kg); 0 without a priced switch."""
    switch = evaluator.catalog.get(DEFAULT_SWITCH["eth" if protocol == "eth" else "ib"])
    price = evaluator.catalog.price(switch.id) if isinstance(switch, Switch) else None
    if not isinstance(switch, Switch) or price is None or link_gbps <= 0:
        return 0
    fab = size_fabric("compute", switch, link_gbps, [gpus] * servers)
    value = evaluator.fx.convert(Decimal(price.price), price.currency, currency)
    if fab is None or value is None:
        return 0
    total = (value * fab.switches * scale).to_integral_value()
    racks = _racks(switch, fab, gpus, servers, server)
    rack = RackSpec()
    for key, count in (("transceiver-nic", fab.transceivers.get("nic", 0)),
                       ("transceiver-switch", fab.transceivers.get("switch", 0)),
                       ("cable-dac", fab.cables.get("dac-in-rack", 0)), ("cable-fiber", fab.cables.get("fibre-row", 0)),
                       ("rack", racks), ("pdu", racks * 2 * rack.pdu.per_feed), ("install-per-rack", racks)):
        unit = evaluator.fx.convert(Decimal(DEFAULT_FABRIC_PRICES[key]["price"]), DEFAULT_FABRIC_PRICES_CURRENCY,
                                    currency)
        if unit is not None:
            total += (unit * count * scale).to_integral_value()
    return int(total)


def _racks(switch: Switch, fab: FabricPlan, gpus: int, servers: int, server: tuple[float, int, float]) -> int:
    """Racks of `servers` servers and their compute fabric's switches as `cluster --from` fills them (default rack:
    `RackSpec()`; each server at its wall W at max plus its NIC optics, `FabricSpec()`'s figures)."""
    spec, f = RackSpec(), FabricSpec()
    optics = gpus * f.nics_per_gpu * f.nic_optic_w if fab.transceivers.get("nic") else 0.0
    wall, ru, kg = server
    item = RackItem(name="", title="", kind="server", group=0, part_id="", rack_units=ru, weight_kg=kg,
                    idle_w=0.0, typical_w=0.0, max_w=wall + optics, heat_to_air_w=0.0, feeds={})
    net = switch_items(switch, fab.switches, fab.role, fab.transceivers.get("switch", 0) * switch.optic_w_per_cage)
    return len(fill([item] * servers, spec, spec.servers_per_rack)) + len(fill(net, spec, None))


def _cluster_key(sweep: Sweep, c, row: int) -> tuple[int, int, int, float]:
    """(GPU row, GPUs per server, servers, GB/s per GPU) of candidate `row`: what its cluster model reads."""
    b = int(c.block[row])
    gpu, n = int(sweep.btab.gpu[b]), int(sweep.btab.n_gpu[b])
    return gpu, n, int(c.servers[row]), float(sweep.tables.nic_gbps[c.nic[row]]) * float(c.n_nic[row]) / n / 8.0


def _stages(sweep: Sweep, c, row: int) -> int:
    """The pipeline depth the cluster model chose for multi-server training candidate `row`."""
    return sweep.work.pipeline(*_cluster_key(sweep, c, row))[0]


def _layout(sweep: Sweep, c, row: int) -> ScalePoint:
    return sweep.work.layout(*_cluster_key(sweep, c, row))


def _with_stages(build: Build, stages: int) -> Build:
    """`build` whose training workload runs `stages` pipeline stages across its servers."""
    wl = dict(build.workload or {})
    wl["train"] = {**dict(wl.get("train") or {}), "pipeline_stages": stages}
    return build.model_copy(update={"workload": wl})


def _at_concurrency(build: Build, sequences: int | None, tp: int) -> Build:
    """`build` whose serving workload runs replicas of `tp` GPUs, each with `sequences` at once where given (its
    memory check and figures at that batch and split)."""
    wl = dict(build.workload or {})
    infer = {**dict(wl.get("infer") or {}), "tensor_parallel": tp}
    if sequences is not None:
        infer["batch"] = sequences
    wl["infer"] = infer
    return build.model_copy(update={"workload": wl})


def _result(build: Build, servers: int, ev: Evaluation, fig: Figures, row: int, scale: int,
            req: Request, serving: Serving | None = None, fabric: int = 0) -> Result:
    tps = float(fig.tokens_per_s_all[row])
    tco = _to_money(int(fig.tco[row]) * servers + fabric, scale)
    seconds = req.tco_years * 8766 * 3600 * 0.8
    per_mtok = (tco / Decimal(repr(tps * seconds / 1e6))).quantize(Decimal("0.0001")) if tps > 0 else None
    return Result(build=build, servers=servers, evaluation=ev,
                  price=_to_money(int(fig.price[row]) * servers + fabric, scale), fabric=_to_money(fabric, scale),
                  tco=tco, days=float(fig.days[row]) if req.training else None, tokens_per_s=tps,
                  cost_per_mtok=per_mtok, reasons=(), binds=(),
                  warnings=sum(v.severity == "warning" for v in ev.violations), serving=serving)
