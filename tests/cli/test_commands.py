"""The command line mirrors the GUI: check, evaluate, workload and quote, with their JSON keys."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from configurator.launch import main
from configurator.store import paths

EX = paths.examples_dir()


def run(*argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process; returns (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", ["hgx-h100-8gpu.json", "seed-7b-training.json"])
def test_reference_examples_check_clean(name):
    code, out, _ = run("check", str(EX / name), "--json")
    data = json.loads(out)
    assert code == 0 and data["errors"] == 0
    assert all(v["severity"] != "error" for v in data["violations"])


def test_check_exit_1_on_errors_and_names_parts(tmp_path: Path):
    build = json.loads((EX / "hgx-h100-8gpu.json").read_text(encoding="utf-8"))
    build["placements"]["GPU3"] = "nvidia-h200-sxm5-141gb"
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(build), encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 1
    assert "gpu.mixed-models" in out and "GPU3" in out and "H200" in out


def test_check_exit_2_one_line_for_unreadable(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "chassis": ', encoding="utf-8")
    code, out, err = run("check", str(bad))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "bad.json" in err and "Traceback" not in err


def test_evaluate_json_carries_documented_keys():
    code, out, _ = run("evaluate", str(EX / "hgx-h100-8gpu.json"), "--json")
    assert code == 0
    d = json.loads(out)
    assert set(d["power_w"]) >= {"idle", "typical", "max"}
    assert set(d["psu"]) >= {"count", "rating_w", "redundancy", "usable_w", "load_pct"}
    for key in ("heat_btu_hr", "airflow_cfm", "bottlenecks", "tco", "violations"):
        assert key in d
    assert set(d["gpu"]) >= {"count", "model", "vram_gb", "bf16_tflops"}
    assert set(d["memory"]) >= {"capacity_gb", "bandwidth_gbs"}
    assert set(d["cost"]) >= {"currency", "total", "lines"}
    assert d["gpu"]["count"] == 8 and d["psu"]["count"] == 6
    # the figures agree with each other
    assert d["heat_btu_hr"] == pytest.approx(3.412 * d["wall_power_w"]["max"], rel=0.01)
    lines_sum = sum(float(line["extended"]) for line in d["cost"]["lines"] if line["extended"])
    assert float(d["cost"]["total"]) == pytest.approx(lines_sum, abs=0.005)
    assert 6000 <= d["wall_power_w"]["max"] <= 14000


def test_evaluate_with_workload_file(tmp_path: Path):
    wl = {"model": {"name": "Llama-2-7B", "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32,
                    "ffn": 11008, "vocab": 32000},
          "mode": "train", "train": {"precision": "mixed", "optimizer": "adamw", "micro_batch": 1,
                                     "seq_len": 4096, "checkpointing": True, "zero_stage": 3}}
    path = tmp_path / "wl.json"
    path.write_text(json.dumps(wl), encoding="utf-8")
    code, out, _ = run("evaluate", str(EX / "hgx-h100-8gpu.json"), "--json", "--workload", str(path))
    assert code == 0
    w = json.loads(out)["workload"]
    assert w["fits"] is True and w["per_gpu_bytes"]["total"] < 80e9
    bad = tmp_path / "badwl.json"
    bad.write_text(json.dumps({**wl, "mode": "dance"}), encoding="utf-8")
    code, _, err = run("evaluate", str(EX / "hgx-h100-8gpu.json"), "--workload", str(bad))
    assert code == 2 and "badwl.json" in err and "mode" in err


def test_evaluate_text_has_a_kv_cache_row_for_serving(tmp_path: Path):
    wl = {"preset": "llama-3.1-8b", "model": {"name": "Llama-3.1-8B", "layers": 32, "hidden": 4096, "heads": 32,
                                             "kv_heads": 8, "ffn": 14336, "vocab": 128256},
          "mode": "infer", "infer": {"context": 4096, "new_tokens": 1024, "batch": 8}}
    path = tmp_path / "serve.json"
    path.write_text(json.dumps(wl), encoding="utf-8")
    code, out, _ = run("evaluate", str(EX / "hgx-h100-8gpu.json"), "--workload", str(path))
    assert code == 0
    row = next(ln for ln in out.splitlines() if ln.startswith("KV cache"))
    assert "concurrent sequences of 5,120 tokens" in row
    code, out, _ = run("evaluate", str(EX / "hgx-h100-8gpu.json"), "--json", "--workload", str(path))
    w = json.loads(out)["workload"]
    assert w["concurrency_tokens"] == 5120 and w["comm_buffer_bytes"] > 0     # one TP-8 group: buffers charged
    assert any(n.startswith("KV cache capacity (serving engine, 90% of GPU memory") for n in w["notes"])


def test_workload_json_per_gpu_bytes_and_fit():
    code, out, _ = run("workload", "--json", "--preset", "llama-2-7b", "--mode", "train", "--precision", "mixed",
                       "--gpu", "nvidia-h100-sxm5-80gb")
    assert code == 0
    d = json.loads(out)
    keys = {"weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "total"}
    assert set(d["per_gpu_bytes"]) == keys
    assert d["per_gpu_bytes"]["total"] > 80e9          # 7B with mixed-precision AdamW: well over 80 GB
    assert d["fits"] is False and d["capacity_bytes"] == 80_000_000_000


def test_workload_custom_shape_inference_with_gqa():
    code, out, _ = run("workload", "--json", "--layers", "80", "--hidden", "8192", "--heads", "64",
                       "--kv-heads", "8", "--ffn", "28672", "--vocab", "128256", "--mode", "infer",
                       "--seq", "131072", "--new-tokens", "1", "--batch", "1")
    assert code == 0
    kv = json.loads(out)["per_gpu_bytes"]["kv_cache"]
    assert kv == pytest.approx(40 * 2**30, rel=0.01)  # models.md case 9: 40 GiB, not the naive 343.6 GB


def test_workload_serving_shows_kv_capacity_and_concurrency():
    """issue #26: a serving engine's KV cache in tokens and its max concurrent sequences at the context."""
    args = ("workload", "--preset", "llama-3.1-8b", "--mode", "infer", "--seq", "8192", "--new-tokens", "0",
            "--gpu", "nvidia-h100-sxm5-80gb")
    code, out, _ = run(*args)
    assert code == 0
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("KV cache:"))
    assert "concurrent sequences of 8,192 tokens" in line
    code, out, _ = run(*args, "--json")
    d = json.loads(out)
    assert d["kv_cache_tokens"] > 400_000 and d["max_concurrency"] == pytest.approx(d["kv_cache_tokens"] / 8192, rel=1e-4)
    assert d["cuda_graph_bytes"] > 0 and d["comm_buffer_bytes"] == 0
    code, out, _ = run(*args, "--lang", "zh_CN")
    assert code == 0 and "KV 缓存：" in out and "序列同时处理" in out
    code, out, _ = run("workload", "--json", "--preset", "llama-2-7b", "--gpu", "nvidia-h100-sxm5-80gb")
    assert "kv_cache_tokens" not in json.loads(out)          # training: no serving capacity


def test_workload_bad_arguments_exit_2():
    assert run("workload", "--preset", "no-such-model")[0] == 2
    assert run("workload", "--layers", "2")[0] == 2
    assert run("workload", "--preset", "llama-2-7b", "--gpu", "not-a-gpu")[0] == 2


def test_quote_writes_pdf_and_refuses_four_options(tmp_path: Path):
    out = tmp_path / "q.pdf"
    code, stdout, _ = run("quote", str(EX / "hgx-h100-8gpu.json"), "-o", str(out), "--customer", "示例客户",
                          "--valid-days", "14")
    assert code == 0 and out.read_bytes().startswith(b"%PDF")
    four = [str(EX / "hgx-h100-8gpu.json")] * 4
    assert run("quote", *four, "-o", str(tmp_path / "x.pdf"))[0] == 2


def test_module_entry_point_no_traceback_on_missing_file():
    proc = subprocess.run([sys.executable, "-m", "configurator", "evaluate", "/nonexistent/x.json"],
                          capture_output=True, text=True, timeout=120, cwd=paths.repo_root())
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
