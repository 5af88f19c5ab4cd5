"""The per-GPU data-feed chain (storage → host memory → PCIe → HBM), GPU↔GPU and network.

Every figure is GB/s per GPU per direction, theoretical peak. PCIe per direction per x16:
Gen3 15.75, Gen4 31.5, Gen5 63, Gen6 121 GB/s (PCI-SIG lane rates; measured Gen5 H2D ≈ 88 %).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, cast

from ..catalog import CPU, GPU, NIC, Chassis, Drive
from ..context import BuildContext, Placed
from ..memo import Family, fresh
from ..message import Msg, Num, Seq
from ..slots import layout_of
from .result import BandwidthResult, ComputeResult, HostMemoryResult, Link, construct

if TYPE_CHECKING:    # the workload model loads only for builds with a workload
    from .workload_formulas import TPLink

#: GB/s per direction of an x16 link, by PCIe generation: 8/16/32/64 GT/s per lane with 128b/130b
#: or FLIT encoding (PCI-SIG base specifications, https://pcisig.com/specifications)
PCIE_X16_GBS: dict[int, float] = {3: 15.75, 4: 31.5, 5: 63.0, 6: 121.0}
#: measured share of theoretical PCIe Gen5 throughput: 55.4 / 63 (nvbandwidth on an 8×H200 node, 55.43 GB/s
#: H2D; https://github.com/stas00/ml-engineering, network chapter)
PCIE_MEASURED_SHARE = 0.88

T = TypeVar("T")

FABRIC_NAMES = {"nvswitch": "NVSwitch", "nvlink-mesh": "NVLink mesh", "xgmi": "Infinity Fabric (xGMI)",
                "roce": "RoCE", "hccs": "HCCS"}


def pcie_gbs(gen: int, lanes: int) -> float:
    """Theoretical GB/s per direction of a PCIe link."""
    return PCIE_X16_GBS.get(gen, 0.0) * lanes / 16.0


def switch_paths(chassis: Chassis) -> dict[str, tuple[str, ...]]:
    """Root id (socket or switch) → switches passed on the way up to the CPU, nearest first."""
    return layout_of(chassis).switch_paths


def _gpu_links(ctx: BuildContext, gpus: tuple[Placed, ...]) -> list[tuple[float, int, int, int]]:
    """Each GPU's host link after sharing switch uplinks: (GB/s, gen, lanes, GPUs sharing; 0 = own link)."""
    ch = ctx.chassis
    assert ch is not None
    layout = layout_of(ch)
    paths, uplinks = layout.switch_paths, layout.uplinks
    cpu_gen: dict[str, int] = {pl.slot.socket: cast(CPU, pl.part).pcie_gen for pl in ctx.in_slots("cpu", "cpu")}
    behind: dict[str, int] = {}
    for pl in gpus:
        for sw in paths.get(pl.slot.root, ()):
            behind[sw] = behind.get(sw, 0) + 1
    out = []
    for pl in gpus:
        gpu: GPU = pl.part  # type: ignore[assignment]
        gen: int = gpu.pcie_gen
        lanes: int = gpu.pcie_lanes
        spec = pl.slot.pcie
        if spec is not None:
            gen, lanes = min(gen, spec.gen), min(lanes, spec.lanes)
        path = paths.get(pl.slot.root, ())
        if not path and pl.slot.socket in cpu_gen:
            gen = min(gen, cpu_gen[pl.slot.socket])
        best: tuple[float, int, int, int] = (pcie_gbs(gen, lanes), gen, lanes, 0)
        for sw_id in path:
            up_gen, up_lanes, parent = uplinks[sw_id]
            if parent in cpu_gen:
                up_gen = min(up_gen, cpu_gen[parent])
            share = pcie_gbs(up_gen, up_lanes) / behind[sw_id]
            if share < best[0]:
                best = (share, up_gen, up_lanes, behind[sw_id])
        out.append(best)
    return out


def _link_name(gen: int, lanes: int, shared_by: int) -> Msg:
    if shared_by:
        return Msg("bandwidth.link.pcie-shared", gen=gen, lane=lanes, n=shared_by)
    return Msg("bandwidth.link.pcie", gen=gen, lanes=lanes)


