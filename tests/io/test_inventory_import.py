"""`configurator import inventory FOLDER`: real command output of a single-H200 machine, and the
matching rules every import shares."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from configurator.formats.importers.inventory import read_inventory
from configurator.formats.importers.inventory_model import Found
from configurator.formats.importers.matching import match_item
from configurator.formats.importers.servers import server_importer
from configurator.launch import main
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog
from configurator.words import i18n, say


def english(notes) -> list[str]:
    """An import's notes as the build file keeps them."""
    return [say(n, "en") for n in notes]

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"

DMIDECODE = """# dmidecode 3.4
Getting SMBIOS data from sysfs.
SMBIOS 3.3.0 present.

Handle 0x0001, DMI type 1, 27 bytes
System Information
\tManufacturer: Supermicro
\tProduct Name: SYS-821GE-TNHR

Handle 0x1100, DMI type 17, 92 bytes
Memory Device
\tSize: 64 GB
\tLocator: P1-DIMMA1
\tType: DDR5
\tSpeed: 4800 MT/s
\tManufacturer: Samsung
\tPart Number: M321R8GA0BB0-CQK

Handle 0x1101, DMI type 17, 92 bytes
Memory Device
\tSize: 96 GB
\tLocator: P1-DIMMB1
\tType: DDR5
\tSpeed: 5600 MT/s
\tManufacturer: Unknown
\tPart Number: NOT AVAILABLE

Handle 0x1102, DMI type 17, 92 bytes
Memory Device
\tSize: No Module Installed
\tLocator: P1-DIMMC1
\tType: Unknown
"""

LSPCI = """Slot:\t00:07.0
Class:\tEthernet controller [0200]
Vendor:\tMellanox Technologies [15b3]
Device:\tMT2910 Family [ConnectX-7] [1021]
SVendor:\tMellanox Technologies [15b3]
SDevice:\tDevice [0023]
"""


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


def test_the_h200_machine_is_identified(catalog):
    inv = read_inventory(PROBE)
    assert [i.kind for i in inv.items].count("gpu") == 1
    gpu = inv.of("gpu")[0]
    assert gpu.model == "NVIDIA H200" and gpu.figures["memory_gb"] == pytest.approx(143771 * 2**20 / 1e9)
    assert gpu.figures["tdp_w"] == 700 and gpu.figures["pcie_gen"] == 5 and gpu.figures["pcie_lanes"] == 16
    match = match_item(gpu, catalog)
    # 700 W rules out the 600 W NVL card; the memory (150.8 GB reported, 141 GB sold) agrees
    assert match.part_id == "nvidia-h200-sxm5-141gb" and match.confidence == "model"
    # the evidence in the app's language (the import report's column), English in `import --json`
    assert match.evidence == "model 'NVIDIA H200' names h200; 2 figure(s) agree"
    assert say(match.why, "zh_CN") == "型号 'NVIDIA H200' 含 h200；2 项参数相符"
    assert say(match_item(inv.of("drive")[0], catalog).why, "zh_CN") == "目录中没有相符的部件"
    cpu = inv.of("cpu")
    assert len(cpu) == 1 and cpu[0].model == "Intel(R) Xeon(R) Processor" and cpu[0].figures["cores"] == 16
    assert [d.location for d in inv.of("drive")] == ["vda", "vdb"]       # zram0 is memory, not a drive
    assert inv.of("drive")[0].figures["capacity_tb"] == pytest.approx(0.274877906944)
    notes = "\n".join(english(inv.notes))
    assert "the OS sees 125.9 GiB of memory; the DIMMs behind it are unknown" in notes
    assert "no dmidecode.txt" in notes and "no lspci.txt: NICs unknown" in notes


def test_cli_import_places_the_gpu_as_owned_and_notes_the_rest(tmp_path, capsys):
    out = tmp_path / "h200.json"
    assert main(["import", "inventory", str(PROBE), "-o", str(out), "--chassis", "supermicro-sys-821ge-tnhr"]) == 0
    text = capsys.readouterr().out
    build = load_build(out)
    assert build.placements == {"GPU1": "nvidia-h200-sxm5-141gb", "COOLING": "cooling-air-gpu-8u"}
    assert build.owned == {**build.placements, "chassis": "supermicro-sys-821ge-tnhr"}
    assert "lscpu.json: socket 1 of 1: cpu Intel Intel(R) Xeon(R) Processor (cores=16): unmatched" in text
    assert "lsblk.json: vda" in text and "chosen by the user" in text


@pytest.mark.parametrize(("lang", "name"), [("en", "Imported server"), ("zh_CN", "导入的服务器")])
def test_a_server_that_names_no_maker_or_model_gets_the_default_name_in_the_users_language(tmp_path, lang, name):
    """The probe folder has no dmidecode.txt, so neither the maker nor the model is known."""
    out = tmp_path / "imported.json"
    try:
        code = main(["import", "inventory", str(PROBE), "-o", str(out), "--lang", lang])
    finally:
        i18n.set_language("en")
    assert code == 0
    assert load_build(out).meta.name == name


def test_a_server_that_names_its_maker_and_model_is_named_after_them(tmp_path, catalog):
    folder = tmp_path / "probe"
    shutil.copytree(PROBE, folder)
    (folder / "dmidecode.txt").write_text(DMIDECODE)
    i18n.set_language("zh_CN")
    try:
        result = server_importer("inventory").read(str(folder), catalog, _settings())
    finally:
        i18n.set_language("en")
    assert result.build.meta.name == "Supermicro SYS-821GE-TNHR"


