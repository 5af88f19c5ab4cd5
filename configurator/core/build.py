"""The build: a chassis, what sits in each slot, PSU redundancy, site inputs and metadata.

Edits go through `configurator.core.ops` so they can be undone, and the session says what each
one changed (`OpChanges`); nested values are replaced wholesale, never mutated in place.
`Build` is a plain pydantic model: the command line reads and checks builds without the
window's signal library (psygnal is the session's, core/session.py).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .input_error import InvalidValueError
from .message import Msg

FORMAT_VERSION = 1
FORMAT_KIND = "ai-server-configurator/build"
OWNED_CHASSIS = "chassis"   # the `Build.owned` key that marks the chassis itself as owned

Money = Annotated[Decimal, Field(ge=0, le=Decimal("1e12"), allow_inf_nan=False)]
ShortText = Annotated[str, Field(max_length=200)]
LongText = Annotated[str, Field(max_length=20000)]
SlotName = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")]
PartName = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")]


class _Frozen(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")


class Site(_Frozen):
    """Where the server runs: power feed, climate and energy price."""

    input_voltage_v: float = Field(230.0, ge=90, le=480, allow_inf_nan=False)
    ambient_c: float = Field(25.0, ge=-20, le=60, allow_inf_nan=False)
    altitude_m: float = Field(0.0, ge=-500, le=6000, allow_inf_nan=False)
    electricity_price_kwh: Money = Decimal("0.15")
    pue: float = Field(1.4, ge=1.0, le=5.0, allow_inf_nan=False)
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    input_currency: str = Field("USD", pattern=r"^[A-Z]{3}$",
                                description="currency of the build's own money inputs (electricity price, shipping, "
                                            "rent); set to `currency` when absent, so changing `currency` converts "
                                            "them rather than relabelling them")

    @model_validator(mode="before")
    @classmethod
    def _pin_input_currency(cls, data: Any) -> Any:
        # a file without the field typed its money in its own currency (format 1 before the field)
        if isinstance(data, dict) and "input_currency" not in data:
            data = {**data, "input_currency": data.get("currency", "USD")}
        return data


InvoiceType = Literal["", "special", "ordinary"]


class Commercial(_Frozen):
    """Money inputs for cost, TCO and quotes."""

    tco_years: int = Field(5, ge=1, le=15)
    support_pct_per_year: Decimal = Field(Decimal("8"), ge=0, le=100, allow_inf_nan=False)
    rent_per_gpu_hour: Money | None = Field(None, description="None: the GPU's reference cloud price")
    utilization_pct: float = Field(80.0, ge=0, le=100, allow_inf_nan=False)
    discount_pct: Decimal = Field(Decimal("0"), ge=0, le=100, allow_inf_nan=False)
    tax_pct: Decimal = Field(Decimal("0"), ge=0, le=100, allow_inf_nan=False)
    shipping: Money = Decimal("0")
    shipping_taxed: bool = Field(True, description="tax is charged on shipping too (China, EU)")
    prices_include_tax: bool = False
    payment_terms: ShortText = Field("", description="'' = the vendor profile's payment terms")
    delivery_terms: ShortText = Field("", description="Incoterms and place, e.g. 'DAP Shanghai'")
    lead_time: ShortText = Field("", description="'' = the vendor profile's lead time")
    invoice_type: InvoiceType = Field("", description="China: 'special' 增值税专用发票, 'ordinary' 普通发票")


QuoteLanguage = Literal["en", "zh_CN"]


class Meta(_Frozen):
    """Who the build is for and the quote's own fields (docs/quote.md); all optional."""

    name: ShortText = Field("Untitled build", description="project name")
    customer: ShortText = ""
    contact: ShortText = ""
    email: ShortText = ""
    phone: ShortText = ""
    bill_to: LongText = Field("", max_length=1000, description="customer's billing address")
    ship_to: LongText = Field("", max_length=1000, description="delivery address; '' = the billing address")
    customer_po: ShortText = Field("", description="customer's PO or deal id")
    customer_tax_id: ShortText = Field("", description="buyer's tax id (纳税人识别号)")
    notes: LongText = Field("", description="internal notes: never printed on the quote")
    quote_notes: LongText = Field("", max_length=4000, description="notes printed on the quote")
    valid_days: int = Field(30, ge=1, le=365)
    revision: int = Field(1, ge=1, le=999)
    quote_number: str = Field("", max_length=40, pattern=r"^([A-Za-z0-9][A-Za-z0-9._/-]{0,39})?$",
                              description="'' until a quote PDF is written; revisions reuse it")
    language: QuoteLanguage = Field("en", description="language of the quote: en or zh_CN (报价单)")


