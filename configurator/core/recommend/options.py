"""The builds the catalog can make, as blocks of choices that are valid by construction.

A `Block` fixes the chassis, its cooling option and the GPUs (model, count and the slots they
take); the rest of a server — CPU model, DIMM model and DIMMs per channel, NIC model and count,
data drive model and count, PSU model — are its axes, each listing only parts that fit where
they go: CPUs of the chassis' socket in every socket, one balanced DIMM population on every
channel the CPU drives, NICs in PCIe slots left free by the GPUs (wide cards respected), drives in
bays that take them, the chassis' supported PSUs in every bay. `build_of` turns one choice
into the `Build` that `configurator check` and the scalar evaluator read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np

from ..build import OWNED_CHASSIS, Build, Commercial, Site
from ..catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, CoolingOption, Drive, Part
from ..context import covers
from ..evaluate.companions import candidates_for, priced_choice
from ..evaluate.workload_models import Workload
from ..placement import fits_slot
from ..psu import parse_redundancy, rating_at
from ..rules.gpu import out_of_place
from ..rules.network import NORM_GBPS_PER_GPU
from ..slots import Slot, chassis_slots, dimm_slot_id
from .request import Request

#: data drives per server the search tries (bays permitting)
DRIVE_COUNTS = (1, 2, 4)
#: NICs per server the search tries besides none (slots permitting), and one per GPU
NIC_COUNTS = (1, 2, 8)
#: port speed of the NIC each GPU of a multi-server training build gets: one 400G NIC per GPU, the
#: reference designs' norm (NVIDIA DGX H100/B200: 8 × ConnectX-7 400G for 8 GPUs; rules/network.py)
FABRIC_GBPS_PER_GPU = NORM_GBPS_PER_GPU


@dataclass(frozen=True)
class Block:
    """One chassis + cooling + GPU model and count, and the axes of everything else."""

    chassis: Chassis
    cooling: Cooling
    option: CoolingOption
    gpu: GPU
    n_gpu: int
    gpu_slots: tuple[str, ...]
    boot: Drive | None
    boot_slot: str
    cpus: tuple[CPU, ...]
    dimms: tuple[DIMM, ...]
    dpcs: tuple[int, ...]
    nics: tuple[tuple[NIC | None, int], ...]
    drives: tuple[tuple[Drive, int], ...]
    psus: tuple[PSU, ...]
    bridges: tuple[tuple[str, ...], ...] = ()
    nic_slots: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    drive_bays: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: companions the builds must name (`Build.companions`): a priced rail kit or bridge chosen over an
    #: unpriced default (`companions.priced_choice`), and per PSU id its cord where that is so
    companions: tuple[str, ...] = ()
    cords: Mapping[str, str] = field(default_factory=dict)

    @property
    def shape(self) -> tuple[int, int, int, int, int, int]:
        """Lengths of the axes (cpu, dimm, dpc, nic option, drive option, psu)."""
        return (len(self.cpus), len(self.dimms), len(self.dpcs), len(self.nics), len(self.drives), len(self.psus))

    @property
    def size(self) -> int:
        n = 1
        for k in self.shape:
            n *= k
        return n


@dataclass(frozen=True)
class Choice:
    """One server of a block: an index on each axis (`Block.shape` order)."""

    cpu: int
    dimm: int
    dpc: int
    nic: int
    drive: int
    psu: int


def _priced(catalog: Catalog, part: Part) -> bool:
    return catalog.price(part.id) is not None


#: GPU figures where more is better, and where less is (with the unit price): the rest must be equal
_GPU_MORE = ("memory_gb", "memory_bandwidth_gbs", "scaleup_gbs")
_GPU_LESS = ("tdp_w", "idle_w", "typical_pct", "transient_factor")
_GPU_NAMES = ("id", "name", "description", "part_number", "sources", "origin")


def undominated_gpus(gpus: list[GPU], catalog: Catalog, owned: set[str]) -> list[GPU]:
    """`gpus` without those another GPU dominates: one that fits wherever it fits (every other
    field equal: form factor, slots, link, cooling, market, ...) and is no worse on any figure the
    search reads — as much memory, bandwidth, link and compute (every `*_tflops`/`*_tops`), no more
    power and no higher unit price in the same currency — and better on one, or equal and listed
    first. Swapping it in keeps every build valid and never dearer or slower, so no front build is
    lost; a catalog of 5,000 variants of a few cards sweeps like a few cards. Owned GPUs are kept."""
    groups: dict[str, list[tuple[np.ndarray, GPU]]] = {}
    for gpu in gpus:
        data = gpu.model_dump()
        price = catalog.price(gpu.id)
        more = [k for k in sorted(data) if k in _GPU_MORE or k.endswith(("_tflops", "_tops"))]
        fixed = {k: v for k, v in data.items() if k not in _GPU_NAMES and k not in more and k not in _GPU_LESS}
        key = repr((sorted(fixed.items()), more, price.currency if price else ""))
        row = [-float(data[k] or 0) for k in more] + [float(data[k]) for k in _GPU_LESS] \
            + [float(price.price) if price else 0.0]
        groups.setdefault(key, []).append((np.array(row), gpu))
    keep: set[str] = set(owned)
    for members in groups.values():
        front: list[np.ndarray] = []
        for figs, gpu in sorted(members, key=lambda m: tuple(m[0])):     # a dominator sorts first
            if front and bool(np.any(np.all(np.array(front) <= figs, axis=1))):
                continue
            front.append(figs)
            keep.add(gpu.id)
    return [g for g in gpus if g.id in keep]


def _parts(catalog: Catalog, category: str, cls: type) -> list:
    return [p for p in catalog.by_category(category) if isinstance(p, cls) and _priced(catalog, p)]


def _cards(chassis: Chassis, part: Part, taken: dict[str, str], limit: int,
           only: frozenset[str] | None = None) -> tuple[str, ...]:
    """PCIe slots, in chassis order (of `only`, when given), that `limit` cards `part` take after
    `taken` (slot -> covered or held)."""
    used = dict(taken)
    out: list[str] = []
    for spec in chassis.pcie_slots:
        if only is not None and spec.id not in only:
            continue
        if len(out) >= limit:
            break
        slot = chassis.layout.by_id[spec.id]
        blocked = covers(part, spec)
        if spec.id in used or any(b in used for b in blocked) or not fits_slot(chassis, slot, part)[0]:
            continue
        out.append(spec.id)
        used[spec.id] = part.id
        used.update({b: "covered" for b in blocked})
    return tuple(out)


def _taken_by(chassis: Chassis, part: Part, slots: tuple[str, ...]) -> dict[str, str]:
    taken: dict[str, str] = {}
    specs = {s.id: s for s in chassis.pcie_slots}
    for sid in slots:
        taken[sid] = part.id
        if sid in specs:
            taken.update({b: "covered" for b in covers(part, specs[sid])})
    return taken


def gpu_placements(chassis: Chassis, gpu: GPU) -> Iterator[tuple[int, tuple[str, ...]]]:
    """(count, slots) for every GPU count the chassis supports: a full baseboard, or 1..max PCIe cards."""
    bb = chassis.gpu_baseboard
    if bb is not None:
        if gpu.form_factor != "pcie" and gpu.baseboard_family == bb.family:
            yield bb.positions, tuple(f"GPU{i + 1}" for i in range(bb.positions))
        return
    if gpu.form_factor != "pcie":
        return
    slots = _cards(chassis, gpu, {}, chassis.max_gpus)
    for n in range(1, len(slots) + 1):
        yield n, slots[:n]


def bridge_pairs(gpu: GPU, slots: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """NVLink bridges for PCIe cards that take them: consecutive cards in pairs (2-way bridges)."""
    if gpu.form_factor != "pcie" or gpu.nvlink_bridge_ways < 2:
        return ()
    return tuple(slots[k:k + 2] for k in range(0, len(slots) - 1, 2))


def linked(chassis: Chassis, gpu: GPU, n: int) -> bool:
    """Every GPU has a GPU-to-GPU link: a switched or meshed baseboard, or an even number of bridged cards."""
    if n <= 1:
        return True
    bb = chassis.gpu_baseboard
    if bb is not None:
        return bb.fabric != "none" and gpu.scaleup_gbs > 0
    return gpu.nvlink_bridge_ways >= 2 and n % 2 == 0


def _bays(chassis: Chassis, drive: Drive, skip: str) -> tuple[str, ...]:
    return tuple(s.id for s in chassis_slots(chassis)
                 if s.kind == "drive" and s.id != skip and fits_slot(chassis, s, drive)[0])


def _boot(catalog: Catalog, chassis: Chassis) -> tuple[Drive | None, str]:
    """The cheapest priced M.2 drive and the first M.2 bay that takes it; in a chassis without M.2
    bays, the cheapest boot-tier drive in a bay that takes it (rule storage.no-boot otherwise)."""
    boot = [d for d in _parts(catalog, "drive", Drive) if d.form_factor == "m2" or d.tier == "boot"]
    boot.sort(key=lambda d: (d.form_factor != "m2", catalog.prices[d.id].price, d.id))
    for drive in boot:
        bays = _bays(chassis, drive, "")
        if bays:
            return drive, bays[0]
    return None, ""


def _cpus(catalog: Catalog, chassis: Chassis, option: CoolingOption) -> tuple[CPU, ...]:
    sock = chassis.sockets[0].socket
    return tuple(c for c in _parts(catalog, "cpu", CPU)
                 if c.socket == sock and c.memory_type == chassis.memory.memory_type
                 and c.max_sockets >= len(chassis.sockets) and c.tdp_w <= option.max_cpu_tdp_w)


def _dimms_for(dimms: tuple[DIMM, ...], cpus: tuple[CPU, ...]) -> tuple[DIMM, ...]:
    """The DIMMs every one of the block's CPUs runs (`CPU.module_types`: registered ECC modules on
    server platforms; a module the CPU cannot run does not boot, rule `mem.module-type`)."""
    return tuple(d for d in dimms if all(not c.module_types or d.module_type in c.module_types for c in cpus))


def fabric_slots(chassis: Chassis, gpu_slots: tuple[str, ...]) -> frozenset[str] | None:
    """The PCIe slots under a PCIe switch that also holds GPUs (GPUDirect RDMA), where the
    evaluation counts a NIC as compute fabric (`bandwidth.fabric_nics`); None: every slot counts."""
    if not chassis.pcie_switches:
        return None
    layout = chassis.layout
    paths = layout.switch_paths
    near = {sw for s in gpu_slots if s in layout.by_id for sw in paths.get(layout.by_id[s].root, ())}
    if chassis.gpu_baseboard is not None:
        near.update(chassis.gpu_baseboard.uplinks)
    paired = frozenset(s.id for s in chassis.pcie_slots if near & set(paths.get(s.root, ())))
    return paired or None


def _axes(catalog: Catalog, chassis: Chassis, gpu: GPU, gpu_slots: tuple[str, ...],
          boot_slot: str) -> tuple[tuple, tuple, dict, dict]:
    """(NIC choices, drive choices, NIC slots by id, drive bays by id) around these GPUs: NICs only
    where they carry GPU traffic (`fabric_slots`), up to one per GPU."""
    taken = _taken_by(chassis, gpu, gpu_slots)
    nics: list[tuple[NIC | None, int]] = [(None, 0)]
    nic_slots: dict[str, tuple[str, ...]] = {}
    counts = sorted({*NIC_COUNTS, len(gpu_slots)})
    near = fabric_slots(chassis, gpu_slots)
    for nic in _parts(catalog, "nic", NIC):
        slots = _cards(chassis, nic, taken, max(counts), near if nic.kind != "dpu" else None)
        nic_slots[nic.id] = slots
        nics += [(nic, k) for k in counts if k <= len(slots)]
    drives: list[tuple[Drive, int]] = []
    drive_bays: dict[str, tuple[str, ...]] = {}
    for drive in _parts(catalog, "drive", Drive):
        if drive.interface != "nvme" or drive.form_factor == "m2":
            continue
        bays = _bays(chassis, drive, boot_slot)
        drive_bays[drive.id] = bays
        drives += [(drive, k) for k in DRIVE_COUNTS if k <= len(bays)]
    return tuple(nics), tuple(drives), nic_slots, drive_bays


def companion_pick(catalog: Catalog, kind: str, part_id: str, ways: int = 0) -> tuple[bool, str]:
    """(whether the builds of `part_id` can be priced with their `kind` companion, the companion's id
    when the builds must name it): False when accessories go with the part and none has a price."""
    cands = candidates_for(catalog, kind, part_id, ways)
    if not cands:
        return True, ""
    pick, named = priced_choice(catalog, cands)
    return pick is not None, pick.id if pick is not None and named else ""


def _psus(catalog: Catalog, chassis: Chassis, request: Request) -> tuple[tuple[PSU, ...], dict[str, str]]:
    """(the chassis' supported, priced PSUs rated at the site's voltage whose cords can be priced, the
    cord each must name where that is not the default: `companion_pick`)."""
    psus, cords = [], {}
    for p in _parts(catalog, "psu", PSU):
        if p.id in chassis.psu.supported and rating_at(p, request.input_voltage_v) > 0:
            cord_ok, cord = companion_pick(catalog, "power-cord", p.id)
            if cord_ok or request.owned.get(p.id, 0) >= psu_count(chassis):
                psus.append(p)
                cords.update({p.id: cord} if cord else {})
    return tuple(psus), cords


def blocks(request: Request, catalog: Catalog) -> Iterator[Block]:
    """Every block the request allows: chassis by vendor, RU, cooling kind and ambient; GPUs by family,
    cooling TDP and liquid need, none a rack server should not hold (`gpu.consumer-card`); for serving,
    GPU counts the model splits over (`ModelShape.tensor_parallel_ok`); every axis with at least one choice."""
    gpus = undominated_gpus([g for g in _parts(catalog, "gpu", GPU) if request.allows_gpu(g.id, g.name, g.vendor)],
                            catalog, set(request.owned))
    for chassis in _parts(catalog, "chassis", Chassis):
        if not request.allows_vendor(chassis.vendor) or not chassis.ambient_min_c <= request.ambient_c \
                <= chassis.ambient_max_c:
            continue
        if request.max_rack_units is not None and chassis.rack_units > request.max_rack_units:
            continue
        rails_ok, rails = companion_pick(catalog, "rails", chassis.id)
        if not rails_ok and not request.owned.get(chassis.id):
            continue      # its rail kits have no price (`unpriced.left_out` says so)
        boot, boot_slot = _boot(catalog, chassis)
        psus, cords = _psus(catalog, chassis, request)
        dimms = tuple(d for d in _parts(catalog, "dimm", DIMM) if d.memory_type == chassis.memory.memory_type)
        dpcs = tuple(range(1, chassis.memory.dpc + 1))
        for option in chassis.cooling_options:
            cooling = catalog.get(option.cooling)
            if not isinstance(cooling, Cooling) or not _priced(catalog, cooling) or \
                    request.cooling not in ("any", cooling.kind):
                continue
            cpus = _cpus(catalog, chassis, option)
            runs = _dimms_for(dimms, cpus)
            for gpu in gpus:
                if gpu.tdp_w > option.max_gpu_tdp_w or (gpu.liquid_only and cooling.kind != "liquid") \
                        or out_of_place(gpu, chassis):
                    continue
                for n, slots in gpu_placements(chassis, gpu):
                    if n > chassis.max_gpus or (request.training and request.gpu_link
                                                and not linked(chassis, gpu, n)):
                        continue
                    if not request.training and not request.workload.model.tensor_parallel_ok(n):
                        continue    # serving: one tensor-parallel group per server (workload.tensor-parallel)
                    bridges = bridge_pairs(gpu, slots)
                    bridge_ok, bridge = companion_pick(catalog, "nvlink-bridge", gpu.id, 2) if bridges else (True, "")
                    if not bridge_ok:
                        continue   # its bridges have no price (`unpriced.left_out` says so)
                    nics, drives, nic_slots, bays = _axes(catalog, chassis, gpu, slots, boot_slot)
                    block = Block(chassis, cooling, option, gpu, n, slots, boot, boot_slot, cpus, runs, dpcs,
                                  nics, drives, psus, bridges, nic_slots, bays,
                                  tuple(x for x in (rails, bridge) if x), cords)
                    if block.size:
                        yield block


def psu_mode(chassis: Chassis) -> str:
    """The redundancy the recommender builds with: the chassis' default, or N+N over every bay where
    the default leaves bays empty and the chassis offers N+N (an 8-bay MI300X server's 4+2 puts 3 PSUs
    on each feed, too few to carry the server when one feed fails: power.feed-loss-overload)."""
    mode = chassis.psu.default_redundancy
    red = parse_redundancy(mode)
    spare_bays = red.kind == "k+m" and red.carry + red.spare < chassis.psu.count
    if spare_bays and "N+N" in chassis.psu.redundancy_modes and chassis.psu.count % 2 == 0:
        return "N+N"
    return mode


def psu_count(chassis: Chassis) -> int:
    """PSUs `psu_mode` wants: exactly K+M for a "K+M" mode, else every bay."""
    red = parse_redundancy(psu_mode(chassis))
    return min(red.carry + red.spare, chassis.psu.count) if red.kind == "k+m" else chassis.psu.count


def dimm_slots(chassis: Chassis, cpu: CPU, dpc: int) -> list[Slot]:
    """Every channel the CPU drives in every socket, `dpc` DIMMs each: the balanced population."""
    channels = min(chassis.memory.channels_per_socket, cpu.memory_channels)
    by_id = chassis.layout.by_id
    return [by_id[dimm_slot_id(s.id, ch, d)] for s in chassis.sockets for ch in range(channels) for d in range(dpc)]


def build_of(block: Block, choice: Choice, request: Request, servers: int = 1) -> Build:
    """The build of one server of `block` at `choice`, with the request's site, terms and owned parts."""
    ch = block.chassis
    cpu, dimm, dpc = block.cpus[choice.cpu], block.dimms[choice.dimm], block.dpcs[choice.dpc]
    nic, n_nic = block.nics[choice.nic]
    drive, n_drive = block.drives[choice.drive]
    psu = block.psus[choice.psu]
    place: dict[str, str] = {s.id: cpu.id for s in ch.sockets}
    place.update({s.id: dimm.id for s in dimm_slots(ch, cpu, dpc)})
    place.update({s: block.gpu.id for s in block.gpu_slots})
    if nic is not None:
        place.update({s: nic.id for s in block.nic_slots[nic.id][:n_nic]})
    place.update({s: drive.id for s in block.drive_bays[drive.id][:n_drive]})
    if block.boot is not None:
        place[block.boot_slot] = block.boot.id
    place.update({f"PSU{i + 1}": psu.id for i in range(psu_count(ch))})
    place["COOLING"] = block.cooling.id
    site = Site(input_voltage_v=request.input_voltage_v, ambient_c=request.ambient_c, currency=request.currency,
                input_currency="USD", electricity_price_kwh=request.electricity_price_kwh_usd)
    mode = psu_mode(ch)
    named = block.companions + ((block.cords[psu.id],) if psu.id in block.cords else ())
    return Build(chassis=ch.id, placements=place, bridges=block.bridges, companions=named,
                 psu_redundancy="" if mode == ch.psu.default_redundancy else mode,
                 owned=owned_slots(ch.id, place, request.owned),
                 multi_node=servers > 1 and request.training, site=site, commercial=Commercial(tco_years=request.tco_years),
                 workload=_job(request, servers).model_dump(mode="json"))


def _job(request: Request, servers: int) -> Workload:
    """The request's workload as one of `servers` training servers runs it: ZeRO over every server's GPUs."""
    wl = request.workload
    if not request.training or servers <= 1:
        return wl
    return wl.model_copy(update={"train": wl.train.model_copy(update={"servers": servers})})


def owned_slots(chassis_id: str, place: Mapping[str, str], owned: Mapping[str, int]) -> dict[str, str]:
    """`Build.owned` for owned part counts: the first slots (in placement order) holding each part."""
    left = dict(owned)
    out: dict[str, str] = {}
    if left.get(chassis_id, 0) > 0:
        out[OWNED_CHASSIS] = chassis_id
        left[chassis_id] -= 1
    for slot, pid in place.items():
        if left.get(pid, 0) > 0:
            out[slot] = pid
            left[pid] -= 1
    return out

