"""The category registry: what the app knows about each kind of part, in one place.

The catalog loader, the palette, the theme, the power and PCIe accounting, the placement
messages and the bill of materials all read this table, so adding a category (say a RAID
controller or a retimer card) is its spec model in `catalog.py`, its catalog file and one
entry here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalog import CPU, DIMM, GPU, HBA, NIC, PSU, Accessory, Chassis, Cooling, Drive, Part


@dataclass(frozen=True)
class PowerModel:
    """How one unit of a part draws power, from fields of its spec.

    typical = max × `typical_pct_field` when that is set (GPUs publish a sustained share),
    else max(idle, max × `typical_of_max`) when that is set (CPUs), else
    idle + `typical_share` × (max − idle). Peak = max × `peak_factor_field` (GPU transients)
    or max. The shares are estimates; docs/engine.md explains each.
    """

    idle_field: str
    max_field: str
    typical_share: float = 0.5
    typical_of_max: float | None = None
    typical_pct_field: str = ""
    peak_factor_field: str = ""

    def draw(self, part: Part) -> tuple[float, float, float, float]:
        """(idle, typical, max, peak) W of one unit of `part`."""
        idle = float(getattr(part, self.idle_field))
        top = float(getattr(part, self.max_field))
        if self.typical_pct_field:
            typical = top * float(getattr(part, self.typical_pct_field))
        elif self.typical_of_max is not None:
            typical = max(idle, top * self.typical_of_max)
        else:
            typical = idle + self.typical_share * max(0.0, top - idle)
        peak = top * float(getattr(part, self.peak_factor_field)) if self.peak_factor_field else top
        return idle, typical, top, peak


@dataclass(frozen=True)
class Category:
    """One kind of part. `slot_kinds` are the chassis slot kinds its parts go into."""

    key: str
    model: type[Part]
    noun: str                  # in sentences: "a network card"
    title: str                 # palette tab, power bar, BOM category column
    bom_group: str             # the quote's line-item group
    slot_kinds: tuple[str, ...]
    power: PowerModel | None   # None: draws nothing itself (PSUs, the chassis' base is separate)
    pcie_card: bool = False    # in a PCIe slot it takes `pcie_gen` × `pcie_lanes` of the CPU's lanes
    fill: str = "#eeeeee"      # schematic colours (hex), muted tints
    edge: str = "#888888"


#: every category, in palette / BOM order
REGISTRY: tuple[Category, ...] = (
    Category("chassis", Chassis, "chassis", "Chassis", "Chassis", (), None),
    Category("gpu", GPU, "GPU", "GPUs", "Compute", ("gpu", "pcie"),
             PowerModel("idle_w", "tdp_w", typical_pct_field="typical_pct", peak_factor_field="transient_factor"),
             pcie_card=True, fill="#dfe9f8", edge="#5a7fb8"),
    # CPUs: data loaders, NCCL proxies and launch threads keep them at ~60 % of TDP in training
    Category("cpu", CPU, "CPU", "CPUs", "Compute", ("cpu",), PowerModel("idle_w", "tdp_w", typical_of_max=0.6),
             fill="#e7e2f4", edge="#7c6bb0"),
    Category("dimm", DIMM, "memory module", "Memory", "Memory", ("dimm",),
             PowerModel("idle_w", "active_w", typical_share=0.5), fill="#8fb2e0", edge="#3f6fb0"),
    # drives: mostly idle between data-shard reads and checkpoints
    Category("drive", Drive, "drive", "Drives", "Storage", ("drive", "pcie"),
             PowerModel("idle_w", "active_w", typical_share=0.3), fill="#dcefe4", edge="#4f9a70"),
    # storage controllers: busy only while drives are
    Category("hba", HBA, "storage controller", "Storage controllers", "Storage", ("pcie",),
             PowerModel("idle_w", "tdp_w", typical_share=0.3), pcie_card=True, fill="#e4efd8", edge="#6d9a3e"),
    # NICs: all-reduce traffic keeps the fabric NICs busy
    Category("nic", NIC, "network card", "Network", "Network", ("pcie",),
             PowerModel("idle_w", "tdp_w", typical_share=0.7), pcie_card=True, fill="#f6ead6", edge="#b58a3e"),
    Category("psu", PSU, "power supply", "Power supplies", "Power and cooling", ("psu",), None,
             fill="#f3e0dc", edge="#b06a5c"),
    # fan power goes with speed cubed: ~80 % speed draws about half
    Category("cooling", Cooling, "cooling kit", "Cooling", "Power and cooling", ("cooling",),
             PowerModel("idle_w", "max_w", typical_share=0.5), fill="#dcecef", edge="#4f8c96"),
    # companion parts (rails, cords, bridges, baseboard SKUs): added by the BOM, never placed
    Category("accessory", Accessory, "accessory", "Accessories", "Accessories", (), None),
)

BY_KEY: dict[str, Category] = {c.key: c for c in REGISTRY}
KEYS: tuple[str, ...] = tuple(c.key for c in REGISTRY)

#: the quote's groups in print order (services and unknown parts last)
BOM_GROUPS: tuple[str, ...] = (*dict.fromkeys(c.bom_group for c in REGISTRY), "Services", "Other")


def category(key: str) -> Category | None:
    """The registry entry for `key`, or None for a category this version does not know."""
    return BY_KEY.get(key)


def accepts(slot_kind: str) -> tuple[str, ...]:
    """Category keys whose parts may go into a slot of `slot_kind`."""
    return tuple(c.key for c in REGISTRY if slot_kind in c.slot_kinds)


def noun(key: str) -> str:
    found = BY_KEY.get(key)
    return found.noun if found else key


def part_draw(part: Part) -> tuple[float, float, float, float]:
    """(idle, typical, max, peak) W of one unit of `part`; 0 for parts that draw nothing."""
    found = BY_KEY.get(part.category)
    if found is None or found.power is None:
        return 0.0, 0.0, 0.0, 0.0
    return found.power.draw(part)


def is_pcie_card(part: Part) -> bool:
    """Whether `part`, in a PCIe slot, takes host PCIe lanes (`pcie_gen` × `pcie_lanes`)."""
    found = BY_KEY.get(part.category)
    return bool(found and found.pcie_card)
