"""The words of an edit the core refuses (`core.ops.OpError`): a part that does not fit, an
unknown slot, option or chassis. The views show them where the edit was tried
(`render.say_refusal`)."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "op.place-refused": N_("Cannot place here: {reason}"),
    "op.unknown-chassis": N_("Chassis {chassis} is not in the catalog."),
    "op.unknown-slot": N_("{chassis} has no slot {slot}."),
    "op.unknown-option": N_("There is no option {path}."),
    "op.bad-option": N_("Option {path}: {reason}"),
    "op.no-tray-item": N_("The Not placed tray has no item {index}."),
}

