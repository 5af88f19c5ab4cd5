"""The category registry: what the app knows about each kind of part, in one place.

The catalog loader, the palette, the theme, the power and PCIe accounting, the placement
messages and the bill of materials all read this table, so adding a category (say a RAID
controller or a retimer card) is its spec model in `catalog.py`, its catalog file and one
entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, get_args

from .catalog import CPU, DIMM, GPU, HBA, NIC, PSU, Accessory, Chassis, Cooling, Drive, Part, Switch
from .slots import SlotKind
from .text import N_


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
    #: key figures a sales engineer compares parts by (palette, tooltips): an English template
    #: (marked N_ where it has words, so the GUI prints it translated) over the spec's fields, or over
    #: `figures(part)` where the figures need computing ('OCP 3.0' for ocp3)
    summary: str = ""
    figures: Callable[[Any], dict[str, Any]] | None = None
    #: the palette's form-factor filter label ('' = none; a PCIe card category gets 'PCIe card')
    form: Callable[[Any], str] | None = None

    def summary_params(self, part: Part) -> dict[str, Any]:
        """The values `summary` is filled with for `part`."""
        if self.figures is not None:
            return self.figures(part)
        return {name: getattr(part, name) for name in type(part).model_fields}

    def describe(self, part: Part, template: str | None = None, word: Callable[[str], str] | None = None) -> str:
        """`summary` (or `template`, its translation) filled from `part` ('' when there is none or a
        field is missing); `word` translates the figures that are words ('Air' → '风冷')."""
        try:
            params = self.summary_params(part)
            if word is not None:
                params = {k: word(v) if isinstance(v, str) and v else v for k, v in params.items()}
            return (template or self.summary).format_map(params) if self.summary else ""
        except (KeyError, ValueError, IndexError, AttributeError):
            return ""

    def form_label(self, part: Part) -> str:
        """The filterable form-factor label of `part`."""
        if self.form is not None:
            return self.form(part)
        return "PCIe card" if self.pcie_card else ""


#: the form-factor and cooling words the palette shows, marked for translation
FORM_WORDS = (N_("PCIe card"), N_("Air"), N_("Liquid"))

_BAY_NAMES = {"u2": "U.2", "e1s": "E1.S", "e3s": "E3.S", "sata25": '2.5" SATA', "hdd35": '3.5"', "m2": "M.2"}


def bay_name(bay_type: str) -> str:
    """Display name of a drive bay / drive form factor ('u2' -> 'U.2')."""
    return _BAY_NAMES.get(bay_type, bay_type.upper())


def _gpu_form(p: Any) -> str:
    # one label for every PCIe add-in card (GPU, NIC, HBA): the filter listed "PCIe" and "PCIe card"
    return "PCIe card" if p.form_factor == "pcie" else p.form_factor.upper()


#: every category, in palette / BOM order
REGISTRY: tuple[Category, ...] = (
    Category("chassis", Chassis, N_("chassis"), N_("Chassis"), N_("Chassis"), (), None,
             summary=N_("{rack_units}U · {sockets} sockets"),
             figures=lambda p: {"rack_units": p.rack_units, "sockets": len(p.sockets)}),
    Category("gpu", GPU, N_("GPU"), N_("GPUs"), N_("Compute"), ("gpu", "pcie"),
             PowerModel("idle_w", "tdp_w", typical_pct_field="typical_pct", peak_factor_field="transient_factor"),
             pcie_card=True, fill="#dfe9f8", edge="#5a7fb8", summary="{memory_gb:g} GB {memory_type} · {tdp_w:.0f} W",
             form=_gpu_form),
    # CPUs: data loaders, NCCL proxies and launch threads keep them at ~60 % of TDP in training
    Category("cpu", CPU, N_("CPU"), N_("CPUs"), N_("Compute"), ("cpu",), PowerModel("idle_w", "tdp_w", typical_of_max=0.6),
             fill="#e7e2f4", edge="#7c6bb0", summary=N_("{cores} cores · {tdp_w:.0f} W · {socket}"), form=lambda p: p.socket),
    Category("dimm", DIMM, N_("memory module"), N_("Memory"), N_("Memory"), ("dimm",),
             PowerModel("idle_w", "active_w", typical_share=0.5), fill="#8fb2e0", edge="#3f6fb0",
             summary="{capacity_gb:g} GB {type}-{speed_mts}",
             figures=lambda p: {"capacity_gb": p.capacity_gb, "type": p.memory_type.upper(), "speed_mts": p.speed_mts},
             form=lambda p: p.module_type.upper()),
    # drives: mostly idle between data-shard reads and checkpoints
    Category("drive", Drive, N_("drive"), N_("Drives"), N_("Storage"), ("drive", "pcie"),
             PowerModel("idle_w", "active_w", typical_share=0.3), fill="#dcefe4", edge="#4f9a70",
             summary="{capacity_tb:g} TB · {bay} {interface}",
             figures=lambda p: {"capacity_tb": p.capacity_tb, "bay": bay_name(p.form_factor),
                                "interface": p.interface.upper()},
             form=lambda p: bay_name(p.form_factor)),
    # storage controllers: busy only while drives are
    Category("hba", HBA, N_("storage controller"), N_("Storage controllers"), N_("Storage"), ("pcie",),
             PowerModel("idle_w", "tdp_w", typical_share=0.3), pcie_card=True, fill="#e4efd8", edge="#6d9a3e",
             summary=N_("{internal_ports} ports · {kind} · Gen{pcie_gen} x{pcie_lanes}")),
    # NICs: all-reduce traffic keeps the fabric NICs busy
    Category("nic", NIC, N_("network card"), N_("Network"), N_("Network"), ("pcie",),
             PowerModel("idle_w", "tdp_w", typical_share=0.7), pcie_card=True, fill="#f6ead6", edge="#b58a3e",
             summary="{ports}× {port_speed_gbps:g} Gb/s {protocol} · {form}",
             figures=lambda p: {"ports": p.ports, "port_speed_gbps": p.port_speed_gbps, "protocol": p.protocol.upper(),
                                "form": "OCP 3.0" if p.form_factor == "ocp3" else p.card_height.upper()},
             form=lambda p: "OCP 3.0" if p.form_factor == "ocp3" else "PCIe card"),
    Category("psu", PSU, N_("power supply"), N_("Power supplies"), N_("Power and cooling"), ("psu",), None,
             fill="#f3e0dc", edge="#b06a5c", summary="{rating_w:.0f} W · {efficiency}",
             figures=lambda p: {"rating_w": p.rating_w, "efficiency": p.efficiency_class.capitalize()}),
    # fan power goes with speed cubed: ~80 % speed draws about half
    Category("cooling", Cooling, N_("cooling kit"), N_("Cooling"), N_("Power and cooling"), ("cooling",),
             PowerModel("idle_w", "max_w", typical_share=0.5), fill="#dcecef", edge="#4f8c96",
             summary=N_("{kind} · {max_w:.0f} W fans/pumps"),
             figures=lambda p: {"kind": p.kind.capitalize(), "max_w": p.max_w}, form=lambda p: p.kind.capitalize()),
    # fabric switches sit in racks beside the servers (core/cluster), never in a server slot;
    # the cluster plan reads their typical/max power itself
    Category("switch", Switch, N_("fabric switch"), N_("Switches"), N_("Network"), (), None),
    # companion parts (rails, cords, bridges, baseboard SKUs): added by the BOM, never placed
    Category("accessory", Accessory, N_("accessory"), N_("Accessories"), N_("Accessories"), (), None),
)

BY_KEY: dict[str, Category] = {c.key: c for c in REGISTRY}
KEYS: tuple[str, ...] = tuple(c.key for c in REGISTRY)

#: the quote's line-item groups in print order (the chassis after what goes in it; companion parts,
#: services and unknown parts last). Every category's `bom_group` is one of these.
BOM_GROUPS: tuple[str, ...] = (N_("Compute"), N_("Memory"), N_("Storage"), N_("Network"), N_("Power and cooling"),
                               N_("Chassis"), N_("Accessories"), N_("Services"), N_("Other"), N_("Already installed"))


def category(key: str) -> Category | None:
    """The registry entry for `key`, or None for a category this version does not know."""
    return BY_KEY.get(key)


def accepts(slot_kind: str) -> tuple[str, ...]:
    """Category keys whose parts may go into a slot of `slot_kind`."""
    return tuple(c.key for c in REGISTRY if slot_kind in c.slot_kinds)


#: which part categories may go into which slot kind
ACCEPTS: dict[str, tuple[str, ...]] = {kind: accepts(kind) for kind in get_args(SlotKind)}


def noun(key: str) -> str:
    found = BY_KEY.get(key)
    return found.noun if found else key


def part_draw(part: Part) -> tuple[float, float, float, float]:
    """(idle, typical, max, peak) W of one unit of `part`; 0 for parts that draw nothing."""
    found = BY_KEY.get(part.category)
    if found is None or found.power is None:
        return 0.0, 0.0, 0.0, 0.0
    return found.power.draw(part)


def pcie_link(part: Part | None) -> tuple[int, int] | None:
    """(PCIe gen, lanes) a card of a lane-taking category needs; None for anything else."""
    if part is None or not is_pcie_card(part):
        return None
    return int(getattr(part, "pcie_gen")), int(getattr(part, "pcie_lanes"))


def is_pcie_card(part: Part) -> bool:
    """Whether `part`, in a PCIe slot, takes host PCIe lanes (`pcie_gen` × `pcie_lanes`)."""
    found = BY_KEY.get(part.category)
    return bool(found and found.pcie_card)