def test_dimms_and_system_model_from_dmidecode_and_nics_from_lspci(tmp_path, catalog):
    folder = tmp_path / "probe"
    shutil.copytree(PROBE, folder)
    (folder / "dmidecode.txt").write_text(DMIDECODE)
    (folder / "lspci.txt").write_text(LSPCI)
    result = server_importer("inventory").read(str(folder), catalog, _settings())
    by_source = {m.item.source: m for m in result.matches}
    samsung = by_source["dmidecode.txt: P1-DIMMA1"]
    assert (samsung.part_id, samsung.confidence) == ("samsung-m321r8ga0bb0-cqk", "part-number")
    generic = by_source["dmidecode.txt: P1-DIMMB1"]
    assert (generic.part_id, generic.confidence) == ("ddr5-5600-rdimm-96gb-2rx4", "figures")
    nic = by_source["lspci.txt: 00:07.0"]
    assert nic.item.kind == "nic" and nic.item.traits["pci_ids"] == "15b3:1021:15b3:0023"
    assert result.build.chassis == "supermicro-sys-821ge-tnhr"       # named by dmidecode's product name
    notes = [n.message for n in result.loaded.notes]
    assert "dmidecode.txt: 1 DIMM slot(s) empty (No Module Installed)" in notes
    assert any(n.startswith("lspci.txt: 00:07.0: nic Mellanox") and "unmatched" in n for n in notes)


def test_gpus_from_the_query_csv_when_the_xml_is_missing(tmp_path, catalog):
    folder = tmp_path / "probe"
    folder.mkdir()
    shutil.copy(PROBE / "nvidia-smi-query.csv", folder)
    inv = read_inventory(folder)
    assert match_item(inv.of("gpu")[0], catalog).part_id == "nvidia-h200-sxm5-141gb"
    assert "no lscpu.json: CPUs unknown" in english(inv.notes)


def test_unreadable_files_are_notes_and_a_missing_folder_is_an_error(tmp_path):
    folder = tmp_path / "probe"
    folder.mkdir()
    (folder / "lscpu.json").write_text("{broken")
    assert "lscpu.json: cannot parse (JSONDecodeError), skipped" in english(read_inventory(folder).notes)
    with pytest.raises(ValueError, match="not a folder of inventory files or a probe file"):
        read_inventory(tmp_path / "nowhere")
    assert main(["import", "inventory", str(tmp_path / "nowhere"), "-o", str(tmp_path / "x.json")]) == 2


@pytest.mark.parametrize(("item", "expected"), [
    (Found("gpu", "t", model="NVIDIA H200 NVL", figures={"memory_gb": 150.0, "tdp_w": 600}), "nvidia-h200-nvl-141gb"),
    (Found("gpu", "t", model="NVIDIA H200", figures={"memory_gb": 80.0}), None),      # memory contradicts
    (Found("cpu", "t", model="AMD EPYC 9654 96-Core Processor", figures={"cores": 96}), "amd-epyc-9654"),
    (Found("cpu", "t", model="AMD EPYC 9654 96-Core Processor", figures={"cores": 64}), None),
    (Found("dimm", "t", figures={"capacity_gb": 128}, traits={"memory_type": "ddr4"}), None),
    (Found("psu", "t", part_number="not-a-real-pn", figures={"rating_w": 1100}), None),
])
def test_matching_needs_evidence_and_no_contradiction(catalog, item, expected):
    assert match_item(item, catalog).part_id == expected


def _settings():
    from configurator.formats.importers.servers import ImportSettings

    return ImportSettings()


def test_json_report_lists_every_item(tmp_path, capsys):
    assert main(["import", "inventory", str(PROBE), "-o", str(tmp_path / "b.json"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [i["kind"] for i in report["items"]] == ["gpu", "cpu", "drive", "drive"]
    assert report["items"][0]["evidence"].startswith("model 'NVIDIA H200' names h200")


def _fake_tools(folder: Path) -> Path:
    """A PATH holding stand-ins for the inventory commands that print the H200 machine's output."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    scripts = {
        "nvidia-smi": f'case "$1" in -q) cat "{PROBE}/nvidia-smi-q.xml";; *) cat "{PROBE}/nvidia-smi-query.csv";; esac',
        "lscpu": f'cat "{PROBE}/lscpu.json"',
        "lsblk": f'cat "{PROBE}/lsblk.json"',
    }
    for name, body in scripts.items():
        path = bin_dir / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)
    return bin_dir


def test_the_probe_script_runs_with_the_standard_library_only_and_imports(tmp_path, catalog):
    import os
    import subprocess
    import sys

    import configurator.probe as probe

    out = tmp_path / "server.json"
    env = {"PATH": f"{_fake_tools(tmp_path)}:/usr/bin:/bin", "LANG": "C"}
    done = subprocess.run([sys.executable, "-I", "-S", probe.__file__, str(out)], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    assert data["kind"] == "ai-server-configurator/probe"
    assert {"nvidia-smi-q.xml", "lscpu.json", "lsblk.json", "meminfo.txt"} <= set(data["files"])
    inv = read_inventory(out)
    assert match_item(inv.of("gpu")[0], catalog).part_id == "nvidia-h200-sxm5-141gb"
    notes = "\n".join(english(inv.notes))
    if not any(os.access(os.path.join(d, "lspci"), os.X_OK) for d in ("/usr/bin", "/bin")):
        assert "server.json: lspci.txt not collected: lspci is not installed" in notes
    assert main(["import", "inventory", str(out), "-o", str(tmp_path / "b.json")]) == 0


def test_a_file_that_is_not_a_probe_is_one_line(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps({"kind": "something-else", "files": {}}))
    with pytest.raises(ValueError, match=r"x\.json: field 'kind': not a probe file"):
        read_inventory(bad)
