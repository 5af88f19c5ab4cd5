"""Read one acceptance results folder into `Results` (core/acceptance/results.py)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import jc

from ....core.acceptance.results import Measured, Results, Seen
from ....core.input_error import InputError
from ....core.message import Msg
from ....store.text_files import FileReadError, read_text
from ..inventory import read_inventory
from ..inventory_model import Inventory
from . import host_tools
from .dcgm import parse_diag
from .fio import parse_fio
from .gpu_burn import parse_burn
from .nccl import parse_allreduce
from .nvbandwidth import host_to_device

MAX_BYTES = 32_000_000
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")
T = TypeVar("T")


class _Folder:
    """The folder's texts, read bounded; what cannot be read or parsed becomes a note."""

    def __init__(self, path: Path) -> None:
        self.path, self.notes, self.measured = path, list[Msg](), list[Measured]()

    def text(self, name: str) -> str | None:
        file = self.path / name
        if not file.is_file():
            return None
        try:
            return read_text(file, max_bytes=MAX_BYTES, what="result file")
        except FileReadError as exc:
            self.notes.append(Msg("accept.note.unreadable", file=name, why=exc.msg))
            return None

    def parse(self, name: str, parser: Callable[[str], T]) -> T | None:
        text = self.text(name)
        if text is None:
            return None
        try:
            return parser(text)
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            self.notes.append(Msg("accept.note.unparsed", file=name, why=_why(exc)))
            return None

    def put(self, key: str, value: float, *detail: Msg) -> None:
        self.measured.append(Measured(key, float(value), tuple(detail)))


def _why(exc: Exception) -> Msg | str:
    """Why a parser refused a file: its message where it has one (worded in the reader's language),
    else the library's own text, clipped."""
    msg = getattr(exc, "msg", None)
    return msg if isinstance(msg, Msg) else str(exc)[:200]


def _number(text: str | None) -> float | None:
    found = _NUMBER.search(text or "")
    return float(found.group()) if found else None


def _gpus(f: _Folder) -> list[Seen]:
    """gpus.csv (nvidia-smi --query-gpu=index,name,serial,memory.total,pcie.link.gen.max,
    pcie.link.width.max,ecc.mode.current --format=csv)."""
    text = f.text("gpus.csv")
    if text is None:
        return []
    rows = list(csv.reader(io.StringIO(text), skipinitialspace=True))
    seen = []
    for row in rows[1:]:
        if len(row) < 7:
            continue
        index = row[0].strip()
        seen.append(Seen("gpu", f"GPU index {index}", row[2].strip() if row[2].strip() not in ("[N/A]", "N/A") else "",
                         row[1].strip()))
        i = len(seen) - 1
        mib = _number(row[3])
        if mib:
            f.put(f"gpu.{i}.memory_gb", mib * 2**20 / 1e9)
        for key, cell in (("pcie_gen", row[4]), ("pcie_width", row[5])):
            value = _number(cell)
            if value is not None:
                f.put(f"gpu.{i}.{key}", value)
        f.put(f"gpu.{i}.ecc", 1.0 if row[6].strip().lower() == "enabled" else 0.0)
    f.put("gpu.count", len(seen))
    return seen


def _inventory(f: _Folder, gpus_known: bool) -> tuple[list[Seen], str]:
    """CPUs, DIMMs, drives and NICs through the inventory importer; the system serial from dmidecode."""
    inv = read_inventory(f.path)
    seen = [Seen(i.kind, i.location, i.serial, i.model) for i in inv.items
            if i.kind in ("cpu", "dimm", "drive", "nic") or (i.kind == "gpu" and not gpus_known)]
    if not gpus_known and "gpu" not in inv.blind:
        gpus = inv.of("gpu")
        f.put("gpu.count", len(gpus))
        for n, g in enumerate(gpus):
            for key, field in (("memory_gb", "memory_gb"), ("pcie_gen", "pcie_gen"), ("pcie_width", "pcie_lanes")):
                if field in g.figures:
                    f.put(f"gpu.{n}.{key}", g.figures[field])
    if "cpu" not in inv.blind:
        f.put("cpu.sockets", len(inv.of("cpu")))
    if "dimm" not in inv.blind:
        dimms = inv.of("dimm")
        f.put("dimm.count", len(dimms))
        f.put("dimm.capacity_gb", sum(d.figures.get("capacity_gb", 0) for d in dimms))
    if "drive" not in inv.blind:
        f.put("drive.count", len(inv.of("drive")))
    return seen, _system_serial(f)


def _system_serial(f: _Folder) -> str:
    text = f.text("dmidecode.txt")
    if not text:
        return ""
    for entry in jc.parse("dmidecode", text, quiet=True) or []:
        if isinstance(entry, dict) and entry.get("type") == 1:
            serial = str((entry.get("values") or {}).get("serial_number") or "").strip()
            return "" if serial.lower() in ("", "not specified", "to be filled by o.e.m.", "0") else serial
    return ""


