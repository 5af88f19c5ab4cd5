"""Published closed-form formulas the workload model is built from, each testable on its own.

Every function here reproduces exactly a formula from docs/workload-model.md, which names each
formula's public source (paper or documentation), so the reference cases can check the formula rather
than the whole estimate. Bytes are plain bytes; GB = 1e9 bytes, GiB = 2**30 bytes.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

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


#: DeepSpeed's estimators multiply CPU memory by this safety factor (`additional_buffer_factor`).
DEEPSPEED_BUFFER_FACTOR = 1.5


def deepspeed_zero2_estimate(
    params: float, gpus_per_node: int, nodes: int = 1, *, offload_optimizer: bool = False
) -> tuple[float, float]:
    """(GPU bytes per GPU, CPU bytes per node) as DeepSpeed's `estimate_zero2_model_states_mem_needs`.

    GPU: 4·P + 16·P/N without offload (16-bit weights and grads whole; fp32 grad partition and Adam
    states sharded), 2·P with the optimizer on the CPU. CPU: P·4·gpus_per_node·1.5, or
    P·max(4·N, 16)·1.5 with offload (N = all GPUs).
    """
    total = gpus_per_node * nodes
    if offload_optimizer:
        return 2 * params, params * max(4 * total, 16) * DEEPSPEED_BUFFER_FACTOR
    return 4 * params + 16 * params / total, params * 4 * gpus_per_node * DEEPSPEED_BUFFER_FACTOR


def deepspeed_zero3_estimate(
    params: float, largest_layer_params: float, gpus_per_node: int, nodes: int = 1, *,
    offload_optimizer: bool = False, offload_params: bool = False, zero_init: bool = True,
) -> tuple[float, float]:
    """(GPU bytes per GPU, CPU bytes per node) as DeepSpeed's `estimate_zero3_model_states_mem_needs`.

    GPU: 4·largest_layer (the gathered layer) + 18·P/N without offload, + 2·P/N with the optimizer
    offloaded, nothing more with parameters offloaded too. CPU with zero.Init: 4·largest_layer·
    gpus_per_node without offload, else 16 (18 with parameters) ·P·gpus_per_node/N; each × 1.5.
    Without zero.Init the loading copy is larger: max(4·gpus_per_node·P, that figure).
    """
    total = gpus_per_node * nodes
    gpus_factor = gpus_per_node / total
    layer = 4 * largest_layer_params
    if offload_optimizer or offload_params:
        per_param = 18 if offload_params else 16
        gpu = layer if offload_params else layer + 2 * params / total
        cpu = params * per_param * gpus_factor
        if not zero_init:
            cpu = max(cpu, params * 4 * gpus_per_node)
        return gpu, cpu * DEEPSPEED_BUFFER_FACTOR
    cpu = (largest_layer_params if zero_init else params) * 4 * gpus_per_node
    return layer + 18 * params / total, cpu * DEEPSPEED_BUFFER_FACTOR


def deepspeed_estimator_bytes(
    params: float, stage: int, n_gpus: int, largest_layer_params: float = 0
) -> float:
    """Per-GPU bytes as DeepSpeed's own estimator prints them (memory.rst, one node, no offload).

    ZeRO-2: 4·P + 16·P/N (fp16 weights and grads whole; fp32 grads and Adam states sharded).
    ZeRO-3: 4·largest_layer + 18·P/N.
    """
    if stage == 2:
        return deepspeed_zero2_estimate(params, n_gpus)[0]
    if stage == 3:
        return deepspeed_zero3_estimate(params, largest_layer_params, n_gpus)[0]
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


#: the share of a GPU's peak memory bandwidth a serving engine's decode and prefill reach (model
#: bandwidth utilisation). Estimate: 0.80 sits in the 70-85 % band given for vLLM and TensorRT-LLM
#: (https://www.open-source-ai.tech/glossary/model-bandwidth-utilization, secondary) and brings the
#: bandwidth-bound rows of TensorRT-LLM's H200 FP8 table (v0.5.0 H200 launch blog,
#: https://raw.githubusercontent.com/NVIDIA/TensorRT-LLM/release/0.5.0/docs/source/blogs/H200launch.md)
#: to 0.8-1.4x of the measurement (at the full peak Llama 2 13B, batch 128, 128/2048 came out at 1.73x);
#: tests/core/evaluate/test_trtllm_h200.py holds it there
HBM_EFFICIENCY = 0.80


def decode_tokens_per_s_bound(
    weight_bytes: float, kv_bytes: float, bandwidth_gbs: float, batch: int = 1, n_gpus: int = 1
) -> float:
    """Bandwidth-bound decode ceiling: batch · (n_gpus · HBM bandwidth) / (weight bytes + KV bytes read per step)."""
    return batch * n_gpus * bandwidth_gbs * 1e9 / (weight_bytes + kv_bytes)


def prefill_tokens_per_s(active_params: float, peak_tflops: float, mfu: float, n_gpus: int = 1) -> float:
    """Compute-bound prefill rate: n_gpus · peak · MFU / (2 · active params) tokens per second."""
    return compute_tokens_per_s(2 * active_params, peak_tflops, mfu, n_gpus)


def compute_tokens_per_s(flops_per_token: float, peak_tflops: float, mfu: float, n_gpus: int = 1) -> float:
    """Compute-bound token rate, prefill or decode alike: n_gpus · peak · MFU / FLOPs per token."""
    return n_gpus * peak_tflops * 1e12 * mfu / flops_per_token


def attention_flops_per_token(layers: int, heads: int, head_dim: int, context: float) -> float:
    """Attention-score FLOPs of one token over `context` earlier tokens: 2 matmuls (QKᵀ, AV) × 2·L·a·d·c."""
    return 4 * layers * heads * head_dim * context


#: all-reduces per transformer layer in tensor-parallel inference: one after the attention output projection and
#: one after the MLP's down projection (Megatron-LM's g operator, Shoeybi et al. 2019, §3 and Fig. 3,
#: https://arxiv.org/abs/1909.08053; vLLM's custom all-reduce write-up: "LLM tensor parallel serving requires 2
#: allreduces per layer", https://github.com/vllm-project/vllm/pull/2192, read 2026-12-06; high confidence)
TP_ALLREDUCES_PER_LAYER = 2
#: bytes per activation value all-reduced: 16-bit (engines reduce bf16/fp16 activations also for fp8 weights)
TP_ACTIVATION_BYTES = 2
#: fixed time of one small all-reduce, by the link the GPUs share (seconds). NVLink/NVSwitch: H100, vLLM's
#: custom all-reduce without CUDA graphs, 512 B to 32 KB at TP 2/4/8: 8.5-11.8 us (SGLang PR 2904 table,
#: https://github.com/sgl-project/sglang/pull/2904, read 2026-12-06; medium confidence: one machine). PCIe
#: (P2P or through the CPUs): NCCL all_reduce_perf, 8 x RTX 4090 on PCIe across both sockets, 8 B: 42.1 us
#: out of place, 40.1 us in place (https://github.com/NVIDIA/nccl/issues/1530, read 2026-12-06; medium confidence)
ALLREDUCE_LATENCY_S = {"scaleup": 10e-6, "pcie": 40e-6}
#: share of the link's per-direction bandwidth an all-reduce's bus bandwidth reaches at decode-step sizes (0.5-4 MB):
#: fitted to vLLM's H100 benchmark of its all-reduce backends (best per size, TP 4: 0.010/0.014/0.021/0.028 ms at
#: 0.5/1/2/4 MB; https://github.com/vllm-project/vllm/pull/24532, read 2026-12-06), which with the 10 us latency
#: gives 0.9-1.25x of each row (tests/core/evaluate/test_tp_allreduce.py); an estimate, medium confidence
ALLREDUCE_BUS_EFFICIENCY = 0.7


def allreduce_s(message_bytes: float, gpus: int, link_gbs: float, latency_s: float) -> float:
    """Seconds of one all-reduce of `message_bytes` over `gpus` GPUs: a fixed latency plus 2(n-1)/n of the message
    over each GPU's link (`link_gbs`, GB/s per direction) at `ALLREDUCE_BUS_EFFICIENCY` (the bandwidth term of
    the bandwidth-optimal ring all-reduce, as NCCL's "bus bandwidth" counts it:
    https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md). 0 on one GPU."""
    if gpus <= 1:
        return 0.0
    if link_gbs <= 0:
        return float("inf")
    return latency_s + 2 * (gpus - 1) / gpus * message_bytes / (link_gbs * 1e9 * ALLREDUCE_BUS_EFFICIENCY)


class TPLink(NamedTuple):
    """The link a tensor-parallel group's all-reduces cross: GB/s per direction per GPU and its kind, "scaleup" (a
    baseboard fabric, NVLink/NVSwitch or xGMI, or an NVLink bridge joining the whole group) or "pcie" (peer-to-peer
    or through the CPUs)."""

    gbs: float
    kind: str

    def allreduce_s(self, message_bytes: float, gpus: int) -> float:
        return allreduce_s(message_bytes, gpus, self.gbs, ALLREDUCE_LATENCY_S[self.kind])
