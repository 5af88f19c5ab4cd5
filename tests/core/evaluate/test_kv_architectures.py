"""KV-cache bytes per token by attention architecture, against the models' published config.json.

Each shape is copied from the config.json named beside it (fields: num_hidden_layers,
hidden_size, num_attention_heads, num_key_value_heads, head_dim, kv_lora_rank, qk_rope_head_dim,
sliding_window, attention layer period); the expected bytes are worked by hand in the comments.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from configurator.core.evaluate.workload import estimate_memory, max_batch
from configurator.core.evaluate.workload_memory import infer_kv_bytes, kv_share_per_gpu
from configurator.core.evaluate.workload_models import InferJob, ModelShape, Workload

# GQA: https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json
# 32 layers, 32 heads, 8 KV heads, head 4096 / 32 = 128
LLAMA3_8B = ModelShape(name="Llama 3 8B", layers=32, hidden=4096, heads=32, kv_heads=8, ffn=14336, vocab=128256)
# MLA: https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json
# 61 layers, kv_lora_rank 512, qk_rope_head_dim 64, 128 heads, 256 routed experts, 8 per token
DEEPSEEK_V3 = ModelShape(name="DeepSeek-V3", layers=61, hidden=7168, heads=128, kv_heads=128, ffn=2048,
                         vocab=129280, experts=256, experts_active=8, params=671_000_000_000,
                         kv_lora_rank=512, qk_rope_head_dim=64)
# sliding window on every layer: https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json
# 32 layers, 8 KV heads of 128, sliding_window 4096
MISTRAL_7B = ModelShape(name="Mistral 7B v0.1", layers=32, hidden=4096, heads=32, kv_heads=8, ffn=14336,
                        vocab=32000, sliding_window=4096)
# local/global alternation: https://huggingface.co/google/gemma-2-9b/blob/main/config.json
# 42 layers, 16 heads, 8 KV heads, head_dim 256, sliding_window 4096 on every other layer (21)
GEMMA2_9B = ModelShape(name="Gemma 2 9B", layers=42, hidden=3584, heads=16, kv_heads=8, head_dim=256,
                       ffn=14336, vocab=256000, sliding_window=4096, sliding_layers=21)
# hybrid Mamba/attention: https://huggingface.co/ai21labs/Jamba-v0.1/blob/main/config.json
# 32 layers, attn_layer_period 8, attn_layer_offset 4: layers 4, 12, 20, 28 have attention (4);
# 8 KV heads of 4096 / 32 = 128
JAMBA = ModelShape(name="Jamba v0.1", layers=32, hidden=4096, heads=32, kv_heads=8, ffn=14336, vocab=65536,
                   experts=16, experts_active=2, attention_layers=4)


def test_gqa_llama3_8b():
    # 2 (K, V) x 32 layers x 8 heads x 128 x 2 B = 131,072 B per token
    assert LLAMA3_8B.attention_kind == "gqa"
    assert LLAMA3_8B.kv_bytes_per_token(2) == 131_072
    assert LLAMA3_8B.kv_sequence_bytes(8192, 2) == 8192 * 131_072


def test_mla_deepseek_v3():
    # (512 + 64) x 61 layers x 2 B = 70,272 B per token (bf16); 35,136 B at fp8
    assert DEEPSEEK_V3.attention_kind == "mla"
    assert DEEPSEEK_V3.kv_bytes_per_token(2) == 70_272
    assert DEEPSEEK_V3.kv_bytes_per_token(1) == 35_136
    # the latent is shared by all heads: every tensor-parallel GPU holds all of it
    assert kv_share_per_gpu(DEEPSEEK_V3, 8) == 1.0 and kv_share_per_gpu(LLAMA3_8B, 8) == 1 / 8
    # 128 heads as plain MHA would cache 2 x 128 x 56 x 61 x 2 B = 1,748,992 B: 24.9x as much
    assert 2 * 128 * DEEPSEEK_V3.d_head * 61 * 2 == 1_748_992


def test_sliding_window_mistral_7b():
    assert MISTRAL_7B.kv_bytes_per_token(2) == 131_072
    # 32k tokens keep only the last 4,096: 4,096 x 131,072 B = 512 MiB, not 4 GiB
    assert MISTRAL_7B.kv_sequence_bytes(32_768, 2) == 536_870_912
    assert MISTRAL_7B.kv_sequence_bytes(1000, 2) == 1000 * 131_072


def test_alternating_window_gemma2_9b():
    # 2 x 8 x 256 x 42 x 2 B = 344,064 B per token below the window
    assert GEMMA2_9B.kv_bytes_per_token(2) == 344_064
    # at 8,192 tokens: 21 global layers hold 8,192, 21 local layers 4,096: 4,096 x 2 B x (21 x 8,192 + 21 x 4,096)
    assert GEMMA2_9B.kv_sequence_bytes(8192, 2) == 4096 * 2 * (21 * 8192 + 21 * 4096) == 2_113_929_216


def test_hybrid_jamba():
    # only the 4 attention layers cache: 2 x 8 x 128 x 4 x 2 B = 16,384 B per token
    assert JAMBA.kv_layers == 4
    assert JAMBA.kv_bytes_per_token(2) == 16_384
    # MoE: all 16 experts' weights are held, 2 run per token
    assert JAMBA.active_param_count() < JAMBA.param_count() / 3


def test_infer_kv_bytes_follows_the_architecture():
    job = InferJob(batch=4, context=30_000, new_tokens=2_768, kv_dtype="fp8")   # 32,768 tokens each
    assert infer_kv_bytes(MISTRAL_7B, job) == 4 * 4096 * 32 * 2 * 8 * 128 * 1
    assert infer_kv_bytes(DEEPSEEK_V3, job) == 4 * 32_768 * 576 * 61
    assert infer_kv_bytes(LLAMA3_8B, job) == 4 * 32_768 * 65_536


def test_window_serves_more_sequences_at_long_context():
    """Max concurrent sequences at 32k tokens on one 80 GB GPU: the window's cache stays at 4k."""
    job = InferJob(batch=1, context=32_000, new_tokens=768)
    llama = max_batch(Workload(mode="infer", model=LLAMA3_8B, infer=job), 1, 80 * 10**9)
    mistral = max_batch(Workload(mode="infer", model=MISTRAL_7B, infer=job), 1, 80 * 10**9)
    assert 10 <= llama <= 16            # (80 GB - 16 GB weights - reserve) / 4.3 GB
    assert mistral >= 5 * llama
    mem = estimate_memory(Workload(mode="infer", model=MISTRAL_7B, infer=job.model_copy(update={"batch": 8})), 1)
    assert mem.kv_cache == 8 * 4096 * 131_072


