"""GPUs: one model per server, the chassis' GPU count, a full baseboard, NVLink bridges, and
whether a card is built for data-centre training at all (consumer/workstation cards, no ECC), and
whether a passive card gets the airflow it needs."""

from __future__ import annotations

from collections.abc import Hashable
from typing import cast

from ..catalog import GPU, Chassis
from ..context import Placed
from ._common import Facts, add_bridge, majority, names, place, remove, remove_bridge


def _gpu(p: Placed) -> GPU:
    """The placed part as a GPU (`check` keeps only GPU placements)."""
    return cast(GPU, p.part)


def inputs(f: Facts) -> Hashable:
    """What this family reads besides the chassis: the GPUs, the parts on baseboard positions,
    the bridges and the parts in the bridged slots."""
    at = f.at
    bridged = tuple(tuple(p.id if (p := at.get(s)) is not None else "" for s in g) for g in f.build.bridges)
    return f.ctx.key("gpu"), f.ctx.slot_key("gpu"), f.build.bridges, bridged


def check(f: Facts) -> None:
    gpus = [p for p in f.ctx.of("gpu") if isinstance(p.part, GPU) and p.slot.kind in ("gpu", "pcie")]
    if not gpus:
        _bridges(f, [])
        return
    _mixed(f, gpus)
    _market(f, gpus)
    _passive_without_airflow(f, gpus)
    limit = f.chassis.max_gpus
    if len(gpus) > limit:
        extra = [p.slot.id for p in gpus[limit:]]
        f.add("error", "gpu.too-many",
              f"The {f.chassis.name} powers and cools at most {limit} GPUs; the build has {len(gpus)} "
              f"({names(extra)} are over the limit).", extra,
              f"Remove the GPU{'s' if len(extra) > 1 else ''} in {names(extra)}.", [remove(s) for s in extra])
    bb = f.chassis.gpu_baseboard
    on_board = [p for p in gpus if p.slot.kind == "gpu"]
    if bb is not None and 0 < len(on_board) < bb.positions and _gpu(on_board[0]).form_factor != "pcie":
        empty = [f"GPU{i + 1}" for i in range(bb.positions) if f"GPU{i + 1}" not in f.at]
        part = _gpu(on_board[0])
        f.add("warning", "gpu.partial-baseboard",
              f"Only {len(on_board)} of the {bb.positions} baseboard positions hold a GPU ({names(empty)} "
              f"empty); {bb.label or bb.family} baseboards ship fully populated.", empty,
              f"Fill {names(empty)} with the {part.name}.", [place(s, part.id) for s in empty])
    _bridges(f, gpus)


def _mixed(f: Facts, gpus: list[Placed]) -> None:
    ids = [p.part.id for p in gpus]
    if len(set(ids)) < 2:
        return
    keep = majority(ids)
    odd = [p for p in gpus if p.part.id != keep]
    ref = next(p for p in gpus if p.part.id == keep)
    kept = _gpu(ref)
    first = odd[0]
    board = any(p.slot.kind == "gpu" for p in gpus)
    vendors = sorted({p.part.vendor for p in gpus})
    # accelerators of different vendors need different runtimes (CUDA, ROCm, CANN, NeuWare):
    # one training job cannot span them, whatever the slots
    stacks = (f" They also come from different vendors ({names(vendors)}), whose software stacks cannot "
              "run one training job together.") if len(vendors) > 1 else ""
    f.add("error" if board else "warning", "gpu.mixed-models",
          f"{first.slot.id} holds the {first.part.name} but {ref.slot.id} holds the {kept.name}: mixed GPU "
          "models in one server" + (" cannot share a baseboard." if board else
                                    " split one job across unequal GPUs, and drivers and power budgets differ.")
          + stacks,
          tuple(p.slot.id for p in odd),
          f"Replace the GPU{'s' if len(odd) > 1 else ''} in {names([p.slot.id for p in odd])} with the {kept.name}.",
          [place(p.slot.id, keep) for p in odd])


def _bridges(f: Facts, gpus: list[Placed]) -> None:
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
    found = [f.at.get(s) for s in group]
    empty = [s for s, p in zip(group, found) if not isinstance(p, GPU)]
    if empty:
        return f"{names(empty)} hold{'s' if len(empty) == 1 else ''} no GPU"
    parts = [p for p in found if isinstance(p, GPU)]
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


def _unbridged(f: Facts, gpus: list[Placed], bridged: dict[str, tuple[str, ...]]) -> None:
    loose: dict[str, list[str]] = {}
    model: dict[str, GPU] = {}
    for p in gpus:
        if p.slot.kind == "pcie" and _gpu(p).nvlink_bridge_ways and p.slot.id not in bridged:
            loose.setdefault(p.part.id, []).append(p.slot.id)
            model[p.part.id] = _gpu(p)
    for pid, slots in loose.items():
        gpu = model[pid]
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


# --------------------------------------------------------------------------- market / ECC

_WHY_FANS = {
    "open-air": "its axial fans blow heat back into the chassis instead of front to back, so packed next to "
                "other cards in a server's airflow it throttles",
    "blower": "its blower is sized for one card in a workstation, not a server's front-to-back airflow",
}


