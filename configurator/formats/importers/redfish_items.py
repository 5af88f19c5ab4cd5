"""Redfish resources → `Found` items: which properties of which schema mean what.

Units follow the Redfish schemas: `CapacityMiB` (Memory), `TotalMemorySizeMiB` (Processor),
`CapacityBytes` (Drive), `PowerCapacityWatts` (PowerSupply, both the PowerSubsystem and the
deprecated Power schema). Absent parts (`Status.State: Absent`) are empty slots, not parts.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any, Protocol

from ...core.message import Items, Msg, Term
from .inventory_model import Found

_GIB = 1024**3
#: the most entries read from a resource's inline list (RedfishOptions.max_members' default)
INLINE_CAP = 512
#: the longest text kept from a property (a model, a label): a hostile BMC sends megabytes of one
_SHORT = 200

# The JSON type of every property the readers below open (a link is an `{"@odata.id": ...}` object).
# A resource whose property has another type loses that property, with a note naming it; a service
# root with one is refused (`field_problems`).
_LINK, _LIST, _OBJECT, _TEXT = "a link", "a list", "an object", "a string"
_FIELDS: dict[str, tuple[str, ...]] = {
    **{k: (_TEXT,) for k in ("@odata.id", "Model", "Manufacturer", "PartNumber", "ChassisType", "ProcessorType")},
    "Members": (_LIST,), "Members@odata.nextLink": (_TEXT,),
    "Links": (_OBJECT,), "Status": (_OBJECT,), "Location": (_OBJECT,), "MemorySummary": (_OBJECT,),
    "Controllers": (_LIST,), "AllowedSpeedsMHz": (_LIST,),
    **{k: (_LINK,) for k in ("Systems", "Chassis", "Processors", "Memory", "Storage", "NetworkAdapters",
                             "PowerSubsystem", "ThermalSubsystem", "Power", "Thermal", "Sessions")},
    # a list of links (Links.Drives, a system's PCIeDevices, Power's inline PowerSupplies) or a collection
    **{k: (_LIST, _LINK) for k in ("Drives", "PCIeDevices", "PowerSupplies", "Fans")},
}


def json_kind(value: Any) -> str:
    """A JSON value's type in words: 'a list', 'a string', 'a number' …"""
    if isinstance(value, dict):
        return _OBJECT
    if isinstance(value, list):
        return _LIST
    if isinstance(value, str):
        return _TEXT
    if isinstance(value, bool):
        return "true or false"
    return "null" if value is None else "a number"


def _is(value: Any, kind: str) -> bool:
    if kind == _LINK:
        return isinstance(value, dict) and isinstance(value.get("@odata.id"), str)
    return json_kind(value) == kind


def field_problems(doc: dict[str, Any], prefix: str = "") -> list[tuple[str, Items, Term]]:
    """(field, expected, found) for each property of `doc` (and of its `Links`) whose JSON type is
    not the one the readers expect; null counts as absent. The kinds are words of
    words/import_words.py (`JSON_KINDS`)."""
    out: list[tuple[str, Items, Term]] = []
    for key, kinds in _FIELDS.items():
        value = doc.get(key)
        if value is not None and not any(_is(value, k) for k in kinds):
            out.append((prefix + key, Items(tuple(Term(k) for k in kinds), conj="or"), Term(json_kind(value))))
    links = doc.get("Links")
    if isinstance(links, dict) and not prefix:
        out += field_problems(links, "Links.")
    return out


def drop_fields(doc: dict[str, Any], fields: list[str]) -> None:
    """`doc` without the named fields ('Links.Drives' names one inside `Links`)."""
    for name in fields:
        outer, _, inner = name.partition(".")
        if inner and isinstance(doc.get(outer), dict):
            doc[outer].pop(inner, None)
        else:
            doc.pop(name, None)


class Walk(Protocol):
    """What the item readers need from the walker in `redfish.py`."""

    def get(self, link: Any) -> dict[str, Any] | None: ...
    def members(self, link: Any) -> Iterator[dict[str, Any]]: ...
    def links(self, refs: Any) -> Iterator[dict[str, Any]]: ...
    def note(self, msg: Msg) -> None: ...


