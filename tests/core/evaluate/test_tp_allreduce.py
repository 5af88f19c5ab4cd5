"""Tensor parallelism's communication in serving: 2 all-reduces per layer and forward step of tokens × hidden 16-bit
values (Megatron-LM, Shoeybi et al. 2019, §3 and Fig. 3, https://arxiv.org/abs/1909.08053; vLLM: "LLM tensor
parallel serving requires 2 allreduces per layer", https://github.com/vllm-project/vllm/pull/2192), each a fixed
latency plus 2(n-1)/n of the message over the GPUs' shared link (docs/workload-model.md).

References, read 2026-12-06:
- vLLM's H100 benchmark of its all-reduce backends (8 x H100 SXM, NVSwitch), best backend per size, TP 4:
  https://github.com/vllm-project/vllm/pull/24532; TP 6: https://github.com/vllm-project/vllm/pull/24111.
- NCCL all_reduce_perf on 8 x RTX 4090 over PCIe (both sockets), 8 B: 42.14 us out of place,
  https://github.com/NVIDIA/nccl/issues/1530.
- TensorRT-LLM v0.6.1 performance table, Llama 2 70B FP8 on 2 x H100 SXM (TP2), batch 1024, 128/128: 2,657 output
  tokens/s per GPU = 5,314 tokens/s, https://github.com/NVIDIA/TensorRT-LLM/blob/v0.6.1/docs/source/performance.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from configurator.core.catalog import GPU
from configurator.core.evaluate.bandwidth import build_tp_link, pcie_gbs, tp_link
from configurator.core.evaluate.workload import InferJob, Workload, evaluate_workload, inference_speed
from configurator.core.evaluate.workload_formulas import (
    ALLREDUCE_LATENCY_S,
    TP_ALLREDUCES_PER_LAYER,
    TPLink,
    allreduce_s,
)
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.store.model_presets import load_presets

MIB = 2**20
H100_SXM = dict(gpu_memory_gb=80, gpu_bf16_tflops=989, gpu_fp8_tflops=1979, gpu_bandwidth_gbs=3350)
NVLINK_H100 = TPLink(450.0, "scaleup")       # 900 GB/s both ways per GPU (NVLink 4)

#: (TP, MiB, measured ms): vLLM PR 24532 (TP 4) and PR 24111 (TP 6), best backend per size
VLLM_H100 = [(4, 0.5, 0.010), (4, 1, 0.014), (4, 2, 0.021), (4, 4, 0.028),
             (6, 0.5, 0.013), (6, 1, 0.016), (6, 2, 0.021), (6, 4, 0.031)]


def test_two_all_reduces_per_layer():
    assert TP_ALLREDUCES_PER_LAYER == 2


@pytest.mark.parametrize("tp,mib,ms", VLLM_H100, ids=[f"tp{t}-{m}MiB" for t, m, _ in VLLM_H100])
def test_all_reduce_time_within_band_of_vllms_h100_benchmark(tp, mib, ms):
    """Decode-step messages (batch 32-256 × 8,192 × 2 B): the model lands at 0.9-1.25x of each measured row."""
    assert 0.85 <= NVLINK_H100.allreduce_s(mib * MIB, tp) / (ms / 1000) <= 1.3


def test_pcie_latency_is_nccls_small_message_time():
    """8 B over PCIe (8 RTX 4090, both sockets): 42.14 us measured; the bandwidth term is nil at that size."""
    t = allreduce_s(8, 8, pcie_gbs(4, 16), ALLREDUCE_LATENCY_S["pcie"])
    assert t * 1e6 == pytest.approx(42.14, rel=0.1)
    assert allreduce_s(8, 1, 1.0, 1.0) == 0.0


def test_trtllm_70b_fp8_tp2_lands_on_the_measurement_with_the_all_reduces():
    """Without the all-reduces the model read 1.08x of TensorRT-LLM's 5,314 tokens/s; charging them over NVLink it
    reads 0.97x (v0.9.0's later 6,428 tokens/s is 0.81x: faster software than the assumed MFU)."""
    wl = Workload(model=load_presets()["llama-2-70b"], mode="infer",
                  infer=InferJob(precision="fp8", kv_dtype="fp8", batch=1024, context=128, new_tokens=128))
    bare = evaluate_workload(wl, n_gpus=2, **H100_SXM).serving_tokens_per_s
    charged = evaluate_workload(wl, n_gpus=2, tp_link=NVLINK_H100, **H100_SXM).serving_tokens_per_s
    assert bare is not None and charged is not None
    assert 1.0 <= bare / 5314 <= 1.15 and 0.9 <= charged / 5314 <= 1.05


def test_pcie_costs_more_than_nvlink_and_one_gpu_nothing():
    wl = Workload(model=load_presets()["llama-3-8b"], mode="infer", infer=InferJob(batch=64))
    args = (989.0, 0.4, 3350.0)
    none = inference_speed(wl, 2, *args).decode_tokens_per_s
    nv = inference_speed(wl, 2, *args, link=NVLINK_H100).decode_tokens_per_s
    pcie = inference_speed(wl, 2, *args, link=TPLink(pcie_gbs(4, 16), "pcie")).decode_tokens_per_s
    assert none > nv > pcie
    assert inference_speed(wl, 1, *args, link=TPLink(1.0, "pcie")) == inference_speed(wl, 1, *args)


@pytest.mark.parametrize("example,kind", [("hgx-h100-8gpu", "scaleup"), ("pcie-l40s-8gpu", "pcie")])
def test_the_link_follows_the_topology(example, kind):
    """An HGX board's GPUs share its NVSwitch fabric (the GPUs' NVLink rate); PCIe cards without a bridge share
    PCIe at their slots' link, for a group of any size."""
    ev = default_evaluator(load_catalog())
    ctx = ev.context(load_build(Path("examples") / f"{example}.json"))
    gpu = ctx.gpus_placed[0].part
    assert isinstance(gpu, GPU)
    for tp in (2, 8):
        link = build_tp_link(ctx, tp)
        assert link is not None and link.kind == kind
        assert link.gbs == pytest.approx(gpu.scaleup_gbs / 2 if kind == "scaleup" else pcie_gbs(gpu.pcie_gen, 16))
    assert build_tp_link(ctx, 1) is None


def test_a_bridge_joins_its_pair_only():
    """Two bridged cards: the bridge; a group larger than the bridge's pair crosses PCIe."""
    cat = load_catalog()
    ev = default_evaluator(cat)
    build = load_build(Path("examples") / "pcie-l40s-8gpu.json")
    ctx = ev.context(build)
    gpu = ctx.gpus_placed[0].part
    slots = tuple(pl.slot.id for pl in ctx.gpus_placed)
    assert ctx.chassis is not None and isinstance(gpu, GPU)
    bridged = gpu.model_copy(update={"nvlink_bridge_ways": 2, "scaleup_gbs": 112.5})
    pairs = (slots[0:2], slots[2:4])
    assert tp_link(ctx.chassis, bridged, slots, pairs, 2) == TPLink(56.25, "scaleup")
    assert tp_link(ctx.chassis, bridged, slots, pairs, 4).kind == "pcie"
