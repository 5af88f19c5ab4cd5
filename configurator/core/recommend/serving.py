"""Serving latency and concurrency of a recommended build: time to first token (TTFT), time per output
token (TPOT) and the sequences the GPUs' memory holds, with the parallelism each figure assumes.

Parallelism: each server's GPUs run as replicas of `tp` GPUs, each with tensor parallelism over its GPUs (the
degree the recommender chose for the candidate, `vector.WorkTable.parallelism`, and the split the
`workload.tensor-parallel` rule checks; no pipeline and no expert parallelism: a mixture of experts is split with
the tensor-parallel group); concurrent users spread evenly over every server's replicas. Each step of a group of
two or more pays its all-reduces over the link its GPUs share (`evaluate.bandwidth.tp_link`).

The figures come from the workload model's inference speed (`evaluate.workload.inference_speed`:
prefill compute-bound at peak × MFU, decode bound by reading the weights and the KV cache at
`HBM_EFFICIENCY` of the peak bandwidth) and memory (`max_batch`), with a serving engine's continuous
batching and chunked prefill (docs/cli.md, "Serving targets"):

- TPOT at C sequences per server: one decode step of the C sequences plus the prefill work of the
  other C − 1 sessions spread over their output tokens (each brings `context` prompt tokens per
  `new_tokens` output tokens), C / decode rate + (C − 1) · context / (new_tokens · prefill rate).
- TTFT of a prompt of `context` tokens: its prefill, plus the decode of the C − 1 other sequences in
  each chunk's step (one step per `max_tokens_per_step` chunk), plus its mean wait behind the other sessions'
  prompts (`queue_wait_s`: M/D/1 at the load the C − 1 others bring).
- Concurrency: the users asked (spread over the replicas), else the workload's batch; with neither (the
  CLI's default) each replica runs the most sequences that meet the TTFT and TPOT bounds (the user's, else
  MLPerf Inference's Server scenario: 2 s, 200 ms, 100 ms for small models), memory and the engine's
  `max_num_seqs` allow (`best_concurrency`), and its rate is those sequences over their TPOT.
- Concurrent sequences: the largest batch of `context + new_tokens`-token sequences whose weights,
  KV cache, activations and allocator reserve fit each GPU (`max_batch`, the memory check's figure).

tests/core/recommend/test_serving_reference.py holds TTFT and TPOT against NVIDIA NIM's published
Llama 70B on 2 × H100 FP8 TP2 table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..evaluate.workload import inference_speed, max_batch
from ..evaluate.workload_formulas import TPLink
from ..evaluate.workload_models import Workload


@dataclass(frozen=True)
class Serving:
    """A candidate's serving figures; `concurrency` and `max_sequences` are per replica (a tensor-parallel group of
    `tp` GPUs), `replicas` counts them over every server."""

    tp: int
    replicas: int
    prompt_tokens: int
    session_tokens: int
    concurrency: int
    ttft_s: float
    tpot_s: float
    max_sequences: int
    pp: int = 1
    ep: int = 1

    @property
    def max_users(self) -> int:
        """Concurrent sequences over every replica."""
        return self.max_sequences * self.replicas

    def to_json(self) -> dict[str, object]:
        return {"parallelism": {"tp": self.tp, "pp": self.pp, "ep": self.ep, "replicas": self.replicas},
                "prompt_tokens": self.prompt_tokens, "session_tokens": self.session_tokens,
                "concurrency_per_replica": self.concurrency, "ttft_ms": round(self.ttft_s * 1000, 3),
                "tpot_ms": round(self.tpot_s * 1000, 3), "max_concurrent_sequences": self.max_users}


#: the most sequences a serving engine schedules at once by default (vLLM `max_num_seqs`, 256:
#: https://docs.vllm.ai/en/v0.6.3.post1/models/engine_args.html, read 2026-12-06, high confidence)
ENGINE_MAX_SEQS = 256
#: serving latency bounds when the user gives no concurrency and no targets: MLPerf Inference's Server scenario,
#: TTFT 2,000 ms and TPOT 200 ms for llama2-70b and mixtral-8x7b, 100 ms for llama3_1-8b
#: (https://github.com/mlcommons/inference/blob/master/loadgen/mlperf.conf, read 2026-12-06, high confidence)
DEFAULT_TTFT_MS = 2000.0
DEFAULT_TPOT_MS = {"small": 100.0, "large": 200.0}
#: active parameters up to which the small model's TPOT bound applies (Llama 3.1 8B's; 70B takes the large one)
SMALL_MODEL_PARAMS = 20e9


def default_tpot_ms(workload: Workload) -> float:
    """MLPerf's Server-scenario TPOT bound for a model of this size."""
    return DEFAULT_TPOT_MS["small" if workload.model.active_param_count() <= SMALL_MODEL_PARAMS else "large"]


