"""A small synthetic catalog (an HGX-style 8-GPU chassis and a 2U 4-GPU PCIe chassis) and
clean reference builds, so every rule can be broken one change at a time."""

from __future__ import annotations

from types import SimpleNamespace

from configurator.core.build import Build
from configurator.core.catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, Drive, Source

SRC = (Source(url="test fixture", date="2026-01", confidence="estimate"),)


def _p(cls, id, **kw):
    return cls(id=id, name=kw.pop("name", id), vendor="Test", sources=SRC, **kw)


def _gpu(id, name, form="pcie", **kw):
    base = dict(form_factor=form, memory_gb=80, memory_type="HBM3", memory_bandwidth_gbs=2000,
                bf16_tflops=700, fp16_tflops=700, tdp_w=350, idle_w=50, pcie_gen=5, pcie_lanes=16)
    if form != "pcie":
        base.update(baseboard_family="hgx-hopper", card_length="none", card_height="none", slot_width=1)
    base.update(kw)
    return _p(GPU, id, name=name, **base)


def _cpu(id, name, socket="LGA4677", **kw):
    base = dict(family="spr", socket=socket, cores=56, threads=112, base_ghz=2.0, boost_ghz=3.8, tdp_w=350,
                idle_w=60, memory_channels=8, memory_speed_1dpc_mts=4800, memory_speed_2dpc_mts=4400,
                pcie_lanes=80)
    base.update(kw)
    return _p(CPU, id, name=name, **base)


def _dimm(id, name, **kw):
    base = dict(capacity_gb=128, speed_mts=4800, idle_w=2, active_w=8)
    base.update(kw)
    return _p(DIMM, id, name=name, **base)


def _drive(id, name, **kw):
    base = dict(interface="nvme", form_factor="u2", pcie_gen=5, pcie_lanes=4, capacity_tb=7.68,
                seq_read_mbs=13000, seq_write_mbs=6600, active_w=25, idle_w=5)
    base.update(kw)
    return _p(Drive, id, name=name, **base)


def _nic(id, name, **kw):
    base = dict(ports=1, port_speed_gbps=400, pcie_gen=5, pcie_lanes=16, tdp_w=25, idle_w=10)
    base.update(kw)
    return _p(NIC, id, name=name, **base)


