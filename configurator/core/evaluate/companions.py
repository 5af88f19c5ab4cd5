"""Companion parts: what the quote must list because the placed parts need it (docs/quote.md).

`catalogs/accessories.toml` says, per accessory, which parts it goes with (`companion_of`)
and how many (`qty_per`):

- ``rails``: one kit per chassis listed;
- ``power-cord``: `qty_per` per placed PSU listed;
- ``nvlink-bridge``: `qty_per` per bridge group (`Build.bridges`) whose GPUs are all listed;
- ``gpu-baseboard``: when the chassis has an SXM/OAM baseboard fully populated with one
  listed GPU, the GPUs are quoted as that one SKU (qty = boards) instead of `qty_per` loose
  GPU lines. The baseboard line's unit price is `qty_per` × the GPU's rounded unit price, so
  the BOM's total does not move; its source says so.

Each *role* — the rails of the chassis, the cords of one PSU model, the bridge of one bridge group,
the baseboard of one GPU model — gets exactly one accessory, however many fit it (a user catalog
adding a distributor's rail kit beside the shipped one, docs/catalog.md "Companion roles"):
`choose` takes the one the build names (`Build.companions`), else the first the catalog marks
`preferred`, else the first with a price (or `included`), else the first, in catalog order (the
shipped files load before the user folder, so the shipped part is the default). The others are
the line's `alternatives`: named on the BOM, never added to it.

Accessory lines are `kind="companion"` (group "Accessories"); the baseboard line keeps the
GPU's group (Compute) because it is the GPUs.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ..build import OWNED_CHASSIS
from ..catalog import Accessory, Catalog, Part
from ..context import BuildContext
from ..memo import BoundedMemo
from ..message import Msg
from .result import Alternative, CostLine, construct

#: prices a part: (part, qty, kind) -> its line, in the BOM currency
PriceLine = Callable[[Part, int, str], CostLine]


def accessories(ctx: BuildContext) -> list[Accessory]:
    return [p for p in ctx.catalog.by_category("accessory") if isinstance(p, Accessory)]


def choose(candidates: Sequence[Accessory], named: Collection[str],
           priced: Callable[[Accessory], bool]) -> Accessory:
    """The one accessory of a role's `candidates` (catalog order, not empty): the first `named`, else
    the first `preferred`, else the first `priced`, else the first."""
    for test in (lambda a: a.id in named, lambda a: a.preferred, priced):
        for acc in candidates:
            if test(acc):
                return acc
    return candidates[0]


def has_price(ctx: BuildContext) -> Callable[[Accessory], bool]:
    """Whether an accessory prices a line: a price-list row, or it ships with its part."""
    return lambda acc: acc.included or ctx.catalog.price(acc.id) is not None


def candidates_for(catalog: Catalog, kind: str, part_id: str, ways: int = 0) -> tuple[Accessory, ...]:
    """The accessories of `kind` that go with `part_id` (a chassis, a PSU, a GPU), in catalog order;
    bridges: those for a group of `ways` GPUs."""
    return tuple(a for a in catalog.by_category("accessory") if isinstance(a, Accessory) and a.kind == kind
                 and part_id in a.companion_of and (kind != "nvlink-bridge" or a.bridge_ways in (0, ways)))


def cord_for(catalog: Catalog, psu_id: str, named: Collection[str] = ()) -> Accessory | None:
    """The power cord the BOM lists for PSU `psu_id` (`choose`; a build's `companions` as `named`)."""
    cands = candidates_for(catalog, "power-cord", psu_id)
    return choose(cands, named, lambda a: a.included or catalog.price(a.id) is not None) if cands else None


def priced_choice(catalog: Catalog, candidates: Sequence[Accessory]) -> tuple[Accessory | None, bool]:
    """What the recommender can price for a role: (the accessory `choose` takes among the candidates
    with a price or `included`, None when none has; whether that is not the one the evaluation takes
    without a choice in the build, so the recommended build must name it in `Build.companions`)."""
    def priced(acc: Accessory) -> bool:
        return acc.included or catalog.price(acc.id) is not None
    eligible = [a for a in candidates if priced(a)]
    if not eligible:
        return None, False
    pick = choose(eligible, (), priced)
    return pick, pick is not choose(candidates, (), priced)


def roles(ctx: BuildContext) -> list[tuple[tuple[Accessory, ...], int]]:
    """(candidates in catalog order, units) for every companion role the build has: the rails of a
    new chassis (units 1), the cords of each PSU model not owned (units = its PSUs), the bridge of each
    bridge group not wholly owned (units 1). Qty on the BOM = the chosen accessory's `qty_per` × units.

    Parts the customer already owns (`Build.owned`) came with theirs: an owned chassis has its
    rails, an owned PSU its cord, a bridge group of owned GPUs its bridge."""
    owned = ctx.build.owned
    every = accessories(ctx)
    out: list[tuple[tuple[Accessory, ...], int]] = []
    chassis = ctx.build.chassis
    if owned.get(OWNED_CHASSIS) != chassis:
        out.append((tuple(a for a in every if a.kind == "rails" and chassis in a.companion_of), 1))
    psus: dict[str, int] = {}
    for pl in ctx.of("psu"):
        if owned.get(pl.slot.id) != pl.part.id:
            psus[pl.part.id] = psus.get(pl.part.id, 0) + 1
    out += [(tuple(a for a in every if a.kind == "power-cord" and pid in a.companion_of), n)
            for pid, n in psus.items()]
    for group in ctx.build.bridges:
        if not all(slot in owned for slot in group):
            out.append((tuple(a for a in every if a.kind == "nvlink-bridge" and a.bridge_ways in (0, len(group))
                              and _bridged_with(ctx, group, set(a.companion_of))), 1))
    return [(cands, units) for cands, units in out if cands]


def companion_parts(ctx: BuildContext) -> list[tuple[Accessory, int, tuple[Accessory, ...]]]:
    """(accessory, qty, alternatives) for the rails, cords and bridges the build needs, one
    accessory per role (`choose`), in catalog order; alternatives are the roles' other candidates."""
    named, priced = set(ctx.build.companions), has_price(ctx)
    qty: dict[str, int] = {}
    others: dict[str, set[str]] = {}
    for cands, units in roles(ctx):
        pick = choose(cands, named, priced)
        qty[pick.id] = qty.get(pick.id, 0) + pick.qty_per * units
        others.setdefault(pick.id, set()).update(a.id for a in cands if a is not pick)
    every = accessories(ctx)
    return [(acc, qty[acc.id], tuple(a for a in every if a.id in others[acc.id] and a.id not in qty))
            for acc in every if acc.id in qty]


def _bridged_with(ctx: BuildContext, group: Sequence[str], wanted: set[str]) -> bool:
    parts = [ctx.part_at(slot) for slot in group]
    return all(p is not None and p.id in wanted for p in parts)


def baseboard_for(ctx: BuildContext, gpu_id: str, qty: int) -> tuple[Accessory, int, tuple[Accessory, ...]] | None:
    """(baseboard SKU, boards, the other SKUs that fit) when `qty` GPUs `gpu_id` fill the chassis'
    baseboard(s); the SKU by `choose` (every one is priced from the GPUs)."""
    board = ctx.chassis.gpu_baseboard if ctx.chassis is not None else None
    if board is None:
        return None
    cands = tuple(acc for acc in accessories(ctx) if acc.kind == "gpu-baseboard" and gpu_id in acc.companion_of
                  and acc.qty_per == board.positions and qty % acc.qty_per == 0)
    if not cands:
        return None
    pick = choose(cands, set(ctx.build.companions), lambda a: True)
    return pick, qty // pick.qty_per, tuple(a for a in cands if a is not pick)


def with_companions(ctx: BuildContext, lines: list[CostLine], price_line: PriceLine,
                    memo: BoundedMemo | None = None) -> list[CostLine]:
    """`lines` with full baseboards quoted as their SKU and the companion lines appended.

    `memo` (the evaluator's BOM-line memo) keeps the baseboard lines and the companion parts on
    the values they read, so an edit that changes neither does not look them up again."""
    board = ctx.chassis.gpu_baseboard if ctx.chassis is not None else None
    out = list(lines) if board is None else [_as_baseboard(ctx, line, memo) if line.category == "gpu" else line
                                             for line in lines]
    out += [_with_alternatives(price_line(acc, qty, "companion"), alts, price_line)
            for acc, qty, alts in _companions(ctx, memo)]
    return out


def _with_alternatives(line: CostLine, alts: Sequence[Accessory], price_line: PriceLine) -> CostLine:
    """`line` naming `alts`, each at its unit price (a one-unit line of it, in the BOM currency)."""
    if not alts:
        return line
    found = []
    for acc in alts:
        one = price_line(acc, 1, "companion")
        found.append(construct(Alternative, part_id=acc.id, part_number=acc.part_number, name=acc.name,
                               unit_price=one.unit_price, price_source=one.price_source,
                               sku_note="" if acc.part_number else acc.sku_note))
    return construct(CostLine, **{**line.__dict__, "alternatives": tuple(found)})


def _as_baseboard(ctx: BuildContext, line: CostLine, memo: BoundedMemo | None) -> CostLine:
    """`line` (GPUs), or its baseboard SKU line when the GPUs fill the chassis' baseboard(s)."""
    assert ctx.chassis is not None
    key = ("baseboard", ctx.chassis.id, line.part_id, line.qty, line.unit_price, line.name, line.price_source,
           line.group, ctx.build.companions)
    hit = memo.get(key) if memo is not None else None
    if hit is None:
        found = baseboard_for(ctx, line.part_id, line.qty)
        hit = line if found is None else _baseboard_line(line, found[0], found[1])
        if found is not None and found[2]:
            hit = construct(CostLine, **{**hit.__dict__, "alternatives": tuple(
                construct(Alternative, part_id=a.id, part_number=a.part_number, name=a.name,
                          unit_price=hit.unit_price, price_source=hit.price_source,
                          sku_note="" if a.part_number else a.sku_note) for a in found[2])})
        if memo is not None:
            memo.put(key, hit)
    return hit


def _companions(ctx: BuildContext, memo: BoundedMemo | None) -> list[tuple[Accessory, int, tuple[Accessory, ...]]]:
    """`companion_parts(ctx)`, memoised on what it reads: the chassis, the PSUs' slots, the owned
    parts, the bridge groups and the parts in them, the accessories the build names."""
    if memo is None:
        return companion_parts(ctx)
    b = ctx.build
    key = ("companions", b.chassis, ctx.key("psu"), tuple(b.owned.items()), b.bridges, ctx.bridged_ids,
           b.companions)
    hit = memo.get(key)
    return hit if hit is not None else memo.put(key, companion_parts(ctx))


def _baseboard_line(gpus: CostLine, board: Accessory, boards: int) -> CostLine:
    """The GPUs' line as the baseboard they come on: 'HGX H100 8-GPU baseboard (8 × H100 SXM5 80GB)', a
    line the core names (`bom.baseboard`), so that the board's name reads in the user's language
    (words/part_words.py); owned GPUs' line (`bom.owned`) is named inside it."""
    per = board.qty_per
    unit = None if gpus.unit_price is None else gpus.unit_price * per     # exact: both on the quantum
    extended = None if unit is None else unit * boards
    gpu = gpus.name if isinstance(gpus.name, str) else str(gpus.name.params.get("name", gpus.part_id))
    name = Msg("bom.baseboard", board=board.name, n=per, gpus=gpus.name)
    return construct(
        CostLine, category="gpu", part_id=board.id, part_number=board.part_number,
        name=name, qty=boards, unit_price=unit, extended=extended,
        price_source=f"{per} × {gpu} unit price ({gpus.price_source})", kind="hardware", group=gpus.group,
        sku_note="" if board.part_number else board.sku_note)