def best_concurrency(workload: Workload, n_gpus: int, peak_tflops: float, bandwidth_gbs: float,
                     capacity_bytes: int, ttft_ms: float, tpot_ms: float, link: TPLink | None = None) -> int:
    """The most sequences one server runs within `ttft_ms` and `tpot_ms`, at most what its memory holds and
    `ENGINE_MAX_SEQS`; 1 when even one sequence misses a bound (the targets then drop the build). TTFT and
    TPOT rise with the concurrency, so a bisection finds it."""
    most = min(ENGINE_MAX_SEQS, max(1, max_batch(workload, n_gpus, capacity_bytes)))

    def ok(c: int) -> bool:
        return (ttft_s(workload, n_gpus, peak_tflops, bandwidth_gbs, c, link) * 1000 <= ttft_ms
                and tpot_s(workload, n_gpus, peak_tflops, bandwidth_gbs, c, link) * 1000 <= tpot_ms)

    if not ok(1):
        return 1
    lo, hi = 1, most + 1                     # ok(lo), not ok(hi) or past the most
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    return lo


def per_server(users: int | None, replicas: int, batch: int) -> int:
    """Sequences each replica runs: the users spread over the replicas, else the workload's batch."""
    return batch if users is None else max(1, -(-users // replicas))


def _at_batch(workload: Workload, batch: int) -> Workload:
    return workload.model_copy(update={"infer": workload.infer.model_copy(update={"batch": batch})})


def decode_step_s(workload: Workload, n_gpus: int, peak_tflops: float, bandwidth_gbs: float, k: int,
                  link: TPLink | None = None) -> float:
    """Seconds of one decode step of `k` sequences on `n_gpus` (0 for none), with its all-reduces over `link`."""
    if k < 1:
        return 0.0
    s = inference_speed(_at_batch(workload, k), n_gpus, peak_tflops, workload.effective_mfu, bandwidth_gbs, link)
    return k / s.decode_tokens_per_s


def prefill_rate(workload: Workload, n_gpus: int, peak_tflops: float, bandwidth_gbs: float,
                 link: TPLink | None = None) -> float:
    """Prompt tokens per second of one request's prefill (chunked as the engine steps)."""
    return inference_speed(_at_batch(workload, 1), n_gpus, peak_tflops, workload.effective_mfu,
                           bandwidth_gbs, link).prefill_tokens_per_s


def ttft_s(workload: Workload, n_gpus: int, peak_tflops: float, bandwidth_gbs: float, concurrency: int,
           link: TPLink | None = None) -> float:
    """Time to first token of a `context`-token prompt with `concurrency` sequences on the replica: its prefill,
    the decode steps of the others it shares its chunks' steps with, and its wait behind the others' prompts
    (`queue_wait_s`)."""
    job = workload.infer
    chunk = job.max_tokens_per_step
    steps = 1 if chunk is None else math.ceil(job.context / chunk)
    prefill = job.context / prefill_rate(workload, n_gpus, peak_tflops, bandwidth_gbs, link)
    base = prefill + steps * decode_step_s(workload, n_gpus, peak_tflops, bandwidth_gbs, concurrency - 1, link)
    if concurrency <= 1 or job.new_tokens < 1:
        return base
    cycle = base + job.new_tokens * tpot_s(workload, n_gpus, peak_tflops, bandwidth_gbs, concurrency, link)
    return base + queue_wait_s(prefill, cycle, concurrency)


def queue_wait_s(service_s: float, cycle_s: float, concurrency: int) -> float:
    """Mean wait of an arriving prompt behind the other sessions' prompts: M/D/1 (Pollaczek-Khinchine, deterministic
    service: W = rho * S / (2 (1 - rho)); https://en.wikipedia.org/wiki/M/D/1_queue, read 2026-12-06, high
    confidence for the formula) with S = one prompt's prefill and the load the arrival sees from the C - 1 other
    sessions, each starting a prompt once per `cycle_s` (TTFT + output tokens x TPOT: a closed loop of C users, so
    by the arrival theorem of closed networks it meets C - 1 of them, Reiser and Lavenberg 1980,
    https://doi.org/10.1145/322186.322195): rho = (C - 1) S / cycle. Infinite at rho >= 1 (the prompts outrun the
    engine). An estimate: arrivals are taken as Poisson and the prompts' chunks as one service."""
    rho = (concurrency - 1) * service_s / cycle_s
    if rho >= 1:
        return math.inf
    return rho * service_s / (2 * (1 - rho))


def tpot_s(workload: Workload, n_gpus: int, peak_tflops: float, bandwidth_gbs: float, concurrency: int,
           link: TPLink | None = None) -> float:
    """Time per output token with `concurrency` sequences decoding on the server."""
    job = workload.infer
    step = decode_step_s(workload, n_gpus, peak_tflops, bandwidth_gbs, concurrency, link)
    if concurrency <= 1 or job.new_tokens < 1:
        return step
    share = (concurrency - 1) * job.context / job.new_tokens
    return step + share / prefill_rate(workload, n_gpus, peak_tflops, bandwidth_gbs, link)


class ServingTable:
    """`Serving` figures by (GPU row, GPUs per server, servers), each computed once."""

    def __init__(self, workload: Workload, users: int | None,
                 auto: dict[tuple[int, int, TPLink | None], int] | None = None) -> None:
        self.workload = workload
        self.users = users
        #: (GPU row, GPUs per server, link) -> sequences per server chosen within the latency bounds (auto concurrency)
        self.auto = auto
        self._speed: dict[tuple[int, int, int, TPLink | None], tuple[float, float]] = {}
        self._seqs: dict[tuple[int, int], int] = {}

    def figures(self, gpu: int, n_gpus: int, servers: int, peak_tflops: float, bandwidth_gbs: float,
                capacity_bytes: int, link: TPLink | None = None, tp: int | None = None) -> Serving:
        """Figures of `servers` servers of `n_gpus` GPUs each run as replicas of `tp` GPUs (None: one per server)."""
        w = self.workload
        tp = n_gpus if tp is None else tp
        replicas = servers * (n_gpus // tp)
        c = per_server(self.users, replicas, w.infer.batch)
        if self.auto is not None and (gpu, tp, link) in self.auto:
            c = self.auto[gpu, tp, link]
        key = (gpu, tp, c, link)
        if key not in self._speed:
            self._speed[key] = (ttft_s(w, tp, peak_tflops, bandwidth_gbs, c, link),
                                tpot_s(w, tp, peak_tflops, bandwidth_gbs, c, link))
        if (tp, capacity_bytes) not in self._seqs:
            self._seqs[tp, capacity_bytes] = max_batch(w, tp, capacity_bytes)
        ttft, tpot = self._speed[key]
        return Serving(tp=tp, replicas=replicas, prompt_tokens=w.infer.context,
                       session_tokens=w.infer.context + w.infer.new_tokens, concurrency=c, ttft_s=ttft,
                       tpot_s=tpot, max_sequences=self._seqs[tp, capacity_bytes])
