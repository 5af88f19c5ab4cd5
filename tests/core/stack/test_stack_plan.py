"""The pinned software stack of a build, held against the public tables it is drawn from
(catalogs/stack/*.toml cite each: NVIDIA's supported-drivers page, PyTorch's RELEASE.md CUDA
support matrix, the torch_npu version table, the Fabric Manager user guide)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from configurator.core.build import Build
from configurator.core.catalog import GPU
from configurator.core.stack import InstalledStack, check_installed, plan_stack
from configurator.core.stack.versions import runs_on, version_key
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.stack_tables import StackTableError, read_stack_table, stack_dir

DAY = datetime.date(2026, 12, 5)
EX = paths.examples_dir()


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def table():
    return read_stack_table()


def one_gpu(gpu_id: str) -> Build:
    return Build(chassis="any", placements={"GPU1": gpu_id, "GPU2": gpu_id})


def test_every_row_cites_a_public_url_and_a_date(table):
    rows = [*table.minor_compat, *table.forward_compat, *table.toolkits, *table.architectures, *table.branches,
            *table.pytorch, *table.ngc, *table.cann, *table.torch_npu, table.fabric_manager, table.binary_compat]
    assert len(rows) > 30
    for row in rows:
        assert row is not None and row.source.startswith("https://") and row.date.startswith("2026"), row


def test_every_catalog_gpu_has_an_architecture_and_a_sourced_compute_capability(catalog):
    gpus = [p for p in catalog.parts.values() if isinstance(p, GPU)]
    assert len(gpus) > 20
    for gpu in gpus:
        assert gpu.architecture and gpu.compute_capability, gpu.id
        source = gpu.source_for("compute_capability")
        assert source is not None and "compute_capability" in source.fields, gpu.id


def test_h200_hgx_pins_fabric_manager_at_the_driver_version(catalog, table):
    build = load_build(EX / "gigabyte-g593-sd1-8x-h200.json")
    plan = plan_stack(build, catalog, table, DAY)
    assert plan.nvswitch
    assert plan.version("driver") == "580.159.04"
    assert plan.version("fabric_manager") == plan.version("driver")
    container = plan.version("container")
    assert container.startswith("nvcr.io/nvidia/pytorch:") and not container.endswith(":latest")


def test_pcie_h200_needs_no_fabric_manager(catalog, table):
    plan = plan_stack(one_gpu("nvidia-h200-nvl-141gb"), catalog, table, DAY)
    assert not plan.nvswitch and plan.item("fabric_manager") is None and plan.version("driver")


def test_end_of_life_branches_are_refused_with_their_date(catalog, table):
    plan = plan_stack(one_gpu("nvidia-h100-sxm5-80gb"), catalog, table, DAY)
    eol = {r.candidate: r.reason for r in plan.rejected if r.kind == "driver"}
    assert eol["R535"].id == "stack.reject.driver-eol" and eol["R535"]["eol"] == "2026-06"
    # the same table a year earlier: R570 was still supported, R580 is still the newest pinned
    earlier = plan_stack(one_gpu("nvidia-h100-sxm5-80gb"), catalog, table, datetime.date(2025, 12, 1))
    assert "R570" not in {r.candidate for r in earlier.rejected if r.reason.id == "stack.reject.driver-eol"}


@pytest.mark.parametrize("gpu_id, cc", [("nvidia-b200-sxm-180gb", "10.0"), ("nvidia-geforce-rtx-5090-32gb", "12.0"),
                                        ("nvidia-b300-sxm-270gb", "10.3")])
def test_blackwell_rejects_pytorch_builds_without_its_architecture(catalog, table, gpu_id, cc):
    plan = plan_stack(one_gpu(gpu_id), catalog, table, DAY)
    refused = {r.candidate: r.reason for r in plan.rejected if r.kind == "framework"}
    # PyTorch's RELEASE.md: the 2.9 cu126 build carries Maxwell ... Hopper (9.0) only
    assert refused["PyTorch 2.9.0+cu126"].id == "stack.reject.arch-missing"
    assert refused["PyTorch 2.9.0+cu126"]["cc"] == cc
    assert "PyTorch 2.9.0+cu128" not in refused         # 12.8.1: Blackwell (10.0, 12.0)
    framework = plan.item("framework")
    assert framework is not None and version_key(plan.version("cuda")) >= version_key("12.8")
    # Hopper runs on every build of the table
    hopper = plan_stack(one_gpu("nvidia-h100-sxm5-80gb"), catalog, table, DAY)
    assert not [r for r in hopper.rejected if r.kind == "framework"]


def test_compiled_code_carries_over_as_cuda_defines():
    assert runs_on("10.3", ("9.0", "10.0"), ())        # same major, lower minor
    assert runs_on("8.9", ("8.0", "8.6"), ())          # Ada runs PyTorch's sm_86 code
    assert not runs_on("10.0", ("8.0", "9.0"), ())     # no Blackwell code
    assert not runs_on("9.0", ("10.0",), ())           # never backwards
    assert runs_on("12.1", ("9.0",), ("12.0",))        # PTX is compiled for later GPUs
    assert not runs_on("gfx942", ("9.0",), ("12.0",))  # not a CUDA target


def test_ascend_910b_gets_a_matching_hdk_cann_torch_npu_set(catalog, table):
    build = load_build(EX / "atlas-800t-a2-8npu.json")
    plan = plan_stack(build, catalog, table, DAY)
    assert plan.vendor == "ascend"
    wheel = next(w for w in table.torch_npu if w.torch_npu == plan.version("torch_npu"))
    cann = table.cann_release(plan.version("cann"))
    assert cann is not None and wheel.cann == cann.cann and cann.hdk == plan.version("hdk") != ""
    assert wheel.pytorch == plan.version("framework")
    assert "ascend910b" in cann.chips
    # the torch_npu table's own recommendation (2.12.0, CANN 9.1.0) has no HDK pairing recorded
    refused = {r.candidate: r.reason.id for r in plan.rejected}
    assert refused["torch_npu 2.12.0"] == "stack.reject.cann-no-hdk"


def test_other_vendors_are_named_not_guessed(catalog, table):
    plan = plan_stack(one_gpu("amd-mi300x-oam-192gb"), catalog, table, DAY)
    assert not plan.pinned and plan.problems[0].id == "stack.unsupported-vendor"
    empty = plan_stack(Build(chassis="any"), catalog, table, DAY)
    assert empty.problems[0].id == "stack.no-gpu"


def test_a_driver_older_than_the_pinned_stack_needs_is_flagged(catalog, table):
    plan = plan_stack(one_gpu("nvidia-b200-sxm-180gb"), catalog, table, DAY)
    old = check_installed(plan, InstalledStack(driver="550.54.15"), table)
    errors = {(f.code, f.message["needed"]) for f in old if f.severity == "error"}
    assert ("stack.installed.driver-too-old", "570.26") in errors     # CUDA 12.8, the first with Blackwell
    assert ("stack.installed.driver-too-old", "580") in errors        # the CUDA 13 container
    fine = check_installed(plan, InstalledStack(driver="580.159.04"), table)
    assert not [f for f in fine if f.severity == "error"]


def test_fabric_manager_must_equal_the_driver(catalog, table):
    plan = plan_stack(one_gpu("nvidia-h200-sxm5-141gb"), catalog, table, DAY)
    wrong = check_installed(plan, InstalledStack(driver="580.159.04", fabric_manager="580.95.05",
                                                 fabric_manager_checked=True), table)
    assert [f.code for f in wrong if f.severity == "error"] == ["stack.installed.fm-mismatch"]
    missing = check_installed(plan, InstalledStack(driver="580.159.04", fabric_manager_checked=True), table)
    assert [f.code for f in missing if f.severity == "error"] == ["stack.installed.fm-missing"]
    right = check_installed(plan, InstalledStack(driver="580.159.04", fabric_manager="580.159.04",
                                                 fabric_manager_checked=True), table)
    assert not [f for f in right if f.severity == "error"]


def test_forward_compatibility_bridges_only_data_center_gpus(catalog, table):
    """NGC release notes: data-center GPUs may run a CUDA 12 container on R535 (535.86+) or R550
    (550.54+) through the cuda-compat package; GeForce cards may not."""
    cuda12 = table.model_copy(update={"ngc": tuple(c for c in table.ngc if c.tag == "25.01-py3")})
    h100 = plan_stack(one_gpu("nvidia-h100-sxm5-80gb"), catalog, cuda12, DAY)
    findings = check_installed(h100, InstalledStack(driver="550.54.15"), cuda12)
    assert [f.code for f in findings if f.message.params.get("needed") == "570"] == ["stack.installed.forward-compat"]
    rtx = plan_stack(one_gpu("nvidia-geforce-rtx-4090-24gb"), catalog, cuda12, DAY)
    findings = check_installed(rtx, InstalledStack(driver="550.54.15"), cuda12)
    assert "stack.installed.driver-too-old" in {f.code for f in findings if f.message.params.get("needed") == "570"}


def test_ascend_server_with_other_cann_is_flagged(catalog, table):
    build = load_build(EX / "atlas-800t-a2-8npu.json")
    plan = plan_stack(build, catalog, table, DAY)
    found = check_installed(plan, InstalledStack(cann="8.0.0", npu_driver=plan.version("hdk")), table)
    assert [(f.severity, f.message["installed"]) for f in found if f.code == "stack.installed.mismatch"] == \
        [("error", "8.0.0")]


def test_a_latest_tag_or_a_broken_row_is_refused(tmp_path: Path):
    for src in stack_dir().glob("*.toml"):
        (tmp_path / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    boxes = tmp_path / "containers.toml"
    boxes.write_text(boxes.read_text(encoding="utf-8").replace('tag = "25.10-py3"', 'tag = "latest"'), encoding="utf-8")
    with pytest.raises(StackTableError, match="latest"):
        read_stack_table(tmp_path)
    boxes.write_text('table = "containers"\n[[ngc]]\nimage = "x"\n', encoding="utf-8")
    with pytest.raises(StackTableError, match="ngc"):
        read_stack_table(tmp_path)


def test_an_upgrade_says_what_the_new_gpu_requires_of_the_stack(catalog, table):
    from configurator.core.stack.upgrade_needs import stack_needs

    legacy = table.model_copy(update={"pytorch": tuple(f for f in table.pytorch if f.index == "cu126")})
    before = plan_stack(one_gpu("nvidia-h200-nvl-141gb"), catalog, legacy, DAY)
    after = plan_stack(one_gpu("nvidia-b200-sxm-180gb"), catalog, table, DAY)
    needs = {m.id: m for m in stack_needs(before, after, table)}
    assert (needs["stack.upgrade.gpu-needs"]["cuda"], needs["stack.upgrade.gpu-needs"]["driver"]) == ("12.8", "570.26")
    assert needs["stack.upgrade.framework-lacks"]["cc"] == "10.0"      # the cu126 build in use has no Blackwell code
    assert needs["stack.upgrade.added"]["after"] == plan_stack(one_gpu("nvidia-b200-sxm-180gb"), catalog, table,
                                                               DAY).version("fabric_manager")  # NVSwitch arrives
    assert stack_needs(after, after, table) == ()


def test_configurator_plan_lists_the_stack_needs(tmp_path):
    import io
    import json
    from contextlib import redirect_stdout

    from configurator.launch import main

    build = json.loads((EX / "hgx-h100-8gpu.json").read_text(encoding="utf-8"))
    build["placements"] = {k: "nvidia-b200-sxm-180gb" if v == "nvidia-h100-sxm5-80gb" else v
                           for k, v in build["placements"].items()}
    after = tmp_path / "b200.json"
    after.write_text(json.dumps(build), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        main(["plan", str(EX / "hgx-h100-8gpu.json"), str(after), "--json"])
    codes = [s["code"] for s in json.loads(out.getvalue())["stack"]]
    assert codes[0] == "stack.upgrade.gpu-needs"


def test_every_upgrade_path_carries_the_stack_needs(catalog):
    """`configurator plan`, the GUI's upgrade view (`upgrade_of`) and the upgrade exports share them."""
    from configurator.core.upgrade.found import upgrade_of
    from configurator.store.loaded_evaluator import default_evaluator

    before = load_build(EX / "hgx-h100-8gpu.json")
    after = before.model_copy(update={"placements": {k: "nvidia-b200-sxm-180gb" if v == "nvidia-h100-sxm5-80gb" else v
                                                     for k, v in before.placements.items()}})
    plan = upgrade_of(after, default_evaluator(catalog), before=before)
    assert [m.id for m in plan.stack_needs][:1] == ["stack.upgrade.gpu-needs"]