def _drive_gbs(pl: Placed) -> float:
    """Sequential read GB/s of one NVMe drive, capped by the link it sits on."""
    d: Drive = pl.part  # type: ignore[assignment]
    gen: int = d.pcie_gen or 4
    lanes: int = d.pcie_lanes or 4
    if pl.slot.bays is not None:
        if "nvme" not in pl.slot.bays.interfaces:
            return 0.0
        gen, lanes = min(gen, pl.slot.bays.pcie_gen), min(lanes, pl.slot.bays.lanes_per_bay)
    elif pl.slot.pcie is not None:
        gen, lanes = min(gen, pl.slot.pcie.gen), min(lanes, pl.slot.pcie.lanes)
    else:
        return 0.0  # not in a bay or a PCIe slot: not connected
    return min(d.seq_read_mbs / 1000.0, pcie_gbs(gen, lanes))


def storage_read_gbs(ctx: BuildContext) -> float:
    """Aggregate sequential read of the NVMe data drives (boot-tier drives excluded)."""
    return sum(_drive_gbs(pl) for pl in _nvme_data_drives(ctx))


def _nvme_data_drives(ctx: BuildContext) -> list[Placed]:
    """Placed NVMe drives outside the boot tier: the ones that feed training data."""
    return [pl for pl in ctx.of("drive")
            if isinstance(pl.part, Drive) and pl.part.interface == "nvme" and pl.part.tier != "boot"]


def fabric_nics(ctx: BuildContext) -> tuple[Placed, ...]:
    """The NICs that carry GPU traffic (the compute fabric), DPUs never.

    Where some NIC shares a PCIe switch with a GPU (the HGX/DGX pairing used for GPUDirect RDMA),
    only such GPU-paired NICs count: the others on CPU root ports are storage / in-band
    management NICs (DGX: the two dual-port ConnectX-7 cards). A build with no paired NIC (PCIe
    GPU servers without switches) counts every NIC.
    """
    nics = tuple(pl for pl in ctx.of("nic") if isinstance(pl.part, NIC) and pl.part.kind != "dpu")
    ch = ctx.chassis
    if ch is None or not ch.pcie_switches:
        return nics
    paths = switch_paths(ch)
    gpu_switches = {sw for pl in ctx.gpus_placed for sw in paths.get(pl.slot.root, ())}
    if ch.gpu_baseboard is not None:
        gpu_switches.update(ch.gpu_baseboard.uplinks)
    paired = tuple(pl for pl in nics if gpu_switches & set(paths.get(pl.slot.root, ())))
    return paired or nics


def network_gbps(ctx: BuildContext, nics: tuple[Placed, ...] | None = None) -> float:
    """Sum of the compute-fabric NICs' port speeds, Gb/s (`nics`, else `fabric_nics`)."""
    total = 0.0
    for pl in fabric_nics(ctx) if nics is None else nics:
        nic: NIC = pl.part  # type: ignore[assignment]
        total += nic.ports * nic.port_speed_gbps
    return total


def _gpu_gpu(ctx: BuildContext, gpus: tuple[Placed, ...], links: list[tuple[float, int, int, int]]) -> Link:
    """The worst GPU's peer bandwidth: baseboard fabric, NVLink bridge, else PCIe peer-to-peer."""
    ch = ctx.chassis
    bb = ch.gpu_baseboard if ch is not None else None
    if bb is not None and bb.fabric == "none":
        bb = None
    bridged = {s for group in ctx.build.bridges for s in group}
    worst: tuple[float, str, GPU] | None = None
    for pl, link in zip(gpus, links):
        gpu: GPU = pl.part  # type: ignore[assignment]
        if bb is not None and pl.slot.kind == "gpu":
            # the board's fabric carries at most what the GPU's own links do (an H800's 400 GB/s NVLink on
            # a 900 GB/s HGX board): the smaller of the two when both are known
            rates = [r for r in (bb.fabric_gbs, gpu.scaleup_gbs) if r]
            gbs, kind = (min(rates) if rates else 0.0) / 2, "fabric"
        elif pl.slot.id in bridged and gpu.nvlink_bridge_ways and gpu.scaleup_gbs:
            gbs, kind = gpu.scaleup_gbs / 2, "bridge"
        else:
            gbs, kind = link[0], "p2p"
        if worst is None or gbs < worst[0]:
            worst = (gbs, kind, gpu)
    assert worst is not None
    gbs, kind, gpu = worst
    if kind == "fabric":
        label = FABRIC_NAMES.get(bb.fabric, bb.fabric)  # type: ignore[union-attr]
        link_name = f" ({gpu.scaleup_link})" if gpu.scaleup_link else ""
        name = Msg("bandwidth.link.fabric", fabric=f"{label}{link_name}", gbs=Num(2 * gbs, "g"))
    elif kind == "bridge":
        name = Msg("bandwidth.link.bridge", gbs=Num(2 * gbs, "g"))
    else:
        name = Msg("bandwidth.link.p2p")
    return construct(Link, name=name, stage="gpu-gpu", gbs=gbs, detail=Msg("bandwidth.detail.per-direction"))


