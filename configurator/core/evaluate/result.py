"""The one frozen evaluation result that the GUI panels, the CLI and the PDF all read."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, InstanceOf

from ..message import Msg
from ..violations import Violation

M = TypeVar("M", bound=BaseModel)
#: a message the words make a sentence of (words/render.py `say`)
Said = InstanceOf[Msg]
_set = object.__setattr__


def construct(cls: type[M], **values: Any) -> M:
    """An instance of `cls` holding `values` (trusted) plus the class defaults for the rest.

    The evaluation runs on every edit and builds its results from values it computed itself, so
    pydantic's validation would only cost time: this does what `BaseModel.model_construct` does for
    these plain models (no aliases, no private attributes, no post-init)."""
    fields = cls.__pydantic_fields__
    if len(values) < len(fields):
        for name, info in fields.items():  # appended after the given ones: field order is kept
            if name not in values and not info.is_required():
                values[name] = info.get_default(call_default_factory=True)
    obj = cls.__new__(cls)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


class _Frozen(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, arbitrary_types_allowed=True)


class PowerLine(_Frozen):
    """Power of one kind of part in the build (quantity × per-unit)."""

    category: str
    part_id: str
    name: str
    qty: int
    idle_w: float
    typical_w: float
    max_w: float


class PowerResult(_Frozen):
    idle_w: float
    typical_w: float
    max_w: float
    peak_w: float          # max with GPU transient excursions, what PSUs must carry
    wall_idle_w: float     # at the wall, after PSU efficiency
    wall_typical_w: float
    wall_max_w: float
    efficiency_pct: float  # PSU efficiency at the typical load (80 PLUS curve, evaluate/power.py)
    lines: tuple[PowerLine, ...]
    efficiency_assumed: bool = False  # no PSU placed: efficiency_pct is the assumed 94 %
    efficiency_idle_pct: float = 0.0  # at the idle load
    efficiency_max_pct: float = 0.0   # at the max load


class PsuResult(_Frozen):
    count: int             # installed PSUs
    bays: int
    model: str             # part id ('' when none / mixed)
    name: str
    rating_w: float        # per PSU at this input voltage (low-line derated)
    redundancy: str        # e.g. "N+1", "N+N", "4+2"
    active: int            # PSUs whose capacity counts under the redundancy
    usable_w: float        # capacity usable under the redundancy
    load_pct_idle: float
    load_pct_typical: float
    load_pct_max: float    # peak_w / usable_w × 100
    feeds: dict[str, int]  # PSUs per PDU feed
    feed_capacity_w: dict[str, float]
    low_line: bool = False  # site input below 180 V: ratings are the low-line ones
    headroom_w: float = 0.0  # usable_w - peak_w (negative: overloaded)
    #: failed feed -> peak as % of the capacity left on the other feeds (core/psu.py feed_loss_pct);
    #: empty without redundancy or with every PSU on one feed. The power panel and the
    #: `power.feed-loss-overload` rule both read it.
    feed_loss_pct: dict[str, float] = {}


class ThermalResult(_Frozen):
    heat_typical_w: float
    heat_max_w: float
    heat_btu_hr: float      # at max power, 3.412 × W
    heat_btu_hr_typical: float
    airflow_cfm: float      # needed at delta_t_c for max heat
    delta_t_c: float
    cooling_id: str
    cooling_kind: str       # "air" / "liquid" / ""
    capacity_w: float       # cooling capacity after ambient and altitude derating
    derate_factor: float
    chassis_airflow_cfm: float
    max_gpu_tdp_w: float
    max_cpu_tdp_w: float
    load_pct: float
    delta_t_f: float = 20.0      # the ΔT airflow_cfm is for, in °F
    heat_to_air_w: float = 0.0   # share of heat_max_w the room air must carry (liquid: the residual)
    option_supported: bool = False  # the placed cooling part is one of the chassis's cooling options
    #: "chassis": ΔT from the chassis' published airflow at its rated heat; "assumed": the 20 °F figure
    airflow_basis: str = "assumed"


class ComputeResult(_Frozen):
    gpu_count: int
    gpu_id: str
    gpu_model: str           # display name; "mixed" when models differ
    vram_gb_per_gpu: float
    vram_gb: float           # total
    hbm_bandwidth_gbs: float # total
    bf16_tflops: float       # total dense
    fp16_tflops: float
    fp8_tflops: float
    cpu_count: int
    cpu_model: str
    cpu_cores: int
    cpu_id: str = ""                      # '' when none / mixed
    hbm_bandwidth_gbs_per_gpu: float = 0.0  # slowest GPU
    bf16_tflops_per_gpu: float = 0.0        # slowest GPU, dense
    fp8_tflops_per_gpu: float = 0.0


class HostMemoryResult(_Frozen):
    capacity_gb: float
    dimm_count: int
    channels_populated: int
    channels_total: int
    dpc: int                 # max DIMMs per channel populated
    speed_mts: int           # effective speed after the DPC / CPU derate
    bandwidth_gbs: float     # channels × MT/s × 8 B over populated channels
    ratio_to_vram: float     # host RAM / total GPU memory
    sockets_populated: int = 0


class Link(_Frozen):
    """One link of the chain; its name and detail are messages (words/bandwidth_words.py)."""

    name: Said    # e.g. "PCIe Gen5 x16", "DDR at 4800 MT/s"
    stage: str               # storage / host-memory / pcie / hbm / gpu-gpu / network
    gbs: float               # GB/s per GPU, per direction
    detail: Said | None = None


class BandwidthResult(_Frozen):
    chain: tuple[Link, ...]  # per GPU, storage → host → PCIe → HBM, then GPU↔GPU and network
    bottleneck: str          # stage name of the narrowest feed link
    bottleneck_gbs: float
    explanation: Said  # what it limits (words/bandwidth_words.py)
    gpu_gpu_gbs: float
    network_gbps_per_gpu: float
    storage_read_gbs: float
    bottleneck_name: Said | None = None  # the narrowest link's name, e.g. "PCIe Gen5 x16"


LineKind = Literal["hardware", "companion", "service"]


class Alternative(_Frozen):
    """An accessory that could fill a companion line's role instead of its part (a user catalog's
    rail kit beside the shipped one): named on the line, never added to the BOM."""

    part_id: str
    part_number: str
    name: str
    unit_price: Decimal | None   # in the BOM currency, rounded as a line's; None: "on request"
    price_source: str
    sku_note: str = ""


class CostLine(_Frozen):
    """One line of the priced BOM. `unit_price`/`extended` are None when the line is "on request"."""

    category: str            # catalog category ("gpu", ...); "service" for the services line
    part_id: str
    part_number: str
    name: Said | str         # what the customer reads: a part's name as the catalog gives it, or a line the
                             # core names (an owned part, the support line), worded by words/bom_words.py
    qty: int
    unit_price: Decimal | None   # rounded half-up to the currency's minor unit
    extended: Decimal | None     # unit_price × qty, rounded once
    price_source: str
    kind: LineKind = "hardware"  # placed part, a part a placed part needs, or a service
    group: str = "Other"         # customer-facing group (bom.GROUPS), the quote's order
    sku_note: str = ""           # why `part_number` is empty (catalog.SkuNote), worded by words/sku_words.py
    #: companion lines: the other accessories of the same role (`companions.py`), not in the totals
    alternatives: tuple[Alternative, ...] = ()


class CostResult(_Frozen):
    """The priced BOM: lines in customer order and the totals the customer signs, computed once.

    Invariant (checked by `bom.check_totals`): subtotal = Σ priced lines' extended =
    subtotal_hardware + subtotal_services; total = subtotal − discount + tax (unless
    tax_included) + shipping.
    """

    currency: str
    lines: tuple[CostLine, ...]
    subtotal_hardware: Decimal          # priced hardware and companion lines
    subtotal_services: Decimal          # the services line(s)
    subtotal: Decimal                   # Σ priced lines
    discount_pct: Decimal
    discount: Decimal                   # subtotal × discount_pct, rounded once
    tax_pct: Decimal
    tax: Decimal                        # on (subtotal − discount [+ shipping]); the contained tax when tax_included
    tax_included: bool
    shipping: Decimal
    shipping_taxed: bool = False        # the tax base includes the shipping
    total: Decimal                      # what the customer signs
    missing_prices: tuple[str, ...]     # part ids of the "on request" lines
    fx_note: str = ""                   # which exchange rates were used

    @property
    def on_request(self) -> tuple[CostLine, ...]:
        """Lines without a price: printed "on request", left out of the totals."""
        return tuple(line for line in self.lines if line.extended is None)

    @property
    def total_includes_tax(self) -> bool:
        """Whether `total` holds tax: prices include it, or a tax rate above 0 % is added."""
        return self.tax_included or self.tax_pct > 0

    @property
    def support(self) -> CostLine | None:
        """The support and warranty line, None when support is 0 % or nothing is priced."""
        return next((line for line in self.lines if line.kind == "service"), None)


class TcoResult(_Frozen):
    """Own vs rent. `capex` and `support_per_year` are read from the priced BOM (its hardware
    subtotal and its support line's unit price), never recomputed."""

    years: int
    capex: Decimal
    energy_kwh_per_year: float
    energy_cost_per_year: Decimal
    support_per_year: Decimal
    total: Decimal
    dense_pflops: float
    cost_per_pflops: Decimal | None
    rent_per_gpu_hour: Decimal | None
    rent_per_month: Decimal | None
    own_by_month: tuple[Decimal, ...]   # cumulative, month 0..years*12
    rent_by_month: tuple[Decimal, ...]
    breakeven_month: int | None
    currency: str = "USD"


class Evaluation(_Frozen):
    chassis_id: str
    chassis_name: str
    rack_units: int
    weight_kg: float
    power: PowerResult
    psu: PsuResult
    thermal: ThermalResult
    compute: ComputeResult
    memory: HostMemoryResult
    bandwidth: BandwidthResult
    cost: CostResult
    tco: TcoResult
    workload: Any = None     # configurator.core.evaluate.workload.WorkloadResult | None
    violations: tuple[Violation, ...] = ()
    assumptions: tuple[Said, ...] = ()  # what the figures assume (words/assumption_words.py)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "error")

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "warning")
