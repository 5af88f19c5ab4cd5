"""`configurator verify BUILD FOLDER`: the build against what the H200 machine reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.formats.importers.inventory import read_inventory
from configurator.formats.importers.inventory_model import Found, Inventory
from configurator.formats.verify import verify
from configurator.launch import main
from configurator.store.build_files import load_build, save_build
from configurator.store.catalogs import default_catalog
from configurator.words import say

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hgx-h100-8gpu.json"
H200 = "nvidia-h200-sxm5-141gb"


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


def _eight_h200(tmp_path: Path) -> Path:
    build = load_build(EXAMPLE)
    kept = {s: p for s, p in build.placements.items() if s not in ("CPU1", "CPU2") and not s.startswith(("U2", "M2_"))}
    build.placements = {**kept, **{f"GPU{n}": H200 for n in range(1, 9)}}
    path = tmp_path / "eight.json"
    save_build(build, path)
    return path


def test_a_build_with_8_gpus_reports_the_7_missing(tmp_path, capsys):
    assert main(["verify", str(_eight_h200(tmp_path)), str(PROBE), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    missing = [f for f in report["findings"] if f["kind"] == "missing"]
    gpus = [f for f in missing if f["category"] == "gpu"]
    assert [(f["part"], f["count"]) for f in gpus] == [(H200, 7)]
    assert report["counts"]["gpu"] == {"build": 8, "server": 1}
    # the host cannot see PSUs or (without dmidecode) DIMMs: they are unchecked, never "OK"
    assert report["counts"]["psu"]["server"] is None and report["counts"]["dimm"]["server"] is None
    unchecked = {f["category"] for f in report["findings"] if f["kind"] == "unchecked"}
    assert unchecked == {"psu", "dimm", "nic"}
    assert not report["ok"]


def test_a_matching_build_passes_and_a_narrow_link_does_not(catalog):
    gpu = Found("gpu", "nvidia-smi-q.xml: gpu 1", model="NVIDIA H200", figures={"memory_gb": 150.8, "tdp_w": 700,
                                                                                "pcie_lanes": 16})
    inv = Inventory("probe", items=(gpu,), blind=("cpu", "dimm", "drive", "nic", "psu"))
    build = load_build(EXAMPLE)
    build.placements = {"GPU1": H200}
    assert verify(build, inv, catalog).ok
    narrow = Inventory("probe", items=(Found("gpu", "g", model="NVIDIA H200", figures={"tdp_w": 700, "pcie_lanes": 8}),),
                       blind=inv.blind)
    findings = verify(build, narrow, catalog).findings
    assert [(f.kind, say(f.message, "en")) for f in findings] == [("degraded", f"g: {H200} runs at x8, the card is x16")]


def test_text_report_names_each_difference(tmp_path, capsys):
    assert main(["verify", str(_eight_h200(tmp_path)), str(PROBE)]) == 1
    text = capsys.readouterr().out
    assert "DIFF gpu    build   8  server   1" in text and f"7 of 8 {H200} not reported by the server" in text
    assert "DIFF psu    build   6  server not reported" in text and "7 difference(s)" in text


def test_unmatched_reports_are_differences(catalog):
    inv = read_inventory(PROBE)
    build = load_build(EXAMPLE)
    build.placements = {"GPU1": H200}
    kinds = {(f.kind, f.category) for f in verify(build, inv, catalog).findings}
    assert ("unidentified", "cpu") in kinds and ("unidentified", "drive") in kinds


def test_the_import_reports_answers_hold_in_verify(tmp_path, capsys, catalog):
    """Items the catalog cannot identify, answered in the GUI's import report (a CPU mapped to a
    catalog part, drives present and not catalog parts), are recorded in the build's notes: verify
    counts the CPU as that part and lists no 'unidentified' difference (the CLI reads the same file)."""
    from configurator.formats.importers.placing import mapped_note, present_note

    inv = read_inventory(PROBE)
    cpu = next(i for i in inv.items if i.kind == "cpu")
    drives = [i for i in inv.items if i.kind == "drive"]
    build = load_build(_eight_h200(tmp_path))
    build.placements = {**build.placements, "CPU1": "intel-xeon-platinum-8480plus"}
    before = verify(build, inv, catalog)
    assert {f.kind for f in before.findings if f.category in ("cpu", "drive")} >= {"unidentified", "missing"}
    notes = [mapped_note(cpu, "intel-xeon-platinum-8480plus"), *(present_note(d) for d in drives)]
    build.meta = build.meta.model_copy(update={"notes": "".join(f"- {n}\n" for n in notes)})
    after = verify(build, inv, catalog)
    assert not [f for f in after.findings if f.category in ("cpu", "drive")], after.findings
    path = tmp_path / "answered.json"
    save_build(build, path)
    assert main(["verify", str(path), str(PROBE), "--json"]) == 1       # the 7 missing GPUs remain
    report = json.loads(capsys.readouterr().out)
    assert not [f for f in report["findings"] if f["category"] in ("cpu", "drive") or f["kind"] == "unidentified"]
    assert any(f["category"] == "gpu" and f["kind"] == "missing" for f in report["findings"])
