"""`configurator explain BUILD FIGURE [--json] [--list]`: the CLI face of the figure explanations."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from configurator.launch import main

ROOT = Path(__file__).parents[2]


def run(*args: str, process: bool = False) -> subprocess.CompletedProcess:
    """`configurator ARGS` from the checkout: through main() in this process (what `python -m
    configurator` calls), or with `process` as a real `python -m configurator` (exit status, stderr)."""
    if process:
        return subprocess.run([sys.executable, "-m", "configurator", *args], capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def test_explain_prints_formula_inputs_and_sources():
    out = run("explain", "examples/dgx-h100-8gpu.json", "wall_power_w.max")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("wall_power_w.max = 9,93")
    assert "80 PLUS titanium curve" in out.stdout and "https://www.clearesult.com/80plus/program-details" in out.stdout


def test_explain_json_matches_evaluate_json():
    ev = json.loads(run("evaluate", "examples/dgx-h100-8gpu.json", "--json").stdout)
    out = run("explain", "examples/dgx-h100-8gpu.json", "airflow_cfm", "--json")
    data = json.loads(out.stdout)
    assert data["value"] == ev["airflow_cfm"] and data["unit"] == "CFM" and data["estimate"] is False
    assert {i["name"] for i in data["inputs"]} >= {"published chassis airflow", "ΔT", "air constant"}


def test_list_names_every_figure_and_a_bad_key_is_one_line():
    listed = json.loads(run("explain", "examples/hgx-h100-8gpu.json", "--list", "--json").stdout)
    assert listed["power_w.max"] == 9626.0 and "cost.lines.0.extended" in listed
    bad = run("explain", "examples/hgx-h100-8gpu.json", "power_w.maxx", process=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert "no figure 'power_w.maxx'" in bad.stderr and "power_w.max" in bad.stderr


def test_workload_override_is_explained(tmp_path):
    build = json.loads((ROOT / "examples/seed-7b-training.json").read_text())
    wl = dict(build["workload"])
    wl["train"] = {**wl["train"], "zero_stage": 2}
    path = tmp_path / "wl.json"
    path.write_text(json.dumps(wl))
    out = run("explain", "examples/seed-7b-training.json", "workload.model_states.total", "--workload", str(path))
    assert out.returncode == 0, out.stderr
    assert "workload.train.zero_stage = 2" in out.stdout and "arxiv.org/abs/1910.02054" in out.stdout


def test_explain_follows_lang_and_json_keeps_english_keys():
    zh = run("explain", "examples/hgx-h100-8gpu.json", "psu.load_pct.max", "--lang", "zh_CN")
    assert zh.returncode == 0, zh.stderr
    assert zh.stdout.splitlines()[2] == "负载率 = power_w.peak ÷ psu.usable_w × 100（最大负载率按瞬态峰值计算）"
    assert "      来源：数值 psu.usable_w（可再对它求解释）" in zh.stdout
    data = json.loads(run("explain", "examples/hgx-h100-8gpu.json", "tco.breakeven_month", "--json",
                          "--lang", "zh_CN").stdout)
    assert set(data) == {"figure", "value", "unit", "formula", "estimate", "inputs", "notes"}
    assert data["figure"] == "tco.breakeven_month" and data["unit"] == "个月"
    assert data["formula"] == "累计自有成本 ≤ 累计租金的第一个月"
    assert set(data["inputs"][0]) == {"name", "value", "source", "estimate"}
    bad = run("explain", "examples/hgx-h100-8gpu.json", "power_w.maxx", "--lang", "zh_CN")
    assert bad.returncode == 2 and "没有数值 'power_w.maxx'" in bad.stderr and bad.stderr.count("\n") == 1


def test_lang_en_is_the_english_output():
    for args in (("wall_power_w.typical",), ("workload.per_gpu_bytes.total", "--json")):
        en = run("explain", "examples/seed-7b-training.json", *args, "--lang", "en")
        plain = subprocess.run([sys.executable, "-m", "configurator", "explain", "examples/seed-7b-training.json",
                                *args], capture_output=True, text=True, cwd=ROOT, timeout=120,
                               env={**os.environ, "CONFIGURATOR_LANG": "en"})
        assert en.returncode == 0 and en.stdout == plain.stdout
    assert "per-GPU bytes" in en.stdout or "peak per GPU" in en.stdout
