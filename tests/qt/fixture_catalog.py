"""A small, self-contained catalog for GUI and placement tests (independent of shipped data)."""

from __future__ import annotations

from decimal import Decimal

from configurator.core.catalog import CPU, DIMM, GPU, NIC, PSU, Catalog, Chassis, Cooling, Drive, Price

SRC = ({"url": "test fixture", "date": "2025-01-01", "confidence": "estimate"},)


def _p(cls, **kw):
    return cls.model_validate({"sources": SRC, "vendor": "Test", **kw})


def make_catalog() -> Catalog:
    parts = [
        _p(GPU, id="h100-sxm", name="NVIDIA H100 SXM5 80GB", vendor="NVIDIA", form_factor="sxm5",
           baseboard_family="hgx-hopper", memory_gb=80, memory_type="HBM3", memory_bandwidth_gbs=3350,
           bf16_tflops=989, fp16_tflops=989, fp8_tflops=1979, tdp_w=700, idle_w=70, pcie_gen=5,
           pcie_lanes=16, slot_width=1, card_length="none", card_height="none"),
        _p(GPU, id="mi300x", name="AMD Instinct MI300X", vendor="AMD", form_factor="oam",
           baseboard_family="amd-ubb", memory_gb=192, memory_type="HBM3", memory_bandwidth_gbs=5300,
           bf16_tflops=1307, fp16_tflops=1307, tdp_w=750, idle_w=90, pcie_gen=5, pcie_lanes=16,
           slot_width=1, card_length="none", card_height="none"),
        _p(GPU, id="h100-pcie", name="NVIDIA H100 PCIe 80GB", vendor="NVIDIA", form_factor="pcie",
           memory_gb=80, memory_type="HBM2e", memory_bandwidth_gbs=2000, bf16_tflops=756,
           fp16_tflops=756, tdp_w=350, idle_w=40, pcie_gen=5, pcie_lanes=16, slot_width=2),
        _p(CPU, id="xeon-8480", name="Intel Xeon Platinum 8480+", vendor="Intel", family="sapphire-rapids",
           socket="LGA4677", cores=56, threads=112, base_ghz=2.0, boost_ghz=3.8, tdp_w=350, idle_w=90,
           memory_channels=8, memory_speed_1dpc_mts=4800, memory_speed_2dpc_mts=4400, pcie_lanes=80),
        _p(CPU, id="epyc-9654", name="AMD EPYC 9654", vendor="AMD", family="genoa", socket="SP5",
           cores=96, threads=192, base_ghz=2.4, boost_ghz=3.7, tdp_w=360, idle_w=100,
           memory_channels=12, memory_speed_1dpc_mts=4800, pcie_lanes=128),
        _p(DIMM, id="ddr5-64", name="64GB DDR5-4800 RDIMM", capacity_gb=64, speed_mts=4800,
           idle_w=2, active_w=6),
        _p(DIMM, id="ddr4-32", name="32GB DDR4-3200 RDIMM", memory_type="ddr4", capacity_gb=32,
           speed_mts=3200, idle_w=1.5, active_w=4),
        _p(Drive, id="u2-3.84", name="3.84TB U.2 NVMe", interface="nvme", form_factor="u2", pcie_gen=4,
           pcie_lanes=4, capacity_tb=3.84, seq_read_mbs=7000, seq_write_mbs=4000, active_w=20, idle_w=5),
        _p(Drive, id="sata-1.92", name="1.92TB SATA SSD", interface="sata", form_factor="sata25",
           capacity_tb=1.92, seq_read_mbs=550, seq_write_mbs=500, active_w=4, idle_w=1),
        _p(NIC, id="cx7", name="ConnectX-7 400G", vendor="NVIDIA", protocol="ib", ports=1,
           port_speed_gbps=400, pcie_gen=5, pcie_lanes=16, tdp_w=25, idle_w=10),
        _p(NIC, id="ocp-100g", name="OCP 3.0 2x100G", ports=2, port_speed_gbps=100, pcie_gen=4,
           pcie_lanes=16, form_factor="ocp3", tdp_w=15, idle_w=8),
        _p(NIC, id="fh-nic", name="Full-height 200G NIC", ports=2, port_speed_gbps=200, pcie_gen=5,
           pcie_lanes=16, card_height="fh", tdp_w=20, idle_w=8),
        _p(PSU, id="psu-3000", name="3000W Titanium PSU", rating_w=3000),
        _p(PSU, id="psu-1600", name="1600W Platinum PSU", rating_w=1600, efficiency_class="platinum"),
        _p(Cooling, id="air-hgx", name="HGX air cooling", kind="air", idle_w=200, max_w=1500),
        _p(Cooling, id="air-2u", name="2U fan kit", kind="air", idle_w=40, max_w=300),
        _p(Chassis, id="hgx-8u", name="Test HGX 8U", rack_units=8, weight_kg=120, depth_mm=900,
           sockets=[{"id": "CPU1", "socket": "LGA4677"}, {"id": "CPU2", "socket": "LGA4677"}],
           memory={"channels_per_socket": 8, "dpc": 2},
           pcie_switches=[{"id": "SW1", "parent": "CPU1"}, {"id": "SW2", "parent": "CPU2"}],
           pcie_slots=[{"id": f"NIC{i}", "gen": 5, "lanes": 16, "root": "SW1" if i <= 4 else "SW2",
                        "height": "lp", "label": f"NIC{i}"} for i in range(1, 9)]
           + [{"id": "OCP1", "gen": 4, "lanes": 16, "root": "CPU1", "form": "ocp3", "label": "OCP"}],
           gpu_baseboard={"family": "hgx-hopper", "positions": 8, "fabric": "nvswitch", "fabric_gbs": 900,
                          "uplinks": ["SW1"] * 4 + ["SW2"] * 4, "label": "HGX H100 8-GPU"},
           max_gpus=8,
           drive_bays=[{"prefix": "NVME", "count": 8, "bay_type": "u2", "interfaces": ["nvme"],
                        "root": "CPU1", "label": "Front U.2"}],
           psu={"count": 6, "supported": ["psu-3000"], "redundancy_modes": ["4+2", "3+3"],
                "default_redundancy": "4+2"},
           cooling_options=[{"cooling": "air-hgx", "max_gpu_tdp_w": 700, "max_cpu_tdp_w": 350,
                             "airflow_cfm": 1200, "heat_capacity_w": 12000}],
           base_idle_w=300, base_max_w=600),
        _p(Chassis, id="pcie-2u", name="Test PCIe 2U", rack_units=2, weight_kg=30, depth_mm=750,
           sockets=[{"id": "CPU1", "socket": "LGA4677"}, {"id": "CPU2", "socket": "LGA4677"}],
           memory={"channels_per_socket": 8, "dpc": 1},
           pcie_slots=[{"id": "SLOT1", "gen": 5, "lanes": 16, "root": "CPU1", "length": "fl",
                        "gpu_capable": True, "max_width": 2, "blocks": ["SLOT2"]},
                       {"id": "SLOT2", "gen": 5, "lanes": 16, "root": "CPU1", "length": "fl"},
                       {"id": "SLOT3", "gen": 5, "lanes": 16, "root": "CPU2", "length": "fl",
                        "gpu_capable": True, "max_width": 2},
                       {"id": "SLOT4", "gen": 5, "lanes": 8, "root": "CPU2", "height": "lp"}],
           max_gpus=2,
           drive_bays=[{"prefix": "BAY", "count": 4, "bay_type": "sata25", "interfaces": ["sata", "sas"],
                        "root": "", "label": "Front 2.5\""}],
           psu={"count": 2, "supported": ["psu-1600"], "redundancy_modes": ["1+1"],
                "default_redundancy": "1+1"},
           cooling_options=[{"cooling": "air-2u", "max_gpu_tdp_w": 350, "max_cpu_tdp_w": 350,
                             "airflow_cfm": 300, "heat_capacity_w": 2500}],
           base_idle_w=100, base_max_w=200),
    ]
    prices = {p.id: Price(part_id=p.id, price=Decimal(1000 + 100 * i), currency="USD", date="2025-01",
                          source="fixture") for i, p in enumerate(parts)}
    return Catalog(parts={p.id: p for p in parts}, prices=prices)