@dataclass(frozen=True, slots=True)
class Feeds:
    """What the chain reads from the placements alone (drives, NICs, GPUs, CPUs, bridges): the
    part an evaluator keeps while only the host memory or nothing changes (`bandwidth_feeds`)."""

    storage: float                 # aggregate NVMe data-drive read, GB/s
    n_drives: int
    net_gbps: float                # compute-fabric NIC ports, Gb/s
    n_nics: int
    n_gpus: int
    host_gbs: float = 0.0          # the narrowest GPU host link
    host_what: Msg | None = None   # its name
    p2p: Link | None = None        # the worst GPU's peer link (two GPUs or more)


def bandwidth_feeds(ctx: BuildContext, family: Family = fresh) -> Feeds:
    """The placement-only figures of `compute_bandwidth` (no host memory, no compute totals).

    `family(name, key, fn)` (`figures.compute_figures`') may return a remembered `fn()` for an
    equal key: the storage, the network and the GPU links are each keyed on what they read, so
    an edit of the drives does not recompute the GPU links."""
    cid = ctx.build.chassis
    storage, n_drives = family("feeds-storage", (cid, ctx.key("drive")),
                               lambda: (storage_read_gbs(ctx), len(_nvme_data_drives(ctx))))
    net, n_nics = family("feeds-network", (cid, ctx.key("nic"), ctx.key("gpu")), lambda: _network(ctx))
    gpus = ctx.gpus_placed
    n = len(gpus)
    if n == 0 or ctx.chassis is None:
        return Feeds(storage, 0, net, n_nics, n)
    host_gbs, host_what, p2p = family("feeds-gpus", (cid, ctx.key("gpu"), ctx.key("cpu"), ctx.build.bridges),
                                      lambda: _host_links(ctx, gpus))
    return Feeds(storage, n_drives, net, n_nics, n, host_gbs, host_what, p2p)


def _network(ctx: BuildContext) -> tuple[float, int]:
    nics = fabric_nics(ctx)
    return network_gbps(ctx, nics), len(nics)


def _host_links(ctx: BuildContext, gpus: tuple[Placed, ...]) -> tuple[float, Msg, Link | None]:
    """The narrowest GPU host link (GB/s, its name) and the worst GPU's peer link."""
    links = _gpu_links(ctx, gpus)
    host_gbs, gen, lanes, shared_by = min(links)
    return host_gbs, _link_name(gen, lanes, shared_by), _gpu_gpu(ctx, gpus, links) if len(gpus) > 1 else None


def compute_bandwidth(ctx: BuildContext, compute: ComputeResult, memory: HostMemoryResult,
                      feeds: Feeds | None = None) -> BandwidthResult:
    """The chain per GPU, its narrowest feed link and what that limits (`feeds`: the build's
    `bandwidth_feeds`, computed here when not given)."""
    fd = bandwidth_feeds(ctx) if feeds is None else feeds
    storage, net, n, nics = fd.storage, fd.net_gbps, fd.n_gpus, fd.n_nics
    if n == 0 or ctx.chassis is None:
        return construct(
            BandwidthResult, chain=(), bottleneck="", bottleneck_gbs=0.0,
            explanation=Msg("bandwidth.no-gpus"), gpu_gpu_gbs=0.0, network_gbps_per_gpu=0.0,
            storage_read_gbs=storage)
    hbm = compute.hbm_bandwidth_gbs_per_gpu
    chain = [
        construct(Link, name=Msg("bandwidth.link.storage"), stage="storage", gbs=storage / n,
                  detail=Msg("bandwidth.detail.storage", total=Num(storage, ".1f"), n=fd.n_drives, k=n)),
        construct(Link, name=Msg("bandwidth.link.ddr", speed=memory.speed_mts), stage="host-memory",
                  gbs=memory.bandwidth_gbs / n,
                  detail=Msg("bandwidth.detail.host-memory", total=Num(memory.bandwidth_gbs, ".1f"),
                             n=memory.channels_populated, k=n)),
        construct(Link, name=fd.host_what, stage="pcie", gbs=fd.host_gbs,
                  detail=Msg("bandwidth.detail.pcie", pct=Num(PCIE_MEASURED_SHARE, ".0%"))),
        construct(Link, name=Msg("bandwidth.link.hbm"), stage="hbm", gbs=hbm, detail=Msg("bandwidth.detail.hbm")),
    ]
    narrow = min(chain, key=lambda link: link.gbs)
    if fd.p2p is not None:
        chain.append(fd.p2p)
        gg = fd.p2p.gbs
    else:
        gg = 0.0
    chain.append(construct(Link, name=Msg("bandwidth.link.network"), stage="network", gbs=net / 8 / n,
                           detail=Msg("bandwidth.detail.network", total=Num(net, "g"), n=nics, k=n)))
    return construct(
        BandwidthResult, chain=tuple(chain), bottleneck=narrow.stage, bottleneck_gbs=narrow.gbs,
        explanation=explain(narrow.stage, narrow.gbs, compute.vram_gb_per_gpu),
        gpu_gpu_gbs=gg, network_gbps_per_gpu=net / n, storage_read_gbs=storage,
        bottleneck_name=narrow.name,
    )


