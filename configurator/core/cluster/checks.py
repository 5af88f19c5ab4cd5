"""The cluster plan's problems as violations: racks over their limits, feeds over the
continuous rating, a feed loss that overloads the other, cooling, fabric shape.

Codes and fixes are listed in docs/rules.md ("Cluster plan").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..message import Msg
from ..violations import Fix, Violation
from .fabric import FabricPlan
from .racks import Rack
from .servers import ServerFigures


def _v(severity: str, code: str, message: str, slots: Sequence[str], fix: str) -> Violation:
    return Violation(severity=severity, code=code, message=message, slots=tuple(slots),
                     fix=Fix(description=fix))


def _kw(w: float) -> str:
    return f"{w / 1000:.1f} kW"


def rack_limits(rack: Rack) -> list[Violation]:
    """kW, RU and weight of one rack against its spec."""
    spec, out = rack.spec, []
    if rack.max_w > spec.kw_limit * 1000 + 1e-6:
        out.append(_v("error", "cluster.rack-over-kw",
                      f"{rack.name} draws {_kw(rack.max_w)} at the wall at full load, over its {spec.kw_limit:g} kW limit.",
                      [rack.name], "Put fewer servers in each rack (servers_per_rack) or raise the rack's kW limit."))
    if rack.rack_units > spec.rack_units - spec.reserved_ru:
        out.append(_v("error", "cluster.rack-over-ru",
                      f"{rack.name} holds {rack.rack_units}U of equipment; {spec.rack_units - spec.reserved_ru}U are free.",
                      [rack.name], "Put fewer servers in each rack or use taller racks."))
    if rack.weight_kg > spec.weight_limit_kg:
        out.append(_v("error", "cluster.rack-over-weight",
                      f"{rack.name} carries {rack.weight_kg:,.0f} kg, over its {spec.weight_limit_kg:,.0f} kg rating.",
                      [rack.name], "Put fewer servers in each rack or choose a rack rated for more weight."))
    return out


def rack_feeds(rack: Rack) -> list[Violation]:
    """The continuous-load rule on each feed, normally and after losing the other feed."""
    f, out = rack.feeds, []
    pct = rack.spec.pdu.continuous_pct
    for feed, watts in f.normal_w.items():
        if watts > f.continuous_w + 1e-6:
            out.append(_v("error", "cluster.feed-over-continuous",
                          f"{rack.name} feed {feed} carries {_kw(watts)}, over {pct:g} % of its {_kw(f.capacity_w)} "
                          f"breaker rating ({_kw(f.continuous_w)}).",
                          [rack.name], "Add a PDU per feed or choose PDUs with a larger breaker."))
    for lost, watts in f.after_loss_w.items():
        other = "B" if lost == "A" else "A"
        if watts > f.continuous_w + 1e-6:
            out.append(_v("error", "cluster.feed-loss-overload",
                          f"If feed {lost} of {rack.name} fails, feed {other} must carry {_kw(watts)}, over {pct:g} % "
                          f"of its breaker rating ({_kw(f.continuous_w)}).",
                          [rack.name], "Size each feed for the whole rack: larger or more PDUs per feed, "
                                       "or fewer servers per rack."))
    for lost, names in f.stopped.items():
        out.append(_v("warning", "cluster.feed-loss-stops",
                      f"If feed {lost} of {rack.name} fails, {len(names)} device(s) lose every PSU: "
                      f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''}.",
                      [rack.name], "Spread each server's PSUs over feeds A and B (psu_feeds in the build)."))
    return out


def rack_cooling(rack: Rack) -> list[Violation]:
    """Heat to room air against air + rear door; heat to liquid against the liquid loop."""
    c, out = rack.spec.cooling, []
    air_kw = c.air_kw + (c.rear_door_kw if c.kind == "rear-door" else 0.0)
    if rack.heat_to_air_w > air_kw * 1000 + 1e-6:
        out.append(_v("error", "cluster.rack-air-over",
                      f"{rack.name} puts {_kw(rack.heat_to_air_w)} of heat into the air; its cooling removes {air_kw:g} kW.",
                      [rack.name], "Add a rear-door heat exchanger, use liquid-cooled servers or fewer servers per rack."))
    liquid_kw = c.liquid_kw if c.kind == "liquid" else 0.0
    if rack.heat_to_liquid_w > liquid_kw * 1000 + 1e-6:
        out.append(_v("error", "cluster.rack-liquid-over",
                      f"{rack.name} sends {_kw(rack.heat_to_liquid_w)} to liquid cooling; "
                      f"the rack's loop takes {liquid_kw:g} kW.",
                      [rack.name], "Set the rack's cooling to liquid with enough CDU capacity (liquid_kw)."))
    return out


def server_checks(figs: Sequence[ServerFigures]) -> list[Violation]:
    """What each server build brings along: its own errors, its own feed-loss overload."""
    out = []
    for fig in figs:
        where = fig.source or fig.name
        if fig.evaluation.errors:
            codes = ", ".join(dict.fromkeys(v.code for v in fig.evaluation.errors))
            out.append(_v("warning", "cluster.server-errors", f"{where} has errors of its own ({codes}).",
                          [where], f"Run `configurator check {where}` and fix the build."))
        worst = max(fig.feed_loss_pct.values(), default=0.0)
        if worst > 100.0:
            out.append(_v("warning", "cluster.server-feed-loss",
                          f"{where}: after losing a feed its remaining PSUs carry {worst:.0f} % of their capacity at "
                          "peak, so the server may shut down even if the rack's feed holds.",
                          [where], "Use a grid-redundant PSU mode (N+N) or larger PSUs in the build."))
        if fig.gpus and fig.network_gbps_per_gpu <= 0:
            out.append(_v("warning", "cluster.no-fabric-nic",
                          f"{where} has no network cards: its GPUs cannot join the compute fabric.",
                          [where], "Add one 400G NIC per GPU to the build."))
    return out


def fabric_checks(fab: FabricPlan, max_tiers: int) -> list[Violation]:
    """Shape of one sized fabric: oversubscription and whether the tiers suffice."""
    out, name = [], f"{fab.role} fabric"
    if fab.oversubscription > 1.0 + 1e-9:
        out.append(_v("warning", "cluster.fabric-oversubscribed",
                      f"The {name} is oversubscribed {fab.oversubscription:.2g}:1 at the leaves: all-reduce across "
                      f"leaves gets 1/{fab.oversubscription:.2g} of the injection bandwidth.",
                      [name], "Use a non-blocking fabric (oversubscription 1) for training."))
    if fab.needs_tiers > max_tiers:
        out.append(_v("error", "cluster.too-few-spine-ports",
                      f"The {name} has {fab.leaves} leaves; a {max_tiers}-tier fat tree of {fab.switch_name} "
                      f"({fab.radix} ports at {fab.link_gbps:g} Gb/s) reaches at most {fab.radix} leaves.",
                      [name], "Allow a third (core) tier (max_tiers 3) or choose a switch with more ports."))
    elif not fab.fits_tiers:
        out.append(_v("error", "cluster.fabric-too-large",
                      f"The {name} needs {fab.leaves} leaves, more than a 3-tier fat tree of {fab.radix}-port "
                      f"switches holds ({fab.radix * fab.radix // 2}).",
                      [name], "Choose a switch with more ports or split the cluster."))
    return out


def fabric_protocol(switch_protocol: str, switch_name: str, nic_protocol: str | None, where: str) -> list[Violation]:
    """`cluster.fabric-protocol`: Ethernet-only NICs on an InfiniBand fabric or the reverse (VPI cards run both)."""
    if nic_protocol is None or nic_protocol == switch_protocol:
        return []
    fabric, nic = Msg(f"cluster.protocol.{switch_protocol}"), Msg(f"cluster.protocol.{nic_protocol}")
    return [Violation(severity="error", code="cluster.fabric-protocol",
                      message=Msg("cluster.fabric-protocol", fabric=fabric, switch=switch_name, where=where, nic=nic),
                      slots=(where,), fix=Fix(description=Msg("cluster.fabric-protocol.fix", nic=nic)))]


def batch_exceeded(gpus: int, micro_tokens: float, batch_tokens: float) -> Violation:
    """`cluster.batch-exceeded`: one micro-batch per GPU is already more than the global batch."""
    message = Msg("cluster.batch-exceeded", gpus=gpus, micro=round(micro_tokens),
                  tokens=round(gpus * micro_tokens), batch=round(batch_tokens))
    return Violation(severity="warning", code="cluster.batch-exceeded", message=message, slots=("training",),
                     fix=Fix(description=Msg("cluster.batch-exceeded.fix")))
