"""`configurator recommend`: JSON keys, the written best build checks clean, one-line errors."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from configurator.launch import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_recommend_json_and_best_build(tmp_path: Path) -> None:
    best = tmp_path / "best.json"
    code, out, _ = run("recommend", "--preset", "llama-2-7b", "--tokens", "1e10", "--deadline-days", "14",
                       "--budget", "2e5", "--max-servers", "2", "--json", "-o", str(best))
    data = json.loads(out)
    assert code == 0 and data["results"]
    first = data["results"][0]
    assert {"servers", "price", "train_days", "why", "binds", "build"} <= set(first)
    assert first["train_days"] <= 14 and float(first["price"]) <= 2e5
    code, out, _ = run("check", str(best), "--json")
    assert code == 0 and json.loads(out)["errors"] == 0


def test_recommend_text_explains(tmp_path: Path) -> None:
    code, out, _ = run("recommend", "--preset", "llama-2-7b", "--tokens", "1e10", "--deadline-days", "14",
                       "--max-servers", "1", "--top", "3")
    assert code == 0 and "The cheapest build found that trains in" in out


def test_recommend_bad_budget_is_one_line() -> None:
    code, _, err = run("recommend", "--preset", "llama-2-7b", "--budget", "lots")
    assert code == 2 and err.strip().count("\n") == 0 and "--budget" in err


def test_recommend_nothing_fits_exit_1() -> None:
    code, out, _ = run("recommend", "--preset", "llama-2-7b", "--budget", "10", "--max-servers", "1")
    assert code == 1 and "No build meets every constraint" in out


def test_recommend_serving_targets_text_and_json() -> None:
    args = ("recommend", "--preset", "llama-3.1-8b", "--mode", "serve", "--precision", "fp8", "--seq", "2000",
            "--new-tokens", "500", "--ttft-ms", "400", "--tpot-ms", "15", "--concurrent-users", "300",
            "--max-servers", "2", "--top", "3")
    code, out, _ = run(*args, "--json")
    data = json.loads(out)
    assert code == 0 and data["results"] and "dropped_by_serving_targets" in data
    s = data["results"][0]["serving"]
    par, r0 = s["parallelism"], data["results"][0]
    # 8B fp8 fits one GPU: the server's GPUs serve as replicas of TP dividing them
    assert r0["gpus_per_server"] % par["tp"] == 0 and par["pp"] == 1
    assert par["replicas"] == r0["servers"] * r0["gpus_per_server"] // par["tp"]
    assert s["ttft_ms"] <= 400 and s["tpot_ms"] <= 15 and s["max_concurrent_sequences"] >= 300
    code, out, _ = run(*args)
    assert code == 0 and "Serving: TP " in out and "ms per output token at" in out


def test_recommend_serving_target_with_training_is_one_line() -> None:
    code, _, err = run("recommend", "--preset", "llama-2-7b", "--tpot-ms", "20")
    assert code == 2 and err.count("\n") == 1 and err.startswith("configurator: --tpot-ms:")
