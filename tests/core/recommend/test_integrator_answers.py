"""Builds an integrator would ship: tensor parallelism the serving engines run, no GeForce card in a
data-centre server.

- vLLM refuses a tensor-parallel size that does not divide the attention heads ("Total number of
  attention heads (…) must be divisible by tensor parallel size (…)", vllm/config.py
  `ModelConfig.verify_with_parallel_config`, https://github.com/vllm-project/vllm) and splits or
  replicates the KV heads (`get_num_kv_heads`: max(1, kv_heads // tp)); vLLM's and TensorRT-LLM's
  guides run TP 1, 2, 4 or 8 within a node
  (https://docs.vllm.ai/en/latest/serving/distributed_serving.html). Llama 3 70B has 64 query and
  8 KV heads (https://huggingface.co/meta-llama/Meta-Llama-3-70B/blob/main/config.json): TP 10 is
  not runnable (the issue's 10 × RTX 6000 Ada answer).
- NVIDIA's GeForce driver licence (https://www.nvidia.com/en-us/drivers/geforce-license/) excludes
  data-centre deployment, and server vendors' support lists carry no GeForce card: the recommender
  never puts one in a rack server (`gpu.consumer-card`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from configurator.cli.recommend_command import add_arguments, build_request
from configurator.core.evaluate.workload_models import ModelShape
from configurator.core.recommend import recommend
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.store.model_presets import load_presets
from configurator.words.problems import fix_text

EXAMPLES = Path(__file__).parents[3] / "examples"


@pytest.fixture(scope="module")
def evaluator():
    return default_evaluator(load_catalog())


def _request(line: str):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return build_request(parser.parse_args(line.split()))


def _llama3_70b() -> ModelShape:
    return load_presets()["llama-3-70b"]


def test_llama3_70b_tensor_parallel_degrees() -> None:
    m = _llama3_70b()
    assert (m.heads, m.kv_heads) == (64, 8)
    assert [tp for tp in range(1, 17) if m.tensor_parallel_ok(tp)] == [1, 2, 4, 8]


def test_kv_heads_are_replicated_not_split_below_one() -> None:
    """An MQA model (1 KV head) runs TP 8: each GPU holds a copy of the KV head."""
    mqa = _llama3_70b().model_copy(update={"kv_heads": 1})
    assert mqa.tensor_parallel_ok(8)
    assert not _llama3_70b().model_copy(update={"heads": 40, "kv_heads": 8}).tensor_parallel_ok(16)


def test_serving_70b_recommends_runnable_splits(evaluator) -> None:
    rec = recommend(_request("--preset llama-3-70b --mode serve --target-tokens-per-s 1000"), evaluator)
    assert rec.results
    for r in rec.results:
        n = r.evaluation.compute.gpu_count
        assert _llama3_70b().tensor_parallel_ok(n), (r.build.chassis, n)
        assert not [v for v in r.evaluation.violations if v.code == "workload.tensor-parallel"]


def test_check_warns_when_the_heads_do_not_split(evaluator) -> None:
    """Qwen2.5-1.5B (12 heads, 2 KV heads: https://huggingface.co/Qwen/Qwen2.5-1.5B/blob/main/config.json)
    served on the 8 × L40S example: vLLM refuses TP 8 (12 % 8); TP 4 runs."""
    build = load_build(EXAMPLES / "pcie-l40s-8gpu.json")
    serve = {"mode": "infer", "model": load_presets()["qwen2.5-1.5b"].model_dump(mode="json")}
    found = [v for v in evaluator.evaluate(build.model_copy(update={"workload": serve})).violations
             if v.code == "workload.tensor-parallel"]
    assert len(found) == 1 and found[0].severity == "warning"
    assert found[0].fix is not None and "4 GPUs per server" in fix_text(found[0].fix, "en")
    serve["model"] = _llama3_70b().model_dump(mode="json")
    assert not [v for v in evaluator.evaluate(build.model_copy(update={"workload": serve})).violations
                if v.code == "workload.tensor-parallel"]


def test_no_geforce_in_a_rack_server(evaluator) -> None:
    rec = recommend(_request("--preset llama-2-7b --mode serve --target-tokens-per-s 200 --gpu-family GeForce"),
                    evaluator)
    for r in rec.results:
        chassis = evaluator.catalog.get(r.build.chassis)
        assert chassis is not None and chassis.form != "rack", r.build.chassis
