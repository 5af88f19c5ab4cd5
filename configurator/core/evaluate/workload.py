"""The workload model: does a training or inference job fit the GPUs, how long does it take, how fast does it decode.

Qt-free. The formulas, their calibration against real PyTorch allocations and the remaining uncertainty
are in docs/workload-model.md; the published closed forms live in `workload_formulas`, the fitted memory
model in `workload_memory`, the data types in `workload_models`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..message import Msg, Num, Term, items
from .workload_formulas import (
    ALLREDUCE_LATENCY_S,
    HBM_EFFICIENCY,
    MODEL_STATE_CONVENTIONS,
    TP_ACTIVATION_BYTES,
    TP_ALLREDUCES_PER_LAYER,
    TPLink,
    attention_flops_per_token,
    compute_tokens_per_s,
    decode_tokens_per_s_bound,
    deepspeed_estimator_bytes,
    deepspeed_zero2_estimate,
    deepspeed_zero3_estimate,
    korthikanti_activation_bytes,
    kv_cache_bytes,
    model_state_bytes,
    prefill_tokens_per_s,
    train_days,
    train_flops,
)
from .workload_memory import (
    KV_BYTES,
    SERVING_GPU_MEMORY_UTILIZATION,
    ServingCapacity,
    infer_kv_bytes,
    infer_memory,
    infer_weight_bytes,
    prefill_step_tokens,
    reserve_bytes,
    serving_capacity,
    train_memory,
    train_model_states,
)
from .workload_models import (
    DEFAULT_MAX_TOKENS_PER_STEP,
    DEFAULT_MFU,
    InferJob,
    MemoryBreakdown,
    ModelShape,
    ModelStates,
    TrainJob,
    Workload,
    WorkloadResult,
    mfu_regime,
)

__all__ = [
    "DEFAULT_MAX_TOKENS_PER_STEP", "DEFAULT_MFU", "InferJob", "MemoryBreakdown", "ModelShape", "ModelStates",
    "TrainJob", "Workload", "WorkloadResult", "MODEL_STATE_CONVENTIONS", "attention_flops_per_token", "compute_tokens_per_s",
    "decode_tokens_per_s_bound", "deepspeed_estimator_bytes", "deepspeed_zero2_estimate",
    "deepspeed_zero3_estimate", "estimate_memory", "evaluate_workload", "inference_speed",
    "korthikanti_activation_bytes", "kv_cache_bytes", "model_state_bytes", "model_states",
    "prefill_tokens_per_s", "serving_capacity", "train_days", "train_flops", "TPLink", "tp_comm_s",
]

_MAX_BATCH_LIMIT = 1 << 20


def estimate_memory(workload: Workload, n_gpus: int = 1) -> MemoryBreakdown:
    """PER-GPU bytes at the workload's peak.

    Training: ZeRO stage s shards over n_gpus data-parallel GPUs (1: optimizer, 2: + gradients,
    3: + weights). Inference: n_gpus > 1 is tensor parallelism, splitting weights and KV heads.
    """
    if n_gpus < 1:
        raise ValueError(f"n_gpus must be >= 1, got {n_gpus}")
    if workload.mode == "train":
        return train_memory(workload, n_gpus)
    return infer_memory(workload, n_gpus)


def model_states(workload: Workload, n_gpus: int = 1) -> ModelStates:
    """Per-GPU weights, gradients and optimizer states under the ZeRO stage (training; empty for inference)."""
    if n_gpus < 1:
        raise ValueError(f"n_gpus must be >= 1, got {n_gpus}")
    return train_model_states(workload, n_gpus) if workload.mode == "train" else ModelStates()


def _with_batch(workload: Workload, batch: int) -> Workload:
    if workload.mode == "train":
        return workload.model_copy(update={"train": workload.train.model_copy(update={"micro_batch": batch})})
    return workload.model_copy(update={"infer": workload.infer.model_copy(update={"batch": batch})})


def max_batch(workload: Workload, n_gpus: int, capacity_bytes: int) -> int:
    """Largest micro-batch (train) or batch (infer) whose per-GPU total fits; 0 if even 1 does not.

    Memory is nondecreasing (piecewise affine) in the batch, so a doubling then bisection search
    needs about 2·log2(answer) evaluations.
    """
    def fits(b: int) -> bool:
        return _needed(estimate_memory(_with_batch(workload, b), n_gpus)) <= capacity_bytes

    if not fits(1):
        return 0
    lo, hi = 1, 2
    while hi <= _MAX_BATCH_LIMIT and fits(hi):
        lo, hi = hi, hi * 2
    if hi > _MAX_BATCH_LIMIT:
        return lo
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


@dataclass(frozen=True)
class InferenceSpeed:
    """Token rates of an inference job on n GPUs: each the smaller of its memory and compute bounds."""

    decode_tokens_per_s: float
    prefill_tokens_per_s: float
    serving_tokens_per_s: float | None   # output tokens / (prefill time + decode time) for the batch
    decode_limit: str
    prefill_limit: str


def inference_speed(workload: Workload, n_gpus: int, peak_tflops: float, mfu: float,
                    bandwidth_gbs: float, link: TPLink | None = None) -> InferenceSpeed:
    """Decode and prefill rates, each min(memory-bandwidth bound, compute bound) (docs/workload-model.md).

    Decode step: every active weight and the batch's KV cache (at the mean context) are read once at
    `HBM_EFFICIENCY` of the peak bandwidth, and
    each sequence's token costs 2·N_active + attention FLOPs at peak × MFU. Prefill step: the engine's
    max tokens per step (or the whole batch) share one read of the weights; compute as for decode at
    half the prompt (causal attention). With `link` (the GPUs' shared link; None: not charged) each step of a
    tensor-parallel group adds its all-reduces: `TP_ALLREDUCES_PER_LAYER` per layer of the step's tokens ×
    hidden size in 16 bits (`tp_comm_s`).
    """
    m, job = workload.model, workload.infer
    n_active, d = m.active_param_count(), m.d_head
    mean_ctx = job.context + job.new_tokens / 2
    weights = infer_weight_bytes(m, job, active=True)
    kv_read = infer_kv_bytes(m, job, tokens=int(mean_ctx))
    achieved_gbs = bandwidth_gbs * HBM_EFFICIENCY      # what an engine reaches of the peak
    decode_mem = decode_tokens_per_s_bound(weights, kv_read, achieved_gbs, job.batch, n_gpus)
    decode_cpu = compute_tokens_per_s(2 * n_active + attention_flops_per_token(m.layers, m.heads, d, mean_ctx),
                                      peak_tflops, mfu, n_gpus)
    prefill_mem = decode_tokens_per_s_bound(weights, 0, achieved_gbs, prefill_step_tokens(job), n_gpus)
    prefill_cpu = compute_tokens_per_s(
        2 * n_active + attention_flops_per_token(m.layers, m.heads, d, job.context / 2), peak_tflops, mfu, n_gpus)
    decode, prefill = min(decode_mem, decode_cpu), min(prefill_mem, prefill_cpu)
    if link is not None and n_gpus > 1:
        step = prefill_step_tokens(job)
        decode = job.batch / (job.batch / decode + tp_comm_s(m.layers, m.hidden, job.batch, n_gpus, link))
        prefill = step / (step / prefill + tp_comm_s(m.layers, m.hidden, step, n_gpus, link))
    out_tokens = job.batch * job.new_tokens
    serving = None
    if out_tokens:
        serving = out_tokens / (job.batch * job.context / prefill + out_tokens / decode)
    return InferenceSpeed(decode, prefill, serving,
                          "memory bandwidth" if decode_mem <= decode_cpu else "compute",
                          "memory bandwidth" if prefill_mem <= prefill_cpu else "compute")


def tp_comm_s(layers: int, hidden: int, tokens: int, n_gpus: int, link: TPLink) -> float:
    """Seconds of one forward step's tensor-parallel all-reduces: 2 per layer of `tokens` × `hidden` 16-bit values
    (Megatron-LM's communication per layer, docs/workload-model.md)."""
    return layers * TP_ALLREDUCES_PER_LAYER * link.allreduce_s(tokens * hidden * TP_ACTIVATION_BYTES, n_gpus)


def _gb(n: float) -> Num:
    """Bytes as GB: one decimal below 100 GB."""
    return Num(n / 1e9, ".1f" if n < 100e9 else ".0f")


def _suggestions(workload: Workload, n_gpus: int, capacity: int) -> list[Msg]:
    """Changes that would make a training job fit, tried one at a time."""
    if workload.mode == "infer":
        tries = []
        for p in ("fp8", "int4"):
            if p != workload.infer.precision:
                tries.append((Msg("workload.try.precision", precision=p), workload.model_copy(
                    update={"infer": workload.infer.model_copy(update={"precision": p})}), n_gpus))
        if workload.infer.max_tokens_per_step is None:
            step = Num(DEFAULT_MAX_TOKENS_PER_STEP, ",")
            tries.append((Msg("workload.try.chunked-prefill", n=step), workload.model_copy(
                update={"infer": workload.infer.model_copy(
                    update={"max_tokens_per_step": DEFAULT_MAX_TOKENS_PER_STEP})}), n_gpus))
        tries.append((Msg("workload.try.tensor-parallel"), workload, max(8, n_gpus * 2)))
    else:
        job = workload.train
        n8 = max(8, n_gpus)
        tries = [
            (Msg("workload.try.zero3", n=n8), workload.model_copy(
                update={"train": job.model_copy(update={"zero_stage": 3})}), n8),
            (Msg("workload.try.checkpointing"), workload.model_copy(
                update={"train": job.model_copy(update={"checkpointing": True})}), n_gpus),
            (Msg("workload.try.micro-batch"), _with_batch(workload, 1), n_gpus),
            (Msg("workload.try.fused-adamw"), workload.model_copy(
                update={"train": job.model_copy(update={"optimizer_impl": "fused"})}), n_gpus),
            (Msg("workload.try.adamw8bit"), workload.model_copy(
                update={"train": job.model_copy(update={"optimizer": "adamw8bit"})}), n_gpus),
        ]
    good = [label for label, w, n in tries
            if (w != workload or n != n_gpus) and _needed(estimate_memory(w, n)) <= capacity]
    if good:
        return good[:2]
    return [label for label, w, n in tries if w != workload or n != n_gpus][:1] + [Msg("workload.try.more-gpus")]


def _needed(mem: MemoryBreakdown) -> int:
    """What the GPU must hold: the allocator's peak plus the CUDA context / fragmentation reserve."""
    return mem.total + reserve_bytes(mem.total)


def _verdict(workload: Workload, mem: MemoryBreakdown, n_gpus: int, capacity: int) -> Msg:
    need = _needed(mem)
    if need <= capacity:
        return Msg("workload.fits", need=_gb(need), capacity=_gb(capacity), pct=Num(need / capacity, ".0%"))
    tips = items(_suggestions(workload, n_gpus, capacity), conj="or")
    return Msg("workload.no-fit", need=_gb(need), capacity=_gb(capacity), tips=tips)


def _compute_peak(workload: Workload, bf16_tflops: float, fp8_tflops: float | None) -> tuple[float, Msg | None]:
    """Dense peak TFLOPS the job computes at (FP8 for 8/4-bit work, TF32 = BF16/2 for fp32) and a note."""
    precision = workload.train.precision if workload.mode == "train" else workload.infer.precision
    if precision in ("fp8", "int8", "int4"):
        if fp8_tflops:
            return fp8_tflops, Msg("workload.note.fp8-peak")
        return bf16_tflops, Msg("workload.note.no-fp8")
    if precision == "fp32":
        return bf16_tflops / 2, Msg("workload.note.tf32")
    return bf16_tflops, None


def _train_time(workload: Workload, n_gpus: int, peak: float, mfu: float, notes: list[Msg]) -> tuple[float, float]:
    """(6·N·D FLOPs, days) of the training job; appends the notes that explain them."""
    job, m = workload.train, workload.model
    tokens = job.tokens if job.tokens is not None else 20 * m.param_count()
    if job.tokens is None:
        notes.append(Msg("workload.note.chinchilla"))
    flops = train_flops(m.active_param_count(), tokens)
    notes.append(Msg("workload.note.train-time", mfu=Num(mfu, ".0%")))
    if workload.mfu is None:
        notes.append(Msg(f"workload.note.mfu-{mfu_regime(n_gpus)}", mfu=Num(mfu, ".1%"), gpus=n_gpus))
    states = model_states(workload, n_gpus)
    notes.append(Msg("workload.note.model-states", size=Num(states.bytes_per_param, "g"), precision=job.precision,
                     optimizer=job.optimizer, impl=job.optimizer_impl, stage=job.zero_stage,
                     gb=_gb(states.total)))
    if job.zero_stage == 0 and n_gpus > 1:
        notes.append(Msg("workload.note.plain-dp"))
    return flops, train_days(flops, n_gpus, peak, mfu)


def _inference_notes(workload: Workload, speed: InferenceSpeed, n_gpus: int, mfu: float, tp: int,
                     link: TPLink | None) -> list[Msg]:
    notes = [Msg("workload.note.limits", decode=Term(speed.decode_limit), prefill=Term(speed.prefill_limit),
                 mfu=Num(mfu, ".0%"))]
    job, m = workload.infer, workload.model
    if job.max_tokens_per_step is not None:
        notes.append(Msg("workload.note.chunked", n=Num(job.max_tokens_per_step, ",")))
    else:
        notes.append(Msg("workload.note.whole-batch", n=Num(job.batch * job.context, ",")))
    per_token = m.kv_bytes_per_token(KV_BYTES[job.kv_dtype])
    notes.append(Msg("workload.note.kv-cache", bytes=Num(per_token, ",.0f"), kind=m.attention_kind.upper(),
                     dtype=job.kv_dtype))
    if m.sliding_window is not None:
        window_layers = m.kv_layers if m.sliding_layers is None else m.sliding_layers
        notes.append(Msg("workload.note.sliding", n=window_layers, layers=m.kv_layers,
                         window=Num(m.sliding_window, ",")))
    if m.attention_layers is not None:
        notes.append(Msg("workload.note.recurrent", n=m.attention_layers, layers=m.layers))
    if tp < n_gpus:
        notes.append(Msg("workload.note.replicas", n=n_gpus, replicas=n_gpus // tp, tp=tp))
    elif n_gpus > 1:
        notes.append(Msg("workload.note.tensor-parallel", n=n_gpus))
    if tp > 1 and link is not None:
        notes.append(Msg(f"workload.note.allreduce-{link.kind}", gbs=Num(link.gbs, ".1f"),
                         us=Num(ALLREDUCE_LATENCY_S[link.kind] * 1e6, ".0f"), per_layer=TP_ALLREDUCES_PER_LAYER))
    return notes


def evaluate_workload(
    workload: Workload,
    *,
    gpu_memory_gb: float,
    n_gpus: int,
    gpu_bf16_tflops: float,
    gpu_fp8_tflops: float | None,
    gpu_bandwidth_gbs: float,
    tp_link: TPLink | None = None,
) -> WorkloadResult:
    """Memory fit, largest batch, training time or decode/prefill speed of `workload` on n_gpus GPUs
    (`tp_link`: the link their tensor-parallel all-reduces cross; None: not charged)."""
    capacity = int(gpu_memory_gb * 1e9)
    # a cluster's build: ZeRO over every server's GPUs; serving: one tensor-parallel group (a replica)
    shard = workload.sharded_over(n_gpus) if workload.mode == "train" else workload.serving_tp(n_gpus)
    mem = estimate_memory(workload, shard)
    mfu = float(workload.mfu_on(n_gpus))
    reserve = reserve_bytes(mem.total)
    notes = [Msg("workload.note.peak", phase=Term(mem.phase), gb=_gb(mem.total), reserve=_gb(reserve))]
    peak, peak_note = _compute_peak(workload, gpu_bf16_tflops, gpu_fp8_tflops)
    if peak_note:
        notes.append(peak_note)
    flops = days = None
    speed: InferenceSpeed | None = None
    cap: ServingCapacity | None = None
    if workload.mode == "train":
        flops, days = _train_time(workload, n_gpus, peak, mfu, notes)
    else:
        one = inference_speed(workload, shard, peak, mfu, gpu_bandwidth_gbs, tp_link)
        replicas = n_gpus // shard           # the server's replicas decode and prefill side by side
        speed = InferenceSpeed(one.decode_tokens_per_s * replicas, one.prefill_tokens_per_s * replicas,
                               None if one.serving_tokens_per_s is None else one.serving_tokens_per_s * replicas,
                               one.decode_limit, one.prefill_limit)
        notes.extend(_inference_notes(workload, speed, n_gpus, mfu, shard, tp_link))
        if workload.infer.max_tokens_per_step is not None:   # a serving engine with a paged KV cache
            cap = serving_capacity(workload, shard, gpu_memory_gb)
            notes.append(_capacity_note(cap))
    return WorkloadResult(
        per_gpu=mem,
        capacity_bytes=capacity,
        fits=mem.total + reserve <= capacity,
        headroom_bytes=capacity - mem.total - reserve,
        reserve_bytes=reserve,
        max_batch=max_batch(workload, shard, capacity),
        verdict=_verdict(workload, mem, shard, capacity),
        train_flops=flops,
        train_days=days,
        mfu=mfu,
        decode_tokens_per_s=speed.decode_tokens_per_s if speed else None,
        prefill_tokens_per_s=speed.prefill_tokens_per_s if speed else None,
        serving_tokens_per_s=speed.serving_tokens_per_s if speed else None,
        decode_limit=speed.decode_limit if speed else None,
        prefill_limit=speed.prefill_limit if speed else None,
        model_states=model_states(workload, shard),
        notes=tuple(notes),
        kv_cache_tokens=cap.kv_tokens if cap else None,
        max_concurrency=cap.max_concurrency if cap else None,
        concurrency_tokens=cap.tokens_per_request if cap else None,
        cuda_graph_bytes=int(cap.cuda_graphs) if cap else None,
        comm_buffer_bytes=int(cap.comm_buffers) if cap else None,
    )


def _capacity_note(cap: ServingCapacity) -> Msg:
    """The serving engine's KV-cache capacity and the concurrency it allows, with what the budget pays first."""
    return Msg("workload.note.kv-capacity", tokens=Num(cap.kv_tokens, ","), conc=Num(math.floor(cap.max_concurrency), ","),
               context=Num(cap.tokens_per_request, ","), util=Num(SERVING_GPU_MEMORY_UTILIZATION, ".0%"),
               weights=_gb(cap.weights), acts=_gb(cap.activations), graphs=_gb(cap.cuda_graphs),
               comm=_gb(cap.comm_buffers), other=_gb(cap.non_torch))
