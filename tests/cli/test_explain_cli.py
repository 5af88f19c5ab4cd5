"""`configurator explain BUILD FIGURE [--json] [--list]`: the CLI face of the figure explanations."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

from configurator.cli import main

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
