"""The bandwidth chain's words (core/evaluate/bandwidth.py): each link's name and detail, and
what the narrowest feed link limits. The Bandwidth panel, `configurator evaluate`, the compare
grid, the explanations and `evaluate --json` (in English) all word them from here."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    # the links' names
    "bandwidth.link.storage": N_("NVMe drives (sequential read)"),
    "bandwidth.link.ddr": N_("DDR at {speed} MT/s"),
    "bandwidth.link.pcie": N_("PCIe Gen{gen} x{lanes}"),
    "bandwidth.link.pcie-shared": N_("PCIe Gen{gen} x{lane} switch uplink shared by {n} GPUs"),
    "bandwidth.link.hbm": N_("GPU memory (HBM/GDDR)"),
    "bandwidth.link.network": N_("Network (compute-fabric NIC ports)"),
    "bandwidth.link.fabric": N_("{fabric}, {gbs} GB/s bidirectional"),
    "bandwidth.link.bridge": N_("NVLink bridge, {gbs} GB/s bidirectional, bridged peers only"),
    "bandwidth.link.p2p": N_("PCIe peer-to-peer through the switch / CPU (upper bound)"),
    # the links' details
    "bandwidth.detail.storage": N_("{total} GB/s from {n} NVMe data drive(s) shared by {k} GPU(s)"),
    "bandwidth.detail.host-memory": N_("{total} GB/s over {n} channel(s) shared by {k} GPU(s)"),
    "bandwidth.detail.pcie": N_("theoretical; ~{pct} is measured in practice"),
    "bandwidth.detail.hbm": N_("on-package"),
    "bandwidth.detail.per-direction": N_("per direction"),
    "bandwidth.detail.network": N_("{total} Gb/s in total from {n} NIC(s) over {k} GPU(s); storage/management "
                                   "NICs and DPUs excluded"),
    # what the narrowest feed link limits
    "bandwidth.no-gpus": N_("No GPUs placed: nothing to feed."),
    "bandwidth.filling": N_("filling one GPU's {vram} GB of memory takes {secs}"),
    "bandwidth.forever": N_("forever"),
    "bandwidth.storage-none": N_("No NVMe data drives: training data and checkpoints must come over the network; "
                                 "add NVMe drives for local data staging."),
    "bandwidth.storage": N_("Each GPU gets {gbs} GB/s from the NVMe drives: {filling}; data-loading-heavy jobs "
                            "and checkpoint restores will wait on storage."),
    "bandwidth.host-memory-none": N_("No working host memory (no DIMMs behind a CPU): the server cannot feed "
                                     "its GPUs."),
    "bandwidth.host-memory": N_("Each GPU gets {gbs} GB/s of host-memory bandwidth: CPU-side data loading, "
                                "pinned-memory staging and CPU offload (e.g. ZeRO-Offload) are limited; populate "
                                "more memory channels."),
    "bandwidth.pcie": N_("Each GPU's host link carries {gbs} GB/s per direction (theoretical): {filling}; "
                         "host-to-device copies and CPU offload are limited by PCIe."),
    "bandwidth.hbm": N_("The GPUs' own memory ({gbs} GB/s) is the narrowest link: the host side keeps up, "
                        "memory-bound kernels run at GPU-memory speed."),
}
