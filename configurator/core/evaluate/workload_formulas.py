"""Published closed-form formulas the workload model is built from, each testable on its own.

Every function here reproduces a formula from docs/workload-model.md (and /work/shared/reference/models.md)
exactly, so the reference cases can check the formula rather than the whole estimate. Bytes are plain
bytes; GB = 1e9 bytes, GiB = 2**30 bytes.
"""

from __future__ import annotations

from typing import Literal

#: Bytes per parameter (weights, gradients, optimizer) for the common accounting conventions.
#: "zero-paper": Rajbhandari et al. (fp16 weights and grads, fp32 master + Adam m, v: 2 + 2 + 12 = 16).
#: "deepspeed" / "megatron": their estimators keep fp32 gradients (2 + 4 + 12 = 18).
#: "fp32": everything fp32 with Adam (4 + 4 + 8 = 16).  "bf16-pure": bf16 weights, grads, Adam m, v (2 + 2 + 4 = 8).
MODEL_STATE_CONVENTIONS: dict[str, tuple[float, float, float]] = {
    "zero-paper": (2, 2, 12),
    "deepspeed": (2, 4, 12),
    "megatron": (2, 4, 12),
    "fp32": (4, 4, 8),
    "bf16-pure": (2, 2, 4),
}

KorthikantiMode = Literal["none", "sp", "selective", "sp_selective", "full"]


def model_state_bytes(
    params: float,
    stage: int,
    n_gpus: int,
    bytes_weights: float = 2,
    bytes_grads: float = 2,
    bytes_optimizer: float = 12,
    *,
    convention: str | None = None,
) -> float:
    """Per-GPU model-state bytes under ZeRO stage 0..3 over `n_gpus` data-parallel GPUs (ZeRO paper, Table 1).

    Stage 1 shards the optimizer states, stage 2 also the gradients, stage 3 also the weights.
    `convention` (a key of MODEL_STATE_CONVENTIONS) overrides the three byte counts.
    """
    if convention is not None:
        bytes_weights, bytes_grads, bytes_optimizer = MODEL_STATE_CONVENTIONS[convention]
    if not 0 <= stage <= 3:
        raise ValueError(f"zero stage must be 0..3, got {stage}")
    if n_gpus < 1:
        raise ValueError(f"n_gpus must be >= 1, got {n_gpus}")
    w = bytes_weights / (n_gpus if stage >= 3 else 1)
    g = bytes_grads / (n_gpus if stage >= 2 else 1)
    o = bytes_optimizer / (n_gpus if stage >= 1 else 1)
    return params * (w + g + o)


def deepspeed_estimator_bytes(
    params: float, stage: int, n_gpus: int, largest_layer_params: float = 0
) -> float:
    """Per-GPU bytes as DeepSpeed's own estimator prints them (memory.rst, no offload).

    ZeRO-2: 4·P + 16·P/N (fp16 weights and grads whole; fp32 grads and Adam states sharded).
    ZeRO-3: 4·largest_layer + 18·P/N.
    """
    if stage == 2:
        return 4 * params + 16 * params / n_gpus
    if stage == 3:
        return 4 * largest_layer_params + 18 * params / n_gpus
    raise ValueError(f"DeepSpeed's estimator covers ZeRO-2 and ZeRO-3, got stage {stage}")


def korthikanti_activation_bytes(
    s: int, b: int, h: int, a: int, L: int = 1,  # noqa: N803 - the paper's symbol
    t: int = 1, mode: KorthikantiMode = "none",
) -> float:
    """Activation bytes of L GPT-style layers (Korthikanti et al. 2022, Table 2): 16-bit, 1-byte dropout masks.

    mode: "none" (tensor parallel t, no recompute), "sp" (+ sequence parallel), "selective" (TP + selective
    recompute), "sp_selective" (TP + SP + selective), "full" (full recompute, layer input only).
    """
    sbh = s * b * h
    attn = 5 * a * s / h
    per_layer = {
        "none": sbh * (10 + 24 / t + attn / t),
        "sp": sbh / t * (34 + attn),
        "selective": sbh * (10 + 24 / t),
        "sp_selective": 34 * sbh / t,
        "full": 2 * sbh,
    }
    if mode not in per_layer:
        raise ValueError(f"mode must be one of {sorted(per_layer)}, got {mode!r}")
    return per_layer[mode] * L


def kv_cache_bytes(
    layers: int, kv_heads: int, head_dim: int, tokens: int, batch: int = 1, bytes_per_elem: float = 2
) -> float:
    """KV cache: 2 (K and V) · L · n_kv_heads · d_head · tokens · batch · bytes. Uses n_kv_heads (GQA)."""
    return 2 * layers * kv_heads * head_dim * tokens * batch * bytes_per_elem


def train_flops(params: float, tokens: float) -> float:
    """Training compute C = 6·N·D FLOPs (forward 2ND + backward 4ND)."""
    return 6 * params * tokens


def train_days(flops: float, n_gpus: int, peak_tflops: float, mfu: float) -> float:
    """Wall-clock days = C / (n_gpus · peak · MFU) / 86400."""
    return flops / (n_gpus * peak_tflops * 1e12 * mfu) / 86400


def decode_tokens_per_s_bound(
    weight_bytes: float, kv_bytes: float, bandwidth_gbs: float, batch: int = 1, n_gpus: int = 1
) -> float:
    """Bandwidth-bound decode ceiling: batch · (n_gpus · HBM bandwidth) / (weight bytes + KV bytes read per step)."""
    return batch * n_gpus * bandwidth_gbs * 1e9 / (weight_bytes + kv_bytes)


def prefill_tokens_per_s(active_params: float, peak_tflops: float, mfu: float, n_gpus: int = 1) -> float:
    """Compute-bound prefill rate: n_gpus · peak · MFU / (2 · active params) tokens per second."""
    return n_gpus * peak_tflops * 1e12 * mfu / (2 * active_params)
