"""Done when: a baseline of a server, then results with one GPU's bandwidth 20 % lower and one DIMM
missing, gives a comparison that names exactly those two."""

from __future__ import annotations

import json

import pytest
from accept_servers import BUILD, results_folder

from configurator.core.acceptance import compare, plan_for
from configurator.formats.importers.acceptance import read_results
from configurator.launch import main
from configurator.store.acceptance_baselines import baseline_path, load_baseline, save_baseline
from configurator.store.acceptance_references import load_references
from configurator.store.build_files import read_build
from configurator.store.catalogs import default_catalog
from configurator.words import say


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    return tmp_path


def test_the_comparison_names_exactly_the_slower_gpu_and_the_missing_dimm(home):
    catalog = default_catalog()
    plan = plan_for(read_build(BUILD, catalog).build, catalog, load_references())
    first = read_results(results_folder(home / "day0"))
    assert first.server_key == "S421337X3A01234"
    save_baseline(first)
    later = read_results(results_folder(home / "day90", slower_gpu=3, missing_dimm=1))
    baseline = load_baseline(later.server_key)
    assert baseline == first
    found = compare(baseline, later, plan).findings
    assert [(f.kind, f.subject) for f in found] == [("missing", "dimm:80CE01230001"), ("slower", "h2d.3")]
    assert found[1].delta_pct == pytest.approx(-20, abs=0.1)
    assert say(found[0].message) == "missing: dimm at P1-DIMMB1 (serial 80CE01230001)"
    assert say(found[1].message).startswith("GPU4 (index 3): host to device bandwidth: 26.0 → 20.8 (-20 %")
    assert compare(baseline, read_results(results_folder(home / "same")), plan).unchanged


def test_the_same_through_the_command_line(home, capsys):
    assert main(["accept", "import", str(BUILD), str(results_folder(home / "day0")), "--baseline"]) == 1
    assert baseline_path("S421337X3A01234").exists()
    capsys.readouterr()
    later = results_folder(home / "day90", slower_gpu=3, missing_dimm=1)
    assert main(["accept", "compare", str(BUILD), str(later), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [f["subject"] for f in data["comparison"]["findings"]] == ["dimm:80CE01230001", "h2d.3"]


def test_compare_without_a_stored_baseline_is_one_line_exit_2(home, capsys):
    assert main(["accept", "compare", str(BUILD), str(results_folder(home / "run"))]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no baseline stored for server S421337X3A01234" in err[0]
