"""GPUs: one model per server, the chassis' GPU count, a full baseboard, NVLink bridges, and
whether a card is built for data-centre training at all (consumer/workstation cards, no ECC), and
whether a passive card gets the airflow it needs."""

from __future__ import annotations

from collections.abc import Hashable
from typing import cast

from ..catalog import GPU, Chassis
from ..context import Placed
from ..message import Msg, items
from ._common import Facts, add_bridge, clauses, majority, place, remove, remove_bridge


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
              Msg("gpu.too-many", chassis=f.chassis.name, limit=limit, n=len(gpus), slots=items(extra)), extra,
              Msg("gpu.too-many.fix", n=len(extra), slots=items(extra)), [remove(s) for s in extra])
    bb = f.chassis.gpu_baseboard
    on_board = [p for p in gpus if p.slot.kind == "gpu"]
    if bb is not None and 0 < len(on_board) < bb.positions and _gpu(on_board[0]).form_factor != "pcie":
        empty = [f"GPU{i + 1}" for i in range(bb.positions) if f"GPU{i + 1}" not in f.at]
        part = _gpu(on_board[0])
        f.add("warning", "gpu.partial-baseboard",
              Msg("gpu.partial-baseboard", n=len(on_board), total=bb.positions, slots=items(empty),
                  board=bb.label or bb.family), empty,
              Msg("gpu.partial-baseboard.fix", slots=items(empty), gpu=part.name), [place(s, part.id) for s in empty])
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
    said = dict(slot=first.slot.id, gpu=first.part.name, ref=ref.slot.id, kept=kept.name)
    message = Msg("gpu.mixed-models.board", **said) if board else Msg("gpu.mixed-models", **said)
    if len(vendors) > 1:
        message = Msg("gpu.mixed-vendors", mixed=message, vendors=items(vendors))
    slots = [p.slot.id for p in odd]
    f.add("error" if board else "warning", "gpu.mixed-models", message, slots,
          Msg("gpu.mixed-models.fix", n=len(slots), slots=items(slots), gpu=kept.name),
          [place(p.slot.id, keep) for p in odd])


def _bridges(f: Facts, gpus: list[Placed]) -> None:
    seen: dict[str, tuple[str, ...]] = {}
    for group in f.build.bridges:
        problem = _bridge_problem(f, group, seen)
        for s in group:
            seen.setdefault(s, group)
        if problem:
            f.add("error", "gpu.bridge-invalid", Msg("gpu.bridge-invalid", slots=items(group), problems=problem),
                  group, Msg("gpu.bridge-invalid.fix"), [remove_bridge(group)])
    _unbridged(f, gpus, seen)


def _bridge_problem(f: Facts, group: tuple[str, ...], seen: dict[str, tuple[str, ...]]) -> Msg | None:
    twice = [s for s in group if s in seen]
    if twice:
        return Msg("gpu.bridge-twice", n=len(twice), slots=items(twice))
    found = [f.at.get(s) for s in group]
    empty = [s for s, p in zip(group, found) if not isinstance(p, GPU)]
    if empty:
        return Msg("gpu.bridge-no-gpu", n=len(empty), slots=items(empty))
    parts = [p for p in found if isinstance(p, GPU)]
    if any(f.ctx.slot_by_id[s].kind != "pcie" for s in group):
        return Msg("gpu.bridge-baseboard")
    if len({p.id for p in parts}) > 1:
        return Msg("gpu.bridge-differ", names=items(sorted({p.name for p in parts})))
    sockets = {_socket(f, s) for s in group}
    if len(sockets) > 1:
        return Msg("gpu.bridge-apart", sockets=items(sorted(sockets)))
    gpu = parts[0]
    if gpu.nvlink_bridge_ways == 0:
        return Msg("gpu.bridge-none", gpu=gpu.name)
    if gpu.nvlink_bridge_ways < len(group):
        return Msg("gpu.bridge-ways", gpu=gpu.name, ways=gpu.nvlink_bridge_ways, n=len(group))
    return None


