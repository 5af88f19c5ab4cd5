"""Default MFU by model size and regime against the Llama 3.1 model card's GPU-hours, through the app's own
time model (one server's days at `Workload.mfu_on`, then `cluster/scaling.py`'s step model).

https://huggingface.co/meta-llama/Llama-3.1-8B (MODEL_CARD.md, "Training Energy Use", read 2026-12-06,
high confidence): cumulative H100-80GB GPU-hours 8B 1.46 M, 70B 7.0 M, 405B 30.84 M, pretraining on ~15 T
tokens (15.6 T, arXiv:2407.21783 §3). The layout: arXiv:2407.21783 Table 4's 16,384-GPU row (TP 8, PP 16,
16 M-token batch of 8,192-token sequences) with one 400 Gb/s NIC per GPU (§3.3.1). The at-scale figures
were calibrated on these hours (workload_models.MFU_AT_SCALE), so this test holds the table and the whole
time path to the card (±20 %, the issue's tolerance); the independent checks are the 405B paper's 38-43 %
step MFU and Table 4's 8,192 -> 16,384 GPU speed-up (1.70-1.95x, published 1.86x).
"""

from __future__ import annotations

import pytest

from configurator.core.cluster.scaling import job_inputs, point
from configurator.core.cluster.spec import TrainingSpec
from configurator.core.evaluate.workload_formulas import train_days, train_flops
from configurator.core.evaluate.workload_models import (
    DEFAULT_MFU,
    TrainJob,
    Workload,
    default_mfu,
)
from configurator.store.model_presets import load_presets

H100_BF16 = 989.0            # TFLOPS, dense BF16, H100 SXM5 datasheet
TOKENS = 15.6e12
NIC_GBS = 400 / 8            # one 400 Gb/s NIC per GPU, per direction
CARD_HOURS = {"llama-3.1-8b": 1.46e6, "llama-3.1-70b": 7.0e6, "llama-3.1-405b": 30.84e6}
TABLE4 = TrainingSpec(global_batch_tokens=16 * 2**20, pipeline_stages=16, virtual_stages=8)


@pytest.fixture(scope="module")
def presets():
    return load_presets()


def _point(preset, servers: int, mfu: float | None = None):
    """The cluster model's point for `preset` on `servers` 8 × H100 servers, the default MFU unless `mfu`."""
    wl = Workload(model=preset, mode="train", mfu=mfu,
                  train=TrainJob(tokens=TOKENS, seq_len=8192, micro_batch=1, precision="bf16"))
    flops = train_flops(preset.active_param_count(), TOKENS)
    single = train_days(flops, 8, H100_BF16, float(wl.mfu_on(8)))
    return point(job_inputs(wl, 8, flops, single, NIC_GBS), servers, TABLE4)


@pytest.mark.parametrize("name", sorted(CARD_HOURS))
def test_gpu_hours_on_16k_h100_within_20_percent_of_the_card(presets, name):
    p = _point(presets[name], 2048)
    hours = p.days * 24 * p.gpus
    assert hours == pytest.approx(CARD_HOURS[name], rel=0.20)
    # the old flat 0.40 (the same cluster model, MFU given) misses 8B and 70B by more than 20 %
    flat = _point(presets[name], 2048, mfu=DEFAULT_MFU)
    assert (flat.days * 24 * flat.gpus / CARD_HOURS[name] - 1 < -0.20) == (name != "llama-3.1-405b")


def test_405b_step_mfu_under_the_papers_and_its_speed_up(presets):
    """Table 4: 43 % MFU on 8,192 GPUs, 41 % on 16,384; the card's hours include > 90 % effective training
    time (§3.3.4), so the model's MFU x efficiency sits between 0.90 x and 1.0 x the paper's step MFU."""
    m = presets["llama-3.1-405b"]
    for servers, paper in ((1024, 0.43), (2048, 0.41)):
        p = _point(m, servers)
        achieved = p.mfu * p.efficiency
        assert 0.80 * paper <= achieved <= paper, (servers, achieved)
    assert 1.70 <= _point(m, 1024).days / _point(m, 2048).days <= 1.95


def test_regime_one_server_keeps_the_server_default_and_falls_with_the_cluster():
    assert default_mfu(8e9, 8) == DEFAULT_MFU and default_mfu(8e9, 1) == DEFAULT_MFU
    assert default_mfu(8e9, 16_384) == 0.164 and default_mfu(405e9, 1024) == 0.400
    assert DEFAULT_MFU > default_mfu(70e9, 64) > default_mfu(70e9, 512) > default_mfu(70e9, 1024)


def test_a_given_mfu_replaces_the_default(presets):
    wl = Workload(model=presets["llama-3.1-70b"], mode="train", mfu=0.5)
    assert wl.mfu_on(8) == wl.mfu_on(4096) == 0.5
    serve = Workload(model=presets["llama-3.1-70b"], mode="infer")
    assert serve.mfu_on(4096) == DEFAULT_MFU          # the size table is for training