def _secs(gb: float, gbs: float) -> Msg | Seq:
    return Seq(Num(gb / gbs, ".0f"), " s") if gbs > 0 else Msg("bandwidth.forever")


def explain(stage: str, gbs: float, vram_gb: float) -> Msg:
    """What the narrowest feed link limits (words/bandwidth_words.py words it)."""
    fill = Msg("bandwidth.filling", vram=Num(vram_gb, "g"), secs=_secs(vram_gb, gbs))
    if stage == "storage":
        if gbs <= 0:
            return Msg("bandwidth.storage-none")
        return Msg("bandwidth.storage", gbs=Num(gbs, ".1f"), filling=fill)
    if stage == "host-memory":
        if gbs <= 0:
            return Msg("bandwidth.host-memory-none")
        return Msg("bandwidth.host-memory", gbs=Num(gbs, ".1f"))
    if stage == "pcie":
        return Msg("bandwidth.pcie", gbs=Num(gbs, ".1f"), filling=fill)
    return Msg("bandwidth.hbm", gbs=Num(gbs, ".0f"))


def tp_link(chassis: Chassis, gpu: GPU, slot_ids: tuple[str, ...], bridges: tuple[tuple[str, ...], ...],
            tp: int) -> TPLink:
    """The link a tensor-parallel group of `tp` GPUs (the first of `slot_ids`) shares for its all-reduces, as
    `_gpu_gpu` reads the build: the baseboard's NVLink/NVSwitch fabric; an NVLink bridge when bridges join every
    GPU of the group in one bridge group each way (a group larger than a bridge crosses PCIe); else PCIe, at the
    slowest GPU's slot link (peer-to-peer under one root or through the CPUs' interconnect across sockets: the
    latency of `ALLREDUCE_LATENCY_S["pcie"]` was measured across sockets). The recommender and the evaluation both
    read this, so a serving figure is one answer."""
    from .workload_formulas import TPLink

    layout = layout_of(chassis)
    slots = [layout.by_id[s] for s in slot_ids[:tp] if s in layout.by_id]
    bb = chassis.gpu_baseboard
    if bb is not None and bb.fabric != "none" and slots and all(s.kind == "gpu" for s in slots):
        rates = [r for r in (bb.fabric_gbs, gpu.scaleup_gbs) if r]
        if rates:
            return TPLink(min(rates) / 2, "scaleup")
    ids = {s.id for s in slots}
    if gpu.nvlink_bridge_ways and gpu.scaleup_gbs and any(ids <= set(group) for group in bridges):
        return TPLink(gpu.scaleup_gbs / 2, "scaleup")
    gbs = [pcie_gbs(min(gpu.pcie_gen, s.pcie.gen) if s.pcie else gpu.pcie_gen,
                    min(gpu.pcie_lanes, s.pcie.lanes) if s.pcie else gpu.pcie_lanes) for s in slots]
    return TPLink(min(gbs) if gbs else pcie_gbs(gpu.pcie_gen, gpu.pcie_lanes), "pcie")


def build_tp_link(ctx: BuildContext, tp: int) -> TPLink | None:
    """`tp_link` of a tensor-parallel group of the build's first `tp` GPUs (each replica's group is placed alike);
    None without a chassis or for one GPU."""
    gpus = ctx.gpus_placed
    if ctx.chassis is None or tp < 2 or len(gpus) < 2:
        return None
    gpu: GPU = gpus[0].part  # type: ignore[assignment]
    return tp_link(ctx.chassis, gpu, tuple(pl.slot.id for pl in gpus), ctx.build.bridges, tp)
