"""Test fixture: a realistic evaluation (8× H200 SXM HGX node) for panel tests and previews.

`render_all(session, out_dir)` renders every registered panel to PNG for a visual check.
The figures are illustrative, not a quote.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from configurator.core.build import Commercial
from configurator.core.evaluate.bom import part_line, price_bom
from configurator.core.evaluate.result import (
    BandwidthResult,
    ComputeResult,
    CostResult,
    Evaluation,
    HostMemoryResult,
    Link,
    PowerLine,
    PowerResult,
    PsuResult,
    TcoResult,
    ThermalResult,
)
from configurator.core.message import Msg, Num, Seq
from configurator.core.violations import Violation
from configurator.qt.panels import PANELS

_LINES = (
    # category, id, name, qty, idle, typical, max (W, all units)
    ("chassis", "hgx-8u", "HGX 8U chassis", 1, 250, 400, 550),
    ("baseboard", "hgx-8u", "HGX H200 8-GPU baseboard", 1, 150, 300, 450),
    ("gpu", "h200-sxm", "NVIDIA H200 SXM 141GB", 8, 720, 4480, 5600),
    ("cpu", "xeon-8480", "Intel Xeon Platinum 8480+", 2, 200, 420, 700),
    ("dimm", "ddr5-64", "64GB DDR5-4800 RDIMM", 32, 96, 208, 320),
    ("drive", "u2-7.68", "7.68TB U.2 NVMe", 8, 40, 88, 200),
    ("nic", "cx7", "ConnectX-7 400G", 8, 80, 154, 200),
    ("cooling", "air-hgx", "HGX air cooling", 1, 150, 600, 1200),
)

_PRICES = {
    "hgx-8u": 38000, "h200-sxm": 31000, "xeon-8480": 10700, "ddr5-64": 420, "u2-7.68": 1150,
    "cx7": 1900, "psu-3000": 650, "air-hgx": 2200,
}


def _power() -> PowerResult:
    lines = tuple(PowerLine(category=c, part_id=i, name=n, qty=q, idle_w=a, typical_w=t, max_w=m)
                  for c, i, n, q, a, t, m in _LINES)
    idle = sum(x.idle_w for x in lines)
    typ = sum(x.typical_w for x in lines)
    mx = sum(x.max_w for x in lines)
    k = 100 / 96.0
    return PowerResult(idle_w=idle, typical_w=typ, max_w=mx, peak_w=mx + 1120, wall_idle_w=idle * k,
                       wall_typical_w=typ * k, wall_max_w=mx * k, efficiency_pct=96.0, lines=lines)


def _psu(power: PowerResult) -> PsuResult:
    usable = 4 * 3000.0
    return PsuResult(count=6, bays=6, model="psu-3000", name="3000W Titanium PSU", rating_w=3000,
                     redundancy="4+2", active=4, usable_w=usable,
                     load_pct_idle=100 * power.idle_w / usable,
                     load_pct_typical=100 * power.typical_w / usable,
                     load_pct_max=100 * power.peak_w / usable,
                     feeds={"A": 3, "B": 3}, feed_capacity_w={"A": 9000.0, "B": 9000.0})


def _thermal(power: PowerResult) -> ThermalResult:
    capacity = 12000 * 0.94
    return ThermalResult(heat_typical_w=power.wall_typical_w, heat_max_w=power.wall_max_w,
                         heat_btu_hr=3.412 * power.wall_max_w,
                         heat_btu_hr_typical=3.412 * power.wall_typical_w,
                         airflow_cfm=3.412 * power.wall_max_w / (1.085 * 20), delta_t_c=20 / 1.8,
                         cooling_id="air-hgx", cooling_kind="air", capacity_w=capacity,
                         derate_factor=0.94, chassis_airflow_cfm=1800, max_gpu_tdp_w=700,
                         max_cpu_tdp_w=350, load_pct=100 * power.wall_max_w / capacity)


def _bandwidth() -> BandwidthResult:
    """An HGX-like chain, its names and details the messages core/evaluate/bandwidth.py makes."""
    chain = (
        Link(name=Msg("bandwidth.link.storage"), stage="storage", gbs=6.9,
             detail=Msg("bandwidth.detail.storage", total=Num(55.2, ".1f"), n=8, k=8)),
        Link(name=Msg("bandwidth.link.ddr", speed=4400), stage="host-memory", gbs=70.4,
             detail=Msg("bandwidth.detail.host-memory", total=Num(563.2, ".1f"), n=16, k=8)),
        Link(name=Msg("bandwidth.link.pcie-shared", gen=5, lane=16, n=4), stage="pcie", gbs=16.0,
             detail=Msg("bandwidth.detail.pcie", pct=Num(0.88, ".0%"))),
        Link(name=Msg("bandwidth.link.hbm"), stage="hbm", gbs=4800.0, detail=Msg("bandwidth.detail.hbm")),
        Link(name=Msg("bandwidth.link.fabric", fabric="NVSwitch (NVLink 4)", gbs=Num(900, "g")), stage="gpu-gpu",
             gbs=450.0, detail=Msg("bandwidth.detail.per-direction")),
        Link(name=Msg("bandwidth.link.network"), stage="network", gbs=50.0,
             detail=Msg("bandwidth.detail.network", total=Num(3200, "g"), n=8, k=8)),
    )
    filling = Msg("bandwidth.filling", vram=Num(141, "g"), secs=Seq(Num(141 / 6.9, ".0f"), " s"))
    return BandwidthResult(chain=chain, bottleneck="storage", bottleneck_gbs=6.9,
                           explanation=Msg("bandwidth.storage", gbs=Num(6.9, ".1f"), filling=filling),
                           gpu_gpu_gbs=450.0, network_gbps_per_gpu=400.0, storage_read_gbs=55.2)


def _cost(currency: str) -> CostResult:
    qty = {"hgx-8u": 1, "h200-sxm": 8, "xeon-8480": 2, "ddr5-64": 32, "u2-7.68": 8, "cx7": 8,
           "psu-3000": 6, "air-hgx": 1}
    cent = Decimal("0.01")
    lines = [part_line(category="part", part_id=pid, part_number=pid.upper(), name=pid, qty=n,
                       unit=Decimal(_PRICES[pid]), source="sample", quantum=cent) for pid, n in qty.items()]
    return price_bom(currency, cent, lines, Commercial())


def _tco(capex: Decimal, years: int = 5) -> TcoResult:
    energy_kwh = 6.975 * 8760 * 0.8 * 1.4
    energy = Decimal(round(energy_kwh * 0.15, 2))
    support = (capex * Decimal("0.08")).quantize(Decimal("0.01"))
    rent_month = Decimal(8 * 3.5 * 730 * 0.8).quantize(Decimal("0.01"))
    months = years * 12
    own = tuple(capex + (energy + support) * m / 12 for m in range(months + 1))
    rent = tuple(rent_month * m for m in range(months + 1))
    breakeven = next((m for m in range(months + 1) if rent[m] >= own[m]), None)
    pflops = 8 * 0.989
    return TcoResult(years=years, capex=capex, energy_kwh_per_year=energy_kwh, energy_cost_per_year=energy,
                     support_per_year=support, total=capex + years * (energy + support), dense_pflops=pflops,
                     cost_per_pflops=(capex / Decimal(str(pflops))).quantize(Decimal("0.01")),
                     rent_per_gpu_hour=Decimal("3.50"), rent_per_month=rent_month, own_by_month=own,
                     rent_by_month=rent, breakeven_month=breakeven)


def sample_evaluation(currency: str = "USD", workload: Any = None) -> Evaluation:
    """An evaluation of an 8× H200 SXM node with realistic figures."""
    power = _power()
    cost = _cost(currency)
    return Evaluation(
        chassis_id="hgx-8u", chassis_name="HGX 8U", rack_units=8, weight_kg=120.0,
        power=power, psu=_psu(power), thermal=_thermal(power),
        compute=ComputeResult(gpu_count=8, gpu_id="h200-sxm", gpu_model="NVIDIA H200 SXM 141GB",
                              vram_gb_per_gpu=141, vram_gb=1128, hbm_bandwidth_gbs=38400,
                              bf16_tflops=7912, fp16_tflops=7912, fp8_tflops=15832, cpu_count=2,
                              cpu_model="Intel Xeon Platinum 8480+", cpu_cores=112),
        memory=HostMemoryResult(capacity_gb=2048, dimm_count=32, channels_populated=16, channels_total=16,
                                dpc=2, speed_mts=4400, bandwidth_gbs=563.2, ratio_to_vram=1.8),
        bandwidth=_bandwidth(), cost=cost, tco=_tco(cost.subtotal_hardware), workload=workload,
        violations=(Violation(severity="warning", code="thermal.headroom",
                              message=Msg("input.as-given", text="Cooling runs at 86 % of its derated capacity.")),),
    )


def render_all(session: Any, out_dir: Path, width: int = 560) -> list[Path]:
    """Render each panel for `session` to `out_dir`/<class>.png (needs a QApplication)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in PANELS:
        cls = spec.panel
        panel = cls(session)
        panel.resize(width, max(panel.sizeHint().height(), 200))
        panel.show()
        path = out_dir / f"{cls.__name__}.png"
        panel.grab().save(str(path))
        panel.close()
        panel.deleteLater()
        written.append(path)
    return written
