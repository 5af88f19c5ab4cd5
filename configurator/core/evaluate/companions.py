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

Accessory lines are `kind="companion"` (group "Accessories"); the baseboard line keeps the
GPU's group (Compute) because it is the GPUs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..build import OWNED_CHASSIS
from ..catalog import Accessory, Part
from ..context import BuildContext
from ..memo import BoundedMemo
from ..message import Msg
from .result import CostLine, construct

#: prices a part: (part, qty, kind) -> its line, in the BOM currency
PriceLine = Callable[[Part, int, str], CostLine]


def accessories(ctx: BuildContext) -> list[Accessory]:
    return [p for p in ctx.catalog.by_category("accessory") if isinstance(p, Accessory)]


def companion_parts(ctx: BuildContext) -> list[tuple[Accessory, int]]:
    """(accessory, qty) for the rails, cords and bridges the build needs, in catalog order.

    Parts the customer already owns (`Build.owned`) came with theirs: an owned chassis has its
    rails, an owned PSU its cord, a bridge group of owned GPUs its bridge."""
    out: list[tuple[Accessory, int]] = []
    owned = ctx.build.owned
    psus = [pl.part.id for pl in ctx.of("psu") if owned.get(pl.slot.id) != pl.part.id]
    new_chassis = owned.get(OWNED_CHASSIS) != ctx.build.chassis
    groups = [g for g in ctx.build.bridges if not all(slot in owned for slot in g)]
    for acc in accessories(ctx):
        wanted = set(acc.companion_of)
        if acc.kind == "rails":
            qty = acc.qty_per if new_chassis and ctx.build.chassis in wanted else 0
        elif acc.kind == "power-cord":
            qty = acc.qty_per * sum(pid in wanted for pid in psus)
        elif acc.kind == "nvlink-bridge":
            qty = acc.qty_per * sum(_bridged_with(ctx, group, wanted) and acc.bridge_ways in (0, len(group))
                                    for group in groups)
        else:
            continue
        if qty:
            out.append((acc, qty))
    return out


def _bridged_with(ctx: BuildContext, group: Sequence[str], wanted: set[str]) -> bool:
    parts = [ctx.part_at(slot) for slot in group]
    return all(p is not None and p.id in wanted for p in parts)


def baseboard_for(ctx: BuildContext, gpu_id: str, qty: int) -> tuple[Accessory, int] | None:
    """(baseboard SKU, boards) when `qty` GPUs `gpu_id` fill the chassis' baseboard(s)."""
    board = ctx.chassis.gpu_baseboard if ctx.chassis is not None else None
    if board is None:
        return None
    for acc in accessories(ctx):
        if acc.kind == "gpu-baseboard" and gpu_id in acc.companion_of and acc.qty_per == board.positions:
            if qty % acc.qty_per == 0:
                return acc, qty // acc.qty_per
    return None


def with_companions(ctx: BuildContext, lines: list[CostLine], price_line: PriceLine,
                    memo: BoundedMemo | None = None) -> list[CostLine]:
    """`lines` with full baseboards quoted as their SKU and the companion lines appended.

    `memo` (the evaluator's BOM-line memo) keeps the baseboard lines and the companion parts on
    the values they read, so an edit that changes neither does not look them up again."""
    board = ctx.chassis.gpu_baseboard if ctx.chassis is not None else None
    out = list(lines) if board is None else [_as_baseboard(ctx, line, memo) if line.category == "gpu" else line
                                             for line in lines]
    out += [price_line(acc, qty, "companion") for acc, qty in _companions(ctx, memo)]
    return out


def _as_baseboard(ctx: BuildContext, line: CostLine, memo: BoundedMemo | None) -> CostLine:
    """`line` (GPUs), or its baseboard SKU line when the GPUs fill the chassis' baseboard(s)."""
    assert ctx.chassis is not None
    key = ("baseboard", ctx.chassis.id, line.part_id, line.qty, line.unit_price, line.name, line.price_source,
           line.group)
    hit = memo.get(key) if memo is not None else None
    if hit is None:
        found = baseboard_for(ctx, line.part_id, line.qty)
        hit = line if found is None else _baseboard_line(line, *found)
        if memo is not None:
            memo.put(key, hit)
    return hit


def _companions(ctx: BuildContext, memo: BoundedMemo | None) -> list[tuple[Accessory, int]]:
    """`companion_parts(ctx)`, memoised on what it reads: the chassis, the PSUs' slots, the owned
    parts, the bridge groups and the parts in them."""
    if memo is None:
        return companion_parts(ctx)
    b = ctx.build
    key = ("companions", b.chassis, ctx.key("psu"), tuple(b.owned.items()), b.bridges, ctx.bridged_ids)
    hit = memo.get(key)
    return hit if hit is not None else memo.put(key, companion_parts(ctx))


def _baseboard_line(gpus: CostLine, board: Accessory, boards: int) -> CostLine:
    """The GPUs' line as the baseboard they come on: 'HGX H100 8-GPU baseboard (8 × H100 SXM5 80GB)';
    owned GPUs (a line the core names, `bom.owned`) make a named line too (`bom.baseboard`)."""
    per = board.qty_per
    unit = None if gpus.unit_price is None else gpus.unit_price * per     # exact: both on the quantum
    extended = None if unit is None else unit * boards
    gpu = gpus.name if isinstance(gpus.name, str) else str(gpus.name.params.get("name", gpus.part_id))
    name: Msg | str = (f"{board.name} ({per} × {gpu})" if isinstance(gpus.name, str)
                       else Msg("bom.baseboard", board=board.name, n=per, gpus=gpus.name))
    return construct(
        CostLine, category="gpu", part_id=board.id, part_number=board.part_number,
        name=name, qty=boards, unit_price=unit, extended=extended,
        price_source=f"{per} × {gpu} unit price ({gpus.price_source})", kind="hardware", group=gpus.group,
        sku_note="" if board.part_number else board.sku_note)
