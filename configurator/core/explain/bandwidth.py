"""Explanations of the bandwidth chain: each link from storage to the network, and the bottleneck."""

from __future__ import annotations

import re

from ..evaluate import bandwidth as bwm
from ..message import Num, Term
from .explanation import Explainer, Explanation, Input

_STAGE = {
    "storage": "explain.nvme-data-drives-sequential-read",
    "host-memory": "explain.memory-bandwidth-gbs-gpus",
    "pcie": "explain.narrowest-gpu-host-link-min",
    "hbm": "explain.slowest-gpu-memory-bandwidth",
    "gpu-gpu": "explain.worst-gpu-peer-bandwidth-per",
    "network": "explain.compute-fabric-nic-ports-speed",
}


def link(x: Explainer, m: re.Match[str]) -> Explanation:
    bw = x.ev.bandwidth
    if m.group(1) == "bottlenecks":
        link = next(ln for ln in bw.chain if ln.stage == bw.bottleneck)
    else:
        link = bw.chain[int(m.group(2))]
    ins = [Input(x.t("explain.link"), link.name, x.t("explain.build-parts-slots")),
           Input(x.t("explain.detail"), link.detail or "", x.t("explain.evaluation"))]
    if link.stage == "pcie":
        ins.append(Input(x.t("explain.measured-share"), Num(bwm.PCIE_MEASURED_SHARE, ".0%"),
                         x.t("explain.nvbandwidth-8-h200-url", url="https://github.com/stas00/ml-engineering")))
    elif link.stage == "network":
        ins += [x.part_input(pl.part, "port_speed_gbps", unit="Gb/s") for pl in bwm.fabric_nics(x.ctx)[:1]]
    elif link.stage in ("hbm", "gpu-gpu"):
        gpu = next((pl.part for pl in x.ctx.gpus_placed), None)
        ins.append(x.part_input(gpu, "memory_bandwidth_gbs" if link.stage == "hbm" else "scaleup_gbs", unit="GB/s"))
    how = x.t(_STAGE[link.stage]) if link.stage in _STAGE else link.name
    return x.made("GB/s", x.t("explain.stage-how-theoretical-peak-per",
                              stage=Term(link.stage), how=how), ins)


