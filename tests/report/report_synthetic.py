"""Synthetic builds, evaluations and a chassis for the quote tests and the quote benchmark.

Evaluations are made with `model_construct`, so these tests do not depend on the evaluation
engine or the shipped catalogs; their priced BOM comes from the core's `price_bom`, as a real
evaluation's does.
"""

from __future__ import annotations

import re
from decimal import Decimal

from configurator.core.build import Build, Commercial
from configurator.core.catalog import Catalog, Chassis
from configurator.core.evaluate.bom import part_line, price_bom
from configurator.core.evaluate.result import (
    BandwidthResult,
    ComputeResult,
    Evaluation,
    HostMemoryResult,
    PowerResult,
    PsuResult,
    TcoResult,
    ThermalResult,
)
from configurator.core.message import Msg, Num
from configurator.core.violations import Fix, Violation

SRC = ({"url": "test fixture", "date": "2025-01-01", "confidence": "estimate"},)

HGX_LINES = [
    # category, part_id, part_number, name, qty, unit price
    ("chassis", "test-hgx-8u", "SYS-TEST-8U", "Test HGX 8U GPU server chassis", 1, "21500.00"),
    ("gpu", "h200-sxm", "900-21010-0040-000", "NVIDIA H200 SXM5 141GB", 8, "31999.99"),
    ("cpu", "xeon-8480", "PK8071305120500", "Intel Xeon Platinum 8480+ 56-core", 2, "10710.00"),
    ("dimm", "ddr5-64", "M321R8GA0BB0-CQK", "64GB DDR5-4800 RDIMM 2Rx4", 32, "289.455"),
    ("drive", "pm1743-15", "MZWLO15THBLA-00A07", "Samsung PM1743 15.36TB U.2 NVMe Gen5", 8, "2999.005"),
    ("nic", "cx7", "MCX75310AAS-NEAT", "NVIDIA ConnectX-7 400G NDR single-port OSFP", 8, "1895.00"),
    ("nic", "bf3", "900-9D3B6-00CV-AA0", "NVIDIA BlueField-3 B3220 DPU 2×200G", 1, None),
    ("psu", "psu-3000", "PWS-3K01A-1R", "3000W Titanium CRPS power supply", 6, "675.50"),
    ("cooling", "air-hgx", "", "HGX air cooling kit (fans, shrouds)", 1, "850.00"),
]

HGX_PLACEMENTS = {
    **{f"GPU{i}": "h200-sxm" for i in range(1, 9)},
    "CPU1": "xeon-8480", "CPU2": "xeon-8480",
    **{f"NIC{i}": "cx7" for i in range(1, 9)},
    "OCP1": "bf3",
    **{f"NVME{i}": "pm1743-15" for i in range(1, 9)},
    **{f"PSU{i}": "psu-3000" for i in range(1, 7)},
    "COOLING": "air-hgx",
}
for _s in ("CPU1", "CPU2"):
    for _c in "ABCDEFGH":
        for _d in (1, 2):
            HGX_PLACEMENTS[f"{_s}_DIMM_{_c}{_d}"] = "ddr5-64"


