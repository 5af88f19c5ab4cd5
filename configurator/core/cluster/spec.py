"""The cluster's inputs: which servers and how many, the racks, their PDUs and cooling, the
fabric's switch and shape, the site and the unit prices of what is not a catalog part.

Impossible values (a 0 A breaker, a negative count) are rejected here by pydantic with the
field named; legal-but-wrong plans (a rack over its kW) are violations of the plan.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..build import Build
from ..input_error import invalid_at
from ..message import Msg

Money = Annotated[Decimal, Field(ge=0, le=Decimal("1e12"), allow_inf_nan=False)]
Count = Annotated[int, Field(ge=1, le=100_000)]
PartName = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")]

#: the unit-price keys the plan reads (cluster file `prices`); anything else is refused
PRICE_KEYS = ("rack", "pdu", "transceiver-nic", "transceiver-switch", "cable-dac", "cable-fiber",
              "install-per-rack")


class _Frozen(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")


class ServerGroup(BaseModel):
    """`count` servers of one build. `source` is the build file it came from ('' if embedded)."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid", arbitrary_types_allowed=True)

    build: Build
    count: Count = 1
    source: str = ""


class PduSpec(_Frozen):
    """One rack PDU. A feed (A or B) of a rack is `per_feed` of these in parallel.

    Capacity = V × I (single phase) or √3 × V_line-line × I (three phase), × power factor;
    continuous load may use `continuous_pct` of it (the NEC 80 % rule for breakers).
    """

    voltage_v: float = Field(415.0, ge=100, le=480, allow_inf_nan=False,
                             description="line-to-line for three phase, line-to-neutral for single")
    phases: Literal[1, 3] = 3
    breaker_a: float = Field(60.0, gt=0, le=400, allow_inf_nan=False)
    per_feed: int = Field(1, ge=1, le=8)
    power_factor: float = Field(0.98, gt=0.5, le=1.0, allow_inf_nan=False)
    continuous_pct: float = Field(80.0, gt=0, le=100, allow_inf_nan=False)
    rack_units: int = Field(0, ge=0, le=4, description="0: a vertical (0U) PDU")

    @property
    def outlet_voltage_v(self) -> float:
        """What a server PSU sees: line-to-neutral on a three-phase (wye) PDU."""
        return self.voltage_v / 3 ** 0.5 if self.phases == 3 else self.voltage_v


class CoolingSpec(_Frozen):
    """What one rack can reject: room air (`air_kw`), a rear-door heat exchanger, and a
    liquid loop (CDU share) for direct-liquid-cooled servers."""

    kind: Literal["air", "rear-door", "liquid"] = "air"
    air_kw: float = Field(40.0, ge=0, le=500, allow_inf_nan=False)
    rear_door_kw: float = Field(0.0, ge=0, le=500, allow_inf_nan=False)
    liquid_kw: float = Field(0.0, ge=0, le=2000, allow_inf_nan=False)


class RackSpec(_Frozen):
    """Every compute and network rack of the plan is one of these."""

    name: str = Field("42U rack", max_length=80)
    kw_limit: float = Field(40.0, gt=0, le=2000, allow_inf_nan=False, description="IT power at the wall")
    rack_units: int = Field(42, ge=4, le=60)
    reserved_ru: int = Field(2, ge=0, le=20, description="patch panels, management switch, cable managers")
    weight_limit_kg: float = Field(1360.0, gt=0, le=10_000, allow_inf_nan=False,
                                   description="static load rating, rack's own weight excluded")
    weight_kg: float = Field(150.0, ge=0, le=2000, allow_inf_nan=False, description="empty rack")
    floor_m2: float = Field(2.4, gt=0, le=50, allow_inf_nan=False,
                            description="footprint with its share of hot and cold aisle")
    servers_per_rack: int | None = Field(None, ge=1, le=60, description="None: as many as kW, one feed, RU and weight allow")
    pdu: PduSpec = Field(default_factory=PduSpec)
    cooling: CoolingSpec = Field(default_factory=CoolingSpec)

    @property
    def usable_ru(self) -> int:
        return self.rack_units - self.reserved_ru - 2 * self.pdu.per_feed * self.pdu.rack_units


class FabricSpec(_Frozen):
    """The compute fabric (rail-optimised fat tree) and the storage network."""

    switch: PartName = "nvidia-qm9700-ndr"
    nics_per_gpu: int = Field(1, ge=1, le=4, description="compute-fabric links per GPU (one rail each)")
    link_gbps: float | None = Field(None, gt=0, le=3200, allow_inf_nan=False,
                                    description="None: the server's network Gb/s per GPU / nics_per_gpu")
    oversubscription: float = Field(1.0, ge=1.0, le=8.0, allow_inf_nan=False,
                                    description="leaf down:up ports; 1 = non-blocking")
    max_tiers: Literal[2, 3] = 3
    nic_optic_w: float = Field(9.0, ge=0, le=50, allow_inf_nan=False,
                               description="NIC-side 400G OSFP transceiver, max W (MMA4Z00-NS400)")
    storage_switch: PartName | None = None
    storage_links_per_server: int = Field(0, ge=0, le=16)
    storage_link_gbps: float = Field(200.0, gt=0, le=3200, allow_inf_nan=False)
    management_ports_per_server: int = Field(1, ge=0, le=8, description="BMC / out-of-band ports")


