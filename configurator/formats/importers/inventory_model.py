"""What a running server reports, before any catalog matching: the shared shape of every import.

The Redfish importer (`redfish.py`) and the host-inventory importer (`inventory.py`) each turn
what they read into an `Inventory`: one `Found` per physical part, naming where it was seen
(a Redfish `@odata.id`, or `file:field` for command output) so that a note about it can be
followed back. `matching.py` then maps the items to catalog parts and places them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ...core.message import Msg
from ...core.stack.installed import InstalledStack

#: what an item can be; "fan" and "pcie" (an unclassified PCIe device) are never catalog parts
FoundKind = Literal["cpu", "gpu", "dimm", "drive", "nic", "psu", "fan", "pcie"]


@dataclass(frozen=True)
class Found:
    """One part the server reports.

    `figures` carries the measured values the matcher can compare, in the units of their names:
    `memory_gb` (GPU), `capacity_gb` (DIMM, GiB as DIMMs are sold), `capacity_tb` (drive, 10^12 B),
    `speed_mts`, `cores`, `rating_w`, `tdp_w`, `pcie_gen`, `pcie_lanes`, `port_speed_gbps`, `ports`.
    Text facts (`memory_type` "ddr5", `module_type` "rdimm", `interface` "nvme", `form` "m2") go
    in `traits`.
    """

    kind: FoundKind
    source: str                 # where it was seen: "/redfish/v1/Systems/1/Processors/CPU1", "lscpu.json"
    model: str = ""
    manufacturer: str = ""
    part_number: str = ""
    location: str = ""          # the server's own label: "Socket 1_A", "PSU 1", "Slot 2"
    health: str = ""            # "OK", "Warning", "Critical" where reported
    serial: str = ""            # the part's serial number where reported (acceptance baselines key on it)
    figures: Mapping[str, float] = field(default_factory=dict)
    traits: Mapping[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        """One line for notes: kind, maker, model, part number and the figures."""
        words = [self.kind, self.manufacturer, self.model]
        if self.part_number:
            words.append(f"P/N {self.part_number}")
        facts = [f"{k}={v:g}" for k, v in sorted(self.figures.items())]
        facts += [f"{k}={v}" for k, v in sorted(self.traits.items()) if k != "gpus_reported"]
        text = " ".join(w for w in words if w)
        return f"{text} ({', '.join(facts)})" if facts else text


@dataclass(frozen=True)
class Inventory:
    """Everything one import read: the system's identity, its parts, and what could not be read."""

    source: str                         # the BMC URL or the folder
    system_model: str = ""              # "PowerEdge XE9680", "3500TX"
    system_manufacturer: str = ""
    chassis_type: str = ""              # Redfish ChassisType: "RackMount", "StandAlone", "Tower"
    items: tuple[Found, ...] = ()
    notes: tuple[Msg, ...] = ()         # resources that failed, lists that were capped, blind spots
    blind: tuple[str, ...] = ()         # kinds this source could not see at all (no lspci: "nic")
    software: InstalledStack = field(default_factory=InstalledStack)   # driver, CUDA, firmware versions

    def of(self, kind: str) -> list[Found]:
        return [i for i in self.items if i.kind == kind]
