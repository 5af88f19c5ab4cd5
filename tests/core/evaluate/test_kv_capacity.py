"""A serving engine's KV-cache capacity and its maximum concurrency, held against vLLM's own start-up logs.

vLLM sizes its paged KV cache at start-up: CUDA's total memory × gpu_memory_utilization, less the weights, the
profiling step's activation peak, the memory outside PyTorch (CUDA context, NCCL and custom all-reduce buffers) and,
since v0.21, its CUDA graphs; it logs "# GPU blocks" (16 tokens each) or "GPU KV cache size: N tokens" and "Maximum
concurrency for T tokens per request: X" (docs/workload-model.md, "KV capacity"). The logs, read 2026-12-06:

- https://github.com/vllm-project/vllm/issues/10702 (2024-11-27, vLLM V0): Llama-3.1-70B-Instruct bf16, TP 8 on
  H200 (total_gpu_memory=139.72GiB), gpu_memory_utilization=0.95, max_model_len 131072 (chunked prefill, 512 tokens
  a step): kv_cache_size=110.52GiB per GPU, non_torch_memory=5.68GiB. The communication-buffer estimate
  (`COMM_BUFFER_BYTES_PER_PEER`) is fitted to this log, so it checks the plan's consistency, not that constant.
- https://github.com/vllm-project/vllm/issues/10517 (comment of 2024-12-02, vLLM V0): Llama-3.1-8B-Instruct on an
  RTX 3090 (23.58 GiB), utilization 0.90, no chunked prefill: max-model-len 20,000 -> 1,952 GPU blocks (31,232
  tokens), "Maximum concurrency for 20000 tokens per request: 1.56x"; 29,000 -> 1,478 blocks (23,648 tokens).
- https://github.com/vllm-project/vllm/pull/2031 (2023-12-11): Llama-2-7B, TP 1 on an A100 80GB, utilization 0.90:
  7,351 GPU blocks (117,616 tokens).

All three engines sized the cache before capturing CUDA graphs (V0 captured them afterwards, outside the budget),
so the checks pass count_cuda_graphs=False. Tolerance ±10 %: the cache is what is left after the weights, so on
the 24 GB card 10 % of the cache is 1.6 % of the card. Not matched, and so not held here: the same PR 2031's
Llama-2-70B at TP 4 on A100s (20,865 blocks): the model gives 1.42x, because vLLM 0.2's profiler (December 2023)
charged about 14 GiB per GPU outside the weights and the cache at TP 4, where current engines charge 2-6 GiB.
"""

from __future__ import annotations

import pytest

from configurator.core.evaluate.json_shape import workload_result_to_json
from configurator.core.evaluate.workload import InferJob, TrainJob, Workload, estimate_memory, evaluate_workload
from configurator.core.evaluate.workload_memory import (
    COMM_BUFFER_BYTES_PER_PEER,
    SERVING_GPU_MEMORY_UTILIZATION,
    serving_capacity,
    serving_comm_bytes,
    serving_cuda_graph_bytes,
)
from configurator.store.model_presets import load_presets

GIB = 2**30
BLOCK = 16          # vLLM's default block size (tokens)
TOLERANCE = 0.10


@pytest.fixture(scope="module")
def presets():
    return load_presets()


def _serving(shape, context: int, step: int | None, new_tokens: int = 0) -> Workload:
    return Workload(model=shape, mode="infer",
                    infer=InferJob(context=context, new_tokens=new_tokens, max_tokens_per_step=step))


# (preset, TP, marketed GB, utilization, max_model_len, tokens per profiling step, published KV tokens, source)
VLLM_LOGS = [
    ("llama-3.1-70b", 8, 141, 0.95, 131072, 512, int(110.52 * GIB / (2 * 80 * 1 * 128 * 2)),
     "https://github.com/vllm-project/vllm/issues/10702"),
    ("llama-3.1-8b", 1, 24, 0.90, 20000, 20000, 1952 * BLOCK, "https://github.com/vllm-project/vllm/issues/10517"),
    ("llama-3.1-8b", 1, 24, 0.90, 29000, 29000, 1478 * BLOCK, "https://github.com/vllm-project/vllm/issues/10517"),
    ("llama-2-7b", 1, 80, 0.90, 4096, 4096, 7351 * BLOCK, "https://github.com/vllm-project/vllm/pull/2031"),
]


@pytest.mark.parametrize("preset,tp,gb,util,max_len,step,published,source", VLLM_LOGS)
def test_kv_cache_tokens_match_vllm_logs(presets, preset, tp, gb, util, max_len, step, published, source):
    cap = serving_capacity(_serving(presets[preset], max_len, step), tp, gb, utilization=util,
                           count_cuda_graphs=False)
    assert cap.kv_tokens == pytest.approx(published, rel=TOLERANCE), source


