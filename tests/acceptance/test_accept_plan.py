"""The plan of a build: ordered steps, each expected value with its source; verdicts against it."""

from __future__ import annotations

import pytest
from accept_servers import ACCEPT, BUILD, results_folder

from configurator.core.acceptance import check, plan_for
from configurator.formats.importers.acceptance import read_results
from configurator.store.acceptance_references import load_references
from configurator.store.build_files import read_build
from configurator.store.catalogs import default_catalog


@pytest.fixture(scope="module")
def plan():
    catalog = default_catalog()
    return plan_for(read_build(BUILD, catalog).build, catalog, load_references())


def test_8_h100_on_nvswitch_expect_480_gbs_all_reduce_as_nccls_maintainer_states(plan):
    """https://github.com/NVIDIA/nccl-tests/issues/212 (sjeaugey, 2024-05-06): '~480GB/s' busBw on 8 GPUs."""
    step = plan.step("nccl.allreduce_busbw")
    assert (step.expected, step.unit, step.rule) == (480.0, "GB/s", "at_least")
    assert step.source.url == "https://github.com/NVIDIA/nccl-tests/issues/212" and not step.source.estimate


def test_every_step_has_a_source_with_a_date_and_a_confidence_and_estimates_say_so(plan):
    for step in plan.steps:
        assert step.source.url and step.source.date and step.source.confidence, step.key
    derived = [s for s in plan.steps if s.key.startswith(("h2d.", "rail.", "fio.", "memory."))]
    assert derived and all(s.source.estimate for s in derived)


def test_steps_are_ordered_inventory_first_burn_in_last(plan):
    assert [s.order for s in plan.steps] == list(range(1, len(plan.steps) + 1))
    assert plan.steps[0].group == "inventory" and plan.steps[-1].key == "burn.pass"
    assert plan.groups() == ["inventory", "diagnostics", "bandwidth", "fabric", "storage", "memory", "burn-in"]


def test_host_to_device_expected_from_the_pcie_link(plan):
    """PCIe 5.0 x16 = 63.0 GB/s per direction (PCI-SIG) x 0.80 (nvbandwidth README: 26 of 31.5 GB/s on 4.0 x16)."""
    step = plan.step("h2d.0")
    assert step.expected == pytest.approx(50.4) and step.threshold == pytest.approx(45.36)


def test_400g_rails_expect_48_gbs_and_all_links_at_200g_or_more_are_counted(plan):
    """nccl-tests#119: 24 GB/s per 200G NIC -> 48 GB/s per 400G rail; 8 x 400G NICs plus the 2-port 200G DPU."""
    assert plan.step("rail.0").expected == 48.0
    assert plan.step("nic.links_400g").expected == 8 and plan.step("nic.links_200g").expected == 10


def test_a_faulty_gpu_burn_line_fails_the_plan_although_gpu_burn_exited_0(plan, tmp_path):
    folder = results_folder(tmp_path / "run")
    (folder / "gpu-burn.txt").write_text((ACCEPT / "gpu-burn-faulty-16gpu.txt").read_text())
    (folder / "steps.tsv").write_text("step\tstatus\tseconds\treason\ngpu_burn\tran\t3900\t\n")
    report = check(plan, read_results(folder))
    row = next(r for r in report.rows if r.step.key == "burn.pass")
    assert row.verdict == "fail" and report.outcome == "rejected"
    assert [d["index"] for d in row.detail][:3] == [0, 1, 2]


def test_skipped_steps_are_not_run_with_the_scripts_reason(plan, tmp_path):
    folder = results_folder(tmp_path / "run")
    (folder / "steps.tsv").write_text("step\tstatus\tseconds\treason\n"
                                      "dcgmi\tskipped\t0\tno NVIDIA driver (nvidia-smi not found)\n")
    report = check(plan, read_results(folder))
    row = next(r for r in report.rows if r.step.key == "dcgm.pass")
    assert row.verdict == "not-run" and row.detail[0]["why"] == "skipped: no NVIDIA driver (nvidia-smi not found)"
    assert report.outcome == "rejected"        # the README's 26 GB/s is below a PCIe 5.0 x16 link's 45 GB/s
    assert {r.step.key for r in report.failed} >= {f"h2d.{i}" for i in range(8)}


def test_a_missing_reference_field_is_one_line_naming_the_file_and_field(tmp_path):
    bad = tmp_path / "refs.toml"
    bad.write_text('[x]\nvalue = 1\nunit = "GB/s"\nurl = "u"\ndate = "2024-01-01"\n')
    with pytest.raises(ValueError, match=r"refs.toml: field 'x.confidence': missing"):
        load_references(bad)


def test_a_pcie_gpu_in_a_slower_slot_is_expected_at_the_slots_link():
    from configurator.core.acceptance.checklist import _link

    catalog = default_catalog()
    build = read_build(BUILD.parent / "lenovo-sr675-v3-8x-h100-pcie.json", catalog).build
    chassis = catalog.chassis(build.chassis)
    slot = next(s for s in chassis.pcie_slots if build.placements.get(s.id, "").startswith("nvidia-h100"))
    gpu = catalog.get(build.placements[slot.id])
    assert _link(catalog, build.chassis, slot.id, gpu) == (gpu.pcie_gen, gpu.pcie_lanes)
    slower = chassis.model_copy(update={"pcie_slots": tuple(
        s.model_copy(update={"gen": 4, "lanes": 8}) if s.id == slot.id else s for s in chassis.pcie_slots)})

    class OneChassis:          # the catalog as _link reads it: one chassis, with that slot at PCIe 4.0 x8
        def chassis(self, _id):
            return slower

    assert _link(OneChassis(), build.chassis, slot.id, gpu) == (4, 8)


def test_a_sources_confidence_and_the_build_as_source_are_worded_in_chinese(plan):
    from configurator.words.acceptance_text import source

    confidences = {s.source.confidence for s in plan.steps}
    assert {"high", "datasheet"} <= confidences
    for step in plan.steps:
        zh = source(step.source, "zh_CN")
        assert f", {step.source.confidence})" not in zh and f"({step.source.confidence})" not in zh, zh
        assert not zh.startswith("build:"), zh
    assert source(plan.steps[0].source, "en").endswith("(high)")
