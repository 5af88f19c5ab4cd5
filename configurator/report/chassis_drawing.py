"""A schematic top view of the chassis with the placed parts, as reportlab vector graphics.

Rows from rear to front: power supplies, PCIe / NIC slots, CPU sockets with their DIMM
channels, the GPU baseboard, drive bays. Populated slots carry the part's short name;
empty slots are grey and hatched. Built from the chassis's slots (`core.slots`) and the
build's placements only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.graphics.shapes import Drawing, Group, Line, Rect
from reportlab.lib import colors

from ..core.catalog import Chassis
from ..core.slots import Slot, chassis_slots
from ..words.quote_words import Labels
from . import fonts

TITLE_W = 70.0
PAD = 6.0
GAP = 3.0
EMPTY_FILL = colors.HexColor("#f3f3f3")
EMPTY_STROKE = colors.HexColor("#b5b5b5")
HATCH = colors.HexColor("#cfcfcf")
INK = colors.HexColor("#222222")
MUTED = colors.HexColor("#6b6b6b")

FILL = {
    "gpu": (colors.HexColor("#dcefd6"), colors.HexColor("#4f8a3a")),
    "cpu": (colors.HexColor("#d6e4f5"), colors.HexColor("#2f5f98")),
    "dimm": (colors.HexColor("#9fbde3"), colors.HexColor("#2f5f98")),
    "pcie": (colors.HexColor("#fbe3cc"), colors.HexColor("#b86a1e")),
    "drive": (colors.HexColor("#e6dcf2"), colors.HexColor("#6a4a96")),
    "psu": (colors.HexColor("#fbf0c2"), colors.HexColor("#a08415")),
}


@dataclass
class _Ctx:
    placements: dict[str, str]
    name_of: Callable[[str], str]
    width: float
    tr: Callable[[str], str] = str   # the drawing's own words in the quote's language (words/quote_words.py)

    @property
    def content_w(self) -> float:
        return self.width - TITLE_W - 2 * PAD


def _add_text(g: Group | Drawing, x: float, y: float, text: str, size: float, fill, anchor: str = "start",
              font: str = fonts.SANS) -> None:
    """`text` in the drawing, each run in a face that has its glyphs (fonts.strings)."""
    for string in fonts.strings(text, x, y, size, fill, anchor, font):
        g.add(string)


def fit_text(text: str, width: float, max_size: float = 7.0, min_size: float = 4.5,
             max_lines: int = 2) -> tuple[list[str], float]:
    lines, size = _fit_text(text, round(width, 1), max_size, min_size, max_lines)
    return list(lines), size


@lru_cache(maxsize=2048)
def _fit_text(text: str, width: float, max_size: float, min_size: float,
              max_lines: int) -> tuple[tuple[str, ...], float]:
    """Lines and font size that fit `text` into `width` points.

    Prefers a readable size on up to `max_lines` lines over a tiny single line; cuts with an
    ellipsis only as a last resort (the full name is always in the line items).
    """
    font = fonts.SANS   # fonts.string_width measures a Chinese run in the CJK face
    readable = max(min_size, min(max_size, 6.0))
    steps = [max_size - 0.5 * i for i in range(int((max_size - min_size) / 0.5) + 1)]
    tries = [(sz, 1) for sz in steps if sz >= readable] + [(sz, n) for n in range(2, max_lines + 1)
                                                            for sz in steps if sz >= readable]
    tries += [(sz, n) for n in range(1, max_lines + 1) for sz in steps if sz < readable]
    for size, n in tries:
        lines = wrap_words(text, width, font, size)
        if len(lines) <= n and all(fonts.string_width(ln, font, size) <= width for ln in lines):
            return tuple(lines), size
    lines = wrap_words(text, width, font, min_size)[:max_lines] or [text]
    last = lines[-1]
    while last and fonts.string_width(last + "…", font, min_size) > width:
        last = last[:-1]
    lines[-1] = last + "…"
    return tuple(lines), min_size


def wrap_words(text: str, width: float, font: str, size: float) -> list[str]:
    """Greedy word wrap at a fixed size (section titles)."""
    lines: list[str] = []
    cur = ""
    for w in text.split():
        trial = f"{cur} {w}".strip()
        if cur and fonts.string_width(trial, font, size) > width:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    return lines + [cur] if cur else lines


def _hatch(g: Group, x: float, y: float, w: float, h: float, step: float = 4.0) -> None:
    """Diagonal hatching clipped to the rectangle (reportlab shapes have no clip paths)."""
    c = -h
    while c < w:
        x0, y0 = x + max(c, 0), y + max(-c, 0)
        x1 = x + min(c + h, w)
        y1 = y + (x1 - x - c)
        g.add(Line(x0, y0, x1, y1, strokeColor=HATCH, strokeWidth=0.4))
        c += step


def _box(g: Group, x: float, y: float, w: float, h: float, kind: str, label: str,
         name: str | None, show_name: bool = True) -> None:
    if name is None:
        g.add(Rect(x, y, w, h, fillColor=EMPTY_FILL, strokeColor=EMPTY_STROKE, strokeWidth=0.5))
        _hatch(g, x, y, w, h)
    else:
        fill, stroke = FILL.get(kind, FILL["pcie"])
        g.add(Rect(x, y, w, h, fillColor=fill, strokeColor=stroke, strokeWidth=0.7))
    if label and h >= 14:
        lbl, size = fit_text(label, w - 3, 5.0, 4.0, 1)
        _add_text(g, x + 2, y + h - size - 1.5, lbl[0], size, MUTED)
    if name and show_name:
        top = h - (7 if h >= 20 else 0)
        lines, size = fit_text(name, w - 4, 7.0, 4.5, max(1, min(3, int(top // 6.6))))
        lead = size * 1.15
        y0 = y + top / 2 + (len(lines) - 1) * lead / 2 - size * 0.35
        for i, ln in enumerate(lines):
            _add_text(g, x + w / 2, y0 - i * lead, ln, size, INK, "middle")


def _grid(ctx: _Ctx, slots: Sequence[Slot], min_w: float, max_w: float, box_h: float,
          show_names: bool = True) -> tuple[Group, float]:
    """Slots as a wrapped row of boxes; returns the group (origin top-left, y down) and its height."""
    g = Group()
    n = len(slots)
    cw = ctx.content_w
    per_row = max(1, min(n, int((cw + GAP) // (min_w + GAP))))
    w = min(max_w, (cw - GAP * (per_row - 1)) / per_row)
    rows = (n + per_row - 1) // per_row
    for i, slot in enumerate(slots):
        r, c = divmod(i, per_row)
        part = ctx.placements.get(slot.id)
        _box(g, c * (w + GAP), -(r + 1) * box_h - r * GAP, w, box_h, slot.kind, _label(slot, w),
             ctx.name_of(part) if part else None, show_names)
    return g, rows * box_h + (rows - 1) * GAP


def _label(slot: Slot, w: float) -> str:
    """The slot's label, or its short id when the label does not fit the box."""
    if fonts.string_width(slot.label, fonts.SANS, 4.0) <= w - 3:
        return slot.label
    return slot.id