def _skipped(f: _Folder) -> list[tuple[str, str]]:
    text = f.text("steps.tsv") or ""
    out = []
    for line in text.splitlines()[1:]:
        cells = line.split("\t")
        if len(cells) >= 4 and cells[1] in ("skipped", "timeout", "failed"):
            out.append((cells[0], f"{cells[1]}: {cells[3]}"))
    return out


def _tests(f: _Folder) -> None:
    diag = f.parse("dcgm-diag.json", parse_diag)
    if diag is not None:
        f.put("dcgm.pass", diag.passed, *(Msg("accept.detail.dcgm", test=t, gpu=g) for t, g in diag.failures))
    h2d = f.parse("nvbandwidth.txt", host_to_device)
    for i, gbs in enumerate(h2d or []):
        f.put(f"h2d.{i}", gbs)
    ar = f.parse("all_reduce_perf.txt", parse_allreduce)
    if ar is not None:
        detail: tuple[Msg, ...] = (Msg("accept.detail.nccl-wrong", n=ar.wrong),) if ar.wrong else ()
        f.put("nccl.allreduce_busbw", 0.0 if ar.wrong else ar.peak_busbw_gbs, *detail)
    burn = f.parse("gpu-burn.txt", parse_burn)
    if burn is not None:
        detail = tuple(Msg("accept.detail.burn-faulty", index=i) for i in burn.faulty)
        if burn.problem:
            detail += (Msg(f"accept.detail.burn-{burn.problem}"),)
        f.put("burn.pass", burn.passed, *detail)


def _host(f: _Folder) -> None:
    fio_files = sorted(p.name for p in f.path.glob("fio-*.json"))
    for i, name in enumerate(fio_files):
        jobs = f.parse(name, parse_fio)
        if jobs:
            f.put(f"fio.{i}.read_gbs", sum(j.read_gbs for j in jobs))
    speeds = f.parse("nic-speeds.txt", host_tools.link_speeds)
    if speeds:
        for speed, n in host_tools.links_at_least(speeds).items():
            f.put(f"nic.links_{speed}g", n)
    psus = f.parse("ipmi-psu.txt", host_tools.psus_present)
    if psus is not None:
        f.put("psu.present", psus)
    fans = f.parse("ipmi-fan.txt", host_tools.fans_ok)
    if fans is not None:
        ok, bad = fans
        f.put("fan.ok", ok, *(Msg("accept.detail.fan", fan=b) for b in bad))
    mem = f.parse("sysbench-memory.txt", host_tools.sysbench_gbs)
    if mem is not None:
        f.put("memory.bandwidth_gbs", mem)
    for i, name in enumerate(sorted(p.name for p in f.path.glob("ib_write_bw-*.txt"))):
        rail = f.parse(name, host_tools.ib_write_bw_gbs)
        if rail is not None:
            f.put(f"rail.{i}", rail)


def read_results(path: Path | str) -> Results:
    """The results in a folder the acceptance script wrote, or in a probe file (inventory only);
    `InputError` naming the path when it is neither."""
    path = Path(path)
    if path.is_file():             # a probe file: the inventory alone
        inv = read_inventory(path)
        seen = tuple(Seen(i.kind, i.location, i.serial, i.model) for i in inv.items)
        return Results(host=path.name, seen=seen, measured=_probe_counts(inv),
                       notes=tuple(Msg("accept.note.inventory", note=n) for n in inv.notes))
    if not path.is_dir():
        raise InputError(Msg("accept.not-results"), str(path))
    f = _Folder(path)
    gpus = _gpus(f)
    others, serial = _inventory(f, bool(gpus))
    _tests(f)
    _host(f)
    return Results(system_serial=serial, host=(f.text("host.txt") or "").strip(),
                   taken=(f.text("taken.txt") or "").strip(), seen=tuple(gpus + others),
                   measured=tuple(f.measured), skipped=tuple(_skipped(f)), notes=tuple(f.notes))


def _probe_counts(inv: Inventory) -> tuple[Measured, ...]:
    out = [Measured("gpu.count", len(inv.of("gpu")))] if "gpu" not in inv.blind else []
    for n, g in enumerate(inv.of("gpu")):
        out += [Measured(f"gpu.{n}.{k}", g.figures[f]) for k, f in
                (("memory_gb", "memory_gb"), ("pcie_gen", "pcie_gen"), ("pcie_width", "pcie_lanes")) if f in g.figures]
    if "cpu" not in inv.blind:
        out.append(Measured("cpu.sockets", len(inv.of("cpu"))))
    if "drive" not in inv.blind:
        out.append(Measured("drive.count", len(inv.of("drive"))))
    return tuple(out)
