"""Time to train across servers: compute per step vs the gradient all-reduce over the fabric.

The engine's workload result gives one server's training time (6·N·D at the workload's MFU);
that MFU is taken to cover everything inside the server (NVLink collectives included). Across
S servers, data parallelism adds, per optimizer step, a hierarchical ring all-reduce of the
gradients: after the in-server reduce-scatter each GPU all-reduces its 1/g shard over its own
NIC(s) (rail-optimised: same-rail peers, one hop), moving 2·(S−1)/S · G/g bytes at the
injection bandwidth / oversubscription (Patarasuk & Yuan 2009; NCCL's ring algorithm).
ZeRO-3 adds the parameter all-gathers: 1.5× the traffic. Step time = compute + exposed
communication; efficiency = compute / step; days(S) = one server's days / S / efficiency.

3-D layout: tensor parallelism over each server's g GPUs (its NVLink domain), `pipeline_stages`
p across servers, data parallelism over the remaining S/p model copies; each GPU all-reduces the
gradients of its 1/(g·p) of the model (405B in bf16, TP8 × PP16: 810 GB / 128 = 6.3 GB, not the
101 GB of TP8 alone). A fixed global batch B (tokens per step) is split over the GPUs: with
accumulation a ≥ 1 while S·g·micro ≤ B, and beyond that each GPU's share B/(S·g) shrinks, so the
all-reduce, whose size does not shrink, takes an ever larger part of the step: diminishing returns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..evaluate.workload_formulas import train_flops
from ..evaluate.workload_models import Workload
from .server_figures import ServerFigures
from .spec import TrainingSpec

#: bytes per gradient element: fp32 recipes keep fp32 gradients, the others 16-bit ones
GRAD_BYTES = {"fp32": 4}
MAX_SERVERS = 100_000


@dataclass(frozen=True)
class ScalePoint:
    servers: int
    gpus: int
    step_s: float
    compute_s: float
    comm_s: float          # exposed (not overlapped) all-reduce time and pipeline bubble per step
    efficiency: float      # compute / step
    days: float
    tensor_parallel: int = 1    # GPUs of one server (its NVLink domain) splitting each layer
    pipeline_stages: int = 1    # servers in a row, each holding a slice of the layers
    data_parallel: int = 1      # model copies, each all-reducing its gradient shard with the others
    tokens_per_gpu: float = 0.0  # tokens each GPU computes per optimizer step
    mfu: float | None = None     # the MFU the step computes at (None: the build has no workload)


@dataclass(frozen=True)
class StepInputs:
    """What a step costs, from the server's figures and its workload."""

    gpus_per_server: int
    flops_per_token: float       # 6 × active parameters
    gpu_flops_per_s: float       # achieved, from the engine's train_flops / train_days
    tokens_per_micro_step: float  # per GPU: micro_batch × seq_len
    grad_bytes: float            # all gradients of the model
    traffic_factor: float        # 1.0, or 1.5 with ZeRO-3
    net_gbs_per_gpu: float       # per direction, after oversubscription
    single_days: float
    #: the job, whose default MFU falls with the GPU count (`Workload.mfu_on`): `gpu_flops_per_s` and
    #: `single_days` are at one server's MFU, a cluster computes at the MFU of all its GPUs
    workload: Workload | None = None

    def mfu_ratio(self, servers: Any) -> Any:
        """MFU on `servers` servers over one server's (1 with a given MFU or no workload)."""
        if self.workload is None or self.workload.mfu is not None:
            return np.ones_like(np.asarray(servers, dtype=float)) if np.ndim(servers) else 1.0
        return self.workload.mfu_on(servers * self.gpus_per_server) / self.workload.mfu_on(self.gpus_per_server)


def step_inputs(fig: ServerFigures, injection_gbps_per_gpu: float, oversubscription: float) -> StepInputs | None:
    """The step model's inputs; None without a training workload or a network."""
    wl_result = fig.evaluation.workload
    if wl_result is None or not fig.train_days or not wl_result.train_flops:
        return None
    build_workload = fig.workload
    if build_workload is None or build_workload.mode != "train" or injection_gbps_per_gpu <= 0:
        return None
    return job_inputs(build_workload, fig.gpus, wl_result.train_flops, fig.train_days,
                      injection_gbps_per_gpu / 8.0 / max(1.0, oversubscription))


