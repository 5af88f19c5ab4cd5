"""The "Not placed" tray: parts a chassis change left without a slot are reported, not forgotten.

`Build.unplaced` holds them with the reason (`ops.SetChassis`); they are not in the server, its
power or its BOM. Each is a warning, with a fix that places it when a free slot now takes it.
"""

from __future__ import annotations

from ..placement import first_free_slot
from ._common import Facts, batch, place, set_option

__all__ = ["check"]


def check(f: Facts) -> None:
    tray = f.build.unplaced
    for i, item in enumerate(tray):
        part = f.ctx.catalog.get(item.part)
        name = part.name if part is not None else item.part
        message = f"{name} is in the Not placed tray (it was in {item.slot}): {item.reason}"
        free = first_free_slot(f.build, f.ctx.catalog, item.part) if part is not None else None
        if free is None:
            f.add("warning", "fit.not-placed", message, (),
                  "Choose a chassis with room for it, or remove it from the Not placed tray.")
            continue
        rest = tray[:i] + tray[i + 1:]
        f.add("warning", "fit.not-placed", message, (free,), f"Place it in {free}.",
              [batch((place(free, item.part), set_option("unplaced", rest)), f"Place {item.part} in {free}")])
