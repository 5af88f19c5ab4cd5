"""From a build to its acceptance plan: every check, in the order a technician runs it, with the
value it must reach, the tolerance, the tool and the source of the value.

Values the build decides (a GPU's memory and PCIe link, a NIC's speed, a drive's read rate) come
from the part's catalog entry and its source; ratios and published measurements come from the
reference table (resources/acceptance/references.toml, read by store/acceptance_references.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..build import Build
from ..catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Drive, Part
from ..message import Msg
from .model import Plan, Reference, Step

#: NVLink 4 per GPU, bidirectional GB/s: Hopper on NVSwitch runs all-reduce with NVLink SHARP
_NVLS_GBS = 900.0
_SLOT_NUMBER = re.compile(r"(\d+)$")


def _slot_order(slot: str) -> tuple[str, int]:
    found = _SLOT_NUMBER.search(slot)
    return (slot[: found.start()] if found else slot, int(found.group()) if found else 0)


def parts_in(build: Build, catalog: Catalog, kind: type[Part]) -> list[tuple[str, Part]]:
    """(slot, part) of one type, in slot order (GPU1, GPU2, ... GPU10)."""
    found = [(slot, catalog.get(pid)) for slot, pid in build.placements.items()]
    return sorted(((s, p) for s, p in found if isinstance(p, kind)), key=lambda sp: _slot_order(sp[0]))


def part_source(part: Part, field: str, catalog_note: str = "") -> Reference:
    """A catalog figure as a reference: the part's source for that field."""
    src = part.source_for(field) or part.sources[0]
    return Reference(key=f"{part.id}.{field}", value=float(getattr(part, field)), unit="", url=src.url,
                     date=src.date, confidence=src.confidence, note=src.note or catalog_note)


def derived(base: Reference, value: float, unit: str, note: str, tolerance_pct: float | None = None) -> Reference:
    """A value computed from `base`: an estimate with the same provenance and its derivation."""
    return Reference(key=base.key, value=value, unit=unit, url=base.url, date=base.date, confidence=base.confidence,
                     note=note, estimate=True,
                     tolerance_pct=base.tolerance_pct if tolerance_pct is None else tolerance_pct)


