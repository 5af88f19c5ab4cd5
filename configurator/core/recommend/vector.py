"""The vectorised evaluator: power, PSU and cooling verdicts, memory fit, time, price and TCO of
arrays of candidate servers at once, gathered from `tables`.

The scalar `Evaluator.evaluate` is its oracle (tests/core/recommend/test_vector_oracle.py): on
random candidates the verdicts agree exactly and the figures to 1e-9 relative. Money is in
integer minor units (the BOM rounds every line to the currency's minor unit, so integer sums are
exact); power and time are float64 in the scalar code's order of operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np

from ..catalog import GPU
from ..cluster.scaling import ScalePoint, best_pipeline, job_inputs, point
from ..cluster.spec import TrainingSpec
from ..evaluate.cost import HOURS_PER_YEAR
from ..evaluate.power import ASSUMED_EFFICIENCY_PCT, EFFICIENCY_CURVES, on_segment
from ..evaluate.workload import _compute_peak, estimate_memory, inference_speed
from ..evaluate.workload_formulas import TPLink, train_days, train_flops
from ..evaluate.workload_memory import reserve_bytes
from ..evaluate.workload_models import Workload
from ..fx import FxTable
from .lookup import NO_PRICE, BlockTable, Tables
from .serving import best_concurrency, tpot_s

UTILIZATION = 0.8       # Commercial.utilization_pct default: the TCO's energy share at the typical draw
PUE = 1.4               # Site.pue default


@dataclass(frozen=True)
class Candidates:
    """Columns of candidate servers: a block number and a global part index (0: none) per axis."""

    block: np.ndarray
    cpu: np.ndarray
    dimm: np.ndarray
    dpc: np.ndarray
    nic: np.ndarray
    n_nic: np.ndarray
    drive: np.ndarray
    n_drive: np.ndarray
    psu: np.ndarray
    servers: np.ndarray

    def __len__(self) -> int:
        """Candidates described: columns may be axis-shaped and broadcast (a block's grid)."""
        return int(np.broadcast(*(getattr(self, f) for f in self.__dataclass_fields__)).size)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(np.broadcast(*(getattr(self, f) for f in self.__dataclass_fields__)).shape)


@dataclass(frozen=True)
class Figures:
    """Per-candidate figures: per server unless the name says `_all` (every server together)."""

    idle_w: np.ndarray
    typical_w: np.ndarray
    max_w: np.ndarray
    peak_w: np.ndarray
    wall_typical_w: np.ndarray    # the typical heat the cooling must remove
    wall_max_w: np.ndarray
    usable_w: np.ndarray
    psu_ok: np.ndarray
    thermal_ok: np.ndarray
    host_gb: np.ndarray
    vram_gb: np.ndarray       # total per server
    fits: np.ndarray
    need_bytes: np.ndarray    # per GPU, allocator peak + reserve
    priced: np.ndarray
    hardware: np.ndarray      # minor units: the BOM's hardware subtotal
    price: np.ndarray         # minor units: the BOM's total (hardware + support for the TCO years)
    tco: np.ndarray           # minor units
    days: np.ndarray          # training time with every server (nan: serving)
    tokens_per_s_all: np.ndarray


def _line(t: Tables, part: np.ndarray, qty: Any) -> np.ndarray:
    """Extended minor units of a BOM line: unit × (qty − owned), as `cost.compute_cost` counts."""
    return t.unit[part] * np.maximum(qty - t.owned[part], 0)


def _power(t: Tables, bt: BlockTable, c: Candidates, n_cpu, n_dimm, n_gpu) -> tuple:
    b = c.block
    # per-block terms first, then the axes in grid order: a grid's sums stay small until the last axes
    parts = ((bt.gpu[b], n_gpu), (bt.boot[b], (bt.boot[b] > 0).astype(np.int64)), (bt.cooling[b], 1),
             (c.cpu, n_cpu), (c.dimm, n_dimm), (c.nic, c.n_nic), (c.drive, c.n_drive))
    idle, typ, mx, peak = bt.base_idle[b], bt.base_typ[b], bt.base_max[b], bt.base_max[b]
    for p, n in parts:
        idle = idle + t.idle[p] * n     # not +=: the columns broadcast into the result's shape
        typ = typ + t.typ[p] * n
        mx = mx + t.mx[p] * n
        peak = peak + t.peak[p] * n
    return idle, typ, mx, np.maximum(peak, mx)


def wall_efficiency(t: Tables, psu: np.ndarray, dc_w: np.ndarray, n_psu: Any) -> np.ndarray:
    """`power.wall_efficiency` of `n_psu` PSUs of part `psu` sharing `dc_w` (per candidate): the
    load share, clamped to the class's curve, read on the first segment that holds it."""
    rating = t.rating[psu]
    denom = n_psu * rating
    share = np.divide(dc_w, denom, out=np.zeros(np.broadcast(dc_w, denom).shape), where=denom > 0)
    cls, shift = t.eff_class[psu], t.eff_shift[psu]
    out = np.full(share.shape, ASSUMED_EFFICIENCY_PCT)
    for code, curve in enumerate(EFFICIENCY_CURVES.values()):
        if not np.any(cls == code):
            continue
        x = np.minimum(np.maximum(share, curve[0][0]), curve[-1][0])
        eff = np.minimum(100.0, curve[-1][1] + shift)
        for lo, hi in reversed(list(zip(curve, curve[1:], strict=False))):     # the first match wins
            eff = np.where(x <= hi[0], np.minimum(100.0, on_segment(x, lo, hi, shift)), eff)
        out = np.where(cls == code, eff, out)
    return out


def _money(t: Tables, bt: BlockTable, c: Candidates, n_cpu, n_dimm, n_gpu, support_pct: Decimal,
           years: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(hardware, total, support per year, priced): the BOM of `price_bom` with the default terms."""
    b = c.block
    one = np.int64(1)
    n_psu = bt.psu_bays[b]
    rails = np.where(bt.owned_chassis[b], 0, t.rails[bt.chassis_row[b]])
    cords = t.cord[c.psu] * np.maximum(n_psu - t.owned[c.psu], 0)
    bridges = bt.bridges[b]
    priced = (rails != NO_PRICE) & (t.cord[c.psu] != NO_PRICE) & (bridges != NO_PRICE)
    hw = rails + cords + bridges
    # per-block terms first, then the axes in grid order (see `_power`)
    lines = ((bt.chassis[b], one), (bt.gpu[b], n_gpu), (bt.boot[b], (bt.boot[b] > 0).astype(np.int64)),
             (bt.cooling[b], one), (c.psu, n_psu), (c.cpu, n_cpu), (c.dimm, n_dimm), (c.nic, c.n_nic),
             (c.drive, c.n_drive))
    for p, n in lines:
        priced = priced & ((t.unit[p] != NO_PRICE) | (n == 0))
        hw = hw + _line(t, p, n)
    num, den = support_pct.as_integer_ratio()
    per_year = (2 * hw * num + 100 * den) // (200 * den)     # quantize(hw × pct / 100), half up
    return hw, hw + years * per_year, per_year, priced


def evaluate(t: Tables, bt: BlockTable, c: Candidates, work: WorkTable, *, support_pct: Decimal, years: int,
             energy_price: float, target_is_train: bool) -> Figures:
    """Every figure of `c` (see `Figures`)."""
    b = c.block
    n_gpu = bt.n_gpu[b]
    n_cpu = bt.n_sock[b]
    n_dimm = n_cpu * np.minimum(bt.channels[b], t.cpu_channels[c.cpu].astype(np.int64)) * c.dpc
    idle, typ, mx, peak = _power(t, bt, c, n_cpu, n_dimm, n_gpu)
    n_psu = bt.psu_bays[b]
    wall_idle, wall_typ, wall_max = (w * 100.0 / wall_efficiency(t, c.psu, w, n_psu) for w in (idle, typ, mx))
    usable = t.usable[bt.chassis_row[b], c.psu]
    psu_ok = (peak <= usable) & (peak <= t.feed_min[bt.chassis_row[b], c.psu])
    thermal_ok = (wall_typ <= bt.cap_w[b]) & (t.cpu_tdp[c.cpu] <= bt.max_cpu_tdp[b])
    hw, price, support, priced = _money(t, bt, c, n_cpu, n_dimm, n_gpu, Decimal(support_pct), years)
    avg_wall_w = wall_typ * UTILIZATION + wall_idle * (1.0 - UTILIZATION)
    kwh = avg_wall_w * PUE * HOURS_PER_YEAR / 1000.0
    energy = np.floor(kwh * energy_price * t.scale + 0.5).astype(np.int64)
    tco = hw + years * (energy + support)
    n_work = n_gpu * c.servers if target_is_train else work.tp_of(bt, c.block)
    need = work.need(n_work)
    cap = np.floor(bt.vram_gb[b] * 1e9)
    days, tps = work.speed(bt, c, n_gpu, t.nic_gbps[c.nic] * c.n_nic / n_gpu / 8.0)
    return Figures(idle_w=idle, typical_w=typ, max_w=mx, peak_w=peak, wall_typical_w=wall_typ,
                   wall_max_w=wall_max, usable_w=usable,
                   psu_ok=psu_ok, thermal_ok=thermal_ok, host_gb=t.dimm_gb[c.dimm] * n_dimm,
                   vram_gb=bt.vram_gb[b] * n_gpu, fits=need <= cap, need_bytes=need, priced=priced,
                   hardware=hw, price=price, tco=tco, days=days, tokens_per_s_all=tps)


class WorkTable:
    """The workload model's figures by GPU count and GPU row, computed once with the scalar model."""

    def __init__(self, workload: Workload, gpus: list, peak: np.ndarray | None = None,
                 limits_ms: tuple[float, float] | None = None) -> None:
        self.workload = workload
        #: serving with auto concurrency: the (TTFT, TPOT) bounds each server's sequences are chosen within, and
        #: the sequences chosen per (GPU row, GPUs per server, their link) (serving.best_concurrency)
        self.limits_ms = limits_ms
        self.auto: dict[tuple[int, int, TPLink | None], int] = {}
        self._need: dict[int, int] = {}
        self.gpus = gpus       # Tables.parts rows that are GPUs, by part index
        w = workload
        self.peak = np.array([_compute_peak(w, g.bf16_tflops, g.fp8_tflops or None)[0]
                              if isinstance(g, GPU) else 1.0 for g in gpus])
        if w.mode == "train":
            m = w.model
            tokens = w.train.tokens if w.train.tokens is not None else 20 * m.param_count()
            self.tokens = float(tokens)
            self.flops = train_flops(m.active_param_count(), tokens)
        self._serve: dict[tuple[int, int, TPLink | None], float] = {}
        self._tp: dict[int, tuple[int, float]] = {}
        self._pipeline: dict[tuple[int, int, int, float], tuple[int, float]] = {}

    def need(self, n: np.ndarray) -> np.ndarray:
        """Per-GPU bytes the job needs on `n` GPUs: PyTorch's peak plus the CUDA/allocator reserve."""
        uniq, inv = np.unique(n, return_inverse=True)
        vals = np.array([self._need_one(int(k)) for k in uniq], dtype=np.int64)
        return vals[inv.reshape(np.shape(n))]

    def _need_one(self, n: int) -> int:
        if n not in self._need:
            mem = estimate_memory(self.workload, n)
            self._need[n] = mem.total + reserve_bytes(mem.total)
        return self._need[n]

    def serving_per_server(self, gpu: int, n: int, link: TPLink | None = None) -> float:
        """Output tokens/s of one tensor-parallel group of `n` GPUs of row `gpu` whose all-reduces cross `link`."""
        key = (gpu, n, link)
        if key not in self._serve:
            g = self.gpus[gpu]
            if self.limits_ms is not None:
                self._serve[key] = self._auto_rate(gpu, n, link)
                return self._serve[key]
            s = inference_speed(self.workload, n, float(self.peak[gpu]), float(self.workload.mfu_on(n)),
                                g.memory_bandwidth_gbs, link)
            self._serve[key] = s.serving_tokens_per_s if s.serving_tokens_per_s is not None else s.decode_tokens_per_s
        return self._serve[key]

    def _auto_rate(self, gpu: int, n: int, link: TPLink | None) -> float:
        """Output tokens/s of one server of `n` GPUs running the most sequences within the latency bounds."""
        assert self.limits_ms is not None
        g, peak = self.gpus[gpu], float(self.peak[gpu])
        c = best_concurrency(self.workload, n, peak, g.memory_bandwidth_gbs, int(g.memory_gb * 1e9), *self.limits_ms,
                             link=link)
        self.auto[gpu, n, link] = c
        return c / tpot_s(self.workload, n, peak, g.memory_bandwidth_gbs, c, link)

    def speed(self, bt: BlockTable, c: Candidates, n_gpu: np.ndarray,
              net_gbs_per_gpu: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(training days with every server, tokens/s of every server) per candidate; a cluster's
        days as `configurator cluster` counts them (`cluster.scaling`: compute per step against
        the gradient all-reduce over each GPU's `net_gbs_per_gpu`, GB/s per direction)."""
        gpu = bt.gpu[c.block]
        if self.workload.mode == "train":
            days = train_days(self.flops, n_gpu * c.servers, self.peak[gpu], self.workload.mfu_on(n_gpu))
            days_a = np.asarray(days)
            if np.any(np.asarray(c.servers) > 1):
                days_a = self._scaled(days_a, gpu, n_gpu, c.servers, net_gbs_per_gpu)
            return days_a, self.tokens / (days_a * 86400.0)
        blocks = np.asarray(c.block)
        uniq, inv = np.unique(blocks, return_inverse=True)
        per = np.array([self.parallelism(bt, int(k))[1] for k in uniq])
        return np.full((), np.nan), per[inv.reshape(np.shape(blocks))] * c.servers

    def tp_of(self, bt: BlockTable, block: Any) -> np.ndarray:
        """GPUs per tensor-parallel group (replica) of each candidate's block (`parallelism`)."""
        blocks = np.asarray(block)
        uniq, inv = np.unique(blocks, return_inverse=True)
        tps = np.array([self.parallelism(bt, int(k))[0] for k in uniq], dtype=np.int64)
        return tps[inv.reshape(np.shape(blocks))]

    def parallelism(self, bt: BlockTable, block: int) -> tuple[int, float]:
        """(GPUs per replica, output tokens/s of the server) of serving block `block`: of the tensor-parallel
        degrees that divide its GPUs, split the model's heads (`ModelShape.tensor_parallel_ok`) and hold the job in
        each GPU's memory, the one whose replicas together serve fastest (ties: the smaller degree, fewer
        all-reduces); all the GPUs as one group when none fits (the memory check then drops the build)."""
        if block not in self._tp:
            gpu, n = int(bt.gpu[block]), int(bt.n_gpu[block])
            links = bt.links[block] if bt.links else {}
            cap = int(np.floor(bt.vram_gb[block] * 1e9))
            best: tuple[int, float] | None = None
            for tp in range(1, n + 1):
                if n % tp or not self.workload.model.tensor_parallel_ok(tp) or self._need_one(tp) > cap:
                    continue
                rate = (n // tp) * self.serving_per_server(gpu, tp, links.get(tp))
                if best is None or rate > best[1]:
                    best = (tp, rate)
            self._tp[block] = best if best is not None else (n, self.serving_per_server(gpu, n, links.get(n)))
        return self._tp[block]


    def _scaled(self, days: np.ndarray, gpu, n_gpu, servers, net) -> np.ndarray:
        """`days` with each multi-server row replaced by the cluster model's days at the pipeline depth that
        trains fastest (`pipeline`; rows of picks)."""
        days, gpu, n_gpu, servers, net = np.broadcast_arrays(days, gpu, n_gpu, servers, net)
        out = days.astype(float)
        for row in zip(*np.nonzero(servers > 1)):
            out[row] = self.pipeline(int(gpu[row]), int(n_gpu[row]), int(servers[row]), float(net[row]))[1]
        return out

    def layout(self, gpu: int, n: int, servers: int, gbs: float) -> ScalePoint:
        """The cluster model's point of `servers` servers at the pipeline depth chosen: TP × PP × DP, MFU, efficiency."""
        single = train_days(self.flops, n, float(self.peak[gpu]), float(self.workload.mfu_on(n)))
        inp = job_inputs(self.workload, n, self.flops, single, max(gbs, 1e-9))
        return point(inp, servers, TrainingSpec(pipeline_stages=self.pipeline(gpu, n, servers, gbs)[0]))

    def pipeline(self, gpu: int, n: int, servers: int, gbs: float) -> tuple[int, float]:
        """(pipeline stages, days) of `servers` servers of `n` GPUs (row `gpu`) with `gbs` GB/s per GPU:
        the depth that trains fastest (cluster.scaling.best_pipeline); inf days without a network."""
        key = (gpu, n, servers, round(gbs, 6))
        if key not in self._pipeline:
            if gbs <= 0:            # no network: the servers cannot train together
                self._pipeline[key] = (1, float("inf"))
            else:
                single = train_days(self.flops, n, float(self.peak[gpu]), float(self.workload.mfu_on(n)))
                inp = job_inputs(self.workload, n, self.flops, single, gbs)
                self._pipeline[key] = best_pipeline(inp, servers, self.workload.model.layers, TrainingSpec())
        return self._pipeline[key]


def energy_price(fx: FxTable, price_usd: Decimal, currency: str) -> float:
    """The electricity price per kWh in `currency` (the TCO's `input_money`), as a float."""
    value = fx.convert(Decimal(price_usd), "USD", currency)
    return float(price_usd if value is None else value)
