"""Network, storage and boot: scale-out bandwidth per GPU, NICs next to their GPUs, a boot
device, and local storage fast enough to feed the GPUs.

Thresholds are estimates for training, stated in the messages and in docs/rules.md:
one 400 Gb/s NIC per GPU is the HGX-class norm (< 200 Gb/s per GPU warns), and about
1 GB/s of sequential read per GPU keeps data loading off the critical path.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from ..catalog import GPU, NIC, Drive
from ..categories import ACCEPTS
from ..context import Placed
from ..message import Msg
from ._common import Facts, batch, place, remove
from .fit import blocked_slots, covered, free_slot, pcie_problems, slot_problems_of

FABRIC_PORT_GBPS = 100.0       # a port at least this fast counts as a scale-out (fabric) port
MIN_GBPS_PER_GPU = 200.0
NORM_GBPS_PER_GPU = 400.0
READ_GBS_PER_GPU = 1.0         # below: info
READ_GBS_PER_GPU_LOW = 0.25    # below: warning


def inputs(f: Facts) -> Hashable:
    """What this family reads besides the chassis: GPUs, NICs and drives, the parts in PCIe and
    drive slots, multi-node, and the network and storage figures (which follow from those)."""
    ctx = f.ctx
    return (ctx.key("gpu"), ctx.key("nic"), ctx.key("drive"), ctx.slot_key("pcie"), ctx.slot_key("drive"),
            f.build.multi_node, f.figures is None)


def check(f: Facts) -> None:
    gpus = [p for p in f.ctx.of("gpu") if isinstance(p.part, GPU)]
    nics = [p for p in f.ctx.of("nic") if isinstance(p.part, NIC)]
    if gpus and f.build.multi_node:
        _fabric(f, gpus, nics)
        _pairing(f, gpus, nics)
    _storage(f, gpus)


def _fabric(f: Facts, gpus, nics) -> None:
    fabric = [p for p in nics if p.part.port_speed_gbps >= FABRIC_PORT_GBPS]
    n = len(gpus)
    if not fabric:
        f.add("warning", "net.no-fabric-nic", Msg("net.no-fabric-nic", n=n, speed=FABRIC_PORT_GBPS),
              (), Msg("net.no-fabric-nic.fix", norm=NORM_GBPS_PER_GPU))
        return
    if f.figures is not None:
        per_gpu = f.figures.bandwidth.network_gbps_per_gpu
    else:
        per_gpu = sum(p.part.total_gbps for p in fabric) / n
    if per_gpu < MIN_GBPS_PER_GPU:
        total = per_gpu * n
        f.add("warning", "net.low-bandwidth-per-gpu",
              Msg("net.low-bandwidth-per-gpu", n=n, total=total, per_gpu=per_gpu, norm=NORM_GBPS_PER_GPU),
              tuple(p.slot.id for p in fabric),
              Msg("net.low-bandwidth-per-gpu.fix", least=MIN_GBPS_PER_GPU, norm=NORM_GBPS_PER_GPU))


def _pairing(f: Facts, gpus, nics) -> None:
    """A fabric NIC should sit under a PCIe switch that also holds GPUs (GPUDirect RDMA)."""
    switches = {sw.id for sw in f.chassis.pcie_switches}
    gpu_roots = {p.slot.root for p in gpus if p.slot.root in switches}
    if not gpu_roots:
        return
    nic_roots = {p.slot.root for p in nics}
    blocked = blocked_slots(f)
    taken: set[str] = set()
    for p in nics:
        nic = p.part
        if p.slot.kind != "pcie" or nic.kind == "dpu" or nic.port_speed_gbps < FABRIC_PORT_GBPS \
                or p.slot.root in gpu_roots:
            continue
        target = None
        for want_alone in (True, False):
            for spec in f.chassis.pcie_slots:
                if spec.root in gpu_roots and spec.id not in f.at and spec.id not in taken \
                        and spec.id not in blocked and not pcie_problems(nic, spec) \
                        and not any(b in f.at for b in covered(nic, spec)) \
                        and (not want_alone or spec.root not in nic_roots):
                    target = spec.id
                    break
            if target:
                break
        if target is None:
            continue     # the chassis has no free NIC slot next to a GPU: nothing to suggest
        taken.add(target)
        f.add("info", "net.nic-not-near-gpu",
              Msg("net.nic-not-near-gpu", nic=nic.name, slot=p.slot.id, root=p.slot.root), (p.slot.id,),
              Msg("net.nic-not-near-gpu.fix", target=target, root=f.ctx.slot_by_id[target].root),
              [batch([remove(p.slot.id), place(target, nic.id)], "op.label.move", part=nic.name, slot=target)])


def _storage(f: Facts, gpus) -> None:
    drives = [p for p in f.by_kind.get("drive", ()) if isinstance(p.part, Drive)]
    if not drives:
        boot_ops = _boot_ops(f)
        # the fix says "a boot drive and NVMe drives": it places both, not the boot drive alone
        data_ops = _data_ops(f, len(gpus), {op.slot for op in boot_ops})
        f.add("warning", "storage.none", Msg("storage.none"), (), Msg("storage.none.fix"), [*boot_ops, *data_ops])
        return
    parts: list[Drive] = [p.part for p in drives if isinstance(p.part, Drive)]
    boot = [d for d in parts if _is_boot(d)]
    if not boot:
        ops = _boot_ops(f)
        f.add("warning", "storage.no-boot", Msg("storage.no-boot"), (),
              Msg("storage.no-boot.m2") if ops else Msg("storage.no-boot.tier"), ops)
    elif len(boot) == 1 and f.chassis.form == "rack":
        _single_boot(f, next(p for p in drives if p.part is boot[0]))
    if not gpus:
        return
    # data drives as the evaluation counts them: NVMe, not boot tier
    data_slots = [p.slot.id for p in drives if isinstance(p.part, Drive)
                  and p.part.interface == "nvme" and p.part.tier != "boot"]
    data = [d for d in parts if d.interface == "nvme" and d.tier != "boot"]
    n = len(gpus)
    read_gbs = f.figures.bandwidth.storage_read_gbs if f.figures is not None else \
        sum(d.seq_read_mbs for d in data) / 1000
    per_gpu = read_gbs / n
    if not data:
        f.add("info", "storage.no-local-data", Msg("storage.no-local-data", n=n), (),
              Msg("storage.no-local-data.fix", gbps=READ_GBS_PER_GPU))
    elif per_gpu < READ_GBS_PER_GPU:
        low = per_gpu < READ_GBS_PER_GPU_LOW
        f.add("warning" if low else "info", "storage.throughput-low" if low else "storage.throughput",
              Msg("storage.throughput", total=read_gbs, per_gpu=per_gpu, need=READ_GBS_PER_GPU), tuple(data_slots),
              Msg("storage.throughput.fix", total=READ_GBS_PER_GPU * n))


def _single_boot(f: Facts, boot: Placed) -> None:
    """One boot drive in a rack server with a free bay for its twin: the OS has no mirror.

    Data-centre GPU servers boot from two mirrored drives: the NVIDIA DGX H100 and B200 ship
    "2× 1.92 TB M.2 NVMe (RAID 1)" for the OS (DGX B200 User Guide,
    https://docs.nvidia.com/dgx/dgxb200-user-guide/introduction-to-dgxb200.html), Dell's XE9680
    boots from BOSS-N1, two M.2 drives in hardware RAID 1."""
    spare = free_slot(f, boot.part, exclude=boot.slot.id)
    if spare is None:
        return
    f.add("info", "storage.boot-not-mirrored",
          Msg("storage.boot-not-mirrored", drive=boot.part.name, slot=boot.slot.id), (boot.slot.id,),
          Msg("storage.boot-not-mirrored.fix", drive=boot.part.name, slot=spare), [place(spare, boot.part.id)])


def _is_boot(drive: Drive) -> bool:
    return drive.tier == "boot" or drive.form_factor == "m2"


def _data_ops(f: Facts, gpus: int, taken: set[str]) -> list:
    """NVMe data drives in free bays: as many as give each GPU READ_GBS_PER_GPU of sequential read
    (one at least), of the catalog's data-tier NVMe drive that reads fastest (fewest drives), the
    smaller one of equal speed; none when no free bay takes one."""
    candidates = sorted((p for p in f.ctx.catalog.parts.values()
                         if isinstance(p, Drive) and p.interface == "nvme" and p.tier != "boot"
                         and p.form_factor != "m2" and p.seq_read_mbs > 0),
                        key=lambda d: (-d.seq_read_mbs, d.capacity_tb, d.id))
    for drive in candidates:
        bays = [s.id for s in f.ctx.slots if s.kind == "drive" and s.id not in f.at and s.id not in taken
                and drive.category in ACCEPTS[s.kind] and not slot_problems_of(f, s, drive)]
        if not bays:
            continue
        need = max(1, math.ceil(READ_GBS_PER_GPU * gpus * 1000 / drive.seq_read_mbs))
        return [place(slot, drive.id) for slot in bays[:need]]
    return []


def _boot_ops(f: Facts) -> list:
    bay = next((s for s in f.ctx.slots if s.kind == "drive" and s.bays is not None
                and s.bays.bay_type == "m2" and s.id not in f.at), None)
    if bay is None or bay.bays is None:
        return []
    interfaces = bay.bays.interfaces
    fits = [p for p in f.ctx.catalog.parts.values()
            if isinstance(p, Drive) and p.form_factor == "m2" and p.interface in interfaces]
    fits.sort(key=lambda d: (d.tier != "boot", d.capacity_tb, d.id))   # the smallest boot drive
    return [place(bay.id, fits[0].id)] if fits else []
