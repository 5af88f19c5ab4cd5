"""GPUs: one model per server, the chassis' GPU count, a full baseboard, NVLink bridges."""

from __future__ import annotations

from ..catalog import GPU
from ._common import Facts, add_bridge, majority, names, place, remove, remove_bridge


def check(f: Facts) -> None:
    gpus = [p for p in f.ctx.of("gpu") if isinstance(p.part, GPU) and p.slot.kind in ("gpu", "pcie")]
    if not gpus:
        _bridges(f, [])
        return
    _mixed(f, gpus)
    limit = f.chassis.max_gpus
    if len(gpus) > limit:
        extra = [p.slot.id for p in gpus[limit:]]
        f.add("error", "gpu.too-many",
              f"The {f.chassis.name} powers and cools at most {limit} GPUs; the build has {len(gpus)} "
              f"({names(extra)} are over the limit).", extra,
              f"Remove the GPU{'s' if len(extra) > 1 else ''} in {names(extra)}.", [remove(s) for s in extra])
    bb = f.chassis.gpu_baseboard
    on_board = [p for p in gpus if p.slot.kind == "gpu"]
    if bb is not None and 0 < len(on_board) < bb.positions and on_board[0].part.form_factor != "pcie":
        empty = [f"GPU{i + 1}" for i in range(bb.positions) if f"GPU{i + 1}" not in f.at]
        part = on_board[0].part
        f.add("warning", "gpu.partial-baseboard",
              f"Only {len(on_board)} of the {bb.positions} baseboard positions hold a GPU ({names(empty)} "
              f"empty); {bb.label or bb.family} baseboards ship fully populated.", empty,
              f"Fill {names(empty)} with the {part.name}.", [place(s, part.id) for s in empty])
    _bridges(f, gpus)


def _mixed(f: Facts, gpus) -> None:
    ids = [p.part.id for p in gpus]
    if len(set(ids)) < 2:
        return
    keep = majority(ids)
    kept = f.ctx.catalog.get(keep)
    odd = [p for p in gpus if p.part.id != keep]
    ref = next(p for p in gpus if p.part.id == keep)
    first = odd[0]
    board = any(p.slot.kind == "gpu" for p in gpus)
    f.add("error" if board else "warning", "gpu.mixed-models",
          f"{first.slot.id} holds the {first.part.name} but {ref.slot.id} holds the {kept.name}: mixed GPU "
          "models in one server" + (" cannot share a baseboard." if board else
                                    " split one job across unequal GPUs, and drivers and power budgets differ."),
          tuple(p.slot.id for p in odd),
          f"Replace the GPU{'s' if len(odd) > 1 else ''} in {names([p.slot.id for p in odd])} with the {kept.name}.",
          [place(p.slot.id, keep) for p in odd])


def _bridges(f: Facts, gpus) -> None:
    seen: dict[str, tuple[str, ...]] = {}
    for group in f.build.bridges:
        problem = _bridge_problem(f, group, seen)
        for s in group:
            seen.setdefault(s, group)
        if problem:
            f.add("error", "gpu.bridge-invalid", f"The NVLink bridge across {names(list(group))}: {problem}.",
                  group, "Remove the bridge.", [remove_bridge(group)])
    _unbridged(f, gpus, seen)


def _bridge_problem(f: Facts, group: tuple[str, ...], seen: dict[str, tuple[str, ...]]) -> str:
    twice = [s for s in group if s in seen]
    if twice:
        return f"{names(twice)} already {'has' if len(twice) == 1 else 'have'} a bridge; a GPU takes only one"
    parts = [f.at.get(s) for s in group]
    empty = [s for s, p in zip(group, parts) if not isinstance(p, GPU)]
    if empty:
        return f"{names(empty)} hold{'s' if len(empty) == 1 else ''} no GPU"
    if any(f.ctx.slot_by_id[s].kind != "pcie" for s in group):
        return "bridges join PCIe cards; baseboard GPUs are linked by the baseboard"
    if len({p.id for p in parts}) > 1:
        return "a bridge joins identical GPUs only, and these differ (" + \
            names(sorted({p.name for p in parts})) + ")"
    gpu = parts[0]
    if gpu.nvlink_bridge_ways == 0:
        return f"the {gpu.name} has no NVLink bridge connector"
    if gpu.nvlink_bridge_ways < len(group):
        return f"the {gpu.name} bridges at most {gpu.nvlink_bridge_ways} cards, not {len(group)}"
    return ""


def _unbridged(f: Facts, gpus, bridged: dict[str, tuple[str, ...]]) -> None:
    loose: dict[str, list[str]] = {}
    for p in gpus:
        if p.slot.kind == "pcie" and p.part.nvlink_bridge_ways and p.slot.id not in bridged:
            loose.setdefault(p.part.id, []).append(p.slot.id)
    for pid, slots in loose.items():
        gpu = f.ctx.catalog.get(pid)
        ways = gpu.nvlink_bridge_ways
        if len(slots) < 2:
            continue
        size = ways if len(slots) >= ways else 2
        groups = [tuple(slots[i:i + size]) for i in range(0, len(slots) - size + 1, size)]
        f.add("info", "gpu.not-bridged",
              f"The {gpu.name} cards in {names(slots)} support {ways}-way NVLink bridges but are not bridged: "
              "GPU-to-GPU traffic goes over PCIe instead.", slots,
              "Add NVLink bridges " + ", ".join("–".join(g) for g in groups) + " (cards side by side).",
              [add_bridge(g) for g in groups])
