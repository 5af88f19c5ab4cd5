"""What the troubleshooter knows about a server: read once from the build, its rule findings and
the last acceptance report."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..acceptance.checklist import parts_in
from ..acceptance.verdicts import Report
from ..build import Build
from ..catalog import CPU, DIMM, GPU, NIC, Catalog, Drive
from ..message import Msg


@dataclass(frozen=True)
class Facts:
    """The figures the signals read; every field has a neutral default, so a symptom can be
    diagnosed from a build alone, results alone, or nothing at all."""

    gpus: int = 0
    gpu_memory_gb: float = 0.0
    pcie_gpus: bool = False
    gpu_link_gbs: float = 0.0
    nvswitch: bool = False
    bridged: bool = False
    cpu_cores: int = 0
    cpu_sockets: int = 0
    memory_gb: float = 0.0
    nvme_read_gbs: float = 0.0
    fabric_gbps: float = 0.0
    multi_node: bool = False
    codes: frozenset[str] = frozenset()
    failed: frozenset[str] = frozenset()         # acceptance step keys that failed
    skipped: tuple[tuple[str, str], ...] = ()    # (tool, why) the script skipped
    detail: tuple[Msg, ...] = field(default=())

    def code(self, *prefixes: str) -> list[str]:
        return sorted(c for c in self.codes if c.startswith(prefixes))

    def failed_step(self, *prefixes: str) -> list[str]:
        return sorted(k for k in self.failed if k.startswith(prefixes))


def facts_for(build: Build | None, catalog: Catalog | None, codes: frozenset[str] = frozenset(),
              report: Report | None = None) -> Facts:
    """The facts of a build (with its violation codes) and of the last acceptance report."""
    values: dict = {"codes": codes}
    if build is not None and catalog is not None:
        gpus = [g for _, g in parts_in(build, catalog, GPU) if isinstance(g, GPU)]
        cpus = [c for _, c in parts_in(build, catalog, CPU) if isinstance(c, CPU)]
        chassis = catalog.chassis(build.chassis)
        board = chassis.gpu_baseboard if chassis else None
        dimms = [d for _, d in parts_in(build, catalog, DIMM) if isinstance(d, DIMM)]
        nvme = [d for _, d in parts_in(build, catalog, Drive) if isinstance(d, Drive) and d.interface == "nvme"]
        nics = [n for _, n in parts_in(build, catalog, NIC) if isinstance(n, NIC) and n.kind != "dpu"]
        values.update(gpus=len(gpus), gpu_memory_gb=sum(g.memory_gb for g in gpus),
                      pcie_gpus=any(g.form_factor == "pcie" for g in gpus),
                      gpu_link_gbs=(board.fabric_gbs if board else max((g.scaleup_gbs for g in gpus), default=0.0)),
                      nvswitch=bool(board and board.fabric == "nvswitch"), bridged=bool(build.bridges),
                      cpu_cores=sum(c.cores for c in cpus), cpu_sockets=len(cpus),
                      memory_gb=sum(d.capacity_gb for d in dimms),
                      nvme_read_gbs=sum(d.seq_read_mbs for d in nvme) / 1000,
                      fabric_gbps=sum(n.port_speed_gbps * n.ports for n in nics), multi_node=build.multi_node)
    if report is not None:
        values.update(failed=frozenset(r.step.key for r in report.rows if r.verdict == "fail"),
                      skipped=report.results.skipped)
    return Facts(**values)
