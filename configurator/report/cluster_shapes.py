"""Where the cluster drawings put things: the rack elevation and the fabric diagram as plain shapes.

One geometry, two painters: `report/cluster_drawing.py` turns these shapes into reportlab
drawings for the PDF and `qt/views/cluster_plan.py` into a QGraphicsScene, so the GUI and the PDF
show the same picture. Coordinates are points with y growing downward (the painters flip for
reportlab); every figure comes from the `ClusterPlan` (racks, `racks.elevation`, `FabricPlan`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cluster.fabric import FabricPlan
from ..core.cluster.plan import ClusterPlan
from ..core.cluster.racks import Rack, elevation
from ..words.quote_words import Labels
from . import fonts

ENGLISH = Labels("en")

#: fill colours by role; rails cycle through RAIL_COLOURS
COLOURS = {"server": "#3b6ea5", "switch": "#6a8f3a", "reserved": "#d9dde2", "frame": "#2b2f36", "free": "#ffffff",
           "spine": "#7a4fa0", "core": "#a04f6d", "text": "#1d232b", "bad": "#c03030", "ok": "#2f7d32"}
RAIL_COLOURS = ("#3b6ea5", "#c9772b", "#2f8f83", "#a8463c", "#6a5fb0", "#8a8a2a", "#b0508a", "#4f7f3f")
U_H = 7.0            # points per rack unit
RACK_W = 92.0
GAP = 26.0
U_SCALE_W = 10.0     # room left of the first rack for its U numbers
MAX_RACKS = 12       # more racks than this: the first MAX_RACKS drawn, the rest counted in the caption
MAX_BOXES = 16       # per switch row; more are drawn as MAX_BOXES with a "× N" label


@dataclass(frozen=True)
class Shape:
    """A rectangle (w, h > 0), a line (x2, y2) or a text (text set, anchor 'start'/'middle')."""

    kind: str                  # "rect", "line", "text"
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0
    x2: float = 0.0
    y2: float = 0.0
    fill: str = ""
    stroke: str = COLOURS["frame"]
    text: str = ""
    size: float = 6.5
    anchor: str = "start"
    max_w: float = 0.0         # a text that must stay inside a box: at most this wide (0: no limit)


@dataclass(frozen=True)
class Picture:
    width: float
    height: float
    shapes: tuple[Shape, ...]
    caption: str


def _text(x: float, y: float, text: str, size: float = 6.5, anchor: str = "start", fill: str = "",
          max_w: float = 0.0) -> Shape:
    return Shape("text", x, y, text=text, size=size, anchor=anchor, fill=fill or COLOURS["text"], max_w=max_w)


def _fit(text: str, width: float, size: float) -> str:
    """`text` shortened with an ellipsis to `width` points at `size` (in the PDF's face), keeping a
    trailing " #N": 'HGX H100 8-GPU train… #12'."""
    if fonts.string_width(text, fonts.SANS, size) <= width:
        return text
    head, sep, tail = text.rpartition(" #")
    if not sep:
        head, tail = text, ""
    end = "…" + (sep + tail if sep else "")
    while head and fonts.string_width(head + end, fonts.SANS, size) > width:
        head = head[:-1]
    return head.rstrip() + end


def _overflow_u(rack: Rack) -> int:
    """Rack units of equipment above the rack's top (a plan with too many servers per rack)."""
    return max(0, max((s.position + s.height - 1 for s in elevation(rack)), default=0) - rack.spec.rack_units)


def _rack(rack: Rack, x: float, top: float, tr: Labels) -> list[Shape]:
    ru = rack.spec.rack_units
    full = rack.rack_units > ru - rack.spec.reserved_ru      # drawn with a red frame, its excess above the top
    out = [Shape("rect", x, top, RACK_W, ru * U_H, fill=COLOURS["free"], stroke=COLOURS["bad" if full else "frame"]),
           _text(x + RACK_W / 2, top - _overflow_u(rack) * U_H - 4, tr.named(rack.title), 7, "middle")]
    for slot in elevation(rack):
        y = top + (ru - slot.position - slot.height + 1) * U_H
        out.append(Shape("rect", x + 2, y + 0.5, RACK_W - 4, slot.height * U_H - 1, fill=COLOURS[slot.kind],
                         stroke=COLOURS["free"]))
        box_h = slot.height * U_H - 1
        size = min(5.5, box_h - 1.5)        # a 1U box is 6 pt tall: its label must stay inside it
        if size >= 3.5:
            baseline = y + 0.5 + (min(box_h, 9.0) + 0.7 * size) / 2     # caps centred in the box's top 9 pt
            out.append(_text(x + 5, baseline, _fit(tr.named(slot.title), RACK_W - 9, size), size, fill="#ffffff",
                             max_w=RACK_W - 9))
    for u in (1, *range(5, ru + 1, 5)):   # U numbers up the left side, U1 at the bottom (EIA-310 counts from there)
        out.append(_text(x - 2, top + (ru - u + 1) * U_H - 1.5, str(u), 4.2, "end", COLOURS["frame"]))
    reserved = rack.spec.reserved_ru
    if reserved:
        out.append(Shape("rect", x + 2, top + 0.5, RACK_W - 4, reserved * U_H - 1, fill=COLOURS["reserved"],
                         stroke=COLOURS["free"]))
    worst = max(rack.feeds.after_loss_w.values(), default=0.0)
    holds = worst <= rack.feeds.continuous_w and not any(rack.feeds.stopped.values())
    bottom = top + ru * U_H
    out += [_text(x + RACK_W / 2, bottom + 9, f"{rack.max_w / 1000:,.1f} / {rack.spec.kw_limit:,.0f} kW", 6, "middle"),
            _text(x + RACK_W / 2, bottom + 17, tr("one feed lost: holds" if holds else "one feed lost: OVERLOADED"), 6,
                  "middle",
                  COLOURS["ok"] if holds else COLOURS["bad"]),
            # the load on each feed in normal operation (both feeds up), as the site's electrician sizes them
            _text(x + RACK_W / 2, bottom + 25, " / ".join(f"{feed} {w / 1000:,.1f} kW"
                                                          for feed, w in sorted(rack.feeds.normal_w.items())), 6,
                  "middle")]
    return out


def rack_elevation(plan: ClusterPlan, tr: Labels = ENGLISH, first: int = 0, count: int = MAX_RACKS) -> Picture:
    """The racks side by side (the plan's racks `first` … `first + count`, at most MAX_RACKS in all), U1 at
    the bottom: servers, switches, reserved units, kW and feed verdict; words in `tr`'s language."""
    racks = plan.racks[:MAX_RACKS][first:first + count]
    tallest = max((r.spec.rack_units for r in racks), default=42)
    top = 12.0 + max((_overflow_u(r) for r in racks), default=0) * U_H
    shapes: list[Shape] = []
    for i, rack in enumerate(racks):
        shapes += _rack(rack, U_SCALE_W + i * (RACK_W + GAP), top, tr)
    more = len(plan.racks) - min(len(plan.racks), MAX_RACKS)
    servers = sum(r.servers for r in plan.racks)
    caption = (tr("{racks} racks, {servers} servers; max power per rack against its limit, and whether the surviving "
                  "feed carries the rack when one feed is lost ({pct} % continuous rule)")
               .format(racks=len(plan.racks), servers=servers, pct=f"{plan.spec.rack.pdu.continuous_pct:g}")
               + (tr("; {more} more racks not drawn").format(more=more) if more else ""))
    # a short last row keeps the full rows' width, so that every row is drawn at one scale
    columns = max(len(racks), min(count, len(plan.racks[:MAX_RACKS])))
    width = U_SCALE_W + max(RACK_W, columns * (RACK_W + GAP) - GAP)
    return Picture(width, top + tallest * U_H + 30, tuple(shapes), caption)


def _row(count: int, y: float, width: float, label: str, fill: str, box_w: float = 40.0) -> tuple[list[Shape], list[float]]:
    """Up to MAX_BOXES switch boxes centred across `width`; returns the shapes and their centres."""
    drawn = min(count, MAX_BOXES)
    step = min(box_w + 8, width / max(1, drawn))
    start = (width - step * drawn) / 2 + (step - box_w) / 2
    shapes, centres = [], []
    for i in range(drawn):
        x = start + i * step
        shapes += [Shape("rect", x, y, box_w, 14, fill=fill), _text(x + box_w / 2, y + 9.5, f"{label}{i + 1}", 5.5,
                                                                    "middle", "#ffffff")]
        centres.append(x + box_w / 2)
    if count > drawn:
        shapes.append(_text(width, y + 9.5, f"… × {count}", 6.5, "end"))
    return shapes, centres


def _single_switch(fabric: FabricPlan, width: float, y: float, tr: Labels) -> list[Shape]:
    """One switch takes every link (one tier): the switch, and a line to each rail's servers."""
    rails = max(1, fabric.rails)
    bw = 60.0
    sx = (width - bw) / 2
    out = []
    for r in range(rails):
        colour = RAIL_COLOURS[r % len(RAIL_COLOURS)]
        cx = (r + 0.5) * width / rails
        out += [Shape("line", sx + bw / 2, y + 14, x2=cx, y2=y + 44, stroke=colour),
                _text(cx, y + 52, _rail_label(fabric, r, tr), 5.5, "middle", colour)]
    return out + [Shape("rect", sx, y, bw, 14, fill=COLOURS["switch"]),
                  _text(sx + bw / 2, y + 9.5, tr("switch"), 5.5, "middle", "#ffffff")]


def _rail_label(fabric: FabricPlan, r: int, tr: Labels) -> str:
    """What rail r joins: GPU r (compute) or link r (storage) of every server."""
    return tr("GPU {n}s" if fabric.role == "compute" else "link {n}s").format(n=r + 1)


def fabric_diagram(fabric: FabricPlan, width: float = 500.0, tr: Labels = ENGLISH) -> Picture:
    """Leaf/spine (and core) per rail: each rail's leaves in its colour, every leaf wired to every spine;
    words in `tr`'s language."""
    rails = max(1, fabric.rails)
    if fabric.leaves <= 1:
        return Picture(width, 70, tuple(_single_switch(fabric, width, 10.0, tr)), _caption(fabric, tr))
    per_rail = max(1, fabric.leaves // rails)
    shapes: list[Shape] = []
    y_core, y_spine, y_leaf = 14.0, 14.0 + (40 if fabric.cores else 0), 14.0 + (40 if fabric.cores else 0) + 60
    spine_shapes, spine_x = _row(fabric.spines, y_spine, width, "S", COLOURS["spine"])
    if fabric.cores:
        core_shapes, core_x = _row(fabric.cores, y_core, width, "C", COLOURS["core"])
        shapes += [Shape("line", a, y_core + 14, x2=b, y2=y_spine, stroke="#b8a0c8") for a in core_x for b in spine_x]
        shapes += core_shapes
    group_w = width / rails
    leaf_boxes = []
    for r in range(rails):
        colour = RAIL_COLOURS[r % len(RAIL_COLOURS)]
        gx = r * group_w
        n = min(per_rail, 4)
        bw = min(34.0, (group_w - 6) / n - 3)
        for i in range(n):
            x = gx + (group_w - n * (bw + 3)) / 2 + i * (bw + 3)
            leaf_boxes.append((x + bw / 2, colour))
            shapes += [Shape("rect", x, y_leaf, bw, 14, fill=colour),
                       _text(x + bw / 2, y_leaf + 9.5, f"L{r * per_rail + i + 1}", 5, "middle", "#ffffff")]
        label = tr("rail {n}").format(n=r + 1) + (tr(" ({n} leaves)").format(n=per_rail) if per_rail > 4 else "")
        shapes += [_text(gx + group_w / 2, y_leaf + 24, label, 5.5, "middle", colour),
                   _text(gx + group_w / 2, y_leaf + 32, _rail_label(fabric, r, tr), 5, "middle")]
    if fabric.spines:
        shapes = [Shape("line", lx, y_leaf, x2=sx, y2=y_spine + 14, stroke=c) for lx, c in leaf_boxes
                  for sx in spine_x] + shapes
    shapes += spine_shapes
    return Picture(width, y_leaf + 38, tuple(shapes), _caption(fabric, tr))


def _caption(fabric: FabricPlan, tr: Labels) -> str:
    over = (tr("{ratio}:1 oversubscribed").format(ratio=f"{fabric.oversubscription:g}") if fabric.oversubscription > 1.0
            else tr("non-blocking"))
    if fabric.leaves <= 1:
        tiers = tr("one switch")
    else:
        tiers = tr("{leaves} leaves, {spines} spines").format(leaves=fabric.leaves, spines=fabric.spines)
        tiers += tr(", {cores} cores").format(cores=fabric.cores) if fabric.cores else ""
    head = tr("Compute fabric" if fabric.role == "compute" else "Storage fabric")
    joins = tr("rail r joins GPU r of every server" if fabric.role == "compute" else "rail r joins link r of every server")
    return tr("{fabric}, {switch}: {rails} rails ({joins}), {tiers}; {links} server links at {gbps} Gb/s, {over}; "
              "bisection {tbps} Tb/s, {per_gpu} Gb/s per GPU").format(
        fabric=head, switch=fabric.switch_name, rails=fabric.rails, joins=joins, tiers=tiers, links=fabric.endpoints,
        gbps=f"{fabric.link_gbps:g}", over=over, tbps=f"{fabric.bisection_gbps / 1000:,.1f}",
        per_gpu=f"{fabric.injection_gbps_per_gpu:g}")
