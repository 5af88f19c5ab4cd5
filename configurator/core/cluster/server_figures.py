"""Per-server figures for the cluster, read from the engine's evaluation of each build.

`server_figures` evaluates a build once (with the cluster site's outlet voltage, PUE and
energy price, so its figures are those of this data centre) and copies the figures the plan
needs. Nothing here recomputes a server figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..build import Build
from ..catalog import NIC, Catalog
from ..evaluate.result import Evaluation
from ..evaluate.workload_models import Workload
from ..evaluator import Evaluator
from .spec import ClusterSpec


@dataclass(frozen=True)
class ServerFigures:
    """One server build as the cluster sees it (every figure from its `Evaluation`)."""

    name: str
    source: str
    evaluation: Evaluation
    rack_units: int
    weight_kg: float
    gpus: int
    network_gbps_per_gpu: float
    wall_idle_w: float
    wall_typical_w: float
    wall_max_w: float
    heat_max_w: float
    heat_to_air_w: float
    psu_feeds: dict[str, int]
    feed_loss_pct: dict[str, float]
    hardware: Decimal
    support_per_year: Decimal
    currency: str
    train_days: float | None
    bf16_tflops: float
    workload: Workload | None = None   # the build's workload, as evaluated

    @property
    def heat_to_liquid_w(self) -> float:
        return max(0.0, self.heat_max_w - self.heat_to_air_w)


#: the compute-fabric switch a cluster of one build gets by its fabric NICs' protocol when none is named:
#: InfiniBand (DGX SuperPOD's QM9700) or Ethernet/RoCE (Spectrum-X's SN5600; catalogs/switches.toml cites both)
DEFAULT_SWITCH = {"ib": "nvidia-qm9700-ndr", "eth": "nvidia-sn5600-spectrum4"}
#: a NIC port at least this fast carries compute-fabric traffic (the recommender's fabric NICs are >= 400 Gb/s)
FABRIC_PORT_GBPS = 200.0


def fabric_protocol(build: Build, catalog: Catalog) -> str | None:
    """"eth" when every compute-fabric NIC port of `build` is Ethernet only, "ib" when one is InfiniBand
    only, else None (VPI cards run either; no fabric NIC)."""
    found = set()
    for pid in build.placements.values():
        part = catalog.get(pid)
        if isinstance(part, NIC) and part.kind != "dpu" and part.port_speed_gbps >= FABRIC_PORT_GBPS:
            found.add(part.protocol)
    if "ib" in found:
        return "ib"
    return "eth" if found == {"eth"} else None


def default_switch(build: Build, catalog: Catalog) -> str:
    """The compute switch for a cluster of `build`: Ethernet for Ethernet-only fabric NICs, else InfiniBand."""
    return DEFAULT_SWITCH["eth" if fabric_protocol(build, catalog) == "eth" else "ib"]


def site_build(build: Build, spec: ClusterSpec) -> Build:
    """`build` with the cluster's outlet voltage, PUE, energy price and currency."""
    site = build.site.model_copy(update={
        "input_voltage_v": round(spec.rack.pdu.outlet_voltage_v, 1), "pue": spec.site.pue,
        "electricity_price_kwh": spec.site.electricity_price_kwh, "currency": spec.site.currency})
    commercial = build.commercial.model_copy(update={"utilization_pct": spec.site.utilization_pct,
                                                     "tco_years": spec.site.tco_years})
    return build.model_copy(update={"site": site, "commercial": commercial})


def server_figures(build: Build, catalog: Catalog, spec: ClusterSpec, source: str = "",
                   evaluator: Evaluator | None = None) -> ServerFigures:
    """Evaluate `build` at the cluster's site and keep the figures the plan rolls up.

    `evaluator` carries the exchange rates and model presets (the session's or the CLI's, read by
    io); without one the build is evaluated in USD only, with no presets."""
    ev = (evaluator if evaluator is not None else Evaluator(catalog)).evaluate(site_build(build, spec))
    wl = ev.workload
    return ServerFigures(
        name=build.meta.name, source=source, evaluation=ev, rack_units=ev.rack_units, weight_kg=ev.weight_kg,
        gpus=ev.compute.gpu_count, network_gbps_per_gpu=ev.bandwidth.network_gbps_per_gpu,
        wall_idle_w=ev.power.wall_idle_w, wall_typical_w=ev.power.wall_typical_w, wall_max_w=ev.power.wall_max_w,
        heat_max_w=ev.thermal.heat_max_w, heat_to_air_w=ev.thermal.heat_to_air_w,
        psu_feeds=dict(ev.psu.feeds), feed_loss_pct=dict(ev.psu.feed_loss_pct),
        hardware=ev.cost.subtotal_hardware, support_per_year=ev.tco.support_per_year, currency=ev.cost.currency,
        train_days=getattr(wl, "train_days", None), bf16_tflops=ev.compute.bf16_tflops,
        workload=_workload(build) if wl is not None else None)


def _workload(build: Build) -> Workload | None:
    """The build's workload as the model; None when it does not validate (the engine then has none)."""
    try:
        return Workload.model_validate(build.workload) if build.workload else None
    except ValueError:
        return None