class _Steps:
    """Collects steps in order."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def add(self, group: str, key: str, title: Msg, rule: str, expected: float, unit: str, tool: str,
            source: Reference, tolerance_pct: float = 0.0, target: str = "") -> None:
        self.steps.append(Step(order=len(self.steps) + 1, group=group, key=key, title=title, rule=rule,  # type: ignore[arg-type]
                               expected=expected, unit=unit, tool=tool, source=source,
                               tolerance_pct=tolerance_pct, target=target))


def plan_for(build: Build, catalog: Catalog, refs: Mapping[str, Reference]) -> Plan:
    """The acceptance plan of `build`; `refs` is the reference table by key."""
    s = _Steps()
    gpus = parts_in(build, catalog, GPU)
    _inventory(s, build, catalog, gpus, refs)
    _gpu_tests(s, build, catalog, gpus, refs)
    _fabric(s, build, catalog, refs)
    _storage(s, build, catalog, refs)
    _memory(s, build, catalog, refs)
    _burn_in(s, gpus, refs)
    notes = [] if gpus else [Msg("accept.note.no-gpus")]
    return Plan(build_name=build.meta.name, chassis=build.chassis, steps=tuple(s.steps), notes=tuple(notes))


def _build_ref(build: Build, what: str) -> Reference:
    return Reference(key=f"build.{what}", value=0.0, unit="", url=f"build: {build.meta.name}", date="-",
                     confidence="high", note="what the build holds")


def _inventory(s: _Steps, build: Build, catalog: Catalog, gpus: list[tuple[str, Part]],
               refs: Mapping[str, Reference]) -> None:
    cpus = parts_in(build, catalog, CPU)
    s.add("inventory", "cpu.sockets", Msg("accept.step.cpu-sockets"), "equals", len(cpus), "",
          "lscpu", _build_ref(build, "cpus"))
    visible = refs["gpu_memory_visible"]
    s.add("inventory", "gpu.count", Msg("accept.step.gpu-count"), "equals", len(gpus), "", "nvidia-smi",
          _build_ref(build, "gpus"))
    for i, (slot, gpu) in enumerate(gpus):
        assert isinstance(gpu, GPU)
        mem = part_source(gpu, "memory_gb")
        s.add("inventory", f"gpu.{i}.memory_gb", Msg("accept.step.gpu-memory", gpu=slot, index=i), "at_least",
              gpu.memory_gb, "GB", "nvidia-smi", mem, round((1 - visible.number) * 100, 1), slot)
        gen, lanes = _link(catalog, build.chassis, slot, gpu)
        s.add("inventory", f"gpu.{i}.pcie_gen", Msg("accept.step.gpu-pcie-gen", gpu=slot, index=i), "equals",
              gen, "", "nvidia-smi", part_source(gpu, "pcie_gen"), 0, slot)
        s.add("inventory", f"gpu.{i}.pcie_width", Msg("accept.step.gpu-pcie-width", gpu=slot, index=i), "equals",
              lanes, "", "nvidia-smi", part_source(gpu, "pcie_lanes"), 0, slot)
        if gpu.ecc:
            s.add("inventory", f"gpu.{i}.ecc", Msg("accept.step.gpu-ecc", gpu=slot, index=i), "all_pass", 1, "",
                  "nvidia-smi", _build_ref(build, "ecc"), 0, slot)
    dimms = parts_in(build, catalog, DIMM)
    s.add("inventory", "dimm.count", Msg("accept.step.dimm-count"), "equals", len(dimms), "", "dmidecode",
          _build_ref(build, "dimms"))
    if dimms:
        total = sum(d.capacity_gb for _, d in dimms if isinstance(d, DIMM))
        s.add("inventory", "dimm.capacity_gb", Msg("accept.step.dimm-capacity"), "equals", total, "GiB", "dmidecode",
              _build_ref(build, "dimms"))
    drives = parts_in(build, catalog, Drive)
    s.add("inventory", "drive.count", Msg("accept.step.drive-count"), "at_least", len(drives), "", "lsblk",
          _build_ref(build, "drives"))
    _nic_links(s, build, catalog)
    psus = parts_in(build, catalog, PSU)
    if psus:
        s.add("inventory", "psu.present", Msg("accept.step.psu-count"), "equals", len(psus), "", "ipmitool",
              _build_ref(build, "psus"))
    s.add("inventory", "fan.ok", Msg("accept.step.fans-ok"), "all_pass", 1, "", "ipmitool", _build_ref(build, "fans"))


def _link(catalog: Catalog, chassis_id: str, slot: str, gpu: GPU) -> tuple[int, int]:
    """The PCIe link a GPU trains to: its own, or less in a slower or narrower slot."""
    chassis = catalog.chassis(chassis_id)
    spec = next((p for p in chassis.pcie_slots if p.id == slot), None) if chassis else None
    if spec is None:
        return gpu.pcie_gen, gpu.pcie_lanes
    return min(gpu.pcie_gen, spec.gen), min(gpu.pcie_lanes, spec.lanes)


def _nic_links(s: _Steps, build: Build, catalog: Catalog) -> None:
    """Per speed the build has, the links that must be up at that speed or faster."""
    nics = [n for _, n in parts_in(build, catalog, NIC) if isinstance(n, NIC)]
    for speed in sorted({n.port_speed_gbps for n in nics}, reverse=True):
        ports = sum(n.ports for n in nics if n.port_speed_gbps >= speed)
        first = next(n for n in nics if n.port_speed_gbps == speed)
        s.add("inventory", f"nic.links_{speed:g}g", Msg("accept.step.nic-links", speed=f"{speed:g}"),
              "at_least", ports, "", "sysfs", part_source(first, "port_speed_gbps"))


def _gpu_tests(s: _Steps, build: Build, catalog: Catalog, gpus: list[tuple[str, Part]],
               refs: Mapping[str, Reference]) -> None:
    if not gpus:
        return
    level = refs["dcgm_diag_level"]
    s.add("diagnostics", "dcgm.pass", Msg("accept.step.dcgm", level=int(level.number)), "all_pass", 1, "",
          "dcgmi", level)
    eff, lanes = refs["pcie_h2d_efficiency"], refs["pcie_lane_gbs"]
    for i, (slot, gpu) in enumerate(gpus):
        assert isinstance(gpu, GPU)
        assert isinstance(lanes.value, tuple)
        raw = lanes.value[gpu.pcie_gen - 3] * gpu.pcie_lanes
        ref = derived(eff, raw * eff.number, "GB/s", f"PCIe {gpu.pcie_gen}.0 x{gpu.pcie_lanes}: {raw:.1f} GB/s raw "
                      f"x {eff.number:g} ({eff.note})")
        s.add("bandwidth", f"h2d.{i}", Msg("accept.step.h2d", gpu=slot, index=i), "at_least", round(raw * eff.number, 1),
              "GB/s", "nvbandwidth", ref, eff.tolerance_pct, slot)
    if len(gpus) > 1:
        _allreduce(s, build, catalog, gpus, refs)


def _allreduce(s: _Steps, build: Build, catalog: Catalog, gpus: list[tuple[str, Part]],
               refs: Mapping[str, Reference]) -> None:
    chassis = catalog.chassis(build.chassis)
    gpu = gpus[0][1]
    assert isinstance(gpu, GPU)
    board = chassis.gpu_baseboard if chassis else None
    link = board.fabric_gbs if board and board.fabric_gbs else gpu.scaleup_gbs
    if board and board.fabric == "nvswitch" and link >= _NVLS_GBS and len(gpus) == 8:
        ref = refs["nccl_allreduce_nvls_8gpu"]
        expected = ref.number
    elif link > 0:
        ring = refs["nccl_ring_efficiency"]
        expected = round(link / 2 * ring.number, 1)
        ref = derived(ring, expected, "GB/s", f"{link:g} GB/s bidirectional per GPU: {link / 2:g} per direction "
                      f"x {ring.number:g} ({ring.note})")
    else:
        eff, lanes = refs["pcie_h2d_efficiency"], refs["pcie_lane_gbs"]
        assert isinstance(lanes.value, tuple)
        expected = round(lanes.value[gpu.pcie_gen - 3] * gpu.pcie_lanes * eff.number, 1)
        ref = derived(eff, expected, "GB/s", f"no GPU link: all-reduce runs over PCIe, at most the host link "
                      f"({eff.note})", 25)
    s.add("bandwidth", "nccl.allreduce_busbw", Msg("accept.step.allreduce", n=len(gpus)), "at_least", expected, "GB/s",
          "all_reduce_perf", ref, ref.tolerance_pct)


def _fabric(s: _Steps, build: Build, catalog: Catalog, refs: Mapping[str, Reference]) -> None:
    eff = refs["nccl_rail_efficiency"]
    rails = [(slot, nic) for slot, nic in parts_in(build, catalog, NIC)
             if isinstance(nic, NIC) and nic.kind != "dpu" and nic.port_speed_gbps >= 100]
    for i, (slot, nic) in enumerate(rails):
        assert isinstance(nic, NIC)
        expected = round(nic.port_speed_gbps / 8 * eff.number, 1)
        ref = derived(eff, expected, "GB/s", f"{nic.port_speed_gbps:g} Gb/s = {nic.port_speed_gbps / 8:g} GB/s "
                      f"x {eff.number:g} ({eff.note})")
        s.add("fabric", f"rail.{i}", Msg("accept.step.rail", nic=slot, index=i), "at_least", expected, "GB/s",
              "ib_write_bw", ref, eff.tolerance_pct, slot)


def _storage(s: _Steps, build: Build, catalog: Catalog, refs: Mapping[str, Reference]) -> None:
    eff = refs["fio_read_efficiency"]
    nvme = [(slot, d) for slot, d in parts_in(build, catalog, Drive) if isinstance(d, Drive) and d.interface == "nvme"]
    for i, (slot, drive) in enumerate(nvme):
        assert isinstance(drive, Drive)
        rated = part_source(drive, "seq_read_mbs")
        expected = round(drive.seq_read_mbs / 1000 * eff.number, 2)
        ref = derived(rated, expected, "GB/s", f"rated {drive.seq_read_mbs:g} MB/s x {eff.number:g} "
                      f"({eff.url}: {eff.note})", 0)
        s.add("storage", f"fio.{i}.read_gbs", Msg("accept.step.fio", drive=slot, index=i), "at_least", expected,
              "GB/s", "fio", ref, 0, slot)


def _memory(s: _Steps, build: Build, catalog: Catalog, refs: Mapping[str, Reference]) -> None:
    dimms = [d for _, d in parts_in(build, catalog, DIMM) if isinstance(d, DIMM)]
    cpus = [c for _, c in parts_in(build, catalog, CPU) if isinstance(c, CPU)]
    if not dimms or not cpus:
        return
    eff = refs["memory_stream_efficiency"]
    channels = min(len(dimms), sum(c.memory_channels for c in cpus))
    speed = min(d.speed_mts for d in dimms)
    peak = channels * speed * 8 / 1000
    expected = round(peak * eff.number, 1)
    ref = derived(eff, expected, "GB/s", f"{channels} channels x {speed} MT/s x 8 B = {peak:.0f} GB/s peak "
                  f"x {eff.number:g} ({eff.note})")
    s.add("memory", "memory.bandwidth_gbs", Msg("accept.step.memory-bw"), "at_least", expected, "GB/s", "sysbench",
          ref, 0)


def _burn_in(s: _Steps, gpus: list[tuple[str, Part]], refs: Mapping[str, Reference]) -> None:
    if gpus:
        burn = refs["burn_in_seconds"]
        s.add("burn-in", "burn.pass", Msg("accept.step.burn", minutes=int(burn.number // 60)), "all_pass", 1, "",
              "gpu_burn", burn)