class Unplaced(_Frozen):
    """A part of the build that has no slot: a chassis change left no place for it. It stays with
    the build (the "Not placed" tray) until the user drags it onto a slot or discards it."""

    part: PartName
    slot: SlotName = Field(description="the slot it was in before")
    reason: ShortText = Field("", description="the code of why it could not be placed (e.g. place.all-in-use); "
                                            "the app words the reason from the build when it shows the tray")


class Build(BaseModel):
    """A server configuration; serialises to the versioned build file."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    chassis: PartName
    placements: dict[SlotName, PartName] = Field(default_factory=dict, max_length=2000)
    bridges: tuple[tuple[SlotName, ...], ...] = Field((), max_length=64,
                                                      description="NVLink bridge groups of PCIe slots")
    psu_redundancy: str = Field("", max_length=16, description="'' = the chassis default")
    psu_feeds: dict[SlotName, Literal["A", "B"]] = Field(default_factory=dict, max_length=64,
                                                         description="PDU feed per PSU bay; unset = A/B alternating")
    owned: dict[SlotName, PartName] = Field(default_factory=dict, max_length=2000, description=(
        "parts the customer already has, by the slot they were in, and the key 'chassis' for the chassis "
        "(an imported server's); the BOM lists up to that many of each part id at zero price"))
    unplaced: tuple[Unplaced, ...] = Field(default=(), max_length=2000, description=(
        "parts that have no slot (a chassis change left no place for them): not in the server or its BOM"))
    companions: tuple[PartName, ...] = Field((), max_length=64, description=(
        "accessory ids chosen for the companion roles they fit (rails for the chassis, the cord of a PSU, the "
        "bridge of a group), over the catalog's default; the other accessories of a role are offered as alternatives"))
    multi_node: bool = Field(True, description="part of a multi-node training cluster")
    site: Site = Field(default_factory=Site)
    commercial: Commercial = Field(default_factory=Commercial)
    meta: Meta = Field(default_factory=Meta)
    workload: dict[str, Any] | None = Field(None, description="configurator.core.evaluate.workload.Workload as JSON")

    @field_validator("bridges")
    @classmethod
    def _bridges(cls, value: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        for group in value:
            if len(group) < 2:
                raise InvalidValueError(Msg("build.bridge-short"))
            if len(set(group)) != len(group):
                raise InvalidValueError(Msg("build.bridge-twice", slots=str(list(group))))
        return value

    def is_owned(self, slot: str) -> bool:
        """Whether the part in `slot` (or, for 'chassis', the chassis) is one the customer already
        has: it is listed in `owned` and still in place."""
        held = self.chassis if slot == OWNED_CHASSIS else self.placements.get(slot)
        return slot in self.owned and self.owned[slot] == held

    def to_file_dict(self) -> dict[str, Any]:
        """The build file's JSON object (format version first)."""
        body = self.model_dump(mode="json")
        for optional in ("unplaced", "companions"):
            if not body[optional]:
                del body[optional]   # files without a tray or a companion choice read the same in apps that predate it
        return {"format": FORMAT_VERSION, "kind": FORMAT_KIND, **body}

    def snapshot(self) -> dict[str, Any]:
        """A plain copy of the whole state, for undo and comparisons."""
        return self.model_dump(mode="python")

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Replace the whole state, field by field (each assignment validated)."""
        fresh = Build.model_validate(snapshot)
        for name in type(self).model_fields:
            if getattr(self, name) != getattr(fresh, name):
                setattr(self, name, getattr(fresh, name))
