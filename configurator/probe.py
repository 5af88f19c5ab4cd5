"""Collect a server's inventory for `configurator import inventory` — run this ON the server.

    python3 probe.py server.json         # one JSON file to carry back
    sudo python3 probe.py server.json    # root adds dmidecode: DIMMs and the system model

Standard library only (Python 3.8+), nothing to install, read-only: it runs the inventory
commands the host has (each with a time limit, none that changes anything) and reads
/proc/meminfo, and writes their raw output into one JSON file. Copy this single file to the
server; it does not import the rest of the configurator. What a command could not give (not
installed, not root, timed out) is recorded under "missing" so the import can say so.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import shutil
import socket
import subprocess
import sys

KIND = "ai-server-configurator/probe"
FORMAT = 1
TIMEOUT_S = 60
MAX_OUTPUT = 16_000_000     # bytes kept per command

_GPU_QUERY = ("name,memory.total,power.limit,power.max_limit,pcie.link.gen.max,pcie.link.width.max,"
              "pci.bus_id,vbios_version,driver_version")
#: file name in the import -> the command that produces it
COMMANDS = {
    "nvidia-smi-q.xml": ["nvidia-smi", "-q", "-x"],
    "nvidia-smi-query.csv": ["nvidia-smi", "--query-gpu=" + _GPU_QUERY, "--format=csv"],
    "lscpu.json": ["lscpu", "-J"],
    "lsblk.json": ["lsblk", "-J", "-b", "-o", "NAME,SIZE,TYPE,ROTA,TRAN,MODEL"],
    "lspci.txt": ["lspci", "-vmm", "-nn"],
    "dmidecode.txt": ["dmidecode", "-t", "1", "-t", "17"],
    "nv-fabricmanager.txt": ["nv-fabricmanager", "--version"],     # NVSwitch systems: must equal the driver
    "npu-smi.txt": ["npu-smi", "info"],                             # Ascend NPUs and their driver
}
READS = {"meminfo.txt": "/proc/meminfo",
         "ascend-driver.info": "/usr/local/Ascend/driver/version.info",
         "ascend-toolkit.info": "/usr/local/Ascend/ascend-toolkit/latest/" + platform.machine()
         + "-linux/ascend_toolkit_install.info"}


def run(argv: list) -> tuple:
    """(output, '') or ('', why not)."""
    if shutil.which(argv[0]) is None:
        return "", f"{argv[0]} is not installed"
    if argv[0] == "dmidecode" and hasattr(os, "geteuid") and os.geteuid() != 0:
        return "", "dmidecode needs root (run the probe with sudo for DIMMs)"
    try:
        done = subprocess.run(argv, capture_output=True, timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return "", f"{' '.join(argv)} took over {TIMEOUT_S} s"
    except OSError as exc:
        return "", f"{argv[0]}: {exc.strerror or exc}"
    if done.returncode != 0:
        err = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return "", f"{argv[0]} exited {done.returncode}" + (f": {err[0][:200]}" if err else "")
    return done.stdout[:MAX_OUTPUT].decode("utf-8", "replace"), ""


def collect() -> dict:
    """Every command's output and every file's text, with the reasons for what is missing."""
    files, missing = {}, {}
    for name, argv in COMMANDS.items():
        text, why = run(argv)
        if why:
            missing[name] = why
        else:
            files[name] = text
    for name, path in READS.items():
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                files[name] = fh.read(MAX_OUTPUT)
        except OSError as exc:
            missing[name] = f"{path}: {exc.strerror or exc}"
    return {"kind": KIND, "format": FORMAT, "host": socket.gethostname(),
            "taken": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),  # noqa: UP017 - runs on 3.8
            "files": files, "missing": missing}


def main(argv: list) -> int:
    if len(argv) != 2 or argv[1].startswith("-"):
        print("usage: python3 probe.py OUT.json", file=sys.stderr)
        return 2
    data = collect()
    with open(argv[1], "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1)
    print(f"wrote {argv[1]}: {len(data['files'])} output(s); missing: {', '.join(data['missing']) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
