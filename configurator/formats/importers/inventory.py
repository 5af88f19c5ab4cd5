"""Import a running server from a folder of standard inventory command outputs.

The technician runs, on the server, whichever of these it has and saves each output under the
name given (docs/import.md has the commands); every file is optional, and what a missing one
would have shown is said in a note:

    nvidia-smi-q.xml      nvidia-smi -q -x              GPUs: model, memory, power limit, PCIe link
    nvidia-smi-query.csv  nvidia-smi --query-gpu=...    GPUs, when the XML is absent
    lscpu.json            lscpu -J                      CPU model, sockets, cores
    dmidecode.txt         dmidecode -t 1 -t 17 (root)   system model, DIMMs
    lsblk.json            lsblk -J -b -o NAME,SIZE,TYPE,ROTA,TRAN,MODEL   drives
    lspci.txt             lspci -vmm -nn                NICs (and GPUs without nvidia-smi)
    meminfo.txt           cat /proc/meminfo             memory size the OS sees
    nv-fabricmanager.txt  nv-fabricmanager --version    Fabric Manager (software.py: the stack's versions)
    npu-smi.txt           npu-smi info                  Ascend NPU driver
    ascend-*.info         the Ascend install records    HDK driver and CANN versions

Command output is parsed with `jc` where it has a parser (XML, CSV, dmidecode, lspci,
/proc/meminfo); `lscpu -J` and `lsblk -J` are JSON already.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jc
import jc.exceptions

from ...core.catalog import Catalog
from ...core.input_error import InputError
from ...core.message import Msg
from ...store.text_files import FileReadError, read_text
from ...words.i18n import N_
from .inventory_model import Found, FoundKind, Inventory
from .placing import ImportResult, ImportSettings, ServerImporter, build_from_inventory
from .software import SOFTWARE_FILES, host_software

MAX_FILE_BYTES = 8_000_000
MAX_PROBE_BYTES = 64_000_000
PROBE_KIND = "ai-server-configurator/probe"     # configurator/probe.py writes it
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


def _number(text: Any) -> float | None:
    """The first number in `text` ('143771 MiB' -> 143771.0); None for 'N/A' and the like."""
    found = _NUMBER.search(str(text or ""))
    return float(found.group()) if found else None


class _Source:
    """The inventory's texts, from a folder or a probe file (`configurator/probe.py`); reads each
    once, bounded, and notes what is missing or unreadable."""

    def __init__(self, path: Path) -> None:
        self.path, self.notes = path, list[Msg]()
        self.missing: dict[str, str] = {}      # the probe's reasons for what it could not collect
        self._bundle: dict[str, str] | None = None
        if path.is_file():
            self._bundle = self._load_probe(path)
        elif not path.is_dir():
            raise InputError(Msg("import.not-inventory"), str(path))

    def _load_probe(self, path: Path) -> dict[str, str]:
        try:
            data = json.loads(read_text(path, max_bytes=MAX_PROBE_BYTES, what="probe file"))
        except (ValueError, RecursionError) as exc:
            if isinstance(exc, FileReadError):
                raise
            raise InputError(Msg("import.probe-not-json"), str(path)) from None
        if not isinstance(data, dict) or data.get("kind") != PROBE_KIND or not isinstance(data.get("files"), dict):
            raise InputError(Msg("import.probe-kind", expected=repr(PROBE_KIND)), str(path), "kind")
        missing = data.get("missing")
        for name, why in (missing.items() if isinstance(missing, dict) else ()):
            self.missing[str(name)] = str(why)[:200]
            if name in SOFTWARE_FILES:
                continue
            self.notes.append(Msg("import.not-collected", file=path.name, name=str(name), why=str(why)[:200]))
        return {str(k): v for k, v in data["files"].items() if isinstance(v, str)}

    def has(self, name: str) -> bool:
        return name in self._bundle if self._bundle is not None else (self.path / name).exists()

    def text(self, name: str, missing: Msg | None) -> str | None:
        if not self.has(name):
            if missing:
                self.notes.append(Msg("import.file-missing", file=name, details=missing))
            return None
        if self._bundle is not None:
            return self._bundle[name]
        try:
            return read_text(self.path / name, max_bytes=MAX_FILE_BYTES, what="inventory file")
        except FileReadError as exc:
            self.notes.append(Msg("import.file-skipped", file=name, reason=exc.reason))
            return None

    def parsed(self, name: str, missing: Msg | None, parser: str | None) -> Any:
        text = self.text(name, missing)
        if text is None:
            return None
        try:
            return json.loads(text) if parser is None else jc.parse(parser, text, quiet=True)
        except (jc.exceptions.ParseError, ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            self.notes.append(Msg("import.cannot-parse", file=name, error=type(exc).__name__))
            return None


def _serial(value: Any) -> str:
    """A serial number, '' for the placeholders firmware prints when it has none."""
    text = str(value or "").strip()
    if not text.strip("0") or text.lower() in ("n/a", "[n/a]", "not specified", "unknown", "[not supported]"):
        return ""           # a virtual machine's GPU reports 0000000000000
    return text


def _gpus_xml(doc: Any, name: str) -> list[Found]:
    log = doc.get("nvidia_smi_log", {}) if isinstance(doc, dict) else {}
    gpus = log.get("gpu", [])
    out = []
    for g in gpus if isinstance(gpus, list) else [gpus]:
        if not isinstance(g, dict):
            continue
        power = g.get("gpu_power_readings") or g.get("power_readings") or {}
        link = (g.get("pci") or {}).get("pci_gpu_link_info") or {}
        mib = _number((g.get("fb_memory_usage") or {}).get("total"))
        figures = {"memory_gb": mib * 2**20 / 1e9 if mib else None, "tdp_w": _number(power.get("max_power_limit")),
                   "pcie_gen": _number((link.get("pcie_gen") or {}).get("current_link_gen")),
                   "pcie_lanes": _number((link.get("link_widths") or {}).get("current_link_width"))}
        out.append(Found(kind="gpu", source=f"{name}: gpu {g.get('@id', '?')}", model=str(g.get("product_name") or ""),
                         manufacturer=str(g.get("product_brand") or ""), part_number=str(g.get("board_part_number") or ""),
                         location=str(g.get("@id") or ""), serial=_serial(g.get("serial")),
                         figures={k: v for k, v in figures.items() if v is not None}))
    return out


def _gpus_csv(rows: Any, name: str) -> list[Found]:
    out = []
    for i, row in enumerate(rows if isinstance(rows, list) else []):
        get = {k.split(" [")[0].strip(): v for k, v in row.items()}.get
        mib = _number(get("memory.total"))
        figures = {"memory_gb": mib * 2**20 / 1e9 if mib else None, "tdp_w": _number(get("power.max_limit")),
                   "pcie_gen": _number(get("pcie.link.gen.max")), "pcie_lanes": _number(get("pcie.link.width.max"))}
        out.append(Found(kind="gpu", source=f"{name}: row {i + 1}", model=str(get("name") or ""),
                         location=str(get("pci.bus_id") or ""), figures={k: v for k, v in figures.items() if v is not None}))
    return out


def _cpus(doc: Any, name: str) -> list[Found]:
    fields = {str(f.get("field", "")).rstrip(":"): f.get("data") for f in (doc or {}).get("lscpu", []) if isinstance(f, dict)}
    sockets = int(_number(fields.get("Socket(s)")) or 1)
    cores = _number(fields.get("Core(s) per socket"))
    model = str(fields.get("Model name") or "")
    vendor_id = str(fields.get("Vendor ID") or "")
    vendor = {"GenuineIntel": "Intel", "AuthenticAMD": "AMD"}.get(vendor_id, vendor_id)
    figures = {"cores": cores} if cores else {}
    return [Found(kind="cpu", source=f"{name}: socket {n + 1} of {sockets}", model=model, manufacturer=vendor,
                  location=f"socket {n + 1}", figures=figures) for n in range(min(sockets, 16))]


def _drives(doc: Any, name: str) -> list[Found]:
    out = []
    for dev in (doc or {}).get("blockdevices", []):
        if not isinstance(dev, dict) or dev.get("type") != "disk" or not dev.get("size"):
            continue
        if str(dev.get("name", "")).startswith(("zram", "loop", "ram")):
            continue        # memory-backed devices, not drives
        tran = str(dev.get("tran") or "")
        out.append(Found(kind="drive", source=f"{name}: {dev.get('name')}", model=str(dev.get("model") or "").strip(),
                         location=str(dev.get("name") or ""), serial=_serial(dev.get("serial")),
                         figures={"capacity_tb": float(dev["size"]) / 1e12},
                         traits={k: t for k, t in (("interface", tran if tran in ("nvme", "sata", "sas") else ""),
                                                   ("transport", tran)) if t}))
    return out


def _dimms(entries: Any, name: str, notes: list[Msg]) -> tuple[list[Found], str, str]:
    """DIMMs (DMI type 17), and the system's manufacturer and product name (type 1)."""
    out, maker, product, empty = [], "", "", 0
    for e in entries if isinstance(entries, list) else []:
        v = e.get("values") or {}
        if e.get("type") == 1:
            maker, product = str(v.get("manufacturer") or ""), str(v.get("product_name") or "")
        if e.get("type") != 17:
            continue
        size = str(v.get("size") or "")
        gib = _number(size)
        if not gib:
            empty += 1
            continue
        gib = gib * 1024 if "TB" in size else gib / 1024 if "MB" in size else gib
        figures = {"capacity_gb": gib, "speed_mts": _number(v.get("speed"))}
        out.append(Found(kind="dimm", source=f"{name}: {v.get('locator') or e.get('handle')}",
                         manufacturer=str(v.get("manufacturer") or ""), part_number=str(v.get("part_number") or "").strip(),
                         location=str(v.get("locator") or ""), serial=_serial(v.get("serial_number")),
                         figures={k: f for k, f in figures.items() if f},
                         traits={"memory_type": str(v.get("type") or "").lower()}))
    if empty:
        notes.append(Msg("import.dimm-slots-empty", file=name, n=empty))
    return out, maker, product