PARTS = [
    _gpu("h100-sxm", "NVIDIA H100 SXM5", form="sxm5", tdp_w=700, transient_factor=1.0),
    _gpu("b-liquid", "NVIDIA X1000 SXM (liquid)", form="sxm5", tdp_w=1000, liquid_only=True),
    _gpu("h-800", "NVIDIA H800W SXM5", form="sxm5", tdp_w=800),
    _gpu("h-1500", "NVIDIA H1500 SXM5", form="sxm5", tdp_w=1500),
    _gpu("mi300x", "AMD MI300X OAM", form="oam", baseboard_family="amd-oam", tdp_w=750),
    _gpu("h100-pcie", "NVIDIA H100 PCIe", nvlink_bridge_ways=2),
    _gpu("l40s", "NVIDIA L40S"),
    _gpu("l4", "NVIDIA L4", tdp_w=72, slot_width=1, card_length="hl", card_height="lp", pcie_gen=4,
         memory_gb=24),
    _gpu("hot-pcie", "Hot PCIe GPU", tdp_w=600),
    _cpu("x8480", "Xeon Platinum 8480+"),
    _cpu("x6448", "Xeon Gold 6448Y", cores=32, threads=64, tdp_w=225),
    _cpu("x-hot", "Xeon Hot 500W", tdp_w=500),
    _cpu("x-1p", "Xeon 1P-only", max_sockets=1),
    _cpu("x-48", "Xeon 48-lane", pcie_lanes=48),
    _cpu("epyc", "EPYC 9654", socket="SP5", memory_channels=12, pcie_lanes=128),
    _cpu("xddr4", "Xeon DDR4", memory_type="ddr4"),
    _dimm("d128", "DDR5-4800 128GB RDIMM"),
    _dimm("d64", "DDR5-4800 64GB RDIMM", capacity_gb=64),
    _dimm("d32", "DDR5-4800 32GB RDIMM", capacity_gb=32),
    _dimm("d128-3ds", "DDR5-4800 128GB 3DS RDIMM", module_type="3ds-rdimm"),
    _dimm("d128-5600", "DDR5-5600 128GB RDIMM", speed_mts=5600),
    _dimm("d128-4400", "DDR5-4400 128GB RDIMM", speed_mts=4400),
    _dimm("ddr4", "DDR4-3200 64GB RDIMM", memory_type="ddr4", capacity_gb=64, speed_mts=3200),
    _drive("u2g5", "PM1743 U.2 7.68TB"),
    _drive("u2g4", "Micron 7450 U.2 (Gen4)", pcie_gen=4, seq_read_mbs=6800),
    _drive("m2boot", "M.2 boot 960GB", form_factor="m2", pcie_gen=4, pcie_lanes=4, capacity_tb=0.96,
           seq_read_mbs=3000, tier="boot"),
    _drive("sata", "SATA SSD 3.84TB", interface="sata", form_factor="sata25", pcie_gen=None, pcie_lanes=None,
           seq_read_mbs=530, seq_write_mbs=500, active_w=4, idle_w=1),
    _drive("e3s", "E3.S 7.68TB", form_factor="e3s"),
    _drive("u2sas", "SAS SSD U.2", interface="sas", pcie_gen=None, pcie_lanes=None, seq_read_mbs=2000),
    _nic("cx7", "ConnectX-7 400G"),
    _nic("cx7-ocp", "ConnectX-7 OCP", form_factor="ocp3"),
    _nic("cx7-fh", "ConnectX-7 FHFL", card_height="fh", card_length="fl"),
    _nic("e810", "Intel E810 2x25G", ports=2, port_speed_gbps=25, pcie_gen=4, pcie_lanes=8),
    _nic("cx6", "ConnectX-6 100G", ports=1, port_speed_gbps=100, pcie_gen=4, pcie_lanes=16),
    _nic("bf3", "BlueField-3 DPU", kind="dpu", ports=2, port_speed_gbps=200, card_height="fh"),
    _p(PSU, "psu3k", name="3000 W Titanium PSU", rating_w=3000),
    _p(PSU, "psu3k-b", name="3000 W PSU (other vendor)", rating_w=3000),
    _p(PSU, "psu2k", name="2000 W Titanium PSU", rating_w=2000, rating_low_line_w=1000),
    _p(PSU, "psu-odd", name="1600 W PSU", rating_w=1600),
    _p(PSU, "psu4k", name="4000 W Titanium PSU", rating_w=4000),
    _p(Cooling, "air", name="Air cooling", kind="air", idle_w=100, max_w=600),
    _p(Cooling, "liquid", name="Direct liquid cooling kit", kind="liquid", idle_w=50, max_w=200,
       requires_facility_water=True),
    _p(Cooling, "air-other", name="Other air kit", kind="air", idle_w=100, max_w=600),
]