def test_max_concurrency_matches_vllm_log(presets):
    """Issue 10517: "Maximum concurrency for 20000 tokens per request: 1.56x" (Llama-3.1-8B, RTX 3090)."""
    cap = serving_capacity(_serving(presets["llama-3.1-8b"], 20000, 20000), 1, 24, utilization=0.90,
                           count_cuda_graphs=False)
    assert cap.tokens_per_request == 20000
    assert cap.max_concurrency == pytest.approx(1.56, rel=TOLERANCE)
    assert cap.max_concurrency == pytest.approx(cap.kv_tokens / 20000, rel=1e-3)


def test_default_plan_charges_graphs_and_buffers(presets):
    """Current vLLM (V1, v0.21+) charges its CUDA graphs before sizing the cache; TP adds communication buffers."""
    w = _serving(presets["llama-3.1-70b"], 8192, 8192)
    with_graphs = serving_capacity(w, 4, 80)
    without = serving_capacity(w, 4, 80, count_cuda_graphs=False)
    assert with_graphs.cuda_graphs == serving_cuda_graph_bytes(presets["llama-3.1-70b"]) > 0
    assert without.kv_bytes - with_graphs.kv_bytes == pytest.approx(with_graphs.cuda_graphs)
    assert with_graphs.comm_buffers == 3 * COMM_BUFFER_BYTES_PER_PEER == serving_comm_bytes(4)
    assert serving_comm_bytes(1) == 0
    assert with_graphs.budget == pytest.approx(80 * GIB * 0.99 * SERVING_GPU_MEMORY_UTILIZATION)
    assert SERVING_GPU_MEMORY_UTILIZATION == 0.9      # vLLM's documented default
    # the parts and the cache add up to the budget
    parts = (with_graphs.weights + with_graphs.activations + with_graphs.non_torch + with_graphs.comm_buffers
             + with_graphs.cuda_graphs + with_graphs.kv_bytes)
    assert parts == pytest.approx(with_graphs.budget)


def test_no_room_means_no_cache(presets):
    """Llama 3.1 70B in bf16 on one 80 GB GPU: the weights alone exceed the budget, so no KV cache, no sequence."""
    cap = serving_capacity(_serving(presets["llama-3.1-70b"], 8192, 8192), 1, 80)
    assert cap.kv_bytes == 0 and cap.kv_tokens == 0 and cap.max_concurrency == 0


def test_sliding_window_and_gqa_change_concurrency_not_tokens(presets):
    """KV tokens use the per-token bytes; concurrency uses each sequence's bytes (context + new tokens)."""
    w = _serving(presets["llama-3.1-8b"], 4096, 8192, new_tokens=4096)
    cap = serving_capacity(w, 1, 80)
    assert cap.tokens_per_request == 8192
    assert cap.max_concurrency == pytest.approx(cap.kv_tokens / 8192, rel=1e-3)


def test_evaluate_shows_capacity_for_a_serving_engine_only(presets):
    gpu = dict(gpu_memory_gb=80, gpu_bf16_tflops=989, gpu_fp8_tflops=1979, gpu_bandwidth_gbs=3350)
    served = evaluate_workload(_serving(presets["llama-3.1-8b"], 8192, 8192), n_gpus=1, **gpu)
    assert served.kv_cache_tokens and served.max_concurrency and served.concurrency_tokens == 8192
    assert served.cuda_graph_bytes == serving_cuda_graph_bytes(presets["llama-3.1-8b"])
    assert served.comm_buffer_bytes == 0
    assert any(n.id == "workload.note.kv-capacity" for n in served.notes)
    data = workload_result_to_json(served, str)
    assert data["kv_cache_tokens"] == served.kv_cache_tokens
    whole = evaluate_workload(_serving(presets["llama-3.1-8b"], 8192, None), n_gpus=1, **gpu)
    assert whole.kv_cache_tokens is None and whole.max_concurrency is None
    assert not any(n.id == "workload.note.kv-capacity" for n in whole.notes)
    train = evaluate_workload(Workload(model=presets["llama-3.1-8b"], mode="train", train=TrainJob()), n_gpus=8,
                              **gpu)
    assert "kv_cache_tokens" not in workload_result_to_json(train, str)   # training JSON keeps its keys


def test_serving_engine_memory_charges_graphs_and_buffers(presets):
    """The per-GPU peak of a serving engine holds its CUDA graphs and TP buffers; whole-batch generate neither."""
    shape = presets["llama-3.1-70b"]
    served, whole = _serving(shape, 4096, 8192), _serving(shape, 4096, None)
    extra = estimate_memory(served, 4).overhead - estimate_memory(whole, 4).overhead
    assert extra == serving_cuda_graph_bytes(shape) + serving_comm_bytes(4)
    assert estimate_memory(served, 1).overhead - estimate_memory(whole, 1).overhead == serving_cuda_graph_bytes(shape)
