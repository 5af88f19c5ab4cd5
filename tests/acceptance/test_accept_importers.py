"""The importers read real outputs of the tools (tests/fixtures/acceptance/README.md names them)."""

from __future__ import annotations

import json

import pytest
from accept_servers import ACCEPT, PROBE

from configurator.formats.importers.acceptance import read_results
from configurator.formats.importers.acceptance.dcgm import parse_diag
from configurator.formats.importers.acceptance.fio import parse_fio
from configurator.formats.importers.acceptance.gpu_burn import parse_burn
from configurator.formats.importers.acceptance.nccl import parse_allreduce
from configurator.formats.importers.acceptance.nvbandwidth import host_to_device, parse_nvbandwidth
from configurator.words import say


def test_all_reduce_perf_peak_bus_bandwidth_ranks_and_data_check():
    ar = parse_allreduce((ACCEPT / "all_reduce_perf-h100-16rank.txt").read_text())
    assert (ar.peak_busbw_gbs, ar.peak_size_bytes, ar.ranks, ar.wrong, ar.rows) == (338.82, 8589934592, 16, 0, 31)
    assert ar.avg_busbw_gbs == pytest.approx(70.742)


def test_all_reduce_perf_counts_wrong_values_and_refuses_text_without_a_table():
    text = (ACCEPT / "all_reduce_perf-h100-16rank.txt").read_text().replace(
        "338.82      0    47743", "338.82      3    47743")
    assert parse_allreduce(text).wrong == 3
    with pytest.raises(ValueError, match="no all_reduce_perf table"):
        parse_allreduce("# nThread 1 nGpus 1\n")


def test_dcgm_diag_json_names_each_failed_test_and_gpu():
    diag = parse_diag((ACCEPT / "dcgm-diag-dcgm3.json").read_text())
    assert not diag.passed
    assert diag.failures == (("sm_stress", "0"), ("sm_stress", "2"), ("sm_stress", "3"))


def test_dcgm_4_shape_with_entity_ids_reads_the_same():
    # the shape tests/test_dcgm_diag.py asserts in NVIDIA/DCGM: entity_group, entity_id, "Fail"/"Pass"
    text = ('{"DCGM Diagnostic": {"test_categories": [{"category": "Stress", "tests": [{"name": "targeted_power",'
            '"results": [{"entity_group": "GPU", "entity_id": 1, "status": "Fail"},'
            '{"entity_group": "GPU", "entity_id": 0, "status": "Pass"}]}]}]}}')
    assert parse_diag(text).failures == (("targeted_power", "1"),)
    with pytest.raises(ValueError):
        parse_diag("Error: unable to connect to host engine")


def test_nvbandwidth_readme_matrices():
    cases = parse_nvbandwidth((ACCEPT / "nvbandwidth-readme.txt").read_text())
    assert set(cases) == {"host_to_device_memcpy_ce", "device_to_device_memcpy_write_ce"}
    assert len(cases["device_to_device_memcpy_write_ce"]) == 8
    assert host_to_device((ACCEPT / "nvbandwidth-readme.txt").read_text()) == [
        26.03, 25.94, 25.97, 26.00, 26.19, 25.95, 26.00, 25.97]


def test_gpu_burn_faulty_lines_fail_although_the_tool_exits_0():
    burn = parse_burn((ACCEPT / "gpu-burn-faulty-16gpu.txt").read_text())
    assert burn.faulty == list(range(16)) and not burn.passed


def test_gpu_burn_one_faulty_gpu_among_ok_ones_and_an_unfinished_run():
    text = "Tested 3 GPUs:\n\tGPU 0: OK\n\tGPU 1: FAULTY\n\tGPU 2: OK\n"
    assert parse_burn(text).faulty == [1]
    assert parse_burn(text.replace("FAULTY", "OK")).passed
    assert parse_burn("100.0%  proc'd: 10 (2047 Gflop/s)   errors: 0   temps: 46 C\n").problem == "unfinished"
    assert parse_burn("Couldn't init a GPU test: Error\n" + text.replace("FAULTY", "OK")).problem == "init"


def test_fio_json_after_its_start_up_note():
    jobs = parse_fio((ACCEPT / "fio-seqread-fio3.33.json").read_text())
    assert [j.name for j in jobs] == ["seqread"] and jobs[0].read_gbs > 0 and jobs[0].error == 0


def test_a_probe_file_or_folder_gives_the_inventory(tmp_path):
    results = read_results(PROBE)
    assert results.value("gpu.count").value == 1
    assert results.value("gpu.0.memory_gb").value == pytest.approx(143771 * 2**20 / 1e9)
    assert [s.serial for s in results.of("gpu")] == [""]      # the VM's GPU reports 0000000000000
    with pytest.raises(ValueError, match="not an acceptance results folder"):
        read_results(tmp_path / "nothing")


def test_a_file_that_cannot_be_parsed_is_a_note_not_a_crash(tmp_path):
    (tmp_path / "dcgm-diag.json").write_text("dcgmi: command failed")
    (tmp_path / "gpu-burn.txt").write_bytes(b"\xff\xfe")
    results = read_results(tmp_path)
    assert results.value("dcgm.pass") is None
    assert {n.id for n in results.notes} == {"accept.note.unparsed", "accept.note.unreadable"}


def test_a_probe_file_gives_the_inventory_and_its_gaps(tmp_path):
    files = {p.name: p.read_text() for p in PROBE.iterdir() if p.suffix in (".json", ".xml", ".csv", ".txt")}
    probe = tmp_path / "server.json"
    probe.write_text(json.dumps({"kind": "ai-server-configurator/probe", "format": 1, "host": "h200-vm",
                                 "files": files, "missing": {"dmidecode.txt": "dmidecode is not installed"}}))
    results = read_results(probe)
    assert results.value("gpu.count").value == 1 and results.value("cpu.sockets").value == 1
    assert results.value("dcgm.pass") is None
    assert any("dmidecode is not installed" in say(n, "en") for n in results.notes)


def test_why_a_file_was_not_read_is_worded_in_chinese(tmp_path):
    """The parsers' reasons and the read errors are messages (words/acceptance_words.py
    "accept.why.*"): the English note as before, the zh_CN one Chinese, both naming the file."""
    (tmp_path / "dcgm-diag.json").write_text("dcgmi: command failed")
    (tmp_path / "gpu-burn.txt").write_bytes(b"\xff\xfe")
    notes = {n["file"]: n for n in read_results(tmp_path).notes}
    diag = notes["dcgm-diag.json"]
    assert say(diag, "en") == "dcgm-diag.json: cannot read (not JSON (run dcgmi diag with -j)), skipped"
    assert say(diag, "zh_CN").startswith("dcgm-diag.json") and "不是 JSON（请以 -j 运行 dcgmi diag）" in say(diag, "zh_CN")
    burn = say(notes["gpu-burn.txt"], "zh_CN")
    assert burn.startswith("gpu-burn.txt") and "UTF-8" in burn and not burn.isascii(), burn
