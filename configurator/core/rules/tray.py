"""The "Not placed" tray: parts a chassis change left without a slot are reported, not forgotten.

`Build.unplaced` holds them (`ops.SetChassis`), and `placement.unplaced_reason` says why each has
no slot in the chassis as it is now; they are not in the server, its
power or its BOM. Each is a warning, with a fix that places it when a free slot now takes it.
"""

from __future__ import annotations

from ..message import Msg
from ..placement import first_free_slot, unplaced_reason
from ._common import Facts, batch, place, set_option

__all__ = ["check"]


def check(f: Facts) -> None:
    tray = f.build.unplaced
    for i, item in enumerate(tray):
        part = f.ctx.catalog.get(item.part)
        name = part.name if part is not None else item.part
        message = Msg("fit.not-placed", part=name, slot=item.slot, reasons=unplaced_reason(f.build, f.ctx.catalog, item))
        free = first_free_slot(f.build, f.ctx.catalog, item.part) if part is not None else None
        if free is None:
            f.add("warning", "fit.not-placed", message, (), Msg("fit.not-placed.room"))
            continue
        rest = tray[:i] + tray[i + 1:]
        f.add("warning", "fit.not-placed", message, (free,), Msg("fit.not-placed.fix", slot=free),
              [batch((place(free, item.part), set_option("unplaced", rest)), "op.label.place", part=item.part, slot=free)])
