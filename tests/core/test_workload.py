"""Workload model: the published reference cases (models.md §7), presets, fit logic and calibration."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from configurator.core.evaluate.workload import (
    DEFAULT_MFU,
    InferJob,
    MemoryBreakdown,
    ModelShape,
    TrainJob,
    Workload,
    WorkloadResult,
    decode_tokens_per_s_bound,
    deepspeed_estimator_bytes,
    estimate_memory,
    evaluate_workload,
    korthikanti_activation_bytes,
    kv_cache_bytes,
    model_state_bytes,
    train_days,
    train_flops,
)
from configurator.core.evaluate.workload_memory import reserve_bytes
from configurator.core.message import Msg
from configurator.store.model_presets import load_presets

GB, GiB, MiB = 1e9, 2**30, 2**20
H100 = dict(gpu_memory_gb=80, gpu_bf16_tflops=989, gpu_fp8_tflops=1979, gpu_bandwidth_gbs=3350)


@pytest.fixture(scope="module")
def presets() -> dict[str, ModelShape]:
    return load_presets()


# --- ZeRO paper, Fig. 1 and Table 1 (decimal GB, K = 12) -------------------------------------------

@pytest.mark.parametrize(("params", "stage", "n", "expected_gb", "ndigits"), [
    (7.5e9, 0, 64, 120, 0), (7.5e9, 1, 64, 31.4, 1), (7.5e9, 2, 64, 16.6, 1), (7.5e9, 3, 64, 1.9, 1),
    (1e12, 3, 1024, 15.6, 1), (128e9, 3, 64, 32, 0), (7.5e9, 2, 4, 41.3, 1),
    (7.5e9, 1, 4, 52.5, 1), (7.5e9, 3, 16, 7.5, 1), (7.5e9, 1, 1024, 30.1, 1),
])
def test_zero_paper_table(params, stage, n, expected_gb, ndigits):
    # the paper rounds half up (41.25 -> 41.3): compare within half a unit of the printed digit
    assert model_state_bytes(params, stage, n) / GB == pytest.approx(expected_gb, abs=0.5 * 10**-ndigits + 1e-9)


def test_conventions_are_separate():
    assert model_state_bytes(1e9, 0, 1, convention="zero-paper") == 16e9
    assert model_state_bytes(1e9, 0, 1, convention="deepspeed") == 18e9
    assert model_state_bytes(1e9, 0, 1, convention="bf16-pure") == 8e9


# --- DeepSpeed estimator (printed "GB" are GiB) ----------------------------------------------------

def test_deepspeed_zero2_t5_3b():
    assert round(deepspeed_estimator_bytes(2851e6, 2, 8) / GiB, 2) == 15.93


def test_deepspeed_zero3_t5_3b():
    assert round(deepspeed_estimator_bytes(2851e6, 3, 8, largest_layer_params=32e6) / GiB, 2) == 6.09


# --- Korthikanti et al. activation formulas ---------------------------------------------------------

def test_korthikanti_case6():
    kw = dict(s=4096, b=1, h=4096, a=32, L=32)
    assert korthikanti_activation_bytes(**kw) == 104_152_956_928
    assert round(korthikanti_activation_bytes(**kw) / GiB, 1) == 97.0
    assert round(korthikanti_activation_bytes(**kw, mode="selective") / GiB, 1) == 17.0
    assert round(korthikanti_activation_bytes(**kw, mode="full") / GiB, 1) == 1.0


@pytest.mark.parametrize(("mode", "mib"), [
    ("none", 552), ("sp", 342), ("selective", 312), ("sp_selective", 102), ("full", 48),
])
def test_korthikanti_case7_tp8(mode, mib):
    got = korthikanti_activation_bytes(s=2048, b=1, h=12288, a=96, L=1, t=8, mode=mode)
    assert round(got / MiB) == mib


# --- KV cache ---------------------------------------------------------------------------------------

def test_kv_cache_cases(presets):
    assert kv_cache_bytes(32, 8, 128, 8192) == 1 * GiB  # Llama-3.1-8B, bf16
    assert kv_cache_bytes(32, 32, 128, 1) == 524_288  # Llama-2-7B per token
    assert kv_cache_bytes(32, 32, 128, 4096) == 2 * GiB
    m = presets["llama-3.1-70b"]
    assert kv_cache_bytes(m.layers, m.kv_heads, m.d_head, 131072) == 40 * GiB
    naive = 2 * m.layers * m.hidden * 131072 * 2  # ignores GQA: the "340 GB" quoted online
    assert round(naive / GB, 1) == 343.6


def test_inference_kv_uses_kv_heads(presets):
    w = Workload(model=presets["llama-3.1-8b"], mode="infer", infer=InferJob(context=8192, new_tokens=0))
    assert estimate_memory(w).kv_cache == 1 * GiB


# --- Compute and time -------------------------------------------------------------------------------

def test_train_flops_case13():
    assert train_flops(175e9, 300e9) == pytest.approx(3.15e23)
    assert train_flops(405e9, 15.6e12) == pytest.approx(3.79e25, rel=1e-3)


def test_train_days_case11():
    assert round(train_days(train_flops(175e9, 300e9), 1024, 140, 1.0), 1) == 25.4


def test_decode_bound_case19():
    weights = 13.48e9
    assert math.floor(decode_tokens_per_s_bound(weights, 0, 3350)) == 248  # "<= 249 tok/s"
    assert round(decode_tokens_per_s_bound(weights, 0, 3350)) == 249
    assert round(decode_tokens_per_s_bound(weights, 0, 864)) == 64


def test_llama2_7b_fp16_weights_are_13_48_gb(presets):
    w = Workload(model=presets["llama-2-7b"], mode="infer", infer=InferJob(precision="fp16"))
    assert round(estimate_memory(w).weights / GB, 2) == 13.48


# --- Presets ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "published"), [
    ("llama-2-7b", 6.74e9), ("llama-3-8b", 8.03e9), ("llama-3-70b", 70.6e9), ("mixtral-8x7b", 46.7e9),
    ("llama-2-13b", 13.0e9), ("llama-3.1-405b", 405.9e9), ("qwen2.5-0.5b", 0.494e9),
    ("tinyllama-1.1b", 1.1e9),
])
def test_preset_param_counts(presets, key, published):
    assert presets[key].param_count() == pytest.approx(published, rel=0.01)


def test_mixtral_active_params(presets):
    assert presets["mixtral-8x7b"].active_param_count() == pytest.approx(12.9e9, rel=0.01)


def test_required_presets_present(presets):
    for key in ("llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b",
                "llama-3.1-405b", "mixtral-8x7b"):
        assert key in presets


# --- Validation and serialisation -------------------------------------------------------------------

def test_validation_names_field():
    with pytest.raises(ValidationError, match="hidden"):
        ModelShape(name="x", layers=2, hidden=0, heads=4, kv_heads=4, ffn=8, vocab=10)
    with pytest.raises(ValidationError, match="kv_heads"):
        ModelShape(name="x", layers=2, hidden=64, heads=4, kv_heads=3, ffn=8, vocab=10)
    with pytest.raises(ValidationError, match="zero_stage"):
        TrainJob(zero_stage=4)


def test_workload_json_round_trip(presets):
    w = Workload(model=presets["mixtral-8x7b"], mode="train", train=TrainJob(zero_stage=3), mfu=0.35,
                 preset="mixtral-8x7b")
    assert Workload.model_validate(w.model_dump(mode="json")) == w


def test_breakdown_total_is_sum_and_dumped():
    b = MemoryBreakdown(weights=1, gradients=2, optimizer=3, activations=4, kv_cache=5, overhead=6)
    assert b.total == 21 and b.model_dump()["total"] == 21
    assert MemoryBreakdown.model_validate(b.model_dump()) == b


# --- The brief's case: 7B mixed-precision AdamW -----------------------------------------------------

def test_7b_mixed_adam_needs_well_over_80gb(presets):
    m = presets["llama-2-7b"]
    assert model_state_bytes(m.param_count(), 0, 1) / GB == pytest.approx(107.8, abs=0.1)
    w = Workload(model=m, mode="train")
    r = evaluate_workload(w, n_gpus=1, **H100)
    assert r.per_gpu.total > 108 * GB and not r.fits and r.max_batch == 0
    assert r.verdict.id == "workload.no-fit"
    assert Msg("workload.try.zero3", n=8) in r.verdict["tips"].items    # type: ignore[union-attr]
    assert isinstance(r, WorkloadResult) and r.mfu == DEFAULT_MFU


def test_7b_zero3_over_8_gpus_fits(presets):
    w = Workload(model=presets["llama-2-7b"], mode="train", train=TrainJob(zero_stage=3))
    r = evaluate_workload(w, n_gpus=8, **H100)
    assert r.fits and r.verdict.id == "workload.fits" and r.headroom_bytes > 0
    assert r.train_flops == pytest.approx(6 * 6.738e9 * 20 * 6.738e9, rel=1e-3)
    assert r.train_days == pytest.approx(r.train_flops / (8 * 989e12 * DEFAULT_MFU) / 86400)


@pytest.mark.parametrize(("mode", "n"), [("train", 8), ("infer", 1), ("infer", 2)])
def test_max_batch_is_consistent(presets, mode, n):
    w = Workload(model=presets["llama-3-8b"], mode=mode, train=TrainJob(zero_stage=3, seq_len=2048))
    r = evaluate_workload(w, n_gpus=n, **H100)
    assert r.max_batch >= 1
    key = "micro_batch" if mode == "train" else "batch"
    job = w.train if mode == "train" else w.infer

    def needed(b):  # what the GPU must hold: PyTorch's peak plus the CUDA context / fragmentation reserve
        total = estimate_memory(w.model_copy(update={mode: job.model_copy(update={key: b})}), n).total
        return total + reserve_bytes(total)

    assert needed(r.max_batch) <= r.capacity_bytes < needed(r.max_batch + 1)


def test_zero_sharding_lowers_model_states(presets):
    m = presets["llama-2-7b"]
    totals = [estimate_memory(Workload(model=m, mode="train", train=TrainJob(zero_stage=s,
              checkpointing=True)), 8).total for s in range(4)]
    assert totals[1] < totals[0] and totals[3] < totals[2] < totals[1]


def test_inference_tensor_parallel_splits_weights(presets):
    w = Workload(model=presets["llama-3-70b"], mode="infer")
    one, two = estimate_memory(w, 1), estimate_memory(w, 2)
    assert two.weights == pytest.approx(one.weights / 2, rel=1e-6)
    assert two.kv_cache == pytest.approx(one.kv_cache / 2, rel=1e-6)
    r = evaluate_workload(w, n_gpus=2, **H100)
    assert r.decode_tokens_per_s > 0 and r.prefill_tokens_per_s > 0 and r.train_days is None


def test_precision_bytes_per_param():
    shape = ModelShape(name="t", layers=2, hidden=256, heads=4, kv_heads=4, ffn=688, vocab=1000)
    from configurator.core.evaluate.workload_memory import train_bytes_per_param
    assert sum(train_bytes_per_param(TrainJob(precision="fp32"))) == 16
    assert sum(train_bytes_per_param(TrainJob(precision="amp"))) == 16
    assert sum(train_bytes_per_param(TrainJob(precision="mixed"))) == 16
    assert sum(train_bytes_per_param(TrainJob(precision="bf16"))) == 8
    assert sum(train_bytes_per_param(TrainJob(precision="mixed", optimizer="adamw8bit"))) == 10
    assert shape.param_count() == 2 * (4 * 256 * 256 + 3 * 256 * 688 + 512) + 2 * 1000 * 256 + 256


# --- Calibration regressions ------------------------------------------------------------------------
# Measured on the CPU with bench/calibrate_workload.py (torch 2.13.0+cpu, transformers 5.24.0):
# HF LlamaForCausalLM from a config, SDPA, AdamW(foreach=True), the model's own loss over the full
# vocabulary, peak of live tensor bytes over the second step (profiler allocation events + live state).
CALIBRATION = [
    # layers, hidden, heads, kv, ffn, vocab, seq, batch, precision, ckpt, measured MiB
    (4, 512, 8, 8, 1376, 32000, 1024, 2, "bf16", False, 1325.5),
    (4, 1024, 16, 8, 2752, 32000, 1024, 1, "bf16", False, 1260.6),
    (2, 512, 8, 2, 1376, 128256, 1024, 1, "bf16", False, 2583.5),
    (2, 1024, 16, 4, 3584, 128256, 2048, 1, "bf16", False, 5378.8),
    (4, 512, 8, 8, 1376, 32000, 1024, 2, "bf16", True, 1151.2),
    (4, 1024, 16, 4, 3584, 128256, 1024, 2, "bf16", True, 5354.4),
    (4, 512, 8, 8, 1376, 32000, 1024, 2, "fp32", False, 1864.6),
    (2, 512, 8, 2, 1376, 128256, 1024, 1, "fp32", False, 3654.0),
    (4, 512, 8, 8, 1376, 32000, 1024, 2, "fp32", True, 1548.4),
    (4, 512, 8, 8, 1376, 32000, 1024, 2, "amp", False, 1699.0),
    (2, 512, 8, 2, 1376, 128256, 1024, 1, "amp", False, 3514.8),
    (4, 512, 8, 8, 1376, 32000, 1024, 2, "amp", True, 1452.6),
    (4, 1024, 16, 8, 2752, 32000, 128, 1, "bf16", False, 1076.4),  # optimizer step is the peak
    (4, 1024, 16, 8, 2752, 32000, 128, 1, "fp32", False, 2152.8),
]


@pytest.mark.parametrize("case", CALIBRATION)
def test_calibration_regression(case):
    layers, hidden, heads, kv, ffn, vocab, seq, batch, precision, ckpt, measured_mib = case
    shape = ModelShape(name="cal", layers=layers, hidden=hidden, heads=heads, kv_heads=kv, ffn=ffn,
                       vocab=vocab)
    # the runs used AdamW(foreach=True), whose step temporaries set the peak of the seq-128 cases
    job = TrainJob(precision=precision, micro_batch=batch, seq_len=seq, checkpointing=ckpt,
                   optimizer_impl="foreach")
    est = estimate_memory(Workload(model=shape, mode="train", train=job))
    # issue #11's bar: within ±5 % of the real run. The CPU run has no cuBLAS / flash-attention
    # workspace, so the like-for-like figure leaves out the CUDA allowance (`overhead`)
    assert (est.allocated - est.overhead) / MiB == pytest.approx(measured_mib, rel=0.05)
    assert est.overhead == 64 * MiB                    # the allowance itself: the documented 64 MiB


def test_total_is_the_allocator_peak_and_the_fit_adds_the_reserve(presets):
    """`total` is comparable with torch.cuda.max_memory_allocated for any model size (no fixed CUDA
    context inside it); the verdict adds the context + fragmentation reserve on top."""
    from configurator.core.evaluate.workload_memory import CUDA_CONTEXT_BYTES

    small = Workload(model=presets["smollm2-135m"], mode="train", train=TrainJob(precision="bf16", seq_len=512))
    mem = estimate_memory(small, 1)
    assert mem.total == mem.allocated
    assert mem.overhead < CUDA_CONTEXT_BYTES / 4
    r = evaluate_workload(small, n_gpus=1, **H100)
    assert r.reserve_bytes >= CUDA_CONTEXT_BYTES
    assert r.headroom_bytes == r.capacity_bytes - mem.total - r.reserve_bytes
    # a GPU that holds the allocations but not the context as well does not fit
    tight = evaluate_workload(small, n_gpus=1, **{**H100, "gpu_memory_gb": (mem.total + 1e8) / 1e9})
    assert not tight.fits and tight.verdict.id == "workload.no-fit"
