"""The workload model: does a training or inference job fit the GPUs, how long does it take, how fast does it decode.

Qt-free. The formulas, their calibration against real PyTorch allocations and the remaining uncertainty
are in docs/workload-model.md; the published closed forms live in `workload_formulas`, the fitted memory
model in `workload_memory`, the data types in `workload_models`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .workload_formulas import (
    HBM_EFFICIENCY,
    MODEL_STATE_CONVENTIONS,
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
    infer_kv_bytes,
    infer_memory,
    infer_weight_bytes,
    prefill_step_tokens,
    reserve_bytes,
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
    "prefill_tokens_per_s", "train_days", "train_flops",
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
                    bandwidth_gbs: float) -> InferenceSpeed:
    """Decode and prefill rates, each min(memory-bandwidth bound, compute bound) (docs/workload-model.md).

    Decode step: every active weight and the batch's KV cache (at the mean context) are read once at
    `HBM_EFFICIENCY` of the peak bandwidth, and
    each sequence's token costs 2·N_active + attention FLOPs at peak × MFU. Prefill step: the engine's
    max tokens per step (or the whole batch) share one read of the weights; compute as for decode at
    half the prompt (causal attention).
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
    out_tokens = job.batch * job.new_tokens
    serving = None
    if out_tokens:
        serving = out_tokens / (job.batch * job.context / prefill + out_tokens / decode)
    return InferenceSpeed(decode, prefill, serving,
                          "memory bandwidth" if decode_mem <= decode_cpu else "compute",
                          "memory bandwidth" if prefill_mem <= prefill_cpu else "compute")


def _gb(n: float) -> str:
    return f"{n / 1e9:.1f}" if n < 100e9 else f"{n / 1e9:.0f}"


def _suggestions(workload: Workload, n_gpus: int, capacity: int) -> list[str]:
    """Changes that would make a training job fit, tried one at a time."""
    if workload.mode == "infer":
        tries = []
        for p in ("fp8", "int4"):
            if p != workload.infer.precision:
                tries.append((f"{p} weights", workload.model_copy(
                    update={"infer": workload.infer.model_copy(update={"precision": p})}), n_gpus))
        if workload.infer.max_tokens_per_step is None:
            tries.append((f"chunked prefill ({DEFAULT_MAX_TOKENS_PER_STEP:,} tokens per step)", workload.model_copy(
                update={"infer": workload.infer.model_copy(
                    update={"max_tokens_per_step": DEFAULT_MAX_TOKENS_PER_STEP})}), n_gpus))
        tries.append(("tensor parallel over 8 GPUs", workload, max(8, n_gpus * 2)))
    else:
        job = workload.train
        n8 = max(8, n_gpus)
        tries = [
            (f"ZeRO-3 over {n8} GPUs", workload.model_copy(
                update={"train": job.model_copy(update={"zero_stage": 3})}), n8),
            ("activation checkpointing", workload.model_copy(
                update={"train": job.model_copy(update={"checkpointing": True})}), n_gpus),
            ("micro-batch 1", _with_batch(workload, 1), n_gpus),
            ("fused AdamW", workload.model_copy(
                update={"train": job.model_copy(update={"optimizer_impl": "fused"})}), n_gpus),
            ("8-bit AdamW", workload.model_copy(
                update={"train": job.model_copy(update={"optimizer": "adamw8bit"})}), n_gpus),
        ]
    good = [label for label, w, n in tries
            if (w != workload or n != n_gpus) and _needed(estimate_memory(w, n)) <= capacity]
    if good:
        return good[:2]
    return [label for label, w, n in tries if w != workload or n != n_gpus][:1] + ["more GPUs"]


def _needed(mem: MemoryBreakdown) -> int:
    """What the GPU must hold: the allocator's peak plus the CUDA context / fragmentation reserve."""
    return mem.total + reserve_bytes(mem.total)


def _verdict(workload: Workload, mem: MemoryBreakdown, n_gpus: int, capacity: int) -> str:
    need = _needed(mem)
    if need <= capacity:
        return f"Fits: {_gb(need)} GB of {_gb(capacity)} GB per GPU ({need / capacity:.0%})"
    tips = " or ".join(_suggestions(workload, n_gpus, capacity))
    return f"Does not fit: needs {_gb(need)} GB per GPU, has {_gb(capacity)} GB — try {tips}"


def _compute_peak(workload: Workload, bf16_tflops: float, fp8_tflops: float | None) -> tuple[float, str | None]:
    """Dense peak TFLOPS the job computes at (FP8 for 8/4-bit work, TF32 = BF16/2 for fp32) and a note."""
    precision = workload.train.precision if workload.mode == "train" else workload.infer.precision
    if precision in ("fp8", "int8", "int4"):
        if fp8_tflops:
            return fp8_tflops, "Compute at the GPU's dense FP8 peak."
        return bf16_tflops, "GPU has no FP8 figure: compute at the BF16 peak."
    if precision == "fp32":
        return bf16_tflops / 2, "fp32 compute at the TF32 tensor-core rate (half the BF16 peak)."
    return bf16_tflops, None


