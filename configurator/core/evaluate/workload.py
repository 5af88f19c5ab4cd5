"""The workload model: does a training or inference job fit the GPUs, how long does it take, how fast does it decode.

Qt-free. The formulas, their calibration against real PyTorch allocations and the remaining uncertainty
are in docs/workload-model.md; the published closed forms live in `workload_formulas`, the fitted memory
model in `workload_memory`, the data types in `workload_models`.
"""

from __future__ import annotations

from configurator.core.evaluate.workload_formulas import (
    MODEL_STATE_CONVENTIONS,
    decode_tokens_per_s_bound,
    deepspeed_estimator_bytes,
    korthikanti_activation_bytes,
    kv_cache_bytes,
    model_state_bytes,
    prefill_tokens_per_s,
    train_days,
    train_flops,
)
from configurator.core.evaluate.workload_memory import (
    infer_kv_bytes,
    infer_memory,
    infer_weight_bytes,
    reserve_bytes,
    train_memory,
)
from configurator.core.evaluate.workload_models import (
    DEFAULT_MFU,
    InferJob,
    MemoryBreakdown,
    ModelShape,
    TrainJob,
    Workload,
    WorkloadResult,
)

__all__ = [
    "DEFAULT_MFU", "InferJob", "MemoryBreakdown", "ModelShape", "TrainJob", "Workload", "WorkloadResult",
    "MODEL_STATE_CONVENTIONS", "decode_tokens_per_s_bound", "deepspeed_estimator_bytes",
    "estimate_memory", "evaluate_workload", "korthikanti_activation_bytes", "kv_cache_bytes",
    "model_state_bytes", "prefill_tokens_per_s", "train_days", "train_flops",
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
    mem = estimate_memory(workload, n_gpus)
    mfu = workload.effective_mfu
    m = workload.model
    reserve = reserve_bytes(mem.total)
    notes = [f"Peak per GPU during {mem.phase}: {_gb(mem.total)} GB allocated by PyTorch, plus "
             f"{_gb(reserve)} GB for the CUDA context and allocator fragmentation."]
    low_precision = workload.train.precision if workload.mode == "train" else workload.infer.precision
    peak = gpu_bf16_tflops
    if low_precision in ("fp8", "int8", "int4") and gpu_fp8_tflops:
        peak = gpu_fp8_tflops
        notes.append("Compute at the GPU's dense FP8 peak.")
    elif low_precision in ("fp8", "int8", "int4"):
        notes.append("GPU has no FP8 figure: compute at the BF16 peak.")
    elif low_precision == "fp32":
        peak = gpu_bf16_tflops / 2
        notes.append("fp32 compute at the TF32 tensor-core rate (half the BF16 peak).")
    flops = days = decode = prefill = None
    if workload.mode == "train":
        job = workload.train
        tokens = job.tokens if job.tokens is not None else 20 * m.param_count()
        if job.tokens is None:
            notes.append("Training tokens default to 20 × parameters (Chinchilla).")
        flops = train_flops(m.active_param_count(), tokens)
        days = train_days(flops, n_gpus, peak, mfu)
        notes.append(f"Time = 6·N·D / (GPUs × peak × MFU {mfu:.0%}); recomputation with checkpointing "
                     "is not in the MFU.")
        if job.zero_stage == 0 and n_gpus > 1:
            notes.append("Plain data parallel: every GPU holds all model states plus DDP gradient buckets.")
    else:
        ijob = workload.infer
        weights_active = infer_weight_bytes(m, ijob, active=True)
        kv_read = infer_kv_bytes(m, ijob, tokens=ijob.context + ijob.new_tokens // 2)
        decode = decode_tokens_per_s_bound(weights_active, kv_read, gpu_bandwidth_gbs, ijob.batch, n_gpus)
        prefill = prefill_tokens_per_s(m.active_param_count(), peak, mfu, n_gpus)
        notes.append("Decode is an upper bound: memory bandwidth over the active weights plus the KV cache "
                     "read per step (at the mean context); real servers reach 50–80 % of it.")
        if n_gpus > 1:
            notes.append(f"Inference over {n_gpus} GPUs is modelled as tensor parallelism.")
    return WorkloadResult(
        per_gpu=mem,
        capacity_bytes=capacity,
        fits=mem.total + reserve <= capacity,
        headroom_bytes=capacity - mem.total - reserve,
        reserve_bytes=reserve,
        max_batch=max_batch(workload, n_gpus, capacity),
        verdict=_verdict(workload, mem, n_gpus, capacity),
        train_flops=flops,
        train_days=days,
        mfu=mfu,
        decode_tokens_per_s=decode,
        prefill_tokens_per_s=prefill,
        notes=tuple(notes),
    )