def _bays(ctx: _Ctx, slots: Sequence[Slot], box_h: float) -> tuple[Group, float]:
    """Drive bays in one flow, a wider gap between bay groups, wrapping when the row is full."""
    g = Group()
    cw = ctx.content_w
    group_gap = 7.0
    n_groups = len({s.group for s in slots})
    n = len(slots)
    w = max(12.0, min(40.0, (cw - (n_groups - 1) * (group_gap - GAP) - (n - 1) * GAP) / n))
    x, row = 0.0, 0
    for i, slot in enumerate(slots):
        if i and slot.group != slots[i - 1].group:
            x += group_gap - GAP
        if x + w > cw + 0.01:
            x, row = 0.0, row + 1
        part = ctx.placements.get(slot.id)
        _box(g, x, -(row + 1) * box_h - row * GAP, w, box_h, "drive", _label(slot, w),
             ctx.name_of(part) if part else None, show_name=False)
        x += w + GAP
    return g, (row + 1) * box_h + row * GAP


def _caption(ctx: _Ctx, slots: Sequence[Slot]) -> str:
    """"8 × Name, 8 empty" for the slots of a dense group (DIMMs, drive bays)."""
    counts = Counter(ctx.placements.get(s.id) for s in slots)
    parts = [f"{n} × {ctx.name_of(pid)}" for pid, n in counts.items() if pid]
    if counts.get(None):
        parts.append(ctx.tr("{n} empty").format(n=counts[None]))
    return ", ".join(parts)


def _memory(ctx: _Ctx, cpus: Sequence[Slot], dimms: Sequence[Slot]) -> tuple[Group, float]:
    """Per socket: a CPU box flanked by its DIMM slots (half the channels each side)."""
    g = Group()
    n = max(1, len(cpus))
    col_w = (ctx.content_w - GAP * 4 * (n - 1)) / n
    box_h = 34.0
    for i, cpu in enumerate(cpus):
        x0 = i * (col_w + GAP * 4)
        mine = [d for d in dimms if d.socket == cpu.id]
        half = (len(mine) + 1) // 2
        cpu_w = min(90.0, col_w * 0.42)
        bar_area = (col_w - cpu_w - 2 * GAP) / 2
        bar_w = min(7.0, (bar_area - half) / max(half, 1) - 1.0) if half else 0
        sides = (mine[:half], mine[half:])
        channel_gap = 2.0 if any(d.dimm_index > 0 for d in mine) else 1.0
        for side, bank in enumerate(sides):
            breaks = sum(1 for a, b in zip(bank, bank[1:]) if a.channel != b.channel)
            span = len(bank) * (bar_w + 1.0) + breaks * (channel_gap - 1.0)
            x = x0 + bar_area - span if side == 0 else x0 + bar_area + cpu_w + 2 * GAP
            for j, d in enumerate(bank):
                if j and d.channel != bank[j - 1].channel:
                    x += channel_gap - 1.0
                part = ctx.placements.get(d.id)
                _box(g, x, -box_h, bar_w, box_h, "dimm", "", ctx.name_of(part) if part else None, show_name=False)
                x += bar_w + 1.0
        part = ctx.placements.get(cpu.id)
        _box(g, x0 + bar_area + GAP, -box_h, cpu_w, box_h, "cpu", cpu.label,
             ctx.name_of(part) if part else None)
        text = _caption(ctx, mine)
        if text:
            lines, size = fit_text(ctx.tr("{cpu} memory: {parts}").format(cpu=cpu.id, parts=text), col_w, 6.0, 4.5, 2)
            for k, ln in enumerate(lines):
                _add_text(g, x0 + col_w / 2, -box_h - 8 - k * size * 1.2, ln, size, MUTED, "middle")
    return g, box_h + 14


