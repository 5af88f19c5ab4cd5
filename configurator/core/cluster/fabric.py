"""Fabric sizing: a rail-optimised fat tree for the compute fabric, a plain one for storage.

Rail-optimised (NVIDIA DGX SuperPOD): NIC r of every server goes to the leaf switches of rail
r, so same-rail GPUs of all servers are one switch hop apart and the leaves of all rails share
the spines. With leaf radix k at the link speed and oversubscription o (down:up), a leaf has
d = ⌊k·o/(o+1)⌋ server ports and k − d uplinks; a rail of S servers needs ⌈S/d⌉ leaves, each
cabled with ⌈d/o⌉ uplinks whether or not its ports are all used (the RA's full-SU cabling), to
the fewest spines that divide a leaf's uplinks evenly.
Two tiers while every spine port can reach a distinct leaf (leaves ≤ k); three tiers (spines
with k/2 down, k/2 up; cores with k down) up to k²/2 leaves. docs/cluster.md has the formulas
and the reference table they are tested against.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..catalog import Switch


@dataclass(frozen=True)
class FabricPlan:
    """One sized network. Counts are whole switches, links (= cables) and transceivers."""

    role: str                     # "compute" / "storage"
    switch_id: str
    switch_name: str
    link_gbps: float
    radix: int                    # links per switch at link_gbps
    endpoints: int                # server-side links
    rails: int
    tiers: int
    leaves: int
    spines: int
    cores: int
    leaf_down: int                # server ports per leaf
    leaf_up: int                  # uplinks per leaf
    node_leaf_links: int
    leaf_spine_links: int
    spine_core_links: int
    oversubscription: float       # achieved down:up at the leaves (1.0 = non-blocking)
    bisection_gbps: float         # per direction, across the worst half/half cut
    injection_gbps_per_gpu: float  # compute: per GPU; storage: per server
    cables: dict[str, int] = field(default_factory=dict)        # length class -> count
    transceivers: dict[str, int] = field(default_factory=dict)  # "nic" / "switch" -> count
    fits_tiers: bool = True       # False: needs more tiers than allowed, or more than 3
    needs_tiers: int = 1

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.cores


def rail_endpoints(links_per_server: Sequence[int]) -> list[int]:
    """Servers on each rail: rail r holds every server with more than r fabric links."""
    rails = max(links_per_server, default=0)
    return [sum(1 for n in links_per_server if n > r) for r in range(rails)]


def leaf_ports(radix: int, oversubscription: float) -> tuple[int, int]:
    """(down, up) ports of a leaf with `radix` links at down:up = `oversubscription`:1."""
    down = math.floor(radix * oversubscription / (oversubscription + 1.0) + 1e-9)
    return down, radix - down


def leaf_uplinks(down: int, up: int, oversubscription: float) -> int:
    """Uplinks cabled on every leaf: enough for all `down` server ports at the oversubscription,
    whether or not every port has a server yet. NVIDIA cables the full scalable unit ("the fabric
    should be designed to support the full SU, including leaf switches and leaf-spine cables":
    DGX SuperPOD H100 RA, Network Fabrics), so a partly filled SU routes as a full one."""
    return min(up, math.ceil(down / oversubscription - 1e-9))


def even_spines(leaves: int, uplinks_per_leaf: int, radix: int) -> int:
    """Fewest spines that take every leaf's uplinks in equal shares: the count divides a leaf's
    uplinks (each leaf sends uplinks/spines links to every spine) and each spine's ports hold its
    share from every leaf. 24 leaves × 32 uplinks at radix 64: 12 spines would carry all 768
    links but 32 do not split 12 ways, so 16 (the H100 RA's 3-SU design)."""
    if uplinks_per_leaf <= 0:
        return 0
    for spines in range(1, uplinks_per_leaf + 1):
        if uplinks_per_leaf % spines == 0 and leaves * (uplinks_per_leaf // spines) <= radix:
            return spines
    return math.ceil(leaves * uplinks_per_leaf / radix)


def size_fabric(role: str, switch: Switch, link_gbps: float, links_per_server: Sequence[int],
                *, oversubscription: float = 1.0, max_tiers: int = 3, in_rack: bool = False,
                links_per_gpu: int = 1) -> FabricPlan | None:
    """Size a fat tree for servers with `links_per_server` links each (one rail per link).

    Returns None when the switch cannot run at `link_gbps` (no such port speed or breakout).
    """
    k = switch.links_at(link_gbps)
    if k < 2:
        return None
    per_rail = [n for n in rail_endpoints(links_per_server) if n > 0]
    endpoints = sum(per_rail)
    down, up = leaf_ports(k, oversubscription)
    if endpoints <= k:       # one switch takes every link: a single tier, non-blocking
        leaves, used, uplinks = (1 if endpoints else 0), [endpoints], 0
    else:
        used = [min(down, n - i * down) for n in per_rail for i in range(math.ceil(n / down))]
        leaves = len(used)
        uplinks = leaves * leaf_uplinks(down, up, oversubscription)
    needs = 1 if leaves <= 1 else 2 if leaves <= k and math.ceil(uplinks / k) <= up else 3
    tiers = min(needs, max_tiers)
    spines = cores = spine_core = 0
    if tiers == 2:
        spines = even_spines(leaves, uplinks // max(1, leaves), k)
    elif tiers == 3:
        spines = math.ceil(uplinks / (k // 2))
        spine_core = uplinks
        cores = math.ceil(spine_core / k)
    fits = needs <= max_tiers and leaves <= k * k // 2
    achieved = down / max(1, leaf_uplinks(down, up, oversubscription)) if tiers > 1 else 1.0
    cables, optics = _cabling(endpoints, used, uplinks, spine_core, in_rack, spines + cores + leaves, switch, link_gbps)
    per_gpu = link_gbps * links_per_gpu
    bisection = endpoints * link_gbps / 2.0 / (achieved if tiers > 1 else 1.0)
    return FabricPlan(
        role=role, switch_id=switch.id, switch_name=switch.name, link_gbps=link_gbps, radix=k,
        endpoints=endpoints, rails=len(per_rail), tiers=tiers, leaves=leaves, spines=spines, cores=cores,
        leaf_down=down if tiers > 1 else k, leaf_up=up if tiers > 1 else 0, node_leaf_links=endpoints,
        leaf_spine_links=uplinks, spine_core_links=spine_core, oversubscription=achieved,
        bisection_gbps=bisection, injection_gbps_per_gpu=per_gpu, cables=cables, transceivers=optics,
        fits_tiers=fits, needs_tiers=needs)


def _cabling(endpoints: int, used: Sequence[int], uplinks: int, spine_core: int, in_rack: bool,
             switches: int, switch: Switch, link_gbps: float) -> tuple[dict[str, int], dict[str, int]]:
    """Cables by length class and transceivers by end.

    Node-leaf: in-rack leaves use DAC (≤ 3 m, no optics); leaves in a network rack use
    multimode fibre (≤ 50 m in the row), one optic at the NIC and, at the switch, one optic per
    cage, which carries radix / cages links (a twin-port OSFP: 2 × 400G). Switch-switch links
    are DAC when every switch fits one network rack, else fibre with optics at both ends.
    """
    cables: dict[str, int] = {}
    optics = {"nic": 0, "switch": 0}
    per_cage = max(1, switch.links_at(link_gbps) // switch.cages)
    if in_rack:
        cables["dac-in-rack"] = endpoints
    else:
        cables["fibre-row"] = endpoints
        optics["nic"] = endpoints
        optics["switch"] = sum(math.ceil(u / per_cage) for u in used)
    one_rack = switches * switch.rack_units <= 40
    between = uplinks + spine_core
    if between:
        key = "dac-in-rack" if one_rack and not spine_core else "fibre-row"
        cables[key] = cables.get(key, 0) + between
        if key == "fibre-row":
            optics["switch"] += 2 * math.ceil(uplinks / per_cage)
            optics["switch"] += 2 * math.ceil(spine_core / per_cage)
    return cables, {k: v for k, v in optics.items() if v}