def _present(walk: Walk, what: Msg, resources: Iterable[dict[str, Any]], read: Any) -> list[Found]:
    """`read` applied to each resource as it comes (none is kept); empty slots (Status Absent) are
    counted in a note, since free DIMM slots and drive bays are what an upgrade fills."""
    found: list[Found] = []
    empty = total = 0
    for resource in resources:
        total += 1
        empty += _absent(resource)
        item = read(resource)
        if item is not None:
            found.append(item)
    if empty:
        walk.note(Msg("import.absent", empty=empty, total=total, what=what))
    return found


def _text(d: dict[str, Any], key: str) -> str:
    value = d.get(key)
    return str(value)[:_SHORT].strip() if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""


def _num(value: Any) -> float | None:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    number = float(value)
    return number if math.isfinite(number) and number >= 0 else None


def _absent(d: dict[str, Any]) -> bool:
    status = d.get("Status")
    return isinstance(status, dict) and status.get("State") == "Absent"


def _health(d: dict[str, Any]) -> str:
    status = d.get("Status")
    return str(status.get("Health") or "")[:_SHORT] if isinstance(status, dict) else ""


def _label(d: dict[str, Any]) -> str:
    loc = d.get("Location")
    part = loc.get("PartLocation") if isinstance(loc, dict) else None
    if isinstance(part, dict) and part.get("ServiceLabel"):
        return str(part["ServiceLabel"])[:_SHORT]
    return _text(d, "Socket") or _text(d, "DeviceLocator") or _text(d, "Name")


def _found(kind: Any, d: dict[str, Any], figures: dict[str, float | None], **traits: str) -> Found:
    return Found(kind=kind, source=_text(d, "@odata.id"), model=_text(d, "Model"),
                 manufacturer=_text(d, "Manufacturer"), part_number=_text(d, "PartNumber"),
                 location=_label(d), health=_health(d),
                 figures={k: v for k, v in figures.items() if v is not None},
                 traits={k: v for k, v in traits.items() if v})


def processor_item(d: dict[str, Any]) -> Found | None:
    """A CPU, or a GPU reported as a Processor (`ProcessorType` GPU or Accelerator)."""
    if _absent(d):
        return None
    kind = {"CPU": "cpu", "GPU": "gpu", "Accelerator": "gpu"}.get(_text(d, "ProcessorType"))
    if kind is None:
        return None
    if kind == "cpu":
        return _found("cpu", d, {"cores": _num(d.get("TotalCores"))})
    mem = d.get("MemorySummary")
    mib = _num(mem.get("TotalMemorySizeMiB")) if isinstance(mem, dict) else None
    return _found("gpu", d, {"memory_gb": mib * 1024**2 / 1e9 if mib else None,
                             "tdp_w": _num(d.get("TDPWatts")) or _num(d.get("MaxTDPWatts"))})


def memory_item(d: dict[str, Any]) -> Found | None:
    """A DIMM; capacity in GiB, as DIMM sizes are sold (a "64 GB" DIMM holds 64 GiB)."""
    mib = _num(d.get("CapacityMiB"))
    if _absent(d) or not mib:
        return None
    speeds = [s for s in map(_num, d.get("AllowedSpeedsMHz") or []) if s]
    speed = max(speeds) if speeds else _num(d.get("OperatingSpeedMhz"))
    return _found("dimm", d, {"capacity_gb": mib / 1024, "speed_mts": speed},
                  memory_type=_text(d, "MemoryDeviceType").lower(),
                  module_type=_text(d, "BaseModuleType").lower().replace("_", "-"))


def drive_item(d: dict[str, Any]) -> Found | None:
    if _absent(d):
        return None
    size = _num(d.get("CapacityBytes"))
    return _found("drive", d, {"capacity_tb": size / 1e12 if size else None},
                  interface=_text(d, "Protocol").lower(), media=_text(d, "MediaType").lower())


def psu_item(d: dict[str, Any]) -> Found | None:
    if _absent(d):
        return None
    return _found("psu", d, {"rating_w": _num(d.get("PowerCapacityWatts"))})


def fan_item(d: dict[str, Any]) -> Found | None:
    if _absent(d):
        return None
    return _found("fan", d, {})