def job_inputs(workload: Workload, gpus: int, flops: float, single_days: float,
               net_gbs_per_gpu: float) -> StepInputs:
    """The step model's inputs for a training `workload` that takes `single_days` on one server of
    `gpus` GPUs (`flops` in all); the recommender sizes its clusters with these very inputs."""
    job, model = workload.train, workload.model
    return StepInputs(
        gpus_per_server=max(1, gpus), flops_per_token=train_flops(model.active_param_count(), 1.0),
        gpu_flops_per_s=flops / (single_days * 86400.0 * max(1, gpus)),
        tokens_per_micro_step=float(job.micro_batch * job.seq_len),
        grad_bytes=model.param_count() * GRAD_BYTES.get(job.precision, 2),
        traffic_factor=1.5 if job.zero_stage == 3 else 1.0,
        net_gbs_per_gpu=net_gbs_per_gpu, single_days=single_days, workload=workload)


def step_seconds(inp: StepInputs, servers: Any, training: TrainingSpec, net_gbs_per_gpu: Any = None) -> tuple:
    """(compute s, exposed communication + pipeline bubble s) of one optimizer step on `servers` servers; `servers`
    and `net_gbs_per_gpu` (default: the inputs') may be numpy arrays (the recommender's candidates)."""
    net = inp.net_gbs_per_gpu if net_gbs_per_gpu is None else net_gbs_per_gpu
    tokens: Any = training.grad_accum_steps * inp.tokens_per_micro_step
    if training.global_batch_tokens:
        tokens = tokens_per_gpu_step(inp, servers, training.global_batch_tokens)
    stages = np.minimum(training.pipeline_stages, servers)
    replicas = np.maximum(1.0, servers / stages)                  # data-parallel copies of the model
    # pipeline bubble of the interleaved 1F1B schedule (Narayanan et al. 2021, eq. for t_pb / t_id):
    # (p - 1) / (v · m) with m micro-batches per pipeline per step
    micro = np.maximum(1.0, tokens * inp.gpus_per_server * stages / inp.tokens_per_micro_step)
    bubble = (stages - 1) / (training.virtual_stages * micro)
    compute = tokens * inp.flops_per_token / (inp.gpu_flops_per_s * inp.mfu_ratio(servers))
    shard = inp.grad_bytes / (inp.gpus_per_server * stages)
    wire = 2.0 * (replicas - 1) / replicas * shard * inp.traffic_factor / (net * 1e9)
    return compute, wire * (1.0 - training.overlap_pct / 100.0) + compute * bubble


def tokens_per_gpu_step(inp: StepInputs, servers: Any, batch_tokens: float) -> Any:
    """Tokens each GPU computes per optimizer step at a global batch of `batch_tokens`: whole
    micro-batches accumulated up to the batch, or its share of the batch once the cluster's one
    micro-batch per GPU already exceeds it."""
    gpus = servers * inp.gpus_per_server
    ratio = batch_tokens / (gpus * inp.tokens_per_micro_step)       # micro-batches per GPU per step
    return np.where(ratio >= 1 - 1e-9, np.ceil(ratio - 1e-9) * inp.tokens_per_micro_step, batch_tokens / gpus)


def exceeds_batch(inp: StepInputs, servers: int, training: TrainingSpec) -> bool:
    """Whether one micro-batch on every GPU is more than the global batch (no accumulation left)."""
    batch = training.global_batch_tokens
    return bool(batch) and servers * inp.gpus_per_server * inp.tokens_per_micro_step > float(batch or 0) * (1 + 1e-9)


#: pipeline depths the recommender tries per cluster (Megatron-LM: stages dividing the layers and the servers)
PIPELINE_CHOICES = (1, 2, 4, 8, 16)


