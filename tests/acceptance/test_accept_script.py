"""The acceptance script runs here (no GPU): read-only, every step timed or skipped with a reason,
one results folder that the importer reads back."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from accept_servers import BUILD

from configurator.formats.importers.acceptance import read_results
from configurator.launch import main

#: the standard tools the script may use; the GPU tools are left out so the test is the same on a GPU host
HOST_TOOLS = ("bash", "timeout", "date", "hostname", "mkdir", "cat", "ls", "head", "cut", "rm", "basename",
              "dirname", "id", "awk", "grep", "sleep", "nproc", "lsblk", "lscpu", "env", "fio")


def _bin(folder: Path, extra: dict[str, str] | None = None) -> Path:
    folder.mkdir()
    for tool in HOST_TOOLS:
        found = shutil.which(tool)
        if found and tool not in (extra or {}):
            (folder / tool).symlink_to(found)
    for name, body in (extra or {}).items():   # never written through a link to a real tool
        assert not (folder / name).is_symlink()
        (folder / name).write_text("#!/bin/sh\n" + body)
        (folder / name).chmod(0o755)
    return folder


def _run(tmp_path: Path, env: dict[str, str], extra: dict[str, str] | None = None) -> tuple[Path, dict[str, list[str]]]:
    script = tmp_path / "accept.sh"
    assert main(["accept", "script", str(BUILD), "-o", str(script)]) == 0
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run(["bash", str(script), "results"], cwd=work, capture_output=True, text=True, timeout=120,
                          env={"PATH": str(_bin(tmp_path / "bin", extra)), "HOME": str(tmp_path), **env})
    assert done.returncode == 0, done.stderr
    assert os.listdir(work) == ["results"]          # writes nothing but its results folder
    rows = (work / "results" / "steps.tsv").read_text().splitlines()
    return work / "results", {r.split("\t")[0]: r.split("\t") for r in rows[1:]}


def test_the_script_is_valid_bash_and_names_the_build(tmp_path):
    script = tmp_path / "accept.sh"
    assert main(["accept", "script", str(BUILD), "-o", str(script)]) == 0
    text = script.read_text()
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0
    assert "HGX H100 8-GPU training node" in text and "GPUS_EXPECTED=8" in text and "@@" not in text


def test_without_a_gpu_every_gpu_step_is_skipped_with_the_reason(tmp_path):
    results, steps = _run(tmp_path, {})
    for tool in ("nvidia-smi", "dcgmi", "nvbandwidth", "all_reduce_perf", "gpu_burn"):
        assert steps[tool][1:] == ["skipped", "0", "no NVIDIA driver (nvidia-smi not found)"], tool
    assert steps["lscpu"][1] == "ran" and steps["ib_write_bw"][1] == "skipped"
    assert steps["sysbench"][1:] == ["skipped", "0", "sysbench is not installed"]
    back = read_results(results)
    assert back.value("cpu.sockets") is not None and ("dcgmi", "skipped: no NVIDIA driver (nvidia-smi not found)") \
        in back.skipped


@pytest.mark.skipif(shutil.which("fio") is None, reason="fio is not installed here")
def test_fio_reads_a_target_read_only_and_the_importer_reads_its_json(tmp_path):
    target = tmp_path / "data.bin"
    target.write_bytes(os.urandom(8 << 20))
    before = target.read_bytes()
    results, steps = _run(tmp_path, {"ACCEPT_FIO_TARGETS": str(target), "ACCEPT_FIO_SECONDS": "1"})
    assert target.read_bytes() == before
    if steps["fio"][1] == "ran":
        assert read_results(results).value("fio.0.read_gbs").value > 0
    else:       # O_DIRECT refused by this file system: the step says so
        assert steps["fio"][1] == "failed" and steps["fio"][3].startswith("exit ")


def test_a_tool_that_fails_is_recorded_with_its_exit_code_and_first_error_line(tmp_path):
    _, steps = _run(tmp_path, {}, {"lscpu": "echo 'lscpu: cannot open /proc/cpuinfo' >&2\nexit 3\n"})
    assert steps["lscpu"][1] == "failed" and steps["lscpu"][3] == "exit 3: lscpu: cannot open /proc/cpuinfo"


def test_a_tool_that_hangs_is_stopped_by_its_time_limit(tmp_path):
    # sysbench gets 300 s; a fake `timeout` that gives every step 1 s shows the limit is applied
    real = shutil.which("timeout")
    _, steps = _run(tmp_path, {}, {"sysbench": "sleep 30\n",
                                   "timeout": f'shift; shift\nexec {real} 1 "$@"\n'})
    assert steps["sysbench"][1:] == ["timeout", steps["sysbench"][2], "took over 300 s"]