HGX = _p(
    Chassis, "hgx8", name="Test HGX 8U", rack_units=8, weight_kg=130, depth_mm=900,
    sockets=[{"id": "CPU1", "socket": "LGA4677"}, {"id": "CPU2", "socket": "LGA4677"}],
    memory={"channels_per_socket": 8, "dpc": 2},
    pcie_switches=[{"id": f"PLX{i}", "parent": "CPU1" if i <= 2 else "CPU2", "uplink_lanes": 16,
                    "downstream_lanes": 64} for i in range(1, 5)],
    pcie_slots=[*({"id": f"NIC{i}", "gen": 5, "lanes": 16, "root": f"PLX{(i + 1) // 2}", "height": "lp"}
                  for i in range(1, 9)),
                {"id": "SLOT9", "gen": 5, "lanes": 16, "root": "CPU1", "height": "fh", "length": "fl"},
                {"id": "SLOT10", "gen": 4, "lanes": 16, "root": "CPU2", "height": "fh"},
                {"id": "OCP1", "gen": 5, "lanes": 16, "root": "CPU1", "form": "ocp3", "height": "lp"},
                {"id": "SLOT11", "gen": 5, "lanes": 16, "root": "PLX1", "height": "fh"}],
    gpu_baseboard={"family": "hgx-hopper", "positions": 8, "fabric": "nvswitch", "fabric_gbs": 900,
                   "uplinks": [f"PLX{(i + 2) // 2}" for i in range(8)], "label": "HGX H100 8-GPU"},
    max_gpus=8,
    drive_bays=[{"prefix": "NVME", "count": 8, "bay_type": "u2", "interfaces": ["nvme"], "root": "CPU2"},
                {"prefix": "M2_", "count": 2, "bay_type": "m2", "interfaces": ["nvme"], "root": "CPU1",
                 "pcie_gen": 4, "lanes_per_bay": 4}],
    psu={"count": 8, "supported": ["psu3k", "psu3k-b"], "redundancy_modes": ["4+2", "4+4", "N+1", "N+N"],
         "default_redundancy": "4+2"},
    cooling_options=[{"cooling": "air", "max_gpu_tdp_w": 700, "max_cpu_tdp_w": 350, "airflow_cfm": 1500,
                      "heat_capacity_w": 14000},
                     {"cooling": "liquid", "max_gpu_tdp_w": 1200, "max_cpu_tdp_w": 500, "airflow_cfm": 500,
                      "heat_capacity_w": 20000}],
    base_idle_w=200, base_max_w=600, baseboard_idle_w=100, baseboard_max_w=300,
)

PCIE4 = _p(
    Chassis, "pcie4", name="Test 2U 4-GPU", rack_units=2, weight_kg=30, depth_mm=800,
    sockets=[{"id": "CPU1", "socket": "LGA4677"}, {"id": "CPU2", "socket": "LGA4677"}],
    memory={"channels_per_socket": 8, "dpc": 1},
    pcie_slots=[
        {"id": "SLOT1", "gen": 5, "lanes": 16, "root": "CPU1", "length": "fl", "gpu_capable": True,
         "max_width": 2, "blocks": ["SLOT2"]},
        {"id": "SLOT2", "gen": 5, "lanes": 16, "root": "CPU1"},
        {"id": "SLOT3", "gen": 5, "lanes": 16, "root": "CPU2", "length": "fl", "gpu_capable": True,
         "max_width": 2, "blocks": ["SLOT4"]},
        {"id": "SLOT4", "gen": 4, "lanes": 8, "root": "CPU2", "height": "lp"},
        {"id": "SLOT5", "gen": 5, "lanes": 16, "root": "CPU1", "length": "fl", "gpu_capable": True, "max_width": 2},
        {"id": "SLOT6", "gen": 5, "lanes": 16, "root": "CPU2", "length": "fl", "gpu_capable": True, "max_width": 2},
        {"id": "SLOT7", "gen": 4, "lanes": 16, "root": "CPU2", "height": "lp"},
        {"id": "OCP1", "gen": 5, "lanes": 16, "root": "CPU1", "form": "ocp3", "height": "lp"},
    ],
    max_gpus=4,
    drive_bays=[{"prefix": "BAY", "count": 4, "bay_type": "u2", "interfaces": ["nvme"], "root": "CPU1",
                 "pcie_gen": 4},
                {"prefix": "SATA", "count": 4, "bay_type": "sata25", "interfaces": ["sata", "sas"],
                 "lanes_per_bay": 0},
                {"prefix": "M2_", "count": 1, "bay_type": "m2", "interfaces": ["nvme"], "root": "CPU1",
                 "pcie_gen": 4}],
    psu={"count": 2, "supported": ["psu2k", "psu3k", "psu4k"], "redundancy_modes": ["1+1", "N"],
         "default_redundancy": "1+1"},
    cooling_options=[{"cooling": "air", "max_gpu_tdp_w": 400, "max_cpu_tdp_w": 350, "airflow_cfm": 400,
                      "heat_capacity_w": 4000}],
    base_idle_w=100, base_max_w=250,
)