def _socket(f: Facts, slot_id: str) -> str:
    """The CPU socket a PCIe slot hangs off (through its PCIe switches). An NVLink bridge joins cards side by
    side on one riser (2- or 3-slot spacing: NVIDIA's A100/H100 PCIe product briefs), and the risers of two
    sockets sit apart, so a bridge across sockets does not reach."""
    chassis = f.ctx.chassis
    if chassis is None:
        return ""
    parent = {sw.id: sw.parent for sw in chassis.pcie_switches}
    root = next((p.root for p in chassis.pcie_slots if p.id == slot_id), "")
    seen: set[str] = set()
    while root in parent and root not in seen:
        seen.add(root)
        root = parent[root]
    return root


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
        groups: list[tuple[str, ...]] = []
        for sock in dict.fromkeys(_socket(f, s) for s in slots):     # a bridge stays on one socket's risers
            mine = [s for s in slots if _socket(f, s) == sock]
            size = ways if len(mine) >= ways else 2
            groups += [tuple(mine[i:i + size]) for i in range(0, len(mine) - size + 1, size)]
        if not groups:
            continue
        f.add("info", "gpu.not-bridged", Msg("gpu.not-bridged", gpu=gpu.name, slots=items(slots), way=ways), slots,
              Msg("gpu.not-bridged.fix", groups=", ".join("–".join(g) for g in groups)),
              [add_bridge(g) for g in groups])


# --------------------------------------------------------------------------- market / ECC

#: why a card's own fans do not suit a server, by its cooling (words/rule_words.py)
_WHY_FANS = {"open-air": Msg("gpu.why-open-air"), "blower": Msg("gpu.why-blower")}


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
        f.add("warning", "gpu.no-ecc", Msg("gpu.no-ecc", gpu=gpu.name, slots=items(slots)), slots,
              _replace_text(slots, alt, Msg("gpu.replace-with-ecc", n=len(slots), slots=items(slots))),
              [place(s, alt.id) for s in slots] if alt else [])


def _consumer_in_server(f: Facts, odd: list[Placed]) -> None:
    slots = [p.slot.id for p in odd]
    gpu = _gpu(odd[0])
    why = []
    if gpu.card_cooling in _WHY_FANS:
        why.append(_WHY_FANS[gpu.card_cooling])
    if not gpu.ecc:
        why.append(Msg("gpu.why-no-ecc"))
    if gpu.scaleup_gbs == 0 and gpu.nvlink_bridge_ways == 0:
        why.append(Msg("gpu.why-no-nvlink"))
    if "GeForce" in gpu.name:
        why.append(Msg("gpu.why-geforce"))
    kind = Msg("gpu.kind-consumer") if gpu.market == "consumer" else Msg("gpu.kind-workstation")
    alt = _datacenter_alternative(f, gpu)
    f.add("warning", "gpu.consumer-card",
          Msg("gpu.consumer-card", n=len(slots), slots=items(slots), gpu=gpu.name, kind=kind,
              chassis=f.chassis.name, reasons=clauses(why)), slots,
          _replace_text(slots, alt, Msg("gpu.replace-with-datacentre", n=len(slots), slots=items(slots))),
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
          Msg("gpu.passive-no-airflow", gpu=gpu.name, slots=items(slots), watts=gpu.tdp_w, chassis=f.chassis.name,
              form=f.chassis.form), slots,
          _replace_text(slots, alt, Msg("gpu.replace-with-fan", n=len(slots), slots=items(slots))),
          [place(s, alt.id) for s in slots] if alt else [])


def _actively_cooled_alternative(f: Facts, gpu: GPU) -> GPU | None:
    """The least power-hungry PCIe card with its own fan, ECC and at least `gpu`'s memory."""
    fits = [g for g in f.ctx.catalog.by_category("gpu")
            if isinstance(g, GPU) and g.form_factor == "pcie" and g.card_cooling in ("blower", "open-air")
            and g.ecc and not g.liquid_only and g.memory_gb >= gpu.memory_gb]
    return min(fits, key=lambda g: (g.tdp_w, g.id), default=None)


def _replace_text(slots: list[str], alt: GPU | None, otherwise: Msg) -> Msg:
    """'Replace the cards in … with the <alt>', else `otherwise` (the kind of card to look for)."""
    if alt is not None:
        return Msg("gpu.replace-with", n=len(slots), slots=items(slots), gpu=alt.name)
    return otherwise


def _datacenter_alternative(f: Facts, gpu: GPU) -> GPU | None:
    """The least power-hungry data-centre PCIe card with ECC and at least `gpu`'s memory and BF16
    rate (at least its memory when none matches both), so the fix never makes the build slower."""
    fits = [g for g in f.ctx.catalog.by_category("gpu")
            if isinstance(g, GPU) and g.form_factor == "pcie" and g.market == "datacenter" and g.ecc
            and not g.liquid_only and g.memory_gb >= gpu.memory_gb and g.slot_width <= max(gpu.slot_width, 2)]
    faster = [g for g in fits if g.bf16_tflops >= gpu.bf16_tflops]
    return min(faster or fits, key=lambda g: (g.tdp_w, g.id), default=None)
