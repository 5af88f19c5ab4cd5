"""The sweep: every candidate of every block through the vectorised evaluator, block by block.

Within a block and a server count the time to train (or the serving rate) is fixed — it depends on
the GPU model, the GPUs per server and the servers only — so of a block's servers only the one
cheapest by the objective's money figure can reach the Pareto front; it is kept, and then
replicated over 1..max_servers servers (clusters only of full servers with a network card).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..build import Commercial
from .lookup import BlockTable, Tables
from .options import FABRIC_GBPS_PER_GPU, Block, Choice
from .prune import full_choice, keep_axes, sub_block
from .reasons import Reason
from .request import Request
from .serving import ServingTable
from .vector import Candidates, Figures, WorkTable, evaluate

#: the support rate the recommended builds carry (the build's default terms)
SUPPORT_PCT = Commercial().support_pct_per_year


@dataclass
class Sweep:
    """Everything one search evaluates; `candidates` counts every server the vectorised path saw."""

    tables: Tables
    btab: BlockTable
    work: WorkTable
    request: Request
    energy_price: float
    candidates: int = 0
    enumerated: int = 0     # servers of every block before dominance pruning (`prune`)
    excluded: set[tuple[int, tuple[int, ...]]] = field(default_factory=set)
    dead: set[int] = field(default_factory=set)     # blocks the rules reject whatever the choice
    serving: ServingTable | None = None     # serving: TTFT, TPOT, concurrency by GPU, TP and servers
    dropped: list[Reason] = field(default_factory=list)     # what the serving targets dropped, last front

    def evaluate(self, c: Candidates) -> Figures:
        self.candidates += len(c)
        return evaluate(self.tables, self.btab, c, self.work, support_pct=SUPPORT_PCT, years=self.request.tco_years,
                        energy_price=self.energy_price, target_is_train=self.request.training)


def block_candidates(i: int, block: Block, t: Tables, servers: int = 1) -> Candidates:
    """All servers of block `i` as axis-shaped columns that broadcast to `block.shape` (the grid is never
    materialised column by column: each figure is summed from its axes)."""
    def axis(k: int, values: list[int]) -> np.ndarray:
        shape = [1] * 6
        shape[k] = len(values)
        return np.array(values, dtype=np.int64).reshape(shape)

    one = np.ones((1,) * 6, dtype=np.int64)
    return Candidates(
        block=one * i, cpu=axis(0, [t.index[p.id] for p in block.cpus]),
        dimm=axis(1, [t.index[p.id] for p in block.dimms]), dpc=axis(2, list(block.dpcs)),
        nic=axis(3, [t.index[n.id] if n is not None else 0 for n, _ in block.nics]),
        n_nic=axis(3, [k for _, k in block.nics]),
        drive=axis(4, [t.index[d.id] for d, _ in block.drives]), n_drive=axis(4, [k for _, k in block.drives]),
        psu=axis(5, [t.index[p.id] for p in block.psus]), servers=one * servers)


def money(fig: Figures, request: Request) -> np.ndarray:
    """The objective's money figure per server, minor units: the TCO for the TCO and cost-per-token
    objectives, the quoted price otherwise."""
    return fig.tco if request.objective in ("tco", "cost_per_mtok") else fig.price


def server_ok(fig: Figures, request: Request, c: Candidates) -> np.ndarray:
    """Per-server verdicts: priced, PSUs carry the peak, cooling removes the heat, host memory and kW."""
    ok = fig.priced & fig.psu_ok & fig.thermal_ok & (fig.host_gb >= request.host_memory_ratio * fig.vram_gb)
    if request.max_kw_per_server is not None:
        ok &= fig.wall_max_w <= request.max_kw_per_server * 1000.0
    return ok


def best_rows(sweep: Sweep, i: int, block: Block) -> list[tuple[Choice, bool]]:
    """The cheapest valid server of block `i` (and the cheapest with a NIC, for clusters), scored on the
    block's grid after dominance pruning."""
    keep = keep_axes(block, sweep.tables)
    sub = sub_block(block, keep)
    sweep.enumerated += block.size
    c = block_candidates(i, sub, sweep.tables)
    fig = sweep.evaluate(c)
    shape = sub.shape
    ok = np.broadcast_to(server_ok(fig, sweep.request, c), shape).copy()
    where = [{full: k for k, full in enumerate(axis)} for axis in keep]
    for key in sweep.excluded:
        if key[0] == i and all(v in w for v, w in zip(key[1], where)):
            ok[tuple(w[v] for v, w in zip(key[1], where))] = False
    cost = np.broadcast_to(money(fig, sweep.request), shape)
    out: list[tuple[Choice, bool]] = []
    fabric = np.broadcast_to(_fabric_ok(sweep, block, c), shape)
    for need_nic in (False, True):
        mask = ok & fabric if need_nic else ok
        if mask.any():
            row = int(np.argmin(np.where(mask, cost, np.iinfo(np.int64).max)))
            picked = Choice(*(int(g) for g in np.unravel_index(row, shape)))
            out.append((full_choice(keep, picked), need_nic))
    return out


def _fabric_ok(sweep: Sweep, block: Block, c: Candidates) -> np.ndarray:
    """Servers fit to join others: for training, one compute-fabric NIC port of at least
    `FABRIC_GBPS_PER_GPU` per GPU (IB or RoCE), as the reference designs give (NVIDIA DGX H100/B200:
    8 × ConnectX-7 400G for 8 GPUs; rules net.no-fabric-nic / net.low-bandwidth-per-gpu); for serving
    replicas, any NIC."""
    if not sweep.request.training:
        return c.n_nic > 0
    t = sweep.tables
    per_port = t.nic_port_gbps[c.nic]
    return (c.n_nic >= block.n_gpu) & (per_port >= FABRIC_GBPS_PER_GPU) & (t.nic_gbps[c.nic] > 0)


def choice_candidates(sweep: Sweep, blocks: list[Block], picks: list[tuple[int, Choice, int]]) -> Candidates:
    """Candidates for (block, choice, servers) triples."""
    t = sweep.tables
    cols: list[list[int]] = [[] for _ in range(10)]
    for i, ch, s in picks:
        b = blocks[i]
        nic, k = b.nics[ch.nic]
        drive, kd = b.drives[ch.drive]
        row = (i, t.index[b.cpus[ch.cpu].id], t.index[b.dimms[ch.dimm].id], b.dpcs[ch.dpc],
               t.index[nic.id] if nic else 0, k, t.index[drive.id], kd, t.index[b.psus[ch.psu].id], s)
        for col, v in zip(cols, row):
            col.append(v)
    return Candidates(*(np.array(col, dtype=np.int64) for col in cols))


def expansions(sweep: Sweep, blocks: list[Block], i: int) -> list[tuple[int, Choice, int]]:
    """(block, choice, servers) rows of block `i` worth ranking: 1 server, and full clusters."""
    block = blocks[i]
    if i in sweep.dead:
        return []
    picks = best_rows(sweep, i, block)
    out: list[tuple[int, Choice, int]] = []
    full = block.n_gpu == block.chassis.max_gpus or block.chassis.gpu_baseboard is not None
    for choice, need_nic in picks:
        if not need_nic:
            out.append((i, choice, 1))
        elif full:
            out += [(i, choice, s) for s in range(2, sweep.request.max_servers + 1)]
    return out