class SiteSpec(_Frozen):
    """The data centre: PUE, energy price and the years of the TCO."""

    pue: float = Field(1.3, ge=1.0, le=5.0, allow_inf_nan=False)
    electricity_price_kwh: Money = Decimal("0.12")
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    utilization_pct: float = Field(80.0, ge=0, le=100, allow_inf_nan=False)
    tco_years: int = Field(5, ge=1, le=15)


#: Llama 2's global batch, 4 M tokens (arXiv:2307.09288 §2.2, Table 1, 7B to 70B); Llama 3 405B
#: starts at 4 M and grows to 16 M (arXiv:2407.21783 §3.4.1); GPT-3 175B used 3.2 M (arXiv:2005.14165 Table 2.1)
DEFAULT_GLOBAL_BATCH_TOKENS = 4 * 2**20


class TrainingSpec(_Frozen):
    """How the builds' training workload runs across servers (core/cluster/scaling.py)."""

    grad_accum_steps: int = Field(1, ge=1, le=10_000, description="micro-batches per optimizer step")
    global_batch_tokens: float | None = Field(
        DEFAULT_GLOBAL_BATCH_TOKENS, gt=0, le=1e12, allow_inf_nan=False,
        description="fixed global batch (tokens per step): accumulation shrinks as servers are added; "
                    "null: grad_accum_steps micro-batches per GPU at any size")
    overlap_pct: float = Field(0.0, ge=0, le=100, allow_inf_nan=False,
                               description="share of the gradient all-reduce hidden behind the backward pass")
    pipeline_stages: int = Field(1, ge=1, le=1024,
                                 description="pipeline-parallel stages across servers; tensor parallelism spans "
                                             "each server's GPUs (its NVLink domain), data parallelism the rest")
    virtual_stages: int = Field(1, ge=1, le=128,
                                description="interleaved pipeline chunks per stage (Megatron-LM): the bubble "
                                            "is (stages - 1) / (virtual_stages x micro-batches) of the compute")


class UnitPrice(_Frozen):
    """A price for something that is not a catalog part (a rack, a cable), with its source."""

    price: Money
    source: str = Field(min_length=1, max_length=500)


#: unit prices of what is not a catalog part where the cluster names none (`configurator cluster --from` and the
#: recommender's multi-server answers, so the two price them alike), USD; estimates from list-price ranges (the same
#: figures as examples/clusters/hgx-h100-16.json), low confidence: a cluster file's `prices` replaces them
DEFAULT_FABRIC_PRICES: dict[str, dict[str, str]] = {
    "rack": {"price": "2500", "source": "estimate: 42U 600x1200 mm server rack with side panels, about $2,000-3,000"},
    "pdu": {"price": "3500", "source": "estimate: metered 3-phase 415 V 60 A 0U rack PDU, about $2,500-4,500"},
    "install-per-rack": {"price": "4000", "source": "estimate: rack-and-stack, power and fabric cabling per rack"},
    "transceiver-nic": {"price": "900", "source": "estimate: 400G OSFP multimode SR4 (MMA4Z00-NS400 class), "
                                                  "about $700-1,100"},
    "transceiver-switch": {"price": "1600", "source": "estimate: 800G twin-port OSFP multimode SR8 (MMA4Z00-NS "
                                                      "class), about $1,300-2,000"},
    "cable-dac": {"price": "250", "source": "estimate: 800G twin-port OSFP passive copper, 1-2 m, about $200-300"},
    "cable-fiber": {"price": "120", "source": "estimate: MPO-12/APC multimode OM4 patch cord, 10-30 m, about "
                                              "$80-160"},
}
#: the currency of `DEFAULT_FABRIC_PRICES`
DEFAULT_FABRIC_PRICES_CURRENCY = "USD"


class ClusterSpec(BaseModel):
    """A whole cluster plan's inputs; serialises to the versioned cluster file (store/cluster_files.py)."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid", arbitrary_types_allowed=True)

    name: str = Field("Untitled cluster", max_length=200)
    revision: int = Field(1, ge=1, le=9999, description="the plan's revision, printed on its PDF")
    servers: tuple[ServerGroup, ...] = Field(min_length=1, max_length=64)
    rack: RackSpec = Field(default_factory=RackSpec)
    fabric: FabricSpec = Field(default_factory=FabricSpec)
    site: SiteSpec = Field(default_factory=SiteSpec)
    training: TrainingSpec = Field(default_factory=TrainingSpec)
    prices: dict[str, UnitPrice] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known_prices(self) -> ClusterSpec:
        unknown = sorted(set(self.prices) - set(PRICE_KEYS))
        if unknown:
            raise invalid_at("prices", Msg("cluster.unknown-price-item", item=repr(unknown[0]), items=", ".join(PRICE_KEYS)))
        return self

    @property
    def server_count(self) -> int:
        return sum(g.count for g in self.servers)
