"""The 3-D scaling model against Llama 3's published runs (core/cluster/scaling.py).

Llama 3 405B, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 4: 8,192 GPUs at TP 8, CP 1,
PP 16, DP 64 reach 430 TFLOPs/GPU; 16,384 GPUs at TP 8, CP 1, PP 16, DP 128 reach 400, both at a
16 M-token batch of 8,192-token sequences: 16,384 GPUs are 2 × 400 / 430 = 1.86× as fast.
"""

from __future__ import annotations

import pytest

from configurator.core.cluster.scaling import StepInputs, exceeds_batch, point, tokens_per_gpu_step
from configurator.core.cluster.spec import DEFAULT_GLOBAL_BATCH_TOKENS, TrainingSpec

PARAMS = 405e9
BATCH = 16 * 2**20          # Table 4 "tokens/batch: 16M"
SEQ = 8192                  # Table 4 "seq. len."
H100_BF16 = 989e12          # dense BF16 peak, H100 SXM datasheet
NIC_GBS = 400 / 8           # one 400 Gb/s NIC per GPU (paper §3.3.1: RoCE / InfiniBand at 400 Gbps)


def llama3_405b() -> StepInputs:
    return StepInputs(gpus_per_server=8, flops_per_token=6 * PARAMS, gpu_flops_per_s=0.40 * H100_BF16,
                      tokens_per_micro_step=SEQ, grad_bytes=PARAMS * 2, traffic_factor=1.0,
                      net_gbs_per_gpu=NIC_GBS, single_days=1.0)


def speedup(training: TrainingSpec) -> float:
    inp = llama3_405b()
    return point(inp, 1024, training).days / point(inp, 2048, training).days


@pytest.mark.parametrize("virtual", [4, 8])
def test_llama3_table4_8k_to_16k_gpus(virtual):
    """8,192 -> 16,384 H100 at TP8 x PP16 and a 16 M-token batch: 1.70-1.95x (published 1.86x).

    The paper does not state the interleaving depth v: 128 layer slots over 16 stages allow up to
    8 chunks per stage; v = 4 and 8 both land in the band (v = 8: 1.86x)."""
    training = TrainingSpec(global_batch_tokens=BATCH, pipeline_stages=16, virtual_stages=virtual)
    assert 1.70 <= speedup(training) <= 1.95


def test_fixed_batch_is_not_exceeded_silently():
    """The old model let 8,192 GPUs run 67 M tokens a step against a 16 M batch: 2.00x."""
    inp = llama3_405b()
    training = TrainingSpec(global_batch_tokens=BATCH, pipeline_stages=16, virtual_stages=8)
    assert exceeds_batch(inp, 1024, training)                          # 8,192 x 8,192 = 67 M > 16 M
    assert float(tokens_per_gpu_step(inp, 1024, BATCH)) == BATCH / 8192  # 2,048 tokens each
    assert speedup(training) < 1.9
    # under the batch, whole micro-batches accumulate: 64 servers x 8 GPUs -> 4 micro-batches
    assert float(tokens_per_gpu_step(inp, 64, BATCH)) == 4 * SEQ and not exceeds_batch(inp, 64, training)


def test_pipeline_stages_shrink_the_gradient_shard():
    """DP-only (TP8): each GPU all-reduces 810 GB / 8 = 101 GB; TP8 x PP16: 810 / 128 = 6.3 GB."""
    inp = llama3_405b()
    dp_only = point(inp, 1024, TrainingSpec(global_batch_tokens=BATCH))
    three_d = point(inp, 1024, TrainingSpec(global_batch_tokens=BATCH, pipeline_stages=16, virtual_stages=8))
    wire = 2 * (1024 - 1) / 1024 * PARAMS * 2 / 8 / (NIC_GBS * 1e9)
    assert dp_only.comm_s == pytest.approx(wire)                       # 101 GB at 50 GB/s: 4.0 s
    assert PARAMS * 2 / 128 == pytest.approx(6.33e9, rel=1e-3)
    assert three_d.efficiency > dp_only.efficiency


def test_defaults_keep_the_data_parallel_model():
    """No batch and one stage: the step is the old one (no bubble, accumulation as given)."""
    inp = llama3_405b()
    p = point(inp, 4, TrainingSpec(grad_accum_steps=3, global_batch_tokens=None))
    assert p.compute_s == pytest.approx(3 * SEQ * 6 * PARAMS / (0.40 * H100_BF16))
    assert p.comm_s == pytest.approx(2 * 3 / 4 * PARAMS * 2 / 8 / (NIC_GBS * 1e9))


def test_the_point_shows_its_layout():
    """Table 4's 8,192-GPU row: TP 8 × PP 16 × DP 64, 16 M / 8,192 = 2,048 tokens per GPU per step."""
    p = point(llama3_405b(), 1024, TrainingSpec(global_batch_tokens=BATCH, pipeline_stages=16, virtual_stages=8))
    assert (p.tensor_parallel, p.pipeline_stages, p.data_parallel, p.tokens_per_gpu) == (8, 16, 64, 2048)


def test_the_default_batch_is_llama_2s_4m_tokens():
    """arXiv:2307.09288 §2.2: "a global batch-size of 4M tokens"; 64 servers x 8 GPUs x 8,192 = 4 M: one
    micro-batch each; 128 servers exceed it and each GPU's share halves."""
    assert TrainingSpec().global_batch_tokens == DEFAULT_GLOBAL_BATCH_TOKENS == 4_194_304
    inp = llama3_405b()
    assert float(tokens_per_gpu_step(inp, 16, DEFAULT_GLOBAL_BATCH_TOKENS)) == 4 * SEQ
    assert float(tokens_per_gpu_step(inp, 128, DEFAULT_GLOBAL_BATCH_TOKENS)) == SEQ / 2
    assert exceeds_batch(inp, 128, TrainingSpec()) and not exceeds_batch(inp, 64, TrainingSpec())


def test_the_builds_pipeline_depth_applies_where_the_cluster_file_sets_none():
    from configurator.core.cluster.scaling import with_pipeline
    from configurator.core.evaluate.workload_models import ModelShape, TrainJob, Workload

    shape = ModelShape(name="t", layers=80, hidden=8192, heads=64, kv_heads=8, ffn=28672, vocab=128256)
    wl = Workload(model=shape, mode="train", train=TrainJob(servers=16, pipeline_stages=4))
    assert with_pipeline(TrainingSpec(), wl).pipeline_stages == 4
    assert with_pipeline(TrainingSpec(pipeline_stages=8), wl).pipeline_stages == 8     # the file's own wins
    assert with_pipeline(TrainingSpec(), None).pipeline_stages == 1


def test_best_pipeline_is_the_fastest_depth_dividing_servers_and_layers():
    from configurator.core.cluster.scaling import best_pipeline, days_on

    inp = llama3_405b()
    training = TrainingSpec(global_batch_tokens=BATCH)
    stages, days = best_pipeline(inp, 96, 126, training)
    depths = [p for p in (1, 2, 4, 8, 16) if 96 % p == 0 and 126 % p == 0]      # 1, 2
    assert stages in depths and days == min(float(days_on(inp, 96, training.model_copy(
        update={"pipeline_stages": p}))) for p in depths)
