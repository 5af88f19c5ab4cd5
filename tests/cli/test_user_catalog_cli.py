"""A distributor's user catalog from the command line (issue 30), in a fresh process with
`CONFIGURATOR_HOME` holding the catalog, as a user has it: `check` is unchanged, `evaluate` (text
and --json) and the BOM export list the shipped rails and cord once with the distributor's as
alternatives, and `recommend` says which parts it left out for want of a price instead of "no build"."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "hgx-h100-8gpu.json"
FIXTURES = ROOT / "tests" / "fixtures"


def _home(tmp_path: Path, fixture: str) -> Path:
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / fixture, home / "data" / "catalogs")
    return home


def _run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CONFIGURATOR_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "configurator", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env=env)


def test_check_evaluate_and_the_bom_with_a_distributors_rails_and_cords(tmp_path):
    home = _home(tmp_path, "user-catalog-distributor")
    check = _run(home, "check", str(EXAMPLE), "--json")
    assert check.returncode == 0 and json.loads(check.stdout)["errors"] == 0
    data = json.loads(_run(home, "evaluate", str(EXAMPLE), "--json").stdout)
    companions = {ln["part_id"]: ln for ln in data["cost"]["lines"] if ln["kind"] == "companion"}
    assert set(companions) == {"acc-rails-supermicro", "acc-cord-c19-c20"}
    assert companions["acc-cord-c19-c20"]["qty"] == 6
    assert [a["part_id"] for a in companions["acc-rails-supermicro"]["alternatives"]] == ["dist-rails-smc-4post"]
    assert companions["acc-rails-supermicro"]["alternatives"][0]["unit_price"] == "95.00"
    text = _run(home, "evaluate", str(EXAMPLE)).stdout
    assert "alternatives: Distributor 4-post sliding rail kit (Supermicro 8U) (DIST-RK-4P-821, $95.00 each)" in text
    zh = _run(home, "evaluate", str(EXAMPLE), "--lang", "zh_CN").stdout
    assert "可选替代：Distributor power cord C19 to C20, 3 m（DIST-PC-C19C20-3M，单价 $12.00）" in zh
    csv = tmp_path / "bom.csv"
    assert _run(home, "export", str(EXAMPLE), "-o", str(csv)).returncode == 0
    rows = [r for r in csv.read_text().splitlines() if "rail kit" in r]
    assert len(rows) == 1 and "alternatives: Distributor 4-post" in rows[0]


def test_recommend_names_the_unpriced_parts_instead_of_no_build(tmp_path):
    home = _home(tmp_path, "user-catalog-unpriced")
    args = ("recommend", "--preset", "llama-3-8b", "--tokens", "1e10", "--deadline-days", "14", "--max-servers", "1",
            "--top", "2", "--vendor", "Supermicro")
    proc = _run(home, *args)
    assert proc.returncode == 0, proc.stderr
    assert ("Left out: 2 parts without a price: dist-nic-400g and dist-cord-c19-c20-1m. Add them to a price list "
            "(or give them prices) to include them.") in proc.stdout
    assert " 1. 1 × Supermicro" in proc.stdout and "No build meets" not in proc.stdout
    data = json.loads(_run(home, *args, "--json").stdout)
    assert data["left_out"]["unpriced"] == ["dist-nic-400g", "dist-cord-c19-c20-1m"] and data["results"]