def _pci(rows: Any, name: str, with_gpus: bool) -> list[Found]:
    out = []
    for r in rows if isinstance(rows, list) else []:
        cls = str(r.get("class") or "")
        kind: FoundKind | None = None
        if cls in ("Ethernet controller", "Infiniband controller", "Network controller"):
            kind = "nic"
        elif with_gpus and cls in ("3D controller", "VGA compatible controller", "Processing accelerators"):
            kind = "gpu"
        if kind is None or (kind == "gpu" and str(r.get("vendor_id")) not in ("10de", "1002", "8086")):
            continue
        ids = f"{r.get('vendor_id')}:{r.get('device_id')}:{r.get('svendor_id')}:{r.get('sdevice_id')}"
        out.append(Found(kind=kind, source=f"{name}: {r.get('slot')}", model=str(r.get("device") or ""),
                         manufacturer=str(r.get("vendor") or ""), location=str(r.get("slot") or ""),
                         traits={"pci_ids": ids}))
    return out


def read_inventory(folder: Path | str) -> Inventory:
    """What a folder of command outputs (or a probe file) shows, as an `Inventory`; raises ValueError."""
    f = _Source(Path(folder))
    xml = f.parsed("nvidia-smi-q.xml", Msg("import.unknown-gpus"), "xml")
    gpus = _gpus_xml(xml, "nvidia-smi-q.xml")
    rows = f.parsed("nvidia-smi-query.csv", None, "csv") if f.has("nvidia-smi-query.csv") else None
    if not gpus and rows is not None:
        gpus = _gpus_csv(rows, "nvidia-smi-query.csv")
    cpus = _cpus(f.parsed("lscpu.json", Msg("import.unknown-cpus"), None), "lscpu.json")
    dimms, maker, product = _dimms(f.parsed("dmidecode.txt", Msg("import.unknown-dimms"), "dmidecode"), "dmidecode.txt", f.notes)
    drives = _drives(f.parsed("lsblk.json", Msg("import.unknown-drives"), None), "lsblk.json")
    pci = _pci(f.parsed("lspci.txt", Msg("import.unknown-nics"), "lspci"), "lspci.txt", with_gpus=not gpus)
    meminfo = f.parsed("meminfo.txt", Msg("import.unknown-memory"), "proc_meminfo")
    if isinstance(meminfo, dict) and meminfo.get("MemTotal"):
        gib = f"{meminfo['MemTotal'] / 2**20:.1f}"
        f.notes.append(Msg("import.meminfo" if dimms else "import.meminfo-no-dimms", gib=gib))
    sees = {"gpu": any(map(f.has, ("nvidia-smi-q.xml", "nvidia-smi-query.csv", "lspci.txt"))),
            "cpu": f.has("lscpu.json"), "dimm": f.has("dmidecode.txt"), "drive": f.has("lsblk.json"),
            "nic": f.has("lspci.txt"), "psu": False}      # a host cannot see its PSUs
    return Inventory(source=str(folder), system_model=product, system_manufacturer=maker,
                     items=tuple(gpus + cpus + dimms + drives + pci), notes=tuple(f.notes),
                     blind=tuple(k for k, seen in sees.items() if not seen),
                     software=host_software(lambda name: f.text(name, None), f.missing, xml, rows))


def _read(source: str, catalog: Catalog, settings: ImportSettings) -> ImportResult:
    return build_from_inventory(read_inventory(source), catalog, settings.chassis_id, name=source)


INVENTORY = ServerImporter(name="inventory", description=N_("a folder of inventory command outputs, or the file "
                                                          "configurator/probe.py wrote (docs/import.md)"),
                           read=_read)

__all__ = ["INVENTORY", "read_inventory"]