def with_pipeline(training: TrainingSpec, workload: Workload | None) -> TrainingSpec:
    """`training` with the build's own pipeline depth (`TrainJob.pipeline_stages`, the recommender's choice)
    where the cluster file sets none (1)."""
    stages = workload.train.pipeline_stages if workload is not None and workload.mode == "train" else 1
    if training.pipeline_stages != 1 or stages == 1:
        return training
    return training.model_copy(update={"pipeline_stages": stages})


def best_pipeline(inp: StepInputs, servers: int, layers: int, training: TrainingSpec) -> tuple[int, float]:
    """(stages, days) of the pipeline depth that trains fastest on `servers` servers: of `PIPELINE_CHOICES`,
    those dividing the servers and the model's layers."""
    best = (1, float(days_on(inp, servers, training)))
    for p in PIPELINE_CHOICES[1:]:
        if p <= servers and servers % p == 0 and layers % p == 0:
            days = float(days_on(inp, servers, training.model_copy(update={"pipeline_stages": p})))
            if days < best[1] * (1 - 1e-9):
                best = (p, days)
    return best


def days_on(inp: StepInputs, servers: Any, training: TrainingSpec, net_gbs_per_gpu: Any = None) -> Any:
    """Days to train on `servers` servers (an int or a numpy array): one server's days shared by the
    servers, slowed by the cluster's lower MFU and by the exposed communication of each step."""
    compute, comm = step_seconds(inp, servers, training, net_gbs_per_gpu)
    return inp.single_days / servers / inp.mfu_ratio(servers) * (compute + comm) / compute


def point(inp: StepInputs, servers: int, training: TrainingSpec) -> ScalePoint:
    """Step time, efficiency and days on `servers` servers."""
    compute, comm = (float(x) for x in step_seconds(inp, servers, training))
    eff = compute / (compute + comm)
    stages = min(training.pipeline_stages, servers)
    tokens = training.grad_accum_steps * inp.tokens_per_micro_step
    if training.global_batch_tokens:
        tokens = float(tokens_per_gpu_step(inp, servers, training.global_batch_tokens))
    return ScalePoint(servers=servers, gpus=servers * inp.gpus_per_server, step_s=compute + comm,
                      compute_s=compute, comm_s=comm, efficiency=eff,
                      days=inp.single_days / servers / float(inp.mfu_ratio(servers)) / eff,
                      tensor_parallel=inp.gpus_per_server, pipeline_stages=stages,
                      data_parallel=max(1, servers // stages), tokens_per_gpu=tokens,
                      mfu=None if inp.workload is None else float(inp.workload.mfu_on(servers * inp.gpus_per_server)))


def curve(inp: StepInputs, servers: int, training: TrainingSpec) -> tuple[ScalePoint, ...]:
    """Points at 1, 2, 4 ... up to 4 × `servers`, and at `servers` itself: diminishing returns."""
    sizes = {servers}
    n = 1
    while n <= 4 * servers:
        sizes.add(n)
        n *= 2
    return tuple(point(inp, s, training) for s in sorted(sizes))


def servers_for(inp: StepInputs, deadline_days: float, training: TrainingSpec) -> int | None:
    """Fewest servers that train within `deadline_days`; None if no count up to MAX_SERVERS does.

    days(S) falls as S grows (communication per step is bounded by 2·G/g), so: double from the
    ideal count until the deadline is met, then bisect back."""
    def ok(n: int) -> bool:
        return point(inp, n, training).days <= deadline_days

    low = max(1, math.ceil(inp.single_days / deadline_days - 1e-9))   # no fewer can do it
    if ok(low):
        return low
    high = low
    while not ok(high):
        if high >= MAX_SERVERS:
            return None
        low, high = high, min(MAX_SERVERS, 2 * high)
    while high - low > 1:                                             # ok(high), not ok(low)
        mid = (low + high) // 2
        low, high = (low, mid) if ok(mid) else (mid, high)
    return high


__all__ = ["ScalePoint", "StepInputs", "step_inputs", "job_inputs", "step_seconds", "tokens_per_gpu_step",
           "exceeds_batch", "days_on", "best_pipeline", "with_pipeline", "PIPELINE_CHOICES", "point", "curve", "servers_for"]
