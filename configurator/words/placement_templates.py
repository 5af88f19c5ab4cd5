"""The English templates of placement's refusal reasons, worded in English by `core/placement.py`.

Placement (and `ops.SetChassis`, and the labels of the rules' moves on the undo stack) still words
its reasons in English; this module lists each wording once more as a template so that
`make translations` extracts it into the gettext catalog and `configurator.words.i18n.translate`
can map a filled reason back onto it (docs/i18n.md). The fit rules report these reasons as their
violations' messages. It goes when placement's refusals carry a `Msg` (core/message.py) like the
rules' violations (words/rule_words.py).
"""

from __future__ import annotations

from ..core.text import N_

#: `core/placement.py`'s refusal reasons (also the fit rules' messages) and its nouns
PLACEMENT = (
    N_("{slot} is a {kind}; {part} is a {noun}."),
    N_("CPU socket"), N_("DIMM slot"), N_("GPU baseboard position"), N_("PCIe slot"), N_("drive bay"),
    N_("PSU bay"), N_("cooling position"),
    N_("{part} needs socket {socket}; {slot} is {want}."),
    N_("{part} is {kind}; this board takes {want} only."),
    N_("{part} is a PCIe card; {slot} is a module position on the GPU baseboard."),
    N_("{part} needs the {family} baseboard; this chassis has {board} ({board_family})."),
    N_("{part} is a {bay} drive; it goes in a drive bay, not in PCIe slot {slot}."),
    N_("{part} is an {bay} drive; it goes in a drive bay, not in PCIe slot {slot}."),
    N_("{part} is a {module} module and needs a GPU baseboard ({family}); this chassis has PCIe slots only."),
    N_("{part} is an {module} module and needs a GPU baseboard ({family}); this chassis has PCIe slots only."),
    N_("{part} is a {module} module; it goes on the GPU baseboard, not into PCIe slot {slot}."),
    N_("{part} is an {module} module; it goes on the GPU baseboard, not into PCIe slot {slot}."),
    N_("{part} is an OCP 3.0 card; {slot} is a standard PCIe (CEM) slot."),
    N_("{slot} is an OCP 3.0 mezzanine; it takes OCP 3.0 network cards only, not the {part}."),
    N_("{slot} has no GPU power cable or airflow for the {tdp} W {part}."),
    N_("{part} is {width}; {slot} has room for {room} cards."),
    N_("single-width"), N_("double-width"), N_("triple-width"), N_("{n}-slot"),
    N_("{part} is full-length; {slot} takes half-length cards only."),
    N_("{part} is full-height; {slot} is low-profile."),
    N_("{part} is a {bay} drive; {slot} is a {slot_bay} bay."),
    N_("{part} is an {bay} drive; {slot} is a {slot_bay} bay."),
    N_("{part} is a {bay} drive; {slot} is an {slot_bay} bay."),
    N_("{part} is an {bay} drive; {slot} is an {slot_bay} bay."),
    N_("{part} is {interface}; {slot} is wired for {wired} only."),
    N_("{part} in {slot} is not on {chassis}'s supported PSU list."),
    N_("{part} is not a cooling option for {chassis}."),
    N_("{slot} is covered by the {card} in {cover}, which is {width} slots wide."),
    N_("{part} would cover {other}, which holds the {held}; remove it first."),
    N_("Chassis {chassis} is not in the catalog."),
    N_("{chassis} has no slot {slot}."),
    N_("Part {part} is not in the catalog."),
    N_("{chassis} has no place for a {noun}."),
)

#: `ops.SetChassis`: why a chassis change left a part without a slot (saved in the build's tray)
TRAY = (
    N_("{chassis} has no {slot}, and every slot that takes it is in use."),
)

#: the undo stack's labels of the rules' moves (`ops.Batch.label`)
OP_LABELS = (
    N_("Move {part} to {target}"),
)

TEMPLATES: tuple[str, ...] = PLACEMENT + TRAY + OP_LABELS