def chassis() -> Chassis:
    return Chassis.model_validate({
        "id": "test-hgx-8u", "name": "Test HGX 8U", "vendor": "Test", "sources": SRC,
        "rack_units": 8, "weight_kg": 130, "depth_mm": 900,
        "sockets": [{"id": "CPU1", "socket": "LGA4677"}, {"id": "CPU2", "socket": "LGA4677"}],
        "memory": {"channels_per_socket": 8, "dpc": 2},
        "pcie_switches": [{"id": "SW1", "parent": "CPU1"}, {"id": "SW2", "parent": "CPU2"}],
        "pcie_slots": [{"id": f"NIC{i}", "gen": 5, "lanes": 16, "root": "SW1" if i <= 4 else "SW2",
                        "height": "lp", "label": f"NIC{i}"} for i in range(1, 9)]
        + [{"id": "OCP1", "gen": 5, "lanes": 16, "root": "CPU1", "form": "ocp3", "label": "OCP"},
           {"id": "X1", "gen": 5, "lanes": 16, "root": "CPU2", "label": "Slot X1"}],
        "gpu_baseboard": {"family": "hgx-hopper", "positions": 8, "fabric": "nvswitch", "fabric_gbs": 900,
                          "uplinks": ["SW1"] * 4 + ["SW2"] * 4, "label": "HGX 8-GPU"},
        "max_gpus": 8,
        "drive_bays": [{"prefix": "NVME", "count": 16, "bay_type": "u2", "interfaces": ["nvme"],
                        "root": "CPU1", "label": "Front U.2"}],
        "psu": {"count": 6, "supported": ["psu-3000"], "redundancy_modes": ["4+2"], "default_redundancy": "4+2"},
        "cooling_options": [{"cooling": "air-hgx", "max_gpu_tdp_w": 700, "max_cpu_tdp_w": 350,
                             "airflow_cfm": 1200, "heat_capacity_w": 12000}],
        "base_idle_w": 300, "base_max_w": 600,
    })


def catalog() -> Catalog:
    c = chassis()
    return Catalog(parts={c.id: c})


TERMS = {"discount_pct": "5", "tax_pct": "13", "shipping": "450.00", "support_pct_per_year": "8"}


def build(name: str = "HGX H200 training node", customer: str = "北京示例科技有限公司",
          placements: dict | None = None, **commercial) -> Build:
    com = {**TERMS, **commercial}
    return Build.model_validate({
        "chassis": "test-hgx-8u", "placements": placements if placements is not None else HGX_PLACEMENTS,
        "meta": {"name": name, "customer": customer, "notes": "internal: margin 12 %",
                 "quote_notes": "交付地点：北京亦庄数据中心 (rack B-12)."},
        "commercial": com, "site": {"currency": "USD"},
    })


class FakeWorkload:
    verdict = Msg("workload.fits", need=Num(61), capacity=Num(141), pct=Num(0.43, ".0%"))
    fits = True
    train_days = 12.5
    decode_tokens_per_s = None


