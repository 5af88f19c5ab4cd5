"""An imported server's software against its pinned stack: the probe/folder and Redfish imports
record driver, CUDA, Fabric Manager, firmware and Ascend versions; `configurator stack` flags
what does not match and says what to install."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from configurator.formats.importers.inventory import PROBE_KIND, read_inventory
from configurator.launch import main
from configurator.store import paths
from configurator.words import i18n
from configurator.words.render import say

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
    finally:
        i18n.set_language("en")     # `--lang` sets the process's language: leave English to the next test
    return code, out.getvalue() + err.getvalue()


def _probe(tmp_path: Path, driver: str = "580.159.04", extra: dict[str, str] | None = None,
           missing: dict[str, str] | None = None) -> Path:
    files = {p.name: p.read_text(encoding="utf-8") for p in PROBE.iterdir() if p.suffix in (".xml", ".json", ".txt")}
    files["nvidia-smi-q.xml"] = files["nvidia-smi-q.xml"].replace("580.159.04", driver)
    path = tmp_path / "server.json"
    path.write_text(json.dumps({"kind": PROBE_KIND, "format": 1, "files": {**files, **(extra or {})},
                                "missing": missing or {}}), encoding="utf-8")
    return path


def test_the_h200_machine_reports_its_driver_cuda_and_firmware():
    software = read_inventory(PROBE).software
    assert (software.driver, software.cuda, software.gpu_vbios) == ("580.159.04", "13.0", "96.00.A5.00.1A")
    assert software.gpu_firmware == "580.159.04" and not software.fabric_manager_checked


def test_the_real_h200_server_runs_the_pinned_driver(tmp_path):
    code, out = run("stack", str(PROBE), "--json", "--as-of", "2026-12-05")
    data = json.loads(out)
    assert code == 0 and data["installed"]["driver"] == "580.159.04"
    assert not [f for f in data["findings"] if f["severity"] == "error"]


def test_a_server_whose_driver_is_older_than_the_pinned_stack_needs_is_flagged(tmp_path):
    code, out = run("stack", str(_probe(tmp_path, driver="550.54.15")), "--json", "--as-of", "2026-12-05")
    data = json.loads(out)
    assert code == 1
    old = [f for f in data["findings"] if f["code"] == "stack.installed.driver-too-old"]
    assert old and old[0]["params"]["installed"] == "550.54.15"
    assert old[0]["fix"] == "install driver 580.159.04"


def test_fabric_manager_of_another_release_is_flagged(tmp_path):
    fm = {"nv-fabricmanager.txt": "Fabric Manager version is : 580.95.05\n"}
    code, out = run("stack", str(_probe(tmp_path, extra=fm)), "--as-of", "2026-12-05")
    assert code == 1
    assert "Fabric Manager 580.95.05 differs from driver 580.159.04" in out
    missing = {"nv-fabricmanager.txt": "nv-fabricmanager is not installed"}
    code, out = run("stack", str(_probe(tmp_path, missing=missing)), "--json", "--as-of", "2026-12-05")
    assert code == 1 and "stack.installed.fm-missing" in {f["code"] for f in json.loads(out)["findings"]}


def test_ascend_versions_from_npu_smi_and_the_install_records(tmp_path):
    folder = tmp_path / "npu"
    folder.mkdir()
    (folder / "npu-smi.txt").write_text("+---+\n| npu-smi 24.1.0          Version: 24.1.0      |\n", encoding="utf-8")
    (folder / "ascend-toolkit.info").write_text("package_name=Ascend-cann-toolkit\nversion=8.2.RC1\n",
                                                encoding="utf-8")
    software = read_inventory(folder).software
    assert (software.npu_driver, software.cann) == ("24.1.0", "8.2.RC1")
    code, out = run("stack", str(paths.examples_dir() / "atlas-800t-a2-8npu.json"), "--server", str(folder),
                    "--as-of", "2026-12-05", "--lang", "zh_CN")
    assert code == 1 and "昇腾 HDK" in out and "24.1.0" in out


def test_a_build_file_prints_its_manifest_in_chinese():
    code, out = run("--lang", "zh_CN", "stack", str(paths.examples_dir() / "gigabyte-g593-sd1-8x-h200.json"),
                    "--as-of", "2026-12-05")
    assert code == 0 and "锁定的软件栈" in out and "Fabric Manager" in out and "580.159.04" in out


def test_redfish_records_bios_and_bmc_firmware():
    from redfish_test_servers import sushy

    from configurator.formats.importers.redfish import RedfishOptions
    from configurator.formats.importers.redfish import read_inventory as read_bmc

    with sushy() as url:
        software = read_bmc(RedfishOptions(url=url)).software
    assert software.bios == "P79 v1.95 (12/06/2019)" and software.bmc_firmware == "1.45.455b66-rev4"



def test_json_is_strict_utf8_with_an_undecodable_file_name(tmp_path):
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    name = os.fsencode(tmp_path) + b"/caf\xe9-h200.json"
    with open(name, "wb") as fh:
        fh.write((paths.examples_dir() / "gigabyte-g593-sd1-8x-h200.json").read_bytes())
    env = {**os.environ, "PYTHONPATH": str(root), "CONFIGURATOR_HOME": str(tmp_path / ".home")}
    proc = subprocess.run([sys.executable, "-m", "configurator", "stack", os.fsdecode(name), "--json"],
                          capture_output=True, timeout=120, env=env, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.decode("utf-8"))["build"].endswith("caf\ufffd-h200.json")


def test_the_probe_collects_fabric_manager_and_stays_quiet_about_ascend_files(tmp_path):
    import os
    import subprocess
    import sys

    import configurator.probe as probe

    tools = tmp_path / "bin"
    tools.mkdir()
    scripts = {"nvidia-smi": f'case "$1" in -q) cat "{PROBE}/nvidia-smi-q.xml";; *) cat "{PROBE}/nvidia-smi-query.csv";; esac',
               "nv-fabricmanager": 'echo "Fabric Manager version is : 580.159.04"'}
    for name, body in scripts.items():
        (tools / name).write_text(f"#!/bin/sh\n{body}\n")
        (tools / name).chmod(0o755)
    out = tmp_path / "server.json"
    env = {"PATH": f"{tools}:/usr/bin:/bin", "LANG": "C"}
    done = subprocess.run([sys.executable, "-I", "-S", probe.__file__, str(out)], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    inventory = read_inventory(out)
    assert (inventory.software.driver, inventory.software.fabric_manager) == ("580.159.04", "580.159.04")
    notes = [say(n, "en") for n in inventory.notes]     # notes are messages (Msg) since h-errors
    assert any("lspci.txt" in n for n in notes)         # the other files' notes are still made
    assert not [n for n in notes if "npu-smi" in n or "ascend" in n]
    if not os.path.exists("/usr/local/Ascend"):
        assert "npu-smi.txt" in json.loads(out.read_text())["missing"]