def test_a_broken_stack_table_is_one_line_in_english_and_in_chinese(tmp_path):
    """`StackTableError` is an input error (words/stack_words.py "stack.table.*"): the English line
    as before, the zh_CN line Chinese, both naming the file and the field."""
    from configurator.store.catalogs import display_name
    from configurator.words.errors import error_text

    bad = tmp_path / "bad.toml"
    name = display_name(bad)
    bad.write_text('table = "nope"\n', encoding="utf-8")
    with pytest.raises(StackTableError) as info:
        read_stack_table(tmp_path)
    assert str(info.value) == (f"{name}: field 'table': must be one of cuda, drivers, frameworks, containers, ascend "
                               "(got 'nope')")
    assert error_text(info.value, "zh_CN") == (f"{name}: 字段 'table'：必须是 cuda, drivers, frameworks, containers, "
                                               "ascend 之一（实际为 'nope'）")
    bad.write_text('table = "cuda"\n[[toolkits]]\nversion = "1"\n', encoding="utf-8")
    (tmp_path / "twice.toml").write_text('table = "drivers"\n[[toolkits]]\nversion = "1"\n', encoding="utf-8")
    with pytest.raises(StackTableError) as info:
        read_stack_table(tmp_path)
    twice = display_name(tmp_path / "twice.toml")
    assert str(info.value) == f"{twice}: field 'toolkits': also defined in another table file"
    assert error_text(info.value, "zh_CN") == f"{twice}: 字段 'toolkits'：已在另一个表文件中定义"
    bad.write_text("table = \n", encoding="utf-8")
    with pytest.raises(StackTableError) as info:
        read_stack_table(tmp_path)
    assert str(info.value).startswith(f"{name}: not valid TOML (")
    assert error_text(info.value, "zh_CN").startswith(f"{name}: ") and "TOML" in error_text(info.value, "zh_CN")


