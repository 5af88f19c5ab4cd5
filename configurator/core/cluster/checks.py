"""The cluster plan's problems as violations: racks over their limits, feeds over the
continuous rating, a feed loss that overloads the other, cooling, fabric shape.

Each message and fix is a `Msg` worded by configurator/words/cluster_words.py. Codes and fixes
are listed in docs/rules.md ("Cluster plan").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..message import Msg, Num, Seq, items
from ..violations import Fix, Severity, Violation
from .fabric import FabricPlan
from .racks import Rack
from .server_figures import ServerFigures


def _v(severity: Severity, code: str, slots: Sequence[str], message: Msg, fix: Msg) -> Violation:
    return Violation(severity=severity, code=code, message=message, slots=tuple(slots), fix=Fix(description=fix))


def _kw(w: float) -> Seq:
    """'12.3 kW'."""
    return Seq(Num(w / 1000, ".1f"), " kW")


def rack_limits(rack: Rack) -> list[Violation]:
    """kW, RU and weight of one rack against its spec."""
    spec, out = rack.spec, []
    if rack.max_w > spec.kw_limit * 1000 + 1e-6:
        out.append(_v("error", "cluster.rack-over-kw", [rack.name],
                      Msg("cluster.rack-over-kw", rack=rack.title, kw=_kw(rack.max_w), limit=Num(spec.kw_limit, "g")),
                      Msg("cluster.rack-over-kw.fix")))
    if rack.rack_units > spec.rack_units - spec.reserved_ru:
        out.append(_v("error", "cluster.rack-over-ru", [rack.name],
                      Msg("cluster.rack-over-ru", rack=rack.title, units=rack.rack_units,
                          free=spec.rack_units - spec.reserved_ru),
                      Msg("cluster.rack-over-ru.fix")))
    if rack.weight_kg > spec.weight_limit_kg:
        out.append(_v("error", "cluster.rack-over-weight", [rack.name],
                      Msg("cluster.rack-over-weight", rack=rack.title, kg=Num(rack.weight_kg, ",.0f"),
                          limit=Num(spec.weight_limit_kg, ",.0f")),
                      Msg("cluster.rack-over-weight.fix")))
    return out


def rack_feeds(rack: Rack) -> list[Violation]:
    """The continuous-load rule on each feed, normally and after losing the other feed."""
    f, out = rack.feeds, []
    pct = Num(rack.spec.pdu.continuous_pct, "g")
    for feed, watts in f.normal_w.items():
        if watts > f.continuous_w + 1e-6:
            out.append(_v("error", "cluster.feed-over-continuous", [rack.name],
                          Msg("cluster.feed-over-continuous", rack=rack.title, feed=feed, kw=_kw(watts), pct=pct,
                              capacity=_kw(f.capacity_w), continuous=_kw(f.continuous_w)),
                          Msg("cluster.feed-over-continuous.fix")))
    for lost, watts in f.after_loss_w.items():
        other = "B" if lost == "A" else "A"
        if watts > f.continuous_w + 1e-6:
            out.append(_v("error", "cluster.feed-loss-overload", [rack.name],
                          Msg("cluster.feed-loss-overload", lost=lost, rack=rack.title, other=other, kw=_kw(watts),
                              pct=pct, continuous=_kw(f.continuous_w)),
                          Msg("cluster.feed-loss-overload.fix")))
    titles = {item.name: item.title for item in rack.items}
    for lost, names in f.stopped.items():
        out.append(_v("warning", "cluster.feed-loss-stops", [rack.name],
                      Msg("cluster.feed-loss-stops", lost=lost, rack=rack.title, n=len(names),
                          names=items((titles.get(n, n) for n in names), limit=3)),
                      Msg("cluster.feed-loss-stops.fix")))
    return out


def rack_cooling(rack: Rack) -> list[Violation]:
    """Heat to room air against air + rear door; heat to liquid against the liquid loop."""
    c, out = rack.spec.cooling, []
    air_kw = c.air_kw + (c.rear_door_kw if c.kind == "rear-door" else 0.0)
    if rack.heat_to_air_w > air_kw * 1000 + 1e-6:
        out.append(_v("error", "cluster.rack-air-over", [rack.name],
                      Msg("cluster.rack-air-over", rack=rack.title, kw=_kw(rack.heat_to_air_w), limit=Num(air_kw, "g")),
                      Msg("cluster.rack-air-over.fix")))
    liquid_kw = c.liquid_kw if c.kind == "liquid" else 0.0
    if rack.heat_to_liquid_w > liquid_kw * 1000 + 1e-6:
        out.append(_v("error", "cluster.rack-liquid-over", [rack.name],
                      Msg("cluster.rack-liquid-over", rack=rack.title, kw=_kw(rack.heat_to_liquid_w),
                          limit=Num(liquid_kw, "g")),
                      Msg("cluster.rack-liquid-over.fix")))
    return out


def server_checks(figs: Sequence[ServerFigures]) -> list[Violation]:
    """What each server build brings along: its own errors, its own feed-loss overload."""
    out = []
    for fig in figs:
        where = fig.source or fig.name
        if fig.evaluation.errors:
            codes = ", ".join(dict.fromkeys(v.code for v in fig.evaluation.errors))   # identifiers, as written
            out.append(_v("warning", "cluster.server-errors", [where],
                          Msg("cluster.server-errors", where=where, codes=codes),
                          Msg("cluster.server-errors.fix", where=where)))
        worst = max(fig.feed_loss_pct.values(), default=0.0)
        if worst > 100.0:
            out.append(_v("warning", "cluster.server-feed-loss", [where],
                          Msg("cluster.server-feed-loss", where=where, pct=Num(worst, ".0f")),
                          Msg("cluster.server-feed-loss.fix")))
        if fig.gpus and fig.network_gbps_per_gpu <= 0:
            out.append(_v("warning", "cluster.no-fabric-nic", [where], Msg("cluster.no-fabric-nic", where=where),
                          Msg("cluster.no-fabric-nic.fix")))
    return out


def fabric_checks(fab: FabricPlan, max_tiers: int) -> list[Violation]:
    """Shape of one sized fabric: oversubscription and whether the tiers suffice. The slot names
    the fabric ("compute fabric") as `--json` reads it; the message in the reader's words."""
    out, slot, name = [], f"{fab.role} fabric", Msg(f"cluster.fabric.{fab.role}")
    if fab.oversubscription > 1.0 + 1e-9:
        out.append(_v("warning", "cluster.fabric-oversubscribed", [slot],
                      Msg("cluster.fabric-oversubscribed", fabric=name, ratio=Num(fab.oversubscription, ".2g")),
                      Msg("cluster.fabric-oversubscribed.fix")))
    if fab.needs_tiers > max_tiers:
        out.append(_v("error", "cluster.too-few-spine-ports", [slot],
                      Msg("cluster.too-few-spine-ports", fabric=name, leaves=fab.leaves, tiers=max_tiers,
                          switch=fab.switch_name, radix=fab.radix, gbps=Num(fab.link_gbps, "g")),
                      Msg("cluster.too-few-spine-ports.fix")))
    elif not fab.fits_tiers:
        out.append(_v("error", "cluster.fabric-too-large", [slot],
                      Msg("cluster.fabric-too-large", fabric=name, leaves=fab.leaves, radix=fab.radix,
                          most=fab.radix * fab.radix // 2),
                      Msg("cluster.fabric-too-large.fix")))
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
