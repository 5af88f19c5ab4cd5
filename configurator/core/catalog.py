"""Frozen component specifications: GPU, CPU, DIMM, Drive, PSU, NIC, Cooling, Chassis.

Every part carries its provenance (`sources`): where each figure comes from, when it was
read and how far to trust it. Units are in the field names (`tdp_w`, `memory_gb`,
`bandwidth_gbs`); GB = 10^9 bytes unless a name says GiB.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .input_error import english, invalid_at, located
from .message import Msg
from .slots import SlotLayout, build_layout

Confidence = Literal["datasheet", "secondary", "estimate"]

#: why a part has no orderable part number (`Part.sku_note`); words/sku_words.py words each code:
#: in-chassis: sold only as part of the chassis (fans, heatsinks, the chassis' own PSUs, soldered modules);
#: included: ships with the part it goes with; configured-to-order: the vendor configures and quotes it
#: per order; generic: any qualified make, the part number is chosen at order; oem-only: sold to
#: server makers only, the server vendor quotes it; board-partner: made by board partners, the card
#: model is chosen at order; not-found: no public part number in the sources read, vendor quote needed
SkuNote = Literal["", "in-chassis", "included", "configured-to-order", "generic", "oem-only", "board-partner",
                  "not-found"]

PositiveFloat = Annotated[float, Field(gt=0, allow_inf_nan=False)]
NonNegFloat = Annotated[float, Field(ge=0, allow_inf_nan=False)]
PositiveInt = Annotated[int, Field(gt=0, le=1_000_000)]
NonNegInt = Annotated[int, Field(ge=0, le=1_000_000)]


class _Frozen(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid", str_max_length=2000)


class Source(_Frozen):
    """Where figures come from. `fields` lists the figures it backs; empty means all."""

    url: str = Field(min_length=3, description="URL or document name")
    date: str = Field(pattern=r"^\d{4}-\d{2}(-\d{2})?$", description="when it was read, ISO date")
    confidence: Confidence
    fields: tuple[str, ...] = ()
    note: str = ""


class Part(_Frozen):
    """Fields common to every catalog entry."""

    id: str = Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")
    name: str = Field(min_length=1, max_length=200)
    vendor: str = Field(min_length=1, max_length=100)
    part_number: str = ""
    sku_note: SkuNote = Field("", description="why `part_number` is empty (never set with one)")
    description: str = ""
    sources: tuple[Source, ...] = Field(min_length=1)
    origin: str = Field("", description="catalog file the entry was loaded from")

    category: str = ""

    def source_for(self, field: str) -> Source | None:
        """The source that backs `field` (a field-specific one wins over a general one)."""
        general = None
        for src in self.sources:
            if field in src.fields:
                return src
            if not src.fields and general is None:
                general = src
        return general

    def figure_fields(self) -> tuple[str, ...]:
        """Numeric spec fields that need provenance."""
        skip = {"id", "name", "vendor", "part_number", "sku_note", "description", "sources", "origin", "category"}
        out = []
        for name, info in type(self).model_fields.items():
            if name in skip:
                continue
            value = getattr(self, name)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value is not None:
                out.append(name)
        return tuple(out)


# --------------------------------------------------------------------------- parts

GpuFormFactor = Literal["sxm4", "sxm5", "sxm6", "oam", "pcie"]
GpuMarket = Literal["datacenter", "workstation", "consumer"]
GpuCooling = Literal["passive", "blower", "open-air", "module"]


class GPU(Part):
    category: Literal["gpu"] = "gpu"
    form_factor: GpuFormFactor
    baseboard_family: str = Field("", description="SXM/OAM baseboard family the module needs, e.g. 'hgx-hopper'")
    architecture: str = Field("", max_length=60, description="the chip family: 'Hopper', 'Blackwell', 'CDNA 3'")
    compute_capability: str = Field("", max_length=20, description=(
        "NVIDIA: CUDA compute capability 'major.minor' ('9.0'); AMD: the gfx target ('gfx942'); "
        "others: the vendor's chip target ('ascend910b'). The software stack matches framework builds on it"))
    memory_gb: PositiveFloat
    memory_type: str
    memory_bandwidth_gbs: PositiveFloat
    bf16_tflops: PositiveFloat = Field(description="dense (no sparsity) BF16 tensor TFLOPS")
    fp16_tflops: PositiveFloat = Field(description="dense FP16 tensor TFLOPS")
    fp8_tflops: PositiveFloat | None = Field(None, description="dense FP8 TFLOPS; None when unsupported")
    tdp_w: PositiveFloat
    idle_w: NonNegFloat
    typical_pct: Annotated[float, Field(gt=0, le=1.0)] = Field(0.8, description="sustained training draw / TDP")
    transient_factor: Annotated[float, Field(ge=1.0, le=3.0)] = Field(
        1.0, description="short power excursion above TDP that PSUs must ride through"
    )
    slot_width: Literal[1, 2, 3] = 2
    card_length: Literal["fl", "hl", "none"] = "fl"
    card_height: Literal["fh", "lp", "none"] = "fh"
    scaleup_link: str = Field("", description="NVLink 4, xGMI, RoCE ...")
    scaleup_gbs: NonNegFloat = Field(0, description="GPU-to-GPU bandwidth per GPU, bidirectional GB/s")
    nvlink_bridge_ways: Literal[0, 2, 4] = Field(0, description="PCIe cards: GPUs an NVLink bridge joins")
    pcie_gen: Literal[3, 4, 5, 6]
    pcie_lanes: Literal[4, 8, 16]
    liquid_only: bool = False
    rent_per_hour: NonNegFloat | None = Field(None, description="reference cloud price per GPU-hour, USD")
    market: GpuMarket = Field("datacenter", description="who the vendor builds it for; rules warn on non-datacenter cards")
    ecc: bool = Field(True, description="ECC on the card's memory (GeForce cards have none)")
    card_cooling: GpuCooling = Field(
        "passive", description="passive heatsink (needs server airflow), blower, open-air fans, or a module cold plate/heatsink"
    )

    @model_validator(mode="after")
    def _baseboard(self) -> GPU:
        if self.form_factor != "pcie" and not self.baseboard_family:
            raise invalid_at("baseboard_family", Msg("catalog.sxm-family"))
        return self


ModuleType = Literal["rdimm", "3ds-rdimm", "mrdimm", "lrdimm", "udimm"]


class CPU(Part):
    category: Literal["cpu"] = "cpu"
    family: str
    socket: str
    cores: PositiveInt
    threads: PositiveInt
    base_ghz: PositiveFloat
    boost_ghz: PositiveFloat
    l3_mb: NonNegFloat = 0
    tdp_w: PositiveFloat
    idle_w: NonNegFloat
    memory_channels: PositiveInt
    memory_type: Literal["ddr4", "ddr5"] = "ddr5"
    #: DIMM module types the platform's memory controller runs (registered ECC on server platforms);
    #: () = not recorded, nothing is checked
    module_types: tuple[ModuleType, ...] = ()
    memory_speed_1dpc_mts: PositiveInt
    memory_speed_2dpc_mts: PositiveInt | None = None
    pcie_gen: Literal[3, 4, 5, 6] = 5
    pcie_lanes: PositiveInt
    #: lanes per socket when two sockets are populated; 0 = `pcie_lanes` (EPYC spends lanes on xGMI)
    pcie_lanes_2p: NonNegInt = 0
    max_sockets: PositiveInt = 2

    def lanes_per_socket(self, sockets: int) -> int:
        """PCIe lanes each socket gives its devices in a `sockets`-socket system."""
        return self.pcie_lanes_2p if sockets >= 2 and self.pcie_lanes_2p else self.pcie_lanes


class DIMM(Part):
    category: Literal["dimm"] = "dimm"
    memory_type: Literal["ddr4", "ddr5"] = "ddr5"
    module_type: ModuleType = "rdimm"
    capacity_gb: PositiveFloat
    speed_mts: PositiveInt
    ranks: PositiveInt = 2
    idle_w: NonNegFloat
    active_w: PositiveFloat


DriveBayType = Literal["u2", "e1s", "e3s", "sata25", "hdd35", "m2"]


class Drive(Part):
    category: Literal["drive"] = "drive"
    interface: Literal["nvme", "sata", "sas"]
    form_factor: DriveBayType
    pcie_gen: Literal[3, 4, 5, 6] | None = None
    pcie_lanes: Literal[2, 4] | None = None
    capacity_tb: PositiveFloat
    seq_read_mbs: PositiveFloat
    seq_write_mbs: PositiveFloat
    active_w: PositiveFloat
    idle_w: NonNegFloat
    tier: Literal["boot", "hot", "warm", "cold"] = "hot"


class NIC(Part):
    category: Literal["nic"] = "nic"
    kind: Literal["nic", "dpu", "supernic"] = "nic"
    protocol: Literal["ib", "eth", "vpi"] = "eth"
    ports: PositiveInt
    port_speed_gbps: PositiveFloat
    pcie_gen: Literal[3, 4, 5, 6]
    pcie_lanes: Literal[4, 8, 16]
    form_factor: Literal["cem", "ocp3"] = "cem"
    card_height: Literal["fh", "lp"] = "lp"
    card_length: Literal["fl", "hl"] = "hl"
    slot_width: Literal[1, 2] = 1
    tdp_w: PositiveFloat
    idle_w: NonNegFloat

    @property
    def total_gbps(self) -> float:
        return self.ports * self.port_speed_gbps


class HBA(Part):
    """A PCIe storage controller: a host bus adapter (drives passed through) or a RAID controller."""

    category: Literal["hba"] = "hba"
    kind: Literal["hba", "raid"] = "hba"
    protocols: tuple[Literal["sas", "sata", "nvme"], ...] = Field(min_length=1, description="drive protocols")
    internal_ports: NonNegInt = Field(description="drive lanes (SAS/SATA phys or NVMe x1 links) inside the server")
    external_ports: NonNegInt = 0
    cache_gb: NonNegFloat = Field(0, description="RAID write-back cache")
    pcie_gen: Literal[3, 4, 5, 6]
    pcie_lanes: Literal[4, 8, 16]
    form_factor: Literal["cem"] = "cem"
    card_height: Literal["fh", "lp"] = "lp"
    card_length: Literal["fl", "hl"] = "hl"
    slot_width: Literal[1, 2] = 1
    tdp_w: PositiveFloat
    idle_w: NonNegFloat


class PSU(Part):
    category: Literal["psu"] = "psu"
    rating_w: PositiveFloat = Field(description="output rating at high-line input (200-240 V)")
    rating_low_line_w: NonNegFloat = Field(0, description="output at 100-127 V input; 0 = not supported")
    efficiency_class: Literal["platinum", "titanium", "gold"] = "titanium"
    efficiency_pct: Annotated[float, Field(gt=50, le=100)] = Field(96.0, description="at 50 % load")
    input_min_v: PositiveFloat = 200
    input_max_v: PositiveFloat = 240
    form: str = Field("crps", description="mechanical form; chassis list the PSU ids they accept")


class Cooling(Part):
    category: Literal["cooling"] = "cooling"
    kind: Literal["air", "liquid"]
    idle_w: NonNegFloat = Field(description="fans / pumps at idle")
    max_w: NonNegFloat = Field(description="fans / pumps at full speed")
    requires_facility_water: bool = False


class Switch(Part):
    """A fabric switch for a cluster (InfiniBand or Ethernet); never goes into a server.

    `ports` × `port_speed_gbps` is the switch's native port set; a port may be split into
    `max_breakout` links of port_speed / breakout each (an 800G OSFP as 2 × 400G). Power is
    for the switch with every cage filled by `optic_w_per_port` transceivers at `max_w`.
    """

    category: Literal["switch"] = "switch"
    protocol: Literal["ib", "eth"]
    ports: PositiveInt = Field(description="native ports at port_speed_gbps")
    port_speed_gbps: PositiveFloat
    max_breakout: Literal[1, 2, 4, 8] = Field(1, description="links one native port may be split into")
    cages: PositiveInt = Field(description="front-panel cages (an OSFP twin-port cage holds 2 NDR ports)")
    rack_units: PositiveInt
    weight_kg: PositiveFloat
    depth_mm: PositiveFloat
    typical_w: PositiveFloat = Field(description="with passive copper cables, traffic running")
    max_w: PositiveFloat = Field(description="with passive copper cables, at full load")
    optic_w_per_cage: NonNegFloat = Field(0, description="switch-side transceiver in one cage, max W")
    psu_count: PositiveInt = 2
    psu_feeds: Literal[1, 2] = Field(2, description="PSUs split over A/B (1+1)")

    def links_at(self, speed_gbps: float) -> int:
        """Links this switch offers at `speed_gbps` (0 if it cannot run at that speed)."""
        for split in (1, 2, 4, 8):
            if split > self.max_breakout:
                break
            if abs(self.port_speed_gbps / split - speed_gbps) < 1e-6:
                return self.ports * split
        return 0


# --------------------------------------------------------------------------- chassis


class SocketSpec(_Frozen):
    id: str
    socket: str


class MemoryLayout(_Frozen):
    channels_per_socket: PositiveInt
    dpc: Literal[1, 2]
    memory_type: Literal["ddr4", "ddr5"] = "ddr5"


class PcieSwitch(_Frozen):
    """A PCIe switch; its uplink to `parent` (a CPU id or another switch) is shared."""

    id: str
    parent: str
    uplink_gen: Literal[3, 4, 5, 6] = 5
    uplink_lanes: Literal[8, 16, 32] = 16
    downstream_lanes: PositiveInt = 64
    power_w: NonNegFloat = 0


class PcieSlotSpec(_Frozen):
    id: str
    gen: Literal[3, 4, 5, 6]
    lanes: Literal[4, 8, 16]
    root: str = Field(description="CPU socket id or PCIe switch id it is wired to")
    form: Literal["cem", "ocp3"] = "cem"
    height: Literal["fh", "lp"] = "fh"
    length: Literal["fl", "hl"] = "hl"
    gpu_capable: bool = Field(False, description="has GPU aux power and cooling for an accelerator card")
    max_width: Literal[1, 2, 3] = 1
    blocks: tuple[str, ...] = Field((), description=(
        "neighbouring slots a card wider than 1 slot covers, nearest first: a w-slot-wide card "
        "covers the first w-1 (so list at least max_width-1 where the board has them)"))
    label: str = ""


class GpuBaseboard(_Frozen):
    family: str = Field(description="matches GPU.baseboard_family")
    positions: PositiveInt
    fabric: Literal["nvswitch", "nvlink-mesh", "xgmi", "hccs", "roce", "none"]
    fabric_gbs: NonNegFloat = Field(description="GPU-to-GPU bandwidth per GPU, bidirectional GB/s")
    uplinks: tuple[str, ...] = Field(description="switch or CPU id each position's host link goes to")
    label: str = ""

    @model_validator(mode="after")
    def _uplinks(self) -> GpuBaseboard:
        if len(self.uplinks) != self.positions:
            raise invalid_at("uplinks", Msg("catalog.uplinks", n=len(self.uplinks), positions=self.positions))
        return self


class DriveBayGroup(_Frozen):
    prefix: str
    count: PositiveInt
    bay_type: DriveBayType
    interfaces: tuple[Literal["nvme", "sata", "sas"], ...]
    root: str = Field("", description="CPU or switch id NVMe bays hang off")
    pcie_gen: Literal[3, 4, 5, 6] = 5
    lanes_per_bay: Literal[0, 2, 4] = 4
    label: str = ""


class PsuBays(_Frozen):
    count: PositiveInt
    supported: tuple[str, ...] = Field(min_length=1, description="PSU part ids this chassis accepts")
    redundancy_modes: tuple[str, ...] = Field(min_length=1)
    default_redundancy: str
    feeds: Literal[1, 2] = 2


class CoolingOption(_Frozen):
    cooling: str = Field(description="Cooling part id")
    max_gpu_tdp_w: NonNegFloat
    max_cpu_tdp_w: PositiveFloat
    airflow_cfm: NonNegFloat = Field(description="chassis airflow at full fan speed")
    heat_capacity_w: PositiveFloat = Field(description="heat it removes at the rated ambient, sea level")
    rated_ambient_c: float = Field(25, ge=-10, le=60)


class Chassis(Part):
    category: Literal["chassis"] = "chassis"
    form: str = "rack"
    rack_units: PositiveInt
    weight_kg: PositiveFloat
    depth_mm: PositiveFloat
    sockets: tuple[SocketSpec, ...] = Field(min_length=1)
    memory: MemoryLayout
    pcie_switches: tuple[PcieSwitch, ...] = ()
    pcie_slots: tuple[PcieSlotSpec, ...] = ()
    gpu_baseboard: GpuBaseboard | None = None
    max_gpus: NonNegInt
    drive_bays: tuple[DriveBayGroup, ...] = ()
    psu: PsuBays
    cooling_options: tuple[CoolingOption, ...] = Field(min_length=1)
    ambient_min_c: float = 10
    ambient_max_c: float = 35
    base_idle_w: NonNegFloat = Field(description="board, BMC, PCIe switches, backplanes at idle")
    base_max_w: NonNegFloat
    baseboard_idle_w: NonNegFloat = Field(0, description="GPU baseboard (NVSwitches, retimers) at idle")
    baseboard_max_w: NonNegFloat = 0

    @model_validator(mode="after")
    def _wiring(self) -> Chassis:
        roots = {s.id for s in self.sockets} | {s.id for s in self.pcie_switches}
        for sw in self.pcie_switches:
            if sw.parent not in roots or sw.parent == sw.id:
                raise invalid_at("pcie_switches", Msg("catalog.switch-parent", switch=sw.id, parent=repr(sw.parent)))
        ids: set[str] = set()
        for slot in self.pcie_slots:
            if slot.root not in roots:
                raise invalid_at("pcie_slots", Msg("catalog.slot-root", slot=slot.id, root=repr(slot.root)))
            if slot.id in ids:
                raise invalid_at("pcie_slots", Msg("catalog.slot-twice", slot=repr(slot.id)))
            ids.add(slot.id)
        for slot in self.pcie_slots:
            for b in slot.blocks:
                if b not in ids:
                    raise invalid_at("pcie_slots", Msg("catalog.slot-blocks", slot=slot.id, other=repr(b)))
        if self.gpu_baseboard:
            for up in self.gpu_baseboard.uplinks:
                if up not in roots:
                    raise invalid_at("gpu_baseboard.uplinks", Msg("catalog.uplink-root", uplink=repr(up)))
        for grp in self.drive_bays:
            if grp.root and grp.root not in roots:
                raise invalid_at("drive_bays", Msg("catalog.slot-root", slot=grp.prefix, root=repr(grp.root)))
        if self.psu.default_redundancy not in self.psu.redundancy_modes:
            raise invalid_at("psu.default_redundancy", Msg("catalog.default-redundancy"))
        return self

    @cached_property
    def layout(self) -> SlotLayout:
        """This chassis's slots and PCIe wiring (`slots.py`), derived once and kept with the chassis."""
        return build_layout(self)