def test_a_latest_container_tag_is_refused_in_english_and_in_chinese(tmp_path, monkeypatch, capsys):
    """A table that pins a container to `latest` (core/stack/rows.py, words "stack.table.latest"):
    `configurator stack` says so in one line naming the table folder and the field, exit 2, in the
    user's language. The tables are shipped, so only an edited installation meets it."""
    import shutil

    from configurator.launch import main
    from configurator.store import stack_tables
    from configurator.words import i18n

    folder = tmp_path / "stack"
    shutil.copytree(stack_dir(), folder)
    containers = folder / "containers.toml"
    containers.write_text(containers.read_text(encoding="utf-8").replace('tag = "24.12-py3"', 'tag = "latest"', 1),
                          encoding="utf-8")
    monkeypatch.setattr(stack_tables, "stack_dir", lambda: folder)
    lines = {}
    for lang in ("en", "zh_CN"):
        try:
            code = main(["stack", str(EX / "hgx-h100-8gpu.json"), "--lang", lang])
        finally:
            i18n.set_language("en")
        lines[lang] = capsys.readouterr().err
        assert code == 2 and len(lines[lang].splitlines()) == 1, lines[lang]
    assert lines["en"] == f"configurator: {folder}: field 'ngc.0.tag': a container tag must be pinned, never 'latest'\n"
    assert lines["zh_CN"] == f"configurator: {folder}: 字段 'ngc.0.tag'：容器标签必须固定版本，不能用 'latest'\n"
