"""The troubleshooter ranks a symptom's causes by the evidence in the build and the results."""

from __future__ import annotations

import json

import pytest
from accept_servers import ACCEPT, BUILD, results_folder

from configurator.core.troubleshoot.causes import SYMPTOMS, TABLE, Facts, diagnose
from configurator.launch import main
from configurator.words import say


def test_every_symptom_has_causes_and_every_cause_has_words():
    assert set(TABLE) == set(SYMPTOMS)
    for symptom in SYMPTOMS:
        for cause in diagnose(symptom, Facts()):
            assert say(cause.title) and say(cause.check) and say(cause.fix)


def test_evidence_ranks_a_cause_above_the_commoner_ones():
    plain = diagnose("hangs", Facts())
    assert plain[0].code == "gpu-fault"
    hot = diagnose("hangs", Facts(codes=frozenset({"thermal.capacity"})))
    assert hot[0].code == "thermal" and "thermal.capacity" in say(hot[0].evidence[0])


def test_pcie_gpus_without_nvlink_explain_multi_gpu_slower():
    causes = diagnose("multi-gpu-slower", Facts(gpus=8, pcie_gpus=True, cpu_sockets=2))
    assert [c.code for c in causes[:2]] == ["no-gpu-link", "p2p-path"]


def test_an_unknown_symptom_is_refused():
    with pytest.raises(KeyError, match="unknown symptom 'slow'"):
        diagnose("slow", Facts())


def test_a_faulty_gpu_in_the_burn_in_is_the_first_cause_of_hangs(tmp_path, capsys):
    folder = results_folder(tmp_path / "run")
    (folder / "gpu-burn.txt").write_text((ACCEPT / "gpu-burn-faulty-16gpu.txt").read_text())
    assert main(["diagnose", "hangs", "--build", str(BUILD), "--results", str(folder), "--json"]) == 0
    causes = json.loads(capsys.readouterr().out)["causes"]
    assert causes[0]["code"] == "gpu-fault" and "burn.pass" in causes[0]["evidence"][0]["text"]


def test_cards_not_seen_after_the_script_found_no_driver(tmp_path, capsys):
    folder = results_folder(tmp_path / "run")
    (folder / "steps.tsv").write_text("step\tstatus\tseconds\treason\n"
                                      "nvidia-smi\tskipped\t0\tno NVIDIA driver (nvidia-smi not found)\n")
    (folder / "gpus.csv").unlink()
    assert main(["diagnose", "cards-not-seen", "--build", str(BUILD), "--results", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[2] == "1. the NVIDIA driver is missing or not loaded"


def test_diagnose_in_chinese(capsys):
    assert main(["diagnose", "container-no-gpus", "--lang", "zh_CN"]) == 0
    assert "NVIDIA Container Toolkit" in capsys.readouterr().out