def _sections(ctx: _Ctx, slots: Sequence[Slot]) -> list[tuple[str, Group, float]]:
    by_kind: dict[str, list[Slot]] = {}
    for s in slots:
        by_kind.setdefault(s.kind, []).append(s)
    out: list[tuple[str, Group, float]] = []
    if by_kind.get("psu"):
        out.append((ctx.tr("Power supplies"), *_grid(ctx, by_kind["psu"], 48, 78, 24)))
    if by_kind.get("pcie"):
        out.append((ctx.tr("PCIe / NIC slots"), *_grid(ctx, by_kind["pcie"], 32, 70, 30)))
    if by_kind.get("cpu"):
        out.append((ctx.tr("CPUs and memory"), *_memory(ctx, by_kind["cpu"], by_kind.get("dimm", []))))
    if by_kind.get("gpu"):
        label = by_kind["gpu"][0].group
        out.append((label if len(label) < 24 else ctx.tr("GPU baseboard"), *_grid(ctx, by_kind["gpu"], 44, 80, 32)))
    drives = by_kind.get("drive", [])
    if drives:
        g, h = _bays(ctx, drives, 18)
        lines, size = fit_text(_caption(ctx, drives), ctx.content_w, 6.0, 4.5, 2)
        for k, ln in enumerate(lines):
            _add_text(g, 0, -h - 7 - k * size * 1.2, ln, size, MUTED)
        out.append((ctx.tr("Drive bays, front"), g, h + 8 + len(lines) * size * 1.2))
    return out


def chassis_drawing(chassis: Chassis, placements: dict[str, str], name_of: Callable[[str], str],
                    width: float, cooling: str = "", tr: Callable[[str], str] = str) -> Drawing:
    """Top view of `chassis` with `placements`; `name_of(part_id)` gives a box's short name, `tr`
    the drawing's own words in the quote's language (`words.quote_words.Labels`)."""
    ctx = _Ctx(dict(placements), name_of, width, tr)
    sections = _sections(ctx, chassis_slots(chassis))
    header_h, footer_h = 22.0, 16.0
    body_h = sum(h + 2 * PAD for _, _, h in sections)
    height = header_h + body_h + footer_h
    d = Drawing(width, height, initialFontName=fonts.SANS, initialFontSize=7)
    d.add(Rect(0, footer_h - 2, width, body_h + 4, rx=4, ry=4, fillColor=colors.white,
               strokeColor=INK, strokeWidth=1.0))
    name = tr.named(chassis.name) if isinstance(tr, Labels) else chassis.name    # "(8U …, 风冷)"
    title = f"{name} · {chassis.rack_units}U · {tr('top view, schematic (rear at top)')}"
    lines, size = fit_text(title, width - 120, 8.5, 6.0, 1)
    _add_text(d, 0, height - 12, lines[0], size, INK, font=fonts.SANS_BOLD)
    if cooling:
        _add_text(d, width, height - 12, tr("Cooling: {kind}").format(kind=tr(cooling)), 7, MUTED, "end")
    y = height - header_h
    for i, (name, group, h) in enumerate(sections):
        if i:
            d.add(Line(PAD, y, width - PAD, y, strokeColor=colors.HexColor("#dddddd"), strokeWidth=0.5))
        lab, lsize = wrap_words(name, TITLE_W - 6, fonts.SANS_BOLD, 7.0), 7.0
        for k, ln in enumerate(lab):
            _add_text(d, PAD, y - PAD - lsize - k * lsize * 1.2, ln, lsize, MUTED, font=fonts.SANS_BOLD)
        group.translate(PAD + TITLE_W, y - PAD)
        d.add(group)
        y -= h + 2 * PAD
    _legend(d, width, tr)
    return d


def _legend(d: Drawing, width: float, tr: Callable[[str], str]) -> None:
    y = 2.0
    x = 0.0
    for kind, word in (("gpu", "GPU"), ("cpu", "CPU"), ("dimm", "DIMM"), ("pcie", "PCIe card"),
                       ("drive", "Drive"), ("psu", "PSU"), (None, "empty slot")):
        text = tr(word)
        g = Group()
        _box(g, x, y, 10, 7, kind or "", "", None if kind is None else "", show_name=False)
        d.add(g)
        _add_text(d, x + 13, y + 1, text, 6, MUTED)
        x += 16 + fonts.string_width(text, fonts.SANS, 6) + 8
    _add_text(d, width, y + 1, tr("FRONT"), 6, MUTED, "end", fonts.SANS_BOLD)
