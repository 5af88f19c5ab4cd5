"""Synthetic parts and chassis for the evaluation tests (round figures, easy to check by hand).

The shipped catalogs are tested separately once they exist; these parts are built directly
from the pydantic models so the expectations below stay stable whatever the catalog holds.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from configurator.core.catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, Drive, Price

SRC = ({"url": "synthetic test part", "date": "2026-11-30", "confidence": "estimate"},)


def _gpu(**kw: Any) -> GPU:
    base = dict(id="gpu-sxm", name="Test SXM 80GB", vendor="T", sources=SRC, form_factor="sxm5",
                baseboard_family="hgx-test", memory_gb=80, memory_type="HBM3", memory_bandwidth_gbs=3350,
                bf16_tflops=989, fp16_tflops=989, fp8_tflops=1979, tdp_w=700, idle_w=70, typical_pct=0.8,
                transient_factor=1.2, scaleup_link="NVLink 4", scaleup_gbs=900, pcie_gen=5, pcie_lanes=16,
                rent_per_hour=2.25)
    base.update(kw)
    return GPU(**base)


def parts() -> list:
    return [
        _gpu(),
        _gpu(id="gpu-pcie", name="Test PCIe 94GB", form_factor="pcie", baseboard_family="", memory_gb=94,
             memory_bandwidth_gbs=3900, bf16_tflops=835, fp16_tflops=835, fp8_tflops=1670, tdp_w=400,
             idle_w=40, transient_factor=1.0, scaleup_link="NVLink bridge", scaleup_gbs=600,
             nvlink_bridge_ways=2, rent_per_hour=None),
        _gpu(id="gpu-gen4", name="Test Gen4 48GB", form_factor="pcie", baseboard_family="", memory_gb=48,
             memory_bandwidth_gbs=864, bf16_tflops=362, fp16_tflops=362, fp8_tflops=None, tdp_w=350,
             idle_w=35, transient_factor=1.0, scaleup_gbs=0, pcie_gen=4, rent_per_hour=0.87),
        _gpu(id="gpu-x8", name="Test Gen4 x8 24GB", form_factor="pcie", baseboard_family="", memory_gb=24,
             memory_bandwidth_gbs=300, bf16_tflops=121, fp16_tflops=121, fp8_tflops=242, tdp_w=72,
             idle_w=16, transient_factor=1.0, scaleup_gbs=0, pcie_gen=4, pcie_lanes=8, slot_width=1,
             rent_per_hour=None),
        CPU(id="cpu-spr", name="Test SPR 56c", vendor="T", sources=SRC, family="xeon-4", socket="LGA4677",
            cores=56, threads=112, base_ghz=2.0, boost_ghz=3.8, tdp_w=350, idle_w=100, memory_channels=8,
            memory_speed_1dpc_mts=4800, memory_speed_2dpc_mts=4400, pcie_gen=5, pcie_lanes=80),
        CPU(id="cpu-genoa", name="Test Genoa 96c", vendor="T", sources=SRC, family="epyc-9004", socket="SP5",
            cores=96, threads=192, base_ghz=2.4, boost_ghz=3.7, tdp_w=360, idle_w=90, memory_channels=12,
            memory_speed_1dpc_mts=4800, memory_speed_2dpc_mts=None, pcie_gen=5, pcie_lanes=128),
        CPU(id="cpu-turin", name="Test Turin 64c", vendor="T", sources=SRC, family="epyc-9005", socket="SP5",
            cores=64, threads=128, base_ghz=2.5, boost_ghz=4.1, tdp_w=400, idle_w=90, memory_channels=12,
            memory_speed_1dpc_mts=6400, pcie_gen=5, pcie_lanes=128),
        CPU(id="cpu-gen4", name="Test Gen4 CPU", vendor="T", sources=SRC, family="old", socket="SP5",
            cores=32, threads=64, base_ghz=2.4, boost_ghz=3.7, tdp_w=280, idle_w=80, memory_channels=12,
            memory_speed_1dpc_mts=4800, pcie_gen=4, pcie_lanes=128),
        DIMM(id="dimm-64-4800", name="64GB DDR5-4800", vendor="T", sources=SRC, capacity_gb=64,
             speed_mts=4800, idle_w=3, active_w=10),
        DIMM(id="dimm-64-6400", name="64GB DDR5-6400", vendor="T", sources=SRC, capacity_gb=64,
             speed_mts=6400, idle_w=3, active_w=11),
        Drive(id="nvme-gen5", name="Test Gen5 U.2 3.84TB", vendor="T", sources=SRC, interface="nvme",
              form_factor="u2", pcie_gen=5, pcie_lanes=4, capacity_tb=3.84, seq_read_mbs=13000,
              seq_write_mbs=6600, active_w=25, idle_w=8),
        Drive(id="nvme-gen4", name="Test Gen4 U.2 7.68TB", vendor="T", sources=SRC, interface="nvme",
              form_factor="u2", pcie_gen=4, pcie_lanes=4, capacity_tb=7.68, seq_read_mbs=7000,
              seq_write_mbs=3500, active_w=20, idle_w=6),
        Drive(id="m2-boot", name="Test M.2 boot", vendor="T", sources=SRC, interface="nvme", form_factor="m2",
              pcie_gen=4, pcie_lanes=4, capacity_tb=1.92, seq_read_mbs=6000, seq_write_mbs=2000,
              active_w=8, idle_w=2, tier="boot"),
        NIC(id="nic-400", name="Test 400G NIC", vendor="T", sources=SRC, kind="nic", protocol="ib", ports=1,
            port_speed_gbps=400, pcie_gen=5, pcie_lanes=16, tdp_w=25, idle_w=15),
        NIC(id="dpu-2x200", name="Test DPU", vendor="T", sources=SRC, kind="dpu", ports=2,
            port_speed_gbps=200, pcie_gen=5, pcie_lanes=16, tdp_w=150, idle_w=60),
        PSU(id="psu-3000", name="Test 3000 W", vendor="T", sources=SRC, rating_w=3000,
            rating_low_line_w=1350, efficiency_pct=96),
        PSU(id="psu-3300", name="Test 3300 W", vendor="T", sources=SRC, rating_w=3300,
            rating_low_line_w=0, efficiency_pct=95),
        PSU(id="psu-277", name="Test 277 V", vendor="T", sources=SRC, rating_w=3200,
            input_min_v=277, input_max_v=305),
        Cooling(id="air-hgx", name="Test fans", vendor="T", sources=SRC, kind="air", idle_w=100, max_w=900),
        Cooling(id="dlc", name="Test DLC", vendor="T", sources=SRC, kind="liquid", idle_w=50, max_w=150,
                requires_facility_water=True),
        Cooling(id="air-other", name="Unlisted fans", vendor="T", sources=SRC, kind="air", idle_w=10,
                max_w=20),
        hgx_chassis(),
        pcie_chassis(),
    ]


def hgx_chassis() -> Chassis:
    """8U HGX: 2 sockets, 8 ch × 2DPC, 4 switches (2 GPUs + 2 NICs + 2 bays each), 6 PSUs 4+2."""
    switches = [{"id": f"SW{i + 1}", "parent": "CPU1" if i < 2 else "CPU2"} for i in range(4)]
    return Chassis(
        id="hgx-test", name="Test HGX 8U", vendor="T", sources=SRC, rack_units=8, weight_kg=130,
        depth_mm=900, sockets=[{"id": "CPU1", "socket": "LGA4677"}, {"id": "CPU2", "socket": "LGA4677"}],
        memory={"channels_per_socket": 8, "dpc": 2}, pcie_switches=switches,
        pcie_slots=[{"id": f"NIC{i + 1}", "gen": 5, "lanes": 16, "root": f"SW{i // 2 + 1}", "height": "lp"}
                    for i in range(8)] + [{"id": "X1", "gen": 5, "lanes": 16, "root": "CPU1"}],
        gpu_baseboard={"family": "hgx-test", "positions": 8, "fabric": "nvswitch", "fabric_gbs": 900,
                       "uplinks": [f"SW{i // 2 + 1}" for i in range(8)]},
        max_gpus=8,
        drive_bays=[{"prefix": "NVME", "count": 8, "bay_type": "u2", "interfaces": ["nvme"], "root": "CPU1"},
                    {"prefix": "M2_", "count": 2, "bay_type": "m2", "interfaces": ["nvme"], "root": "CPU1",
                     "pcie_gen": 4}],
        psu={"count": 6, "supported": ["psu-3000", "psu-3300"], "redundancy_modes": ["N", "N+1", "4+2", "N+N"],
             "default_redundancy": "4+2"},
        cooling_options=[{"cooling": "air-hgx", "max_gpu_tdp_w": 700, "max_cpu_tdp_w": 350,
                          "airflow_cfm": 1100, "heat_capacity_w": 12000, "rated_ambient_c": 30},
                         {"cooling": "dlc", "max_gpu_tdp_w": 1000, "max_cpu_tdp_w": 400,
                          "airflow_cfm": 300, "heat_capacity_w": 15000, "rated_ambient_c": 30}],
        base_idle_w=200, base_max_w=600, baseboard_idle_w=100, baseboard_max_w=300,
    )


def pcie_chassis() -> Chassis:
    """4U PCIe: 2 sockets, 12 ch × 1DPC, GPU slots S1-S4 behind two switches, G5/G6 on the CPUs."""
    slot = {"gen": 5, "lanes": 16, "gpu_capable": True, "max_width": 2, "length": "fl"}
    return Chassis(
        id="pcie-test", name="Test PCIe 4U", vendor="T", sources=SRC, rack_units=4, weight_kg=45,
        depth_mm=800, sockets=[{"id": "CPU1", "socket": "SP5"}, {"id": "CPU2", "socket": "SP5"}],
        memory={"channels_per_socket": 12, "dpc": 1},
        pcie_switches=[{"id": "SWA", "parent": "CPU1"}, {"id": "SWB", "parent": "CPU2"}],
        pcie_slots=[{**slot, "id": "S1", "root": "SWA"}, {**slot, "id": "S2", "root": "SWA"},
                    {**slot, "id": "S3", "root": "SWB"}, {**slot, "id": "S4", "root": "SWB"},
                    {**slot, "id": "G5", "root": "CPU1"}, {**slot, "id": "G6", "root": "CPU2"},
                    {"id": "N1", "gen": 5, "lanes": 16, "root": "CPU1"}],
        max_gpus=6,
        drive_bays=[{"prefix": "BAY", "count": 4, "bay_type": "u2", "interfaces": ["nvme"], "root": "CPU1",
                     "pcie_gen": 4}],
        psu={"count": 4, "supported": ["psu-3000"], "redundancy_modes": ["N", "N+1", "N+N", "2+2"],
             "default_redundancy": "N+N"},
        cooling_options=[{"cooling": "air-hgx", "max_gpu_tdp_w": 450, "max_cpu_tdp_w": 400,
                          "airflow_cfm": 600, "heat_capacity_w": 6000, "rated_ambient_c": 25}],
        base_idle_w=100, base_max_w=250,
    )


PRICES = {
    "hgx-test": ("25000", "USD"), "gpu-sxm": ("30000", "USD"), "cpu-spr": ("10000.50", "USD"),
    "dimm-64-4800": ("350.335", "USD"), "nvme-gen5": ("1200", "EUR"), "nic-400": ("2000", "USD"),
    "psu-3000": ("600", "USD"), "air-hgx": ("1000", "USD"),
}


def make_catalog(prices: dict[str, tuple[str, str]] | None = None) -> Catalog:
    table = PRICES if prices is None else prices
    return Catalog(
        parts={p.id: p for p in parts()},
        prices={pid: Price(part_id=pid, price=Decimal(v), currency=c, date="2026-11", source="test list")
                for pid, (v, c) in table.items()},
    )


def hgx_placements(gpu: str = "gpu-sxm") -> dict[str, str]:
    """The full HGX build: 2 CPUs, 32 DIMMs, 8 GPUs, 8 NICs, 8 NVMe, 6 PSUs, fans."""
    p = {"CPU1": "cpu-spr", "CPU2": "cpu-spr", "COOLING": "air-hgx"}
    for s in ("CPU1", "CPU2"):
        for ch in "ABCDEFGH":
            for d in (1, 2):
                p[f"{s}_DIMM_{ch}{d}"] = "dimm-64-4800"
    for i in range(1, 9):
        p[f"GPU{i}"] = gpu
        p[f"NIC{i}"] = "nic-400"
        p[f"NVME{i}"] = "nvme-gen5"
    for i in range(1, 7):
        p[f"PSU{i}"] = "psu-3000"
    return p
