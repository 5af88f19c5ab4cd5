"""`configurator check <broken file>`: exit code 2, one line on stderr, no traceback.

Every corpus build file goes through the CLI's `main()` in-process (fast); a sample of the
nastiest, the 50 MB file and a missing file run as real `python -m configurator` processes,
exactly as a user would.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from io_helpers import CORPUS, corpus_cases

from configurator.store import paths

CASES = corpus_cases()["build"]


def _run(path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(paths.repo_root()), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "configurator", "check", str(path)],
                          capture_output=True, text=True, encoding="utf-8", errors="replace",
                          env=env, timeout=120, cwd=paths.repo_root())


PROCESS_SAMPLE = ["builds/deep-recursion.json", "builds/huge-int.json", "builds/latin1.json",
                  "builds/control-chars.json", "builds/duplicate-slot.json", "builds/newer-format.json"]


@pytest.fixture(scope="module")
def results() -> dict[str, subprocess.CompletedProcess]:
    with ThreadPoolExecutor(max_workers=3) as pool:
        return dict(zip(PROCESS_SAMPLE, pool.map(_run, (CORPUS / f for f in PROCESS_SAMPLE))))


def _assert_one_line_error(proc: subprocess.CompletedProcess, path: Path, expect: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr[-2000:]
    assert str(path) in lines[0] and expect in lines[0], lines[0]


@pytest.mark.parametrize("case", CASES, ids=lambda c: Path(c["file"]).name)
def test_cli_main_refuses_broken_build(case, capsys):
    from configurator.launch import main

    path = CORPUS / case["file"]
    code = main(["check", str(path)])
    out = capsys.readouterr()
    proc = subprocess.CompletedProcess([], code, out.out, out.err)
    _assert_one_line_error(proc, path, case["expect"])


@pytest.mark.parametrize("file", PROCESS_SAMPLE, ids=lambda f: Path(f).name)
def test_cli_process_refuses_broken_build(file, results):
    case = next(c for c in CASES if c["file"] == file)
    _assert_one_line_error(results[file], CORPUS / file, case["expect"])


def test_cli_refuses_50_mb_file(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.write(b'{"format": 1, "chassis": "x", "meta": {"notes": "' + b"x" * 50_000_000 + b'"}}')
    _assert_one_line_error(_run(path), path, "larger than the 10 MB limit")


def test_cli_missing_file(tmp_path):
    _assert_one_line_error(_run(tmp_path / "nope.json"), tmp_path / "nope.json", "no such file")
