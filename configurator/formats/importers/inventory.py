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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar
from xml.parsers.expat import ExpatError

import jc
import jc.exceptions

from ...core.catalog import Catalog
from ...core.input_error import InputError, english
from ...core.message import Msg
from ...store.text_files import FileReadError, read_text, size_text
from ...words.i18n import N_
from .inventory_model import Found, FoundKind, Inventory
from .placing import ImportResult, ImportSettings, ServerImporter, build_from_inventory
from .software import SOFTWARE_FILES, host_software

MAX_FILE_BYTES = 8_000_000      # each command output, in a folder or inside a probe file
MAX_PROBE_BYTES = 64_000_000    # the probe file as a whole
MAX_ITEMS = 256                 # parts read from one file (a large storage server: ~100 drives)
MAX_TEXT = 200                  # characters kept of any one value (a model name, a serial number)
MAX_NOTES = 32                  # the probe's "missing" reasons kept
_T = TypeVar("_T")
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
        self._parsed: dict[str, Any] = {}
        self._skipped: dict[str, Msg] = {}      # probe entries over the limit: why
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
        for name, why in list(missing.items() if isinstance(missing, dict) else ())[:MAX_NOTES]:
            self.missing[_clip(name)] = _clip(why)
            if name in SOFTWARE_FILES:
                continue
            self.notes.append(Msg("import.not-collected", file=path.name, name=_clip(name), why=_clip(why)))
        bundle: dict[str, str] = {}
        for key, value in data["files"].items():
            if not isinstance(value, str):
                self.notes.append(Msg("import.wrong-shape", file=path.name, field=f"files.{_clip(key)}",
                                      expected=Msg("import.shape-text")))
                continue
            size = len(value) if len(value) <= MAX_FILE_BYTES // 4 else len(value.encode("utf-8", "replace"))
            if size > MAX_FILE_BYTES:       # the same limit as the file in a folder
                self._skipped[str(key)] = Msg("import.output-too-big", size=size_text(size),
                                              limit=size_text(MAX_FILE_BYTES))
            bundle[str(key)] = "" if size > MAX_FILE_BYTES else value
        return bundle

    def has(self, name: str) -> bool:
        return name in self._bundle if self._bundle is not None else (self.path / name).exists()

    def text(self, name: str, missing: Msg | None) -> str | None:
        if not self.has(name):
            if missing:
                self.notes.append(Msg("import.file-missing", file=name, details=missing))
            return None
        if name in self._skipped:
            self.notes.append(Msg("import.file-skipped", file=f"{self.path.name}: {name}", reason=self._skipped[name]))
            return None
        if self._bundle is not None:
            return self._bundle[name]
        try:
            return read_text(self.path / name, max_bytes=MAX_FILE_BYTES, what="inventory file")
        except FileReadError as exc:
            self.notes.append(Msg("import.file-skipped", file=name, reason=exc.msg))
            return None

    def parsed(self, name: str, missing: Msg | None, parser: str | None) -> Any:
        """The file's text through `jc` (JSON when `parser` is None); None, with a note, when absent
        or unparseable. The shape is not checked here: `read` is."""
        if name in self._parsed:
            return self._parsed[name]
        text, doc = self.text(name, missing), None
        try:
            doc = None if text is None else json.loads(text) if parser is None else jc.parse(parser, text, quiet=True)
        except (jc.exceptions.ParseError, ExpatError, ValueError, KeyError, IndexError, TypeError, AttributeError,
                RecursionError) as exc:
            self.notes.append(Msg("import.cannot-parse", file=name, error=type(exc).__name__))
        self._parsed[name] = doc
        return doc

    def cached(self, name: str) -> Any:
        """What `parsed` gave for `name` (None when it was not read)."""
        return self._parsed.get(name)

    def read(self, name: str, missing: Msg | None, parser: str | None,
             reader: Callable[[Any, _Rows], _T]) -> _T | None:
        """One format's parse: the file through `parsed`, then `reader`, which checks the shape as
        it goes (lists through its `_Rows`, which also caps them at MAX_ITEMS); a wrong shape is one
        note naming the file and the field, and nothing of that file is read."""
        doc = self.parsed(name, missing, parser)
        if doc is None:
            return None
        rows = _Rows()
        try:
            value = reader(doc, rows)
        except ShapeError as exc:
            self.notes.append(Msg("import.wrong-shape", file=name, field=exc.field, expected=exc.expected))
            return None
        if rows.capped:
            self.notes.append(Msg("import.items-capped", file=name, field=rows.capped, cap=MAX_ITEMS))
        return value