def test_inconsistent_counts_are_refused():
    with pytest.raises(ValidationError, match="attention_layers"):
        ModelShape(name="x", layers=4, hidden=64, heads=4, kv_heads=4, ffn=128, vocab=100, attention_layers=5)
    with pytest.raises(ValidationError, match="sliding_layers"):
        ModelShape(name="x", layers=4, hidden=64, heads=4, kv_heads=4, ffn=128, vocab=100,
                   sliding_window=16, sliding_layers=5)


def test_every_inference_result_names_its_engine_and_cache():
    from configurator.core.evaluate.workload import evaluate_workload
    from configurator.words import say

    def notes(model, language="en", **job):
        """The notes worded in `language`."""
        wl = Workload(mode="infer", model=model, infer=InferJob(**job))
        said = evaluate_workload(wl, gpu_memory_gb=80, n_gpus=1, gpu_bf16_tflops=989, gpu_fp8_tflops=1979,
                                 gpu_bandwidth_gbs=3350).notes
        return [say(n, language) for n in said]

    chunked = notes(LLAMA3_8B, batch=64, context=4096)
    assert any("chunked prefill" in n for n in chunked)
    whole = notes(LLAMA3_8B, batch=64, context=4096, max_tokens_per_step=None)
    engine = next(n for n in whole if n.startswith("Engine: whole-batch generation"))
    assert "all 262,144 prompt tokens" in engine
    assert any("引擎：整批生成" in n for n in notes(LLAMA3_8B, "zh_CN", batch=64, context=4096, max_tokens_per_step=None))
    assert "KV cache: 131,072 B per token of each sequence (GQA attention, bf16)." in whole
    mla = notes(DEEPSEEK_V3, kv_dtype="fp8")
    assert "KV cache: 35,136 B per token of each sequence (MLA attention, fp8)." in mla
    assert "21 of 42 attention layers keep only the last 4,096 tokens (sliding window)." in notes(GEMMA2_9B)
    assert any(n.startswith("Only 4 of 32 layers") for n in notes(JAMBA))
    assert any("32 层中只有 4 层" in n for n in notes(JAMBA, "zh_CN"))