def evaluation(lines=HGX_LINES, currency: str = "USD", gpus: int = 8, max_w: float = 10200.0,
               violations: tuple = (), workload=None, **commercial) -> Evaluation:
    """An evaluation whose BOM prices `lines` under the build's terms (`TERMS`, overridden by `commercial`)."""
    quantum = Decimal("0.01")
    parts = [part_line(category=cat, part_id=pid, part_number=pn, name=name, qty=qty,
                       unit=Decimal(unit) if unit is not None else None, source="test", quantum=quantum)
             for cat, pid, pn, name, qty, unit in lines]
    cost = price_bom(currency, quantum, parts, Commercial.model_validate({**TERMS, **commercial}))
    capex = cost.subtotal_hardware
    support = cost.support.unit_price if cost.support is not None else Decimal("0.00")
    return Evaluation.model_construct(
        chassis_id="test-hgx-8u", chassis_name="Test HGX 8U", rack_units=8, weight_kg=131.5,
        power=PowerResult.model_construct(idle_w=2150.0, typical_w=8420.0, max_w=max_w, peak_w=max_w * 1.08,
                                          wall_idle_w=2240.0, wall_typical_w=8770.0, wall_max_w=max_w / 0.96,
                                          efficiency_pct=96.0, lines=()),
        psu=PsuResult.model_construct(count=6, bays=6, model="psu-3000", name="3000W Titanium", rating_w=3000.0,
                                      redundancy="4+2", active=4, usable_w=12000.0, load_pct_idle=18.0,
                                      load_pct_typical=70.0, load_pct_max=max_w * 1.08 / 120,
                                      feeds={"A": 3, "B": 3}, feed_capacity_w={"A": 9000.0, "B": 9000.0}),
        thermal=ThermalResult.model_construct(heat_typical_w=8420.0, heat_max_w=max_w, heat_btu_hr=max_w * 3.412,
                                              heat_btu_hr_typical=8420 * 3.412, airflow_cfm=max_w / 1000 * 158,
                                              delta_t_c=11.1, cooling_id="air-hgx", cooling_kind="air",
                                              capacity_w=12000.0, derate_factor=1.0, chassis_airflow_cfm=1200.0,
                                              max_gpu_tdp_w=700.0, max_cpu_tdp_w=350.0, load_pct=85.0),
        compute=ComputeResult.model_construct(gpu_count=gpus, gpu_id="h200-sxm", gpu_model="NVIDIA H200 SXM5 141GB",
                                              vram_gb=141.0 * gpus, vram_gb_per_gpu=141.0,
                                              hbm_bandwidth_gbs=4800.0 * gpus, bf16_tflops=989.0 * gpus,
                                              fp16_tflops=989.0 * gpus, fp8_tflops=1979.0 * gpus, cpu_count=2,
                                              cpu_model="Intel Xeon Platinum 8480+", cpu_cores=112),
        memory=HostMemoryResult.model_construct(capacity_gb=2048.0, dimm_count=32, channels_populated=16,
                                                channels_total=16, dpc=2, speed_mts=4400, bandwidth_gbs=563.2,
                                                ratio_to_vram=1.8),
        bandwidth=BandwidthResult.model_construct(chain=(), bottleneck="pcie", bottleneck_gbs=64.0,
                                                  explanation=Msg("bandwidth.pcie", gbs=Num(64.0, ".1f"), filling=""),
                                                  gpu_gpu_gbs=900.0, network_gbps_per_gpu=400.0,
                                                  storage_read_gbs=104.0),
        cost=cost,
        tco=TcoResult.model_construct(years=5, capex=capex, energy_kwh_per_year=72000.0,
                                      energy_cost_per_year=Decimal("15120.00"),
                                      support_per_year=support,
                                      total=capex + 5 * (Decimal("15120.00") + support), dense_pflops=7.9,
                                      cost_per_pflops=None, rent_per_gpu_hour=None, rent_per_month=None,
                                      own_by_month=(), rent_by_month=(), breakeven_month=None),
        workload=workload,
        violations=violations,
    )


def _given(text: str) -> Msg:
    """A finding's text as given (words/input_words.py `input.as-given`): the report prints it as it is."""
    return Msg("input.as-given", text=text)


def sample_violations() -> tuple[Violation, ...]:
    return (
        Violation(severity="warning", code="thermal.headroom",
                  message=_given("Cooling runs at 85 % of capacity at 25 °C ambient; little headroom for hot aisles."),
                  fix=Fix(description=_given("Lower the inlet temperature or use liquid cooling."))),
        Violation(severity="error", code="power.redundancy",
                  message=_given("Peak draw 11.0 kW exceeds the 4+2 usable capacity when one feed fails."), slots=("PSU1",)),
        Violation(severity="info", code="info.only", message=_given("An info item that is not printed.")),
    )


def long_lines(n: int = 200) -> list[tuple]:
    cats = ["gpu", "cpu", "dimm", "drive", "nic", "psu", "cooling", "chassis"]
    out = []
    for i in range(n):
        cat = cats[i % len(cats)]
        desc = f"Line item {i + 1:03d} {cat} component with a fairly long description that wraps onto two lines"
        if i % 17 == 0:
            desc += " 中文描述：高性能计算组件"
        out.append((cat, f"part-{i}", f"PN-{i + 1:05d}", desc, 1 + i % 4, f"{100 + i * 3.335:.3f}"))
    return out


MONEY = re.compile(r"−?\$[\d,]+\.\d\d")


def money(text: str) -> Decimal:
    """'−$1,234.50' -> Decimal('-1234.50')."""
    neg = text.startswith("−")
    value = Decimal(text.lstrip("−").replace("$", "").replace(",", ""))
    return -value if neg else value


def amount_after(text: str, label: str) -> Decimal:
    m = re.search(re.escape(label) + r"[^$−]*?(" + MONEY.pattern + ")", text)
    assert m, f"{label!r} with an amount not found"
    return money(m.group(1))