class ShapeError(ValueError):
    """A parsed file whose `field` is not what the format has there: `msg` says so
    (words/import_words.py "import.expected-*"), `str()` is its English."""

    def __init__(self, field: str, expected: str) -> None:
        self.msg = Msg(f"import.expected-{expected}", field=field)
        super().__init__(self.msg)
        self.field, self.expected = field, Msg(f"import.shape-{expected}")

    def __str__(self) -> str:
        return english(self.msg)


def _obj(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ShapeError(field, "object")
    return value


class _Rows:
    """The lists of one file, checked and capped: `rows(value, field)` is the objects of the list
    at `field` (at most MAX_ITEMS; `capped` names the field that had more), with their index."""

    def __init__(self) -> None:
        self.capped = ""

    def __call__(self, value: Any, field: str, *, single: bool = False) -> Iterator[tuple[int, dict[str, Any]]]:
        if value is None:
            return iter(())
        if single and not isinstance(value, list):
            value = [_obj(value, field)]        # XML: one element stands for a list of one
        if not isinstance(value, list):
            raise ShapeError(field, "list")
        if len(value) > MAX_ITEMS:
            self.capped, value = field, value[:MAX_ITEMS]
        return iter([(i, _obj(row, f"{field}[{i}]")) for i, row in enumerate(value)])


def _clip(value: Any) -> str:
    """A value as one bounded, single-line text."""
    text = value if isinstance(value, str) else "" if value is None else str(value)
    return " ".join(text[:MAX_TEXT].split())


def _serial(value: Any) -> str:
    """A serial number, '' for the placeholders firmware prints when it has none."""
    text = str(value or "").strip()
    if not text.strip("0") or text.lower() in ("n/a", "[n/a]", "not specified", "unknown", "[not supported]"):
        return ""           # a virtual machine's GPU reports 0000000000000
    return text


def _sub(parent: dict[str, Any], key: str, field: str) -> dict[str, Any]:
    """An optional nested object: {} when absent or empty (XML's empty element), else checked."""
    value = parent.get(key)
    return {} if value is None or value == "" else _obj(value, f"{field}.{key}" if field else key)


def _leaf(parent: dict[str, Any], key: str, field: str) -> str:
    """A value the format has as text or a number, clipped; '' when absent."""
    value = parent.get(key)
    if isinstance(value, (dict, list)):
        raise ShapeError(f"{field}.{key}", "text")
    return _clip(value)


def _gpus_xml(doc: Any, rows: _Rows, name: str = "nvidia-smi-q.xml") -> list[Found]:
    """nvidia-smi -q -x: <nvidia_smi_log><gpu id=...>...</gpu>...</nvidia_smi_log>."""
    log = _sub(_obj(doc, "(document)"), "nvidia_smi_log", "")
    out = []
    for i, g in rows(log.get("gpu"), "nvidia_smi_log.gpu", single=True):
        at = f"nvidia_smi_log.gpu[{i}]"
        power = _sub(g, "gpu_power_readings", at) or _sub(g, "power_readings", at)
        link = _sub(_sub(g, "pci", at), "pci_gpu_link_info", f"{at}.pci")
        link_at = f"{at}.pci.pci_gpu_link_info"
        mib = _number(_leaf(_sub(g, "fb_memory_usage", at), "total", f"{at}.fb_memory_usage"))
        figures = {"memory_gb": mib * 2**20 / 1e9 if mib else None,
                   "tdp_w": _number(_leaf(power, "max_power_limit", f"{at}.power_readings")),
                   "pcie_gen": _number(_leaf(_sub(link, "pcie_gen", link_at), "current_link_gen", f"{link_at}.pcie_gen")),
                   "pcie_lanes": _number(_leaf(_sub(link, "link_widths", link_at), "current_link_width",
                                               f"{link_at}.link_widths"))}
        gpu_id = _leaf(g, "@id", at)
        out.append(Found(kind="gpu", source=f"{name}: gpu {gpu_id or '?'}", model=_leaf(g, "product_name", at),
                         manufacturer=_leaf(g, "product_brand", at), part_number=_leaf(g, "board_part_number", at),
                         location=gpu_id, serial=_serial(_leaf(g, "serial", at)),
                         figures={k: v for k, v in figures.items() if v is not None}))
    return out


def _gpus_csv(doc: Any, rows: _Rows, name: str = "nvidia-smi-query.csv") -> list[Found]:
    """nvidia-smi --query-gpu=... --format=csv: a header row, one row per GPU."""
    out = []
    for i, row in rows(doc, "(rows)"):
        get = {k.split(" [")[0].strip(): _clip(v) for k, v in row.items() if isinstance(k, str)}.get
        mib = _number(get("memory.total"))
        figures = {"memory_gb": mib * 2**20 / 1e9 if mib else None, "tdp_w": _number(get("power.max_limit")),
                   "pcie_gen": _number(get("pcie.link.gen.max")), "pcie_lanes": _number(get("pcie.link.width.max"))}
        out.append(Found(kind="gpu", source=f"{name}: row {i + 1}", model=get("name") or "",
                         location=get("pci.bus_id") or "", figures={k: v for k, v in figures.items() if v is not None}))
    return out


def _cpus(doc: Any, rows: _Rows, name: str = "lscpu.json") -> list[Found]:
    """lscpu -J: {"lscpu": [{"field": "Model name:", "data": "..."}, ...]}; one item per socket."""
    top = _obj(doc, "(document)")
    if "lscpu" not in top:
        raise ShapeError("lscpu", "list")
    fields = {_leaf(f, "field", f"lscpu[{i}]").rstrip(":"): _leaf(f, "data", f"lscpu[{i}]")
              for i, f in rows(top["lscpu"], "lscpu")}
    sockets = int(_number(fields.get("Socket(s)")) or 1)
    cores = _number(fields.get("Core(s) per socket"))
    model = fields.get("Model name") or ""
    vendor_id = fields.get("Vendor ID") or ""
    vendor = {"GenuineIntel": "Intel", "AuthenticAMD": "AMD"}.get(vendor_id, vendor_id)
    figures = {"cores": cores} if cores else {}
    return [Found(kind="cpu", source=f"{name}: socket {n + 1} of {sockets}", model=model, manufacturer=vendor,
                  location=f"socket {n + 1}", figures=figures) for n in range(max(0, min(sockets, 16)))]


def _drives(doc: Any, rows: _Rows, name: str = "lsblk.json") -> list[Found]:
    """lsblk -J -b -o NAME,SIZE,TYPE,ROTA,TRAN,MODEL: {"blockdevices": [{...}, ...]}."""
    top = _obj(doc, "(document)")
    if "blockdevices" not in top:
        raise ShapeError("blockdevices", "list")
    out = []
    for i, dev in rows(top["blockdevices"], "blockdevices"):
        at = f"blockdevices[{i}]"
        dev_name, size = _leaf(dev, "name", at), _number(_leaf(dev, "size", at))
        if _leaf(dev, "type", at) != "disk" or not size:
            continue
        if dev_name.startswith(("zram", "loop", "ram")):
            continue        # memory-backed devices, not drives
        tran = _leaf(dev, "tran", at)
        out.append(Found(kind="drive", source=f"{name}: {dev_name}", model=_leaf(dev, "model", at),
                         location=dev_name, serial=_serial(_leaf(dev, "serial", at)),
                         figures={"capacity_tb": size / 1e12},
                         traits={k: t for k, t in (("interface", tran if tran in ("nvme", "sata", "sas") else ""),
                                                   ("transport", tran)) if t}))
    return out


def _dimms(doc: Any, rows: _Rows, name: str = "dmidecode.txt") -> tuple[list[Found], str, str, int]:
    """dmidecode -t 1 -t 17 (through jc): the DIMMs (type 17), the system's maker and product
    name (type 1), and the number of empty slots."""
    out, maker, product, empty = [], "", "", 0
    for i, e in rows(doc, "(entries)"):
        at = f"(entries)[{i}]"
        v = _sub(e, "values", at)
        if e.get("type") == 1:
            maker, product = _leaf(v, "manufacturer", f"{at}.values"), _leaf(v, "product_name", f"{at}.values")
        if e.get("type") != 17:
            continue
        at = f"{_leaf(v, 'locator', at) or _leaf(e, 'handle', at) or at}"
        size = _leaf(v, "size", at)
        gib = _number(size)
        if not gib:
            empty += 1
            continue
        gib = gib * 1024 if "TB" in size else gib / 1024 if "MB" in size else gib
        figures = {"capacity_gb": gib, "speed_mts": _number(_leaf(v, "speed", at))}
        out.append(Found(kind="dimm", source=f"{name}: {at}",
                         manufacturer=_leaf(v, "manufacturer", at), part_number=_leaf(v, "part_number", at),
                         location=_leaf(v, "locator", at), serial=_serial(_leaf(v, "serial_number", at)),
                         figures={k: f for k, f in figures.items() if f},
                         traits={"memory_type": _leaf(v, "type", at).lower()}))
    return out, maker, product, empty


def _pci(doc: Any, rows: _Rows, with_gpus: bool, name: str = "lspci.txt") -> list[Found]:
    """lspci -vmm -nn (through jc): one object per device."""
    out = []
    for i, r in rows(doc, "(devices)"):
        at = f"(devices)[{i}]"
        cls = _leaf(r, "class", at)
        kind: FoundKind | None = None
        if cls in ("Ethernet controller", "Infiniband controller", "Network controller"):
            kind = "nic"
        elif with_gpus and cls in ("3D controller", "VGA compatible controller", "Processing accelerators"):
            kind = "gpu"
        if kind is None or (kind == "gpu" and _leaf(r, "vendor_id", at) not in ("10de", "1002", "8086")):
            continue
        ids = ":".join(_leaf(r, k, at) for k in ("vendor_id", "device_id", "svendor_id", "sdevice_id"))
        out.append(Found(kind=kind, source=f"{name}: {_leaf(r, 'slot', at)}", model=_leaf(r, "device", at),
                         manufacturer=_leaf(r, "vendor", at), location=_leaf(r, "slot", at),
                         traits={"pci_ids": ids}))
    return out


def _meminfo(doc: Any, rows: _Rows) -> float | None:
    total = _obj(doc, "(document)").get("MemTotal")
    if total is not None and not isinstance(total, (int, float)):
        raise ShapeError("MemTotal", "number")
    return float(total) if total else None


def read_inventory(folder: Path | str) -> Inventory:
    """What a folder of command outputs (or a probe file) shows, as an `Inventory`; raises ValueError.
    Each format has one reader that checks its shape (`_Source.read`): a file of the wrong shape is
    a note naming the file and the field, and what it would have shown is unknown (not invented)."""
    f = _Source(Path(folder))
    gpus = f.read("nvidia-smi-q.xml", Msg("import.unknown-gpus"), "xml", _gpus_xml)
    if not gpus and f.has("nvidia-smi-query.csv"):
        gpus = f.read("nvidia-smi-query.csv", None, "csv", _gpus_csv)
    cpus = f.read("lscpu.json", Msg("import.unknown-cpus"), None, _cpus)
    dmi = f.read("dmidecode.txt", Msg("import.unknown-dimms"), "dmidecode", _dimms)
    dimms, maker, product, empty = dmi or ([], "", "", 0)
    if empty:
        f.notes.append(Msg("import.dimm-slots-empty", file="dmidecode.txt", n=empty))
    drives = f.read("lsblk.json", Msg("import.unknown-drives"), None, _drives)
    pci = f.read("lspci.txt", Msg("import.unknown-nics"), "lspci", lambda doc, r: _pci(doc, r, with_gpus=not gpus))
    mem_kib = f.read("meminfo.txt", Msg("import.unknown-memory"), "proc_meminfo", _meminfo)
    if mem_kib:
        f.notes.append(Msg("import.meminfo" if dimms else "import.meminfo-no-dimms", gib=f"{mem_kib / 2**20:.1f}"))
    sees = {"gpu": gpus is not None or pci is not None, "cpu": cpus is not None, "dimm": dmi is not None,
            "drive": drives is not None, "nic": pci is not None, "psu": False}    # a host cannot see its PSUs
    return Inventory(source=str(folder), system_model=product, system_manufacturer=maker,
                     items=tuple((gpus or []) + (cpus or []) + dimms + (drives or []) + (pci or [])),
                     notes=tuple(f.notes), blind=tuple(k for k, seen in sees.items() if not seen),
                     software=host_software(lambda name: f.text(name, None), f.missing,
                                            f.cached("nvidia-smi-q.xml"), f.cached("nvidia-smi-query.csv")))


def _read(source: str, catalog: Catalog, settings: ImportSettings) -> ImportResult:
    return build_from_inventory(read_inventory(source), catalog, settings.chassis_id, name=source)


INVENTORY = ServerImporter(name="inventory", description=N_("a folder of inventory command outputs, or the file "
                                                          "configurator/probe.py wrote (docs/import.md)"),
                           read=_read)

__all__ = ["INVENTORY", "read_inventory"]