class Accessory(Part):
    """A part the quote needs because another part does (docs/quote.md): rails per chassis, a
    power cord per PSU, NVLink bridges per bridged GPU group, or the HGX baseboard SKU that the
    GPUs of a full SXM baseboard are sold as. Never placed in a slot; the BOM adds it."""

    category: Literal["accessory"] = "accessory"
    kind: Literal["rails", "power-cord", "nvlink-bridge", "gpu-baseboard"]
    companion_of: tuple[str, ...] = Field(min_length=1, description="ids of the parts it goes with")
    qty_per: PositiveInt = Field(1, description="per chassis / per PSU / per bridge group; GPUs per baseboard")
    included: bool = Field(False, description="ships with the part it goes with at no extra charge")
    bridge_ways: int = Field(0, ge=0, le=8, description="nvlink-bridge: GPUs it joins; 0 = any group size")
    preferred: bool = Field(False, description=(
        "chosen over the other accessories of its role (rails for a chassis, the cord of a PSU, ...) unless "
        "the build names one (`Build.companions`); the others are offered as alternatives"))


AnyPart = GPU | CPU | DIMM | Drive | HBA | NIC | PSU | Cooling | Chassis | Switch | Accessory



class Price(_Frozen):
    """One price-list row; prices live apart from specs."""

    part_id: str
    price: Decimal = Field(ge=0, le=Decimal("1e9"))
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    date: str = Field(pattern=r"^\d{4}-\d{2}(-\d{2})?$")
    source: str = Field(min_length=1)
    origin: str = ""


