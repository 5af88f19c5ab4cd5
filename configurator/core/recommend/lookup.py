"""Lookup tables the vectorised evaluator gathers from: one row per part, block and PSU pairing.

Every entry is computed once per search with the scalar code the evaluator itself runs —
`categories.part_draw` for a part's power, `money.quantize` of the `FxTable` conversion for its
unit price, `psu` for the usable capacity under the chassis' redundancy, `thermal.derate_factor`
for the cooling capacity at the site, the workload model for memory per GPU count — so the
vectorised figures are sums and products of the very numbers the scalar path adds up.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from ..catalog import NIC, PSU, Accessory, Catalog, Chassis, Part
from ..categories import part_draw
from ..evaluate.bandwidth import tp_link
from ..evaluate.companions import candidates_for, priced_choice
from ..evaluate.power import BASE_TYPICAL_SHARE, EFFICIENCY_CURVES, _between, efficiency_shift
from ..evaluate.thermal import derate_factor
from ..evaluate.workload_formulas import TPLink
from ..fx import FxTable
from ..money import quantize
from ..psu import bay_feeds, parse_redundancy, rating_at
from .options import Block, psu_count, psu_mode
from .request import Request

NO_PRICE = -1


@dataclass(frozen=True)
class Tables:
    """Arrays indexed by global part index (`index`), block number, or (chassis row, part index)."""

    index: dict[str, int]
    parts: tuple[Part | None, ...]
    idle: np.ndarray
    typ: np.ndarray
    mx: np.ndarray
    peak: np.ndarray
    unit: np.ndarray          # minor units per part, NO_PRICE when it cannot be priced
    owned: np.ndarray         # how many of each part the customer has
    cord: np.ndarray          # power-cord minor units per PSU of this part
    eff_class: np.ndarray     # PSU: index into `power.EFFICIENCY_CURVES` (-1: not a PSU)
    eff_shift: np.ndarray     # PSU: `power.efficiency_shift`, its curve's offset
    rating: np.ndarray        # PSU: `rating_w`, the load share's denominator
    cpu_channels: np.ndarray
    cpu_tdp: np.ndarray
    dimm_gb: np.ndarray
    nic_gbps: np.ndarray      # NIC: Gb/s of all its ports when it carries GPU traffic (0: a DPU, not a NIC)
    nic_port_gbps: np.ndarray  # NIC: one port's speed
    scale: int                # minor units per currency unit
    chassis_row: dict[str, int]
    usable: np.ndarray        # [chassis row, psu index] usable W under the default redundancy
    feed_min: np.ndarray      # [chassis row, psu index] W the weaker feed gives (inf: not checked)
    rails: np.ndarray         # [chassis row] minor units of rails kits


def _units(catalog: Catalog, fx: FxTable, part: Part, currency: str, quantum: Decimal) -> int:
    price = catalog.price(part.id)
    if price is None:
        return 0 if isinstance(part, Accessory) and part.included else NO_PRICE
    value = fx.convert(price.price, price.currency, currency)
    return NO_PRICE if value is None else int(quantize(value, quantum) / quantum)


def _psu_capacity(chassis: Chassis, psu: PSU, volts: float) -> tuple[float, float]:
    """(usable W, weaker-feed W or inf) with every bay holding `psu` under the recommender's
    redundancy (`options.psu_mode`), as `evaluate.power.compute_psu` and the feed-capacity rule
    count them."""
    rating = rating_at(psu, volts)
    red = parse_redundancy(psu_mode(chassis))
    feeds: dict[str, int] = {}
    installed = psu_count(chassis)
    for feed in list(bay_feeds(chassis, {}).values())[:installed]:
        feeds[feed] = feeds.get(feed, 0) + 1
    usable = red.active(installed, feeds) * rating
    uneven = len(set(feeds.values())) > 1
    weak = min(feeds.values()) * rating if (red.redundant and red.grid and uneven and chassis.psu.feeds > 1
                                            and installed > 1) else float("inf")
    return usable, weak


def build_tables(blocks: list[Block], catalog: Catalog, fx: FxTable, request: Request) -> Tables:
    """Tables for every part the blocks use (index 0 is "nothing")."""
    seen: dict[str, Part] = {}
    for b in blocks:
        for part in (b.chassis, b.cooling, b.gpu, b.boot, *b.cpus, *b.dimms, *b.psus,
                     *(n for n, _ in b.nics), *(d for d, _ in b.drives)):
            if part is not None:
                seen.setdefault(part.id, part)
    parts: tuple[Part | None, ...] = (None, *seen.values())
    index = {p.id: i for i, p in enumerate(parts) if p is not None}
    n = len(parts)
    quantum = fx.quantum(request.currency)
    draws = np.array([part_draw(p) if p is not None else (0.0, 0.0, 0.0, 0.0) for p in parts], dtype=float)
    unit = np.array([_units(catalog, fx, p, request.currency, quantum) if p else 0 for p in parts], dtype=np.int64)
    owned = np.array([request.owned.get(p.id, 0) if p else 0 for p in parts], dtype=np.int64)
    def companion(kind: str, part_id: str, ways: int = 0) -> int:
        """Minor units of the one accessory of this role the BOM lists (`companions.choose` among the
        priced ones, as `options.companion_pick` names it in the build); NO_PRICE when none is priced."""
        cands = candidates_for(catalog, kind, part_id, ways)
        if not cands:
            return 0
        pick, _named = priced_choice(catalog, cands)
        u = NO_PRICE if pick is None else _units(catalog, fx, pick, request.currency, quantum)
        return NO_PRICE if pick is None or u == NO_PRICE else u * pick.qty_per

    cords = np.array([companion("power-cord", p.id) if isinstance(p, PSU) else 0 for p in parts], dtype=np.int64)
    chassis = list({b.chassis.id: b.chassis for b in blocks}.values())
    rows = {c.id: i for i, c in enumerate(chassis)}
    usable = np.zeros((len(chassis), n))
    feed_min = np.full((len(chassis), n), np.inf)
    rails = np.zeros(len(chassis), dtype=np.int64)
    for c in chassis:
        for b in blocks:
            if b.chassis is c:
                for psu in b.psus:
                    at = rows[c.id], index[psu.id]
                    usable[at], feed_min[at] = _psu_capacity(c, psu, request.input_voltage_v)
        rails[rows[c.id]] = companion("rails", c.id)

    def field(name: str, default: float = 0.0) -> np.ndarray:
        return np.array([float(getattr(p, name, default)) if p is not None else default for p in parts])

    classes = list(EFFICIENCY_CURVES)
    psus = [p if isinstance(p, PSU) else None for p in parts]
    return Tables(index=index, parts=parts, idle=draws[:, 0], typ=draws[:, 1], mx=draws[:, 2], peak=draws[:, 3],
                  unit=unit, owned=owned, cord=cords,
                  eff_class=np.array([classes.index(p.efficiency_class) if p else -1 for p in psus], dtype=np.int64),
                  eff_shift=np.array([efficiency_shift(p) if p else 0.0 for p in psus]),
                  rating=np.array([p.rating_w if p else 0.0 for p in psus]),
                  cpu_channels=field("memory_channels"), cpu_tdp=field("tdp_w"), dimm_gb=field("capacity_gb"),
                  nic_gbps=np.array([p.total_gbps if isinstance(p, NIC) and p.kind != "dpu" else 0.0 for p in parts]),
                  nic_port_gbps=field("port_speed_gbps"),
                  scale=int(1 / quantum), chassis_row=rows, usable=usable, feed_min=feed_min, rails=rails)


@dataclass(frozen=True)
class BlockTable:
    """Per-block arrays (length = number of blocks)."""

    chassis_row: np.ndarray
    chassis: np.ndarray       # part index of the chassis (its price)
    cooling: np.ndarray
    gpu: np.ndarray
    n_gpu: np.ndarray
    boot: np.ndarray
    n_sock: np.ndarray
    channels: np.ndarray      # chassis channels per socket
    base_idle: np.ndarray     # chassis base + GPU baseboard lines
    base_typ: np.ndarray
    base_max: np.ndarray
    cap_w: np.ndarray         # cooling capacity at the site's ambient and altitude
    max_cpu_tdp: np.ndarray
    rack_units: np.ndarray
    psu_bays: np.ndarray
    vram_gb: np.ndarray       # per GPU
    owned_chassis: np.ndarray
    bridges: np.ndarray       # minor units of the NVLink bridges (groups not wholly owned), NO_PRICE unpriced
    #: per block, by tensor-parallel degree (divisors of its GPU count): the link a group of its first GPUs shares
    #: for the all-reduces (`bandwidth.tp_link`, as the evaluation reads it)
    links: tuple[dict[int, TPLink], ...] = ()


def _base_lines(c: Chassis) -> tuple[float, float, float]:
    idle, typ, mx = c.base_idle_w, _between(c.base_idle_w, c.base_max_w, BASE_TYPICAL_SHARE), c.base_max_w
    if c.gpu_baseboard is not None and (c.baseboard_idle_w or c.baseboard_max_w):
        idle += c.baseboard_idle_w
        typ += _between(c.baseboard_idle_w, c.baseboard_max_w, BASE_TYPICAL_SHARE)
        mx += c.baseboard_max_w
    return idle, typ, mx


def _bridge_units(b: Block, catalog: Catalog, fx: FxTable, request: Request) -> int:
    """The bridges' BOM lines as `companions.companion_parts` counts them: per group not all owned,
    the one bridge of the role (`companions.priced_choice`, as `options.companion_pick` names it)."""
    quantum = fx.quantum(request.currency)
    owned_pairs = min(request.owned.get(b.gpu.id, 0), b.n_gpu) // 2      # owned GPUs fill the first slots
    total = 0
    for group in b.bridges[owned_pairs:]:
        cands = candidates_for(catalog, "nvlink-bridge", b.gpu.id, len(group))
        if not cands:
            continue
        pick, _named = priced_choice(catalog, cands)
        u = NO_PRICE if pick is None else _units(catalog, fx, pick, request.currency, quantum)
        if pick is None or u == NO_PRICE:
            return NO_PRICE
        total += u * pick.qty_per
    return total


def block_table(blocks: list[Block], t: Tables, request: Request, catalog: Catalog, fx: FxTable) -> BlockTable:
    def col(fn, dtype=float) -> np.ndarray:
        return np.array([fn(b) for b in blocks], dtype=dtype)

    base = np.array([_base_lines(b.chassis) for b in blocks], dtype=float).reshape(-1, 3)
    return BlockTable(
        chassis_row=col(lambda b: t.chassis_row[b.chassis.id], np.int64),
        chassis=col(lambda b: t.index[b.chassis.id], np.int64),
        cooling=col(lambda b: t.index[b.cooling.id], np.int64),
        gpu=col(lambda b: t.index[b.gpu.id], np.int64), n_gpu=col(lambda b: b.n_gpu, np.int64),
        boot=col(lambda b: t.index[b.boot.id] if b.boot else 0, np.int64),
        n_sock=col(lambda b: len(b.chassis.sockets), np.int64),
        channels=col(lambda b: b.chassis.memory.channels_per_socket, np.int64),
        base_idle=base[:, 0], base_typ=base[:, 1], base_max=base[:, 2],
        cap_w=col(lambda b: b.option.heat_capacity_w * derate_factor(
            b.cooling.kind, request.ambient_c, 0.0, b.option.rated_ambient_c)),
        max_cpu_tdp=col(lambda b: b.option.max_cpu_tdp_w),
        rack_units=col(lambda b: b.chassis.rack_units, np.int64),
        psu_bays=col(lambda b: psu_count(b.chassis), np.int64),
        vram_gb=col(lambda b: b.gpu.memory_gb),
        owned_chassis=col(lambda b: request.owned.get(b.chassis.id, 0) > 0, bool),
        bridges=col(lambda b: _bridge_units(b, catalog, fx, request), np.int64),
        links=tuple({tp: tp_link(b.chassis, b.gpu, b.gpu_slots, b.bridges, tp)
                     for tp in range(2, b.n_gpu + 1) if b.n_gpu % tp == 0} for b in blocks),
    )
