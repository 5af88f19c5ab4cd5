"""Serving targets in the recommender: TTFT, time per output token and concurrent users filter the builds,
the answer says which target dropped them, and each build shows the parallelism it assumes."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from configurator.core.evaluate.workload import Workload
from configurator.core.recommend import Request, recommend
from configurator.core.recommend.reasons import drops, failed
from configurator.core.recommend.serving import Serving, per_server
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.store.model_presets import load_presets


@pytest.fixture(scope="module")
def evaluator():
    return default_evaluator(load_catalog())


def _wl(preset: str = "llama-3.1-8b", **infer) -> Workload:
    return Workload.model_validate({"mode": "infer", "model": load_presets()[preset].model_dump(mode="json"),
                                    "infer": {"precision": "fp8", "kv_dtype": "fp8", "context": 2000,
                                              "new_tokens": 500, **infer}})


def _serving(ttft: float, tpot: float, seqs: int, replicas: int = 1) -> Serving:
    return Serving(tp=8, replicas=replicas, prompt_tokens=2000, session_tokens=2500, concurrency=4,
                   ttft_s=ttft, tpot_s=tpot, max_sequences=seqs)


def test_a_build_missing_tpot_is_dropped_and_tpot_is_named() -> None:
    req = Request(workload=_wl(), target_tpot_ms=20, target_ttft_ms=500)
    fast, slow = _serving(0.2, 0.010, 100), _serving(0.2, 0.030, 100)
    assert not failed(req, fast) and failed(req, slow)
    said = drops(req, [fast, slow])
    assert [r.kind for r in said] == ["tpot"]
    assert "1 builds dropped" in said[0].text and "10.0 ms for the 20 ms" in said[0].text


def test_each_target_binds_on_its_own() -> None:
    req = Request(workload=_wl(), target_ttft_ms=100, concurrent_users=500)
    assert failed(req, _serving(0.150, 0.01, 1000))          # TTFT
    assert failed(req, _serving(0.050, 0.01, 100, replicas=4))   # 400 sequences for 500 users
    assert not failed(req, _serving(0.050, 0.01, 100, replicas=5))
    assert [r.kind for r in drops(req, [_serving(0.150, 0.01, 1000), _serving(0.05, 0.01, 10)])] == ["ttft", "users"]


def test_users_spread_over_replicas() -> None:
    assert per_server(None, 3, 16) == 16
    assert per_server(100, 3, 1) == 34


def test_training_refuses_serving_targets() -> None:
    train = Workload.model_validate({"mode": "train", "model": load_presets()["llama-3.1-8b"].model_dump(mode="json")})
    for field in ("target_ttft_ms", "target_tpot_ms", "concurrent_users"):
        with pytest.raises(ValidationError, match=field):
            Request(workload=train, **{field: 10})


def test_every_build_meets_every_target_and_shows_its_parallelism(evaluator) -> None:
    req = Request(workload=_wl(), target_ttft_ms=400, target_tpot_ms=15, concurrent_users=300, max_servers=4,
                  front_size=6)
    rec = recommend(req, evaluator)
    assert rec.results
    for r in rec.results:
        s = r.serving
        # each server's GPUs run as replicas of TP GPUs (TP dividing them), and the build's workload says which
        assert s is not None and s.tp * s.replicas == r.evaluation.compute.gpu_count * r.servers
        assert r.build.workload is not None and r.build.workload["infer"]["tensor_parallel"] == s.tp
        assert s.ttft_s * 1000 <= 400 and s.tpot_s * 1000 <= 15 and s.max_users >= 300
        assert s.concurrency == -(-300 // s.replicas)       # the users spread over the replicas
        # the rate shown is the users' concurrency at that time per output token
        assert r.tokens_per_s == pytest.approx(s.concurrency * s.replicas / s.tpot_s)


def test_an_impossible_tpot_says_which_target_bound(evaluator) -> None:
    rec = recommend(Request(workload=_wl(), target_tpot_ms=0.01, max_servers=2), evaluator)
    assert not rec.results
    assert [r.kind for r in rec.dropped] == ["tpot"]
    assert "serving target" in rec.none_reason


def test_tighter_tpot_drops_builds_the_looser_keeps(evaluator) -> None:
    """Filtering, not ranking: the builds under a tight TPOT are a subset of those under a loose one."""
    loose = recommend(Request(workload=_wl(batch=64), target_tpot_ms=200, max_servers=1, front_size=50), evaluator)
    tpots = sorted(r.serving.tpot_s for r in loose.results if r.serving is not None)
    assert len(tpots) >= 2 and tpots[0] < tpots[-1]
    cut = (tpots[0] + tpots[-1]) / 2 * 1000
    tight = recommend(Request(workload=_wl(batch=64), target_tpot_ms=cut, max_servers=1, front_size=50), evaluator)
    assert tight.results and all(r.serving is not None and r.serving.tpot_s * 1000 <= cut for r in tight.results)
    assert any(r.kind == "tpot" for r in tight.dropped)