def out_of_place(gpu: GPU, chassis: Chassis) -> bool:
    """A card not built for a rack server (`gpu.consumer-card`): a consumer (GeForce) card, or a
    workstation card with open-air fans. The recommender never proposes one (one answer in one place)."""
    return chassis.form == "rack" and (gpu.market == "consumer"
                                       or (gpu.market == "workstation" and gpu.card_cooling == "open-air"))


def _market(f: Facts, gpus: list[Placed]) -> None:
    """Consumer and workstation cards in a rack server; any card without ECC."""
    odd = [p for p in gpus if out_of_place(_gpu(p), f.chassis)]
    if odd:
        _consumer_in_server(f, odd)
        return
    no_ecc = [p for p in gpus if not _gpu(p).ecc]
    if no_ecc:
        slots = [p.slot.id for p in no_ecc]
        gpu = _gpu(no_ecc[0])
        alt = _datacenter_alternative(f, gpu)
        f.add("warning", "gpu.no-ecc",
              f"The {gpu.name} in {names(slots)} has no ECC on its memory: in a training run of days or "
              "weeks a flipped bit corrupts weights or gradients silently, or crashes the job with no clear "
              "cause, and there is no error count to tell a failing card from a bug.", slots,
              _replace_text(slots, alt, "a card with ECC memory"),
              [place(s, alt.id) for s in slots] if alt else [])


def _consumer_in_server(f: Facts, odd: list[Placed]) -> None:
    slots = [p.slot.id for p in odd]
    gpu = _gpu(odd[0])
    why = []
    if gpu.card_cooling in _WHY_FANS:
        why.append(_WHY_FANS[gpu.card_cooling])
    if not gpu.ecc:
        why.append("its memory has no ECC, so bit flips in a long run go unnoticed")
    if gpu.scaleup_gbs == 0 and gpu.nvlink_bridge_ways == 0:
        why.append("it has no NVLink, so GPU-to-GPU traffic shares the PCIe bus")
    if "GeForce" in gpu.name:
        why.append("NVIDIA's GeForce driver licence excludes data-centre deployment")
    kind = "consumer (gaming)" if gpu.market == "consumer" else "workstation"
    alt = _datacenter_alternative(f, gpu)
    f.add("warning", "gpu.consumer-card",
          f"{names(slots)} hold{'s' if len(slots) == 1 else ''} the {gpu.name}, a {kind} card, in the "
          f"{f.chassis.name}: " + "; ".join(why) + ". It is not built for data-centre training.", slots,
          _replace_text(slots, alt, "a data-centre card (passive, ECC)"),
          [place(s, alt.id) for s in slots] if alt else [])


def _passive_without_airflow(f: Facts, gpus: list[Placed]) -> None:
    """A passive PCIe card (a heatsink, no fan) outside a rack chassis: it relies on a server's
    high-pressure front-to-back fans, and a tower's case fans do not push air through its fins."""
    if f.chassis.form == "rack":
        return
    passive = [p for p in gpus if _gpu(p).form_factor == "pcie" and _gpu(p).card_cooling == "passive"]
    if not passive:
        return
    slots = [p.slot.id for p in passive]
    gpu = _gpu(passive[0])
    alt = _actively_cooled_alternative(f, gpu)
    f.add("error", "gpu.passive-no-airflow",
          f"The {gpu.name} in {names(slots)} is passively cooled: its {gpu.tdp_w:g} W heatsink has no fan and "
          f"needs a rack server's front-to-back airflow, which the {f.chassis.name} ({f.chassis.form}) does not "
          "have; it overheats and throttles or shuts down within minutes of load.", slots,
          _replace_text(slots, alt, "a card with its own fan (blower), or use a rack server"),
          [place(s, alt.id) for s in slots] if alt else [])


def _actively_cooled_alternative(f: Facts, gpu: GPU) -> GPU | None:
    """The least power-hungry PCIe card with its own fan, ECC and at least `gpu`'s memory."""
    fits = [g for g in f.ctx.catalog.by_category("gpu")
            if isinstance(g, GPU) and g.form_factor == "pcie" and g.card_cooling in ("blower", "open-air")
            and g.ecc and not g.liquid_only and g.memory_gb >= gpu.memory_gb]
    return min(fits, key=lambda g: (g.tdp_w, g.id), default=None)


def _replace_text(slots: list[str], alt: GPU | None, what: str) -> str:
    target = f"the {alt.name}" if alt else what
    return f"Replace the card{'s' if len(slots) > 1 else ''} in {names(slots)} with {target}."


def _datacenter_alternative(f: Facts, gpu: GPU) -> GPU | None:
    """The least power-hungry data-centre PCIe card with ECC and at least `gpu`'s memory and BF16
    rate (at least its memory when none matches both), so the fix never makes the build slower."""
    fits = [g for g in f.ctx.catalog.by_category("gpu")
            if isinstance(g, GPU) and g.form_factor == "pcie" and g.market == "datacenter" and g.ecc
            and not g.liquid_only and g.memory_gb >= gpu.memory_gb and g.slot_width <= max(gpu.slot_width, 2)]
    faster = [g for g in fits if g.bf16_tflops >= gpu.bf16_tflops]
    return min(faster or fits, key=lambda g: (g.tdp_w, g.id), default=None)