#: where the default MFU of a training time comes from, by regime (workload_models.default_mfu)
_MFU_SOURCE = {
    "server": "MFU {mfu} is the default on one server of up to 8 GPUs (published dense runs 41-56 %; "
              "docs/workload-model.md): a given MFU replaces it.",
    "between": "MFU {mfu} is the default on {gpus} GPUs: log-linear between one server's 40 % and the at-scale "
               "figure for the model's size (an estimate; docs/workload-model.md): a given MFU replaces it.",
    "scale": "MFU {mfu} is the default at scale for the model's size, from the Llama 3.1 model card's H100 "
             "GPU-hours (docs/workload-model.md): a given MFU replaces it.",
}


def _train_time(workload: Workload, n_gpus: int, peak: float, mfu: float, notes: list[str]) -> tuple[float, float]:
    """(6·N·D FLOPs, days) of the training job; appends the notes that explain them."""
    job, m = workload.train, workload.model
    tokens = job.tokens if job.tokens is not None else 20 * m.param_count()
    if job.tokens is None:
        notes.append("Training tokens default to 20 × parameters (Chinchilla).")
    flops = train_flops(m.active_param_count(), tokens)
    notes.append(f"Time = 6·N·D / (GPUs × peak × MFU {mfu:.0%}); recomputation with checkpointing "
                 "is not in the MFU.")
    if workload.mfu is None:
        notes.append(_MFU_SOURCE[mfu_regime(n_gpus)].format(mfu=f"{mfu:.1%}", gpus=n_gpus))
    states = model_states(workload, n_gpus)
    notes.append(f"Model states {states.bytes_per_param:g} B/param ({job.precision}, {job.optimizer}, "
                 f"{job.optimizer_impl} step), ZeRO-{job.zero_stage}: {_gb(states.total)} GB per GPU.")
    if job.zero_stage == 0 and n_gpus > 1:
        notes.append("Plain data parallel: every GPU holds all model states plus DDP gradient buckets.")
    return flops, train_days(flops, n_gpus, peak, mfu)


def _inference_notes(workload: Workload, speed: InferenceSpeed, n_gpus: int, mfu: float) -> list[str]:
    notes = [f"Decode is limited by {speed.decode_limit}, prefill by {speed.prefill_limit}: each rate is the "
             "smaller of memory bandwidth (weights + KV cache read per step) and compute (2 FLOPs per active "
             f"parameter per token at peak × MFU {mfu:.0%})."]
    job, m = workload.infer, workload.model
    if job.max_tokens_per_step is not None:
        notes.append(f"Prefill runs in chunks of at most {job.max_tokens_per_step:,} tokens per step, "
                     "as serving engines do (chunked prefill).")
    else:
        notes.append(f"Engine: whole-batch generation (Hugging Face generate): all {job.batch * job.context:,} "
                     "prompt tokens of the batch are prefilled in one step.")
    per_token = m.kv_bytes_per_token(KV_BYTES[job.kv_dtype])
    notes.append(f"KV cache: {per_token:,.0f} B per token of each sequence ({m.attention_kind.upper()} attention, "
                 f"{job.kv_dtype}).")
    if m.sliding_window is not None:
        window_layers = m.kv_layers if m.sliding_layers is None else m.sliding_layers
        notes.append(f"{window_layers} of {m.kv_layers} attention layers keep only the last {m.sliding_window:,} "
                     "tokens (sliding window).")
    if m.attention_layers is not None:
        notes.append(f"Only {m.attention_layers} of {m.layers} layers have attention and a KV cache; the others "
                     "are recurrent.")
    if n_gpus > 1:
        notes.append(f"Inference over {n_gpus} GPUs is modelled as tensor parallelism.")
    return notes


def evaluate_workload(
    workload: Workload,
    *,
    gpu_memory_gb: float,
    n_gpus: int,
    gpu_bf16_tflops: float,
    gpu_fp8_tflops: float | None,
    gpu_bandwidth_gbs: float,
) -> WorkloadResult:
    """Memory fit, largest batch, training time or decode/prefill speed of `workload` on n_gpus GPUs."""
    capacity = int(gpu_memory_gb * 1e9)
    shard = workload.sharded_over(n_gpus)       # a cluster's build: ZeRO over every server's GPUs
    mem = estimate_memory(workload, shard)
    mfu = float(workload.mfu_on(n_gpus))
    reserve = reserve_bytes(mem.total)
    notes = [f"Peak per GPU during {mem.phase}: {_gb(mem.total)} GB allocated by PyTorch, plus "
             f"{_gb(reserve)} GB for the CUDA context and allocator fragmentation."]
    peak, peak_note = _compute_peak(workload, gpu_bf16_tflops, gpu_fp8_tflops)
    if peak_note:
        notes.append(peak_note)
    flops = days = None
    speed: InferenceSpeed | None = None
    if workload.mode == "train":
        flops, days = _train_time(workload, n_gpus, peak, mfu, notes)
    else:
        speed = inference_speed(workload, n_gpus, peak, mfu, gpu_bandwidth_gbs)
        notes.extend(_inference_notes(workload, speed, n_gpus, mfu))
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
    )
