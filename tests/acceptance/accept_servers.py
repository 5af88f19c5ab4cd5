"""A delivered server's results folder, as the acceptance script writes it, for the tests: real
tool outputs (tests/fixtures/acceptance, tests/fixtures/probe-h200) plus the GPU and DIMM lists
in the exact format of `nvidia-smi --query-gpu ... --format=csv` and `dmidecode -t 1 -t 17`."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).parents[1] / "fixtures"
ACCEPT = FIXTURES / "acceptance"
PROBE = FIXTURES / "probe-h200"
BUILD = Path(__file__).parents[2] / "examples" / "hgx-h100-8gpu.json"

GPU_HEADER = ("index, name, serial, memory.total [MiB], pcie.link.gen.max, pcie.link.width.max, "
              "ecc.mode.current\n")


def gpus_csv(n: int = 8) -> str:
    rows = [f"{i}, NVIDIA H100 80GB HBM3, 165232300{i:04d}, 81559 MiB, 5, 16, Enabled\n" for i in range(n)]
    return GPU_HEADER + "".join(rows)


def dmidecode(dimms: int = 4, skip: int | None = None) -> str:
    head = ("# dmidecode 3.4\nSMBIOS 3.3.0 present.\n\nHandle 0x0001, DMI type 1, 27 bytes\nSystem Information\n"
            "\tManufacturer: Supermicro\n\tProduct Name: SYS-821GE-TNHR\n\tSerial Number: S421337X3A01234\n\n")
    body = ""
    for i in range(dimms):
        if i == skip:
            continue
        body += (f"Handle 0x11{i:02d}, DMI type 17, 92 bytes\nMemory Device\n\tSize: 64 GB\n\tLocator: P1-DIMM{'ABCDEFGH'[i]}1\n"
                 f"\tType: DDR5\n\tSpeed: 4800 MT/s\n\tManufacturer: Samsung\n\tSerial Number: 80CE0123{i:04d}\n"
                 "\tPart Number: M321R8GA0BB0-CQK\n\n")
    return head + body


def results_folder(folder: Path, *, slower_gpu: int | None = None, missing_dimm: int | None = None) -> Path:
    """A results folder; `slower_gpu` gets 80 % of its host-to-device bandwidth, `missing_dimm` is gone."""
    folder.mkdir(parents=True)
    for name in ("lscpu.json", "lsblk.json", "meminfo.txt"):
        shutil.copy(PROBE / name, folder / name)
    (folder / "gpus.csv").write_text(gpus_csv())
    (folder / "dmidecode.txt").write_text(dmidecode(skip=missing_dimm))
    lines = (ACCEPT / "nvbandwidth-readme.txt").read_text().splitlines(keepends=True)
    if slower_gpu is not None:
        cells = lines[3].split()
        cells[slower_gpu + 1] = f"{float(cells[slower_gpu + 1]) * 0.8:.2f}"
        lines[3] = cells[0] + "".join(f"{c:>10}" for c in cells[1:]) + "\n"
    (folder / "nvbandwidth.txt").write_text("".join(lines))
    (folder / "steps.tsv").write_text("step\tstatus\tseconds\treason\n")
    (folder / "host.txt").write_text("gpu49\n")
    return folder