def _shown(text: str) -> str:
    """`text` as its repr shows it, without the quotes: a newline or an escape stays on the line."""
    return repr(text)[1:-1]


@dataclass(frozen=True)
class LoadIssue:
    """A catalog, price-list, rate or preset problem: the entry was skipped, the rest loaded."""

    file: str
    entry: str
    field: str
    msg: Msg

    @property
    def where(self) -> Msg:
        """The issue with its place: `file: entry 'y', field 'x': …`, `file, field 'x': …`."""
        entry, field = _shown(self.entry), _shown(self.field)     # control characters escaped: one line
        if field and not entry:
            return Msg("issue.at-file-field", file=self.file, field=field, details=self.msg)
        return located(self.msg, self.file, field, entry) or self.msg

    @property
    def message(self) -> str:
        """What is wrong, in English, without the place."""
        return english(self.msg)

    def __str__(self) -> str:
        return english(self.where or self.msg)


@dataclass(frozen=True)
class Catalog:
    """Every loaded part and price, looked up by id."""

    parts: dict[str, AnyPart]
    prices: dict[str, Price] = field(default_factory=dict)
    issues: tuple[LoadIssue, ...] = ()
    #: parts per category, in catalog order; built once (the evaluation asks on every edit)
    _by_category: dict[str, tuple[AnyPart, ...]] = field(default_factory=dict, init=False, repr=False,
                                                          compare=False)

    def __post_init__(self) -> None:
        index: dict[str, list[AnyPart]] = {}
        for part in self.parts.values():
            index.setdefault(part.category, []).append(part)
        object.__setattr__(self, "_by_category", {k: tuple(v) for k, v in index.items()})

    def get(self, part_id: str) -> AnyPart | None:
        return self.parts.get(part_id)

    def by_category(self, category: str) -> list[AnyPart]:
        return list(self._by_category.get(category, ()))

    def chassis(self, chassis_id: str) -> Chassis | None:
        part = self.parts.get(chassis_id)
        return part if isinstance(part, Chassis) else None

    def price(self, part_id: str) -> Price | None:
        return self.prices.get(part_id)

    def ids(self, category: str | None = None) -> Iterable[str]:
        return (p.id for p in self.parts.values() if category is None or p.category == category)