def system_items(walk: Walk, system: dict[str, Any]) -> list[Found]:
    """CPUs, GPUs, DIMMs and drives of one ComputerSystem (drives through its Storage)."""
    out: list[Found] = []
    out += _present(walk, Msg("import.what-sockets"), walk.members(system.get("Processors")), processor_item)
    out += _present(walk, Msg("import.what-memory-slots"), walk.members(system.get("Memory")), memory_item)
    drives = (d for storage in walk.members(system.get("Storage")) for d in walk.links(storage.get("Drives")))
    out += _present(walk, Msg("import.what-drive-bays"), drives, drive_item)
    return out


def _power(walk: Walk, ch: dict[str, Any]) -> list[Found]:
    """PSUs from PowerSubsystem, else from the deprecated Power resource's inline list."""
    if "PowerSubsystem" in ch:
        sub = walk.get(ch["PowerSubsystem"]) or {}
        return _present(walk, Msg("import.what-psu-bays"), walk.members(sub.get("PowerSupplies")), psu_item)
    power = walk.get(ch.get("Power")) or {}
    return [f for f in map(psu_item, _inline(walk, power.get("PowerSupplies"))) if f]


def _thermal(walk: Walk, ch: dict[str, Any]) -> list[Found]:
    """Fans from ThermalSubsystem, else from the deprecated Thermal resource's inline list."""
    if "ThermalSubsystem" in ch:
        sub = walk.get(ch["ThermalSubsystem"]) or {}
        return [f for f in map(fan_item, walk.members(sub.get("Fans"))) if f]
    thermal = walk.get(ch.get("Thermal")) or {}
    return [f for f in map(fan_item, _inline(walk, thermal.get("Fans"))) if f]


def _inline(walk: Walk, values: Any) -> list[dict[str, Any]]:
    """The objects of a resource's inline list (the deprecated Power and Thermal), at most
    `INLINE_CAP` of them like a collection's members, the rest named in a note."""
    values = values if isinstance(values, list) else []
    if len(values) > INLINE_CAP:
        walk.note(Msg("import.links-capped", n=len(values), cap=INLINE_CAP))
    return [v for v in values[:INLINE_CAP] if isinstance(v, dict)]


def _nic(walk: Walk, adapter: dict[str, Any], linked: set[str]) -> Found:
    ports = None
    for ctl in adapter.get("Controllers") or []:      # a list (field_problems)
        if not isinstance(ctl, dict):
            continue
        caps = ctl.get("ControllerCapabilities")
        ports = _num(caps.get("NetworkPortCount")) if isinstance(caps, dict) else ports
        links = ctl.get("Links")
        devices = links.get("PCIeDevices") if isinstance(links, dict) else None
        for dev in devices if isinstance(devices, list) else []:
            if isinstance(dev, dict) and isinstance(dev.get("@odata.id"), str):
                linked.add(dev["@odata.id"])
    return _found("nic", adapter, {"ports": ports})


def pcie_items(devices: Iterable[dict[str, Any]], linked: set[str], gpus_reported: bool) -> list[Found]:
    """PCIe devices not already seen as a NIC: matched later as a GPU (only when the system
    reported no GPU processors, so a GPU is never counted twice), a NIC or an HBA, else noted."""
    return [_found("pcie", d, {}, gpus_reported="yes" if gpus_reported else "")
            for d in devices if not _absent(d) and _text(d, "@odata.id") not in linked]


def chassis_items(walk: Walk, ch: dict[str, Any], gpus_reported: bool, linked: set[str]) -> list[Found]:
    """Drives, NICs, PCIe devices, PSUs and fans of one Chassis; `linked` collects the PCIe
    devices its network adapters account for."""
    out: list[Found] = []
    drives = walk.links((ch.get("Links") or {}).get("Drives"))    # Links: an object (field_problems)
    if "Drives" in ch:
        drives = chain(drives, walk.members(ch["Drives"]))
    out += _present(walk, Msg("import.what-more-drive-bays"), drives, drive_item)
    out += [_nic(walk, a, linked) for a in walk.members(ch.get("NetworkAdapters")) if not _absent(a)]
    out += pcie_items(walk.members(ch.get("PCIeDevices")), linked, gpus_reported)
    out += _power(walk, ch)
    out += _thermal(walk, ch)
    return out
