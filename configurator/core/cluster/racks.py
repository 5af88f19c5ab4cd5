"""Servers and switches into racks: fill each rack up to its kW, RU and weight limits (or the
fixed `servers_per_rack`), then each rack's power per feed, heat, RU and weight."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..catalog import Switch
from ..message import Msg
from .power import FeedReport, Load, feed_continuous_w, feed_report
from .server_figures import ServerFigures
from .spec import RackSpec


@dataclass(frozen=True)
class RackItem:
    """One thing in a rack: a server of a group, or a switch. `name` identifies it (NetBox's device
    name, `--json`), as written in every language; `title` is what a reader is shown: a server's name
    as it is, a switch's in the reader's words."""

    name: str
    title: Msg | str
    kind: str                     # "server" / "switch"
    group: int                    # server group index; -1 for switches
    part_id: str                  # the chassis (servers) or switch catalog id
    rack_units: int
    weight_kg: float
    idle_w: float
    typical_w: float
    max_w: float
    heat_to_air_w: float
    feeds: dict[str, int]


@dataclass(frozen=True)
class Rack:
    """One placed rack and its roll-up. `name` identifies it ("Rack 01": NetBox's rack name, `--json`,
    the problems' slots), as written in every language; `title` is what a reader is shown."""

    name: str
    title: Msg
    role: str                     # "compute" / "network"
    items: tuple[RackItem, ...]
    spec: RackSpec
    feeds: FeedReport
    idle_w: float
    typical_w: float
    max_w: float
    heat_to_air_w: float
    heat_to_liquid_w: float
    rack_units: int
    weight_kg: float
    notes: tuple[str, ...] = field(default=())

    @property
    def servers(self) -> int:
        return sum(1 for i in self.items if i.kind == "server")


def server_item(fig: ServerFigures, group: int, index: int, optics_w: float = 0.0) -> RackItem:
    """One server at its evaluated wall power, plus `optics_w` of NIC-side transceivers (the
    NICs' catalog power excludes optics), which draw from the server's PSUs all the time."""
    name = f"{fig.name} #{index}"
    return RackItem(name=name, title=name, kind="server", group=group, part_id=fig.evaluation.chassis_id,
                    rack_units=fig.rack_units,
                    weight_kg=fig.weight_kg, idle_w=fig.wall_idle_w + optics_w,
                    typical_w=fig.wall_typical_w + optics_w, max_w=fig.wall_max_w + optics_w,
                    heat_to_air_w=fig.heat_to_air_w + optics_w, feeds=dict(fig.psu_feeds))


def switch_items(switch: Switch, count: int, role: str, optics_w: float) -> list[RackItem]:
    """`count` switches; `optics_w` is the switch-side optics of them all, spread evenly."""
    each = optics_w / count if count else 0.0
    feeds = {"A": 1, "B": 1} if switch.psu_feeds == 2 else {"A": switch.psu_count}
    part = switch.part_number or switch.id
    return [RackItem(name=f"{role} {part} #{i + 1}", title=Msg(f"cluster.switch.{role}", part=part, n=i + 1),
                     kind="switch", group=-1, part_id=switch.id,
                     rack_units=switch.rack_units, weight_kg=switch.weight_kg, idle_w=switch.typical_w * 0.8 + each,
                     typical_w=switch.typical_w + each, max_w=switch.max_w + each, heat_to_air_w=switch.max_w + each,
                     feeds=feeds) for i in range(count)]


def _fits(rack: list[RackItem], item: RackItem, spec: RackSpec) -> bool:
    """Whether `item` still fits: RU, weight, the rack's kW limit and what one feed may carry
    continuously (so that the rack survives losing the other feed)."""
    ru = sum(i.rack_units for i in rack) + item.rack_units
    watts = sum(i.max_w for i in rack) + item.max_w
    kg = sum(i.weight_kg for i in rack) + item.weight_kg
    limit_w = min(spec.kw_limit * 1000.0, feed_continuous_w(spec.pdu))
    return ru <= spec.usable_ru and watts <= limit_w + 1e-6 and kg <= spec.weight_limit_kg


def fill(items: Sequence[RackItem], spec: RackSpec, per_rack: int | None) -> list[list[RackItem]]:
    """Items in order into racks: `per_rack` each when fixed, else as many as fit (`_fits`).
    An item too big for an empty rack gets a rack of its own (and the plan says so)."""
    if per_rack:
        return [list(items[i:i + per_rack]) for i in range(0, len(items), per_rack)]
    racks: list[list[RackItem]] = []
    for item in items:
        if not racks or not _fits(racks[-1], item, spec):
            racks.append([])
        racks[-1].append(item)
    return racks


def rack_name(role: str, number: int) -> str:
    """The rack's identifier: "Rack 01" (servers), "Network rack 1" (switches)."""
    return f"Rack {number:02d}" if role == "compute" else f"Network rack {number}"


def build_rack(number: int, role: str, items: Sequence[RackItem], spec: RackSpec) -> Rack:
    """Roll up rack `number` of its `role` ("compute", "network"): power (wall), heat to air and to
    liquid, RU, weight and feeds."""
    loads = [Load(i.name, i.max_w, i.feeds) for i in items]
    pdus = 2 * spec.pdu.per_feed
    return Rack(
        name=rack_name(role, number), title=Msg("cluster.rack" if role == "compute" else "cluster.network-rack", n=number),
        role=role, items=tuple(items), spec=spec, feeds=feed_report(loads, spec.pdu),
        idle_w=sum(i.idle_w for i in items), typical_w=sum(i.typical_w for i in items),
        max_w=sum(i.max_w for i in items), heat_to_air_w=sum(i.heat_to_air_w for i in items),
        heat_to_liquid_w=sum(max(0.0, i.max_w - i.heat_to_air_w) for i in items),
        rack_units=sum(i.rack_units for i in items) + pdus * spec.pdu.rack_units,
        weight_kg=sum(i.weight_kg for i in items))


@dataclass(frozen=True)
class Slot:
    """One device's place in a rack elevation: lowest U (1 = bottom) and height."""

    title: Msg | str              # what a reader is shown (RackItem.title)
    kind: str
    position: int
    height: int


def elevation(rack: Rack) -> tuple[Slot, ...]:
    """Devices stacked from U1 upward in placement order (heaviest servers go in first, so
    they sit lowest); 0U PDUs take no rack units; the reserved units stay at the top."""
    out, u = [], 1
    for item in rack.items:
        out.append(Slot(item.title, item.kind, u, item.rack_units))
        u += item.rack_units
    return tuple(out)
