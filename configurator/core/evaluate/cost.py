"""Bill of materials in the site's currency, and total cost of ownership against renting.

Money is `Decimal` throughout. Each line's unit price is converted through the evaluator's
exchange rates (`core.fx.FxTable`, read by `io.fx_io`) and rounded to the currency's minor unit
(ROUND_HALF_UP); `bom.price_bom` adds the support line and the terms and checks that the
printed lines add up to the total. The TCO reads its capex and support from that BOM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from itertools import repeat
from operator import floordiv

from ..build import OWNED_CHASSIS, Build
from ..catalog import GPU, Accessory, Part, Price
from ..context import BuildContext
from ..fx import FxTable
from ..memo import BoundedMemo
from ..money import quantize
from .bom import owned_line, part_line, price_bom
from .companions import with_companions
from .result import ComputeResult, CostLine, CostResult, PowerResult, TcoResult, construct

HOURS_PER_YEAR = 8766    # 365.25 days
HOURS_PER_MONTH = 730    # 8766 / 12, rounded as cloud price sheets do


def compute_cost(ctx: BuildContext, fx: FxTable, lines_memo: BoundedMemo | None = None) -> CostResult:
    """The priced BOM (`bom.price_bom`): one line per distinct placed part, converted and rounded
    per line, plus the support line and the commercial terms of `ctx.build.commercial`.

    `lines_memo` (the evaluator's, for one catalog and FX table) keeps lines, baseboard lines and
    companion parts between edits."""
    build = ctx.build
    cur = build.site.currency
    quantum = fx.quantum(cur)
    memo = lines_memo if lines_memo is not None else BoundedMemo()
    get, put = memo.lookup, memo.put
    catalog = ctx.catalog

    def priced(part: Part, qty: int, kind: str = "hardware") -> CostLine:
        key = (part.id, qty, cur, kind)
        line = get(key)
        if line is None:
            line = put(key, _priced_line(catalog.price(part.id), fx, part, qty, cur, quantum, kind))
        return line

    groups = ctx.groups
    if ctx.chassis is not None:
        groups = ((ctx.chassis, 1), *groups)
    if build.owned:
        lines = _with_owned(build, groups, priced, quantum)
    else:
        lines = [priced(part, qty) for part, qty in groups if qty]
    lines = with_companions(ctx, lines, priced, memo)
    return price_bom(cur, quantum, lines, build.commercial, fx_note=fx.note,
                     shipping=input_money(build, fx, build.commercial.shipping))


def _priced_line(price: Price | None, fx: FxTable, part: Part, qty: int, cur: str, quantum: Decimal,
                 kind: str) -> CostLine:
    """`qty` × `part` at its list price converted to `cur` (a part line, `bom.part_line`)."""
    unit, source = _convert_price(price, fx, cur) if price is not None else (None, "no price")
    if price is None and isinstance(part, Accessory) and part.included:
        unit, source = Decimal(0), "included with the part it goes with (catalogs/accessories.toml)"
    return part_line(category=part.category, part_id=part.id, part_number=part.part_number, name=part.name,
                     qty=qty, unit=unit, source=source, quantum=quantum, kind=kind, sku_note=part.sku_note)


def _with_owned(build: Build, groups: Iterable[tuple[Part, int]], priced: Callable[[Part, int], CostLine],
                quantum: Decimal) -> list[CostLine]:
    """The part lines when the customer owns some parts: those are listed at zero, the rest priced."""
    owned = _owned_counts(build)
    lines: list[CostLine] = []
    for part, qty in groups:
        have = min(owned.get(part.id, 0), qty)   # parts the customer already has: listed, not priced
        if have:
            lines.append(owned_line(category=part.category, part_id=part.id, part_number=part.part_number,
                                    name=part.name, qty=have, quantum=quantum, sku_note=part.sku_note))
            qty -= have
        if qty:
            lines.append(priced(part, qty))
    return lines


def input_money(build: Build, fx: FxTable, amount: Decimal) -> Decimal:
    """A money input of the build (shipping, electricity price, rent), typed in
    `site.input_currency`, in the build's currency (unrounded; unchanged without a rate)."""
    site = build.site
    value = fx.convert(Decimal(amount), site.input_currency, site.currency)
    return Decimal(amount) if value is None else value


def _owned_counts(build: Build) -> dict[str, int]:
    """Part id -> how many the customer owns (`Build.owned`), counted per part id so that a part
    moved to another slot stays owned; the caller caps it at the number placed."""
    counts: dict[str, int] = {}
    for slot, pid in build.owned.items():
        if slot == OWNED_CHASSIS and pid != build.chassis:
            continue
        counts[pid] = counts.get(pid, 0) + 1
    return counts


def _convert_price(price: Price, fx: FxTable, cur: str) -> tuple[Decimal | None, str]:
    """Unit price in `cur` (unrounded: `part_line` rounds it), and where it came from."""
    # the price list file and its row (the part id) first: a customer asks "which list, which date"
    where = f"price list {price.origin}, row {price.part_id}: " if price.origin else ""
    source = f"{where}{price.source}, {price.date}"
    value = fx.convert(price.price, price.currency, cur)
    if value is None:
        return None, f"{source}; no exchange rate {price.currency}→{cur}"
    if price.currency != cur:
        source += f"; {price.price} {price.currency} converted"
    return value, source


def compute_tco(ctx: BuildContext, cost: CostResult, power: PowerResult,
                compute: ComputeResult, fx: FxTable) -> TcoResult:
    """Own (capex + energy + support) vs rent the same GPUs, month by month.

    capex is the BOM's hardware subtotal and support its support line's unit price per year,
    so the TCO and the quote use the same figures."""
    build = ctx.build
    com, site = build.commercial, build.site
    quantum = fx.quantum(site.currency)
    years = com.tco_years
    util = com.utilization_pct / 100.0
    avg_wall_w = power.wall_typical_w * util + power.wall_idle_w * (1.0 - util)
    kwh = avg_wall_w * site.pue * HOURS_PER_YEAR / 1000.0
    energy = quantize(Decimal(repr(kwh)) * input_money(build, fx, site.electricity_price_kwh), quantum)
    capex = cost.subtotal_hardware          # list prices before discount, tax and shipping
    line = cost.support
    support = line.unit_price if line is not None and line.unit_price is not None else quantum * 0
    total = capex + years * (energy + support)
    pflops = compute.bf16_tflops / 1000.0
    per_pflops = quantize(total / Decimal(repr(pflops)), quantum) if pflops > 0 else None
    rate, per_month = _rent(ctx, fx, site.currency, util, quantum)
    own, rent, breakeven = month_series(capex, energy + support, per_month, years * 12, quantum)
    return construct(
        TcoResult, years=years, capex=capex, energy_kwh_per_year=kwh, energy_cost_per_year=energy,
        support_per_year=support, total=total, dense_pflops=pflops, cost_per_pflops=per_pflops,
        rent_per_gpu_hour=rate, rent_per_month=per_month, own_by_month=own, rent_by_month=rent,
        breakeven_month=breakeven, currency=site.currency)


def month_series(capex: Decimal, opex_per_year: Decimal, rent_per_month: Decimal | None, months: int,
                 quantum: Decimal) -> tuple[tuple[Decimal, ...], tuple[Decimal, ...], int | None]:
    """Cumulative own and rent cost for months 0..`months`, and the break-even month.

    Own at month m = capex + m/12 of a year's energy and support, rounded half-up to the
    currency's minor unit; rent at month m = m × rent per month. Break-even is the first
    month where own ≤ rent (None if never, or when nothing is priced). Integer arithmetic
    in minor units keeps it exact.
    """
    scale = 10 ** -int(quantum.as_tuple().exponent)
    c, o = int(capex * scale), int(opex_per_year * scale)
    # own in minor units: c + round_half_up(m·o/12) = c + (2·m·o + 12) // 24, m = 0..months
    own_units = list(map(c.__add__, map(floordiv, range(12, 2 * o * months + 13, 2 * o) if o else
                                        repeat(12, months + 1), repeat(24))))
    own = tuple(map(quantum.__mul__, own_units))   # quantum × units keeps the quantum's exponent
    rent: tuple[Decimal, ...] = ()
    breakeven = None
    if rent_per_month is not None:
        rent = tuple(map(rent_per_month.__mul__, range(months + 1)))
        if capex > 0:
            breakeven = _first_month(own_units, int(rent_per_month * scale), o)
    return own, rent, breakeven


def _first_month(own_units: list[int], rent_units: int, opex_units: int) -> int | None:
    """First m with own[m] ≤ rent·m (all in minor units, own[0] > 0), else None.

    own rises by ⌊o/12⌋ or ⌈o/12⌉ a month. When rent ≥ ⌈o/12⌉ (⇔ 12·rent ≥ o) own − rent never
    rises, so bisect; otherwise it never falls and own[0] > 0 is never reached.
    """
    months = len(own_units) - 1
    if 12 * rent_units < opex_units or own_units[months] > rent_units * months:
        return None
    lo, hi = 0, months
    while lo < hi:
        mid = (lo + hi) // 2
        if own_units[mid] <= rent_units * mid:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _rent(ctx: BuildContext, fx: FxTable, cur: str, util: float,
          quantum: Decimal) -> tuple[Decimal | None, Decimal | None]:
    """(rate per GPU-hour, rent per month) for the build's GPUs, None when unknown."""
    gpus: list[GPU] = [pl.part for pl in ctx.gpus_placed if isinstance(pl.part, GPU)]
    if not gpus:
        return None, None
    chosen = ctx.build.commercial.rent_per_gpu_hour
    if chosen is not None:
        hourly = input_money(ctx.build, fx, chosen) * len(gpus)
    else:
        hourly = Decimal(0)
        for g in gpus:
            if g.rent_per_hour is None:
                return None, None
            usd = Decimal(repr(g.rent_per_hour))
            conv = fx.convert(usd, "USD", cur)
            if conv is None:
                return None, None
            hourly += conv
    rate = quantize(hourly / len(gpus), Decimal("0.0001"))
    per_month = quantize(hourly * HOURS_PER_MONTH * Decimal(repr(util)), quantum)
    return rate, per_month
