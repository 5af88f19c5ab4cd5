"""Default MFU by model size and regime against the Llama 3.1 model card's GPU-hours.

https://huggingface.co/meta-llama/Llama-3.1-8B (MODEL_CARD.md, "Training Energy Use"): cumulative
H100-80GB GPU-hours 8B 1.46 M, 70B 7.0 M, 405B 30.84 M, pretraining on ~15 T tokens (15.6 T,
arXiv:2407.21783 §3). The at-scale figures were derived from these hours (workload_models.MFU_AT_SCALE),
so this test holds the table and the time formula to the card; the independent check is the 405B
paper's 38-43 % MFU x > 90 % effective training time.
"""

from __future__ import annotations

import pytest

from configurator.core.evaluate.workload_models import (
    DEFAULT_MFU,
    MFU_AT_SCALE,
    default_mfu,
)
from configurator.store.model_presets import load_presets

H100_BF16 = 989e12
TOKENS = 15.6e12
CARD_HOURS = {"llama-3.1-8b": 1.46e6, "llama-3.1-70b": 7.0e6, "llama-3.1-405b": 30.84e6}


@pytest.fixture(scope="module")
def presets():
    return load_presets()


@pytest.mark.parametrize("preset", sorted(CARD_HOURS))
def test_gpu_hours_at_scale_within_20_percent_of_the_card(presets, preset):
    n = presets[preset].active_param_count()
    hours = 6 * n * TOKENS / (H100_BF16 * default_mfu(n, 16_384) * 3600)
    assert hours == pytest.approx(CARD_HOURS[preset], rel=0.20)
    # the old flat 0.40 missed 8B and 70B by more than 20 %
    flat = 6 * n * TOKENS / (H100_BF16 * DEFAULT_MFU * 3600)
    assert (flat / CARD_HOURS[preset] - 1 < -0.20) == (preset != "llama-3.1-405b")


def test_405b_agrees_with_the_papers_mfu_and_goodput():
    at_scale = MFU_AT_SCALE[-1][1]
    assert 0.38 * 0.90 <= at_scale <= 0.43 * 0.90 + 0.005


def test_regime_one_server_keeps_the_server_default_and_falls_with_the_cluster():
    assert default_mfu(8e9, 8) == DEFAULT_MFU
    assert default_mfu(8e9, 16_384) == 0.145 and default_mfu(405e9, 1024) == 0.345
    assert DEFAULT_MFU > default_mfu(70e9, 64) > default_mfu(70e9, 512) > default_mfu(70e9, 1024)