CATALOG = Catalog(parts={p.id: p for p in [*PARTS, HGX, PCIE4]})


def dimms(part: str, sockets=("CPU1", "CPU2"), channels=8, dpc=1) -> dict[str, str]:
    letters = "ABCDEFGHIJKL"
    return {f"{s}_DIMM_{letters[c]}{d + 1}": part for s in sockets for c in range(channels) for d in range(dpc)}


def hgx_placements() -> dict[str, str]:
    out = {"CPU1": "x8480", "CPU2": "x8480", **dimms("d128"), "COOLING": "air"}
    out.update({f"GPU{i}": "h100-sxm" for i in range(1, 9)})
    out.update({f"NIC{i}": "cx7" for i in range(1, 9)})
    out.update({"M2_1": "m2boot", "M2_2": "m2boot", **{f"NVME{i}": "u2g5" for i in range(1, 5)}})   # mirrored boot
    out.update({f"PSU{i}": "psu3k" for i in range(1, 7)})
    return out


def pcie4_placements() -> dict[str, str]:
    out = {"CPU1": "x8480", "CPU2": "x8480", **dimms("d128"), "COOLING": "air",
           "SLOT1": "h100-pcie", "SLOT3": "h100-pcie", "SLOT5": "h100-pcie", "SLOT6": "h100-pcie",
           "OCP1": "cx7-ocp", "SLOT7": "cx6", "M2_1": "m2boot", "BAY1": "u2g4", "PSU1": "psu4k", "PSU2": "psu4k"}
    return out


def make(chassis: str = "hgx8", *, drop=(), multi_node: bool | None = None, **changes) -> Build:
    """A reference build of `chassis` with `drop` slots removed and `changes` applied.

    `changes` keys are slot ids (value None removes) or build fields (site, bridges ...)."""
    placements = hgx_placements() if chassis == "hgx8" else pcie4_placements()
    fields = {}
    for k, v in changes.items():
        if k in Build.model_fields:
            fields[k] = v
        elif v is None:
            placements.pop(k, None)
        else:
            placements[k] = v
    for s in drop:
        placements.pop(s, None)
    if chassis == "pcie4" and "bridges" not in fields:
        fields["bridges"] = (("SLOT1", "SLOT5"), ("SLOT3", "SLOT6"))
    if multi_node is None:
        multi_node = chassis == "hgx8"     # the 2U PCIe box is an inference / single-node server
    return Build(chassis=chassis, placements=placements, multi_node=multi_node, **fields)


def fake_figures(*, peak_w=8000.0, usable_w=12000.0, rating_w=3000.0, typical_pct=50.0, heat_typ=7000.0,
                 heat_max=9000.0, capacity_w=14000.0, host_gb=2048.0, vram_gb=640.0, net_gbps=400.0,
                 storage_gbs=50.0, feed_capacity=None, name="3000 W Titanium PSU", redundancy="4+2",
                 feed_loss=None):
    """Figures with chosen numbers, for rules that only compare them."""
    return SimpleNamespace(
        power=SimpleNamespace(peak_w=peak_w),
        psu=SimpleNamespace(usable_w=usable_w, rating_w=rating_w, load_pct_typical=typical_pct, name=name,
                            redundancy=redundancy, feed_capacity_w=feed_capacity or {"A": 9000, "B": 9000},
                            feed_loss_pct=feed_loss or {}),
        thermal=SimpleNamespace(heat_typical_w=heat_typ, heat_max_w=heat_max, capacity_w=capacity_w),
        memory=SimpleNamespace(capacity_gb=host_gb),
        compute=SimpleNamespace(vram_gb=vram_gb),
        bandwidth=SimpleNamespace(network_gbps_per_gpu=net_gbps, storage_read_gbs=storage_gbs),
    )
