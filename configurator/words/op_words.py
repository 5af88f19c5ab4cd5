"""The words of an edit the core refuses (`core.ops.OpError`): a part that does not fit, an
unknown slot, option or chassis. The views show them where the edit was tried
(`render.say`). And what an edit is called in the undo history (`Op.describe()`, `OpLabel`)."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "op.place-refused": N_("Cannot place here: {reason}"),
    "op.unknown-chassis": N_("Chassis {chassis} is not in the catalog."),
    "op.unknown-slot": N_("{chassis} has no slot {slot}."),
    "op.unknown-option": N_("There is no option {path}."),
    "op.bad-option": N_("Option {path}: {reason}"),
    "op.no-tray-item": N_("The Not placed tray has no item {index}."),
    # what an edit is called in the undo history ("Undo Place h100-sxm in GPU1")
    "op.label.place": N_("Place {part} in {slot}"),
    "op.label.remove": N_("Remove part from {slot}"),
    "op.label.move": N_("Move {part} to {slot}"),
    "op.label.add-bridge": N_("Add NVLink bridge {slots}"),
    "op.label.remove-bridge": N_("Remove NVLink bridge {slots}"),
    "op.label.set-option": N_("Set {path}"),
    "op.label.set-chassis": N_("Change chassis to {chassis}"),
    "op.label.restore": N_("Restore"),
    "op.label.fill-similar": N_("Fill similar slots with {part}"),
    "op.label.clear": N_("Clear build"),
    "op.label.workload-fit": N_("Make the workload fit"),
    "op.label.then": N_("{first}; {rest}"),
    "op.label.undo": N_("Undo {step}"),
    "op.label.redo": N_("Redo {step}"),
    "op.label.open": N_("Open"),
}

