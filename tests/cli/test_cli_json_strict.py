"""`--json` output is strict JSON and valid UTF-8, whatever the input (issue 10, classes 5 and 8)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "hgx-h100-8gpu.json"


def _run(*args: str | bytes, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CONFIGURATOR_HOME": str(cwd / ".home")}
    return subprocess.run([sys.executable, "-m", "configurator", *args], capture_output=True, timeout=120,
                          cwd=cwd, env=env)


def _reject(name: str):
    raise AssertionError(f"{name} in --json output")


@pytest.mark.skipif(sys.platform == "win32" or sys.platform == "darwin", reason="needs a byte-name file system")
def test_check_json_with_a_non_utf8_file_name(tmp_path):
    name = os.fsencode(tmp_path) + b"/caf\xe9-build.json"
    shutil.copyfile(EXAMPLE, name)
    proc = _run("check", os.fsdecode(name), "--json", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    data = json.loads(proc.stdout.decode("utf-8"), parse_constant=_reject)   # strict UTF-8, no raw bytes
    assert data["build"].endswith("caf\ufffd-build.json")


def test_evaluate_json_with_an_extreme_workload_file_is_refused_in_one_line(tmp_path):
    wl = tmp_path / "wl.json"
    wl.write_text(json.dumps({"mode": "train", "model": {"name": "m", "layers": 32, "hidden": 4096, "heads": 32,
                                                         "kv_heads": 8, "ffn": 14336, "vocab": 128256},
                              "train": {"tokens": 1e308}}))
    proc = _run("evaluate", str(EXAMPLE), "--json", "--workload", str(wl), cwd=tmp_path)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and err.count("\n") == 1 and "field 'train.tokens': must be from 1" in err, err


def test_evaluate_json_parses_strictly(tmp_path):
    proc = _run("evaluate", str(EXAMPLE), "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    json.loads(proc.stdout.decode("utf-8"), parse_constant=_reject)
