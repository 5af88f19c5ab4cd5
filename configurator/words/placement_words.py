"""Why a part does not go into a slot (core/placement.py): the one answer a refused drop, the
palette's "does not fit", the Not placed tray and the fit rules' violations all word from here.

A drive's or a GPU module's form factor is read aloud with its article ("a U.2 drive", "an E3.S
bay", "an SXM5 module"), so each article has its own entry; languages without articles word them
alike.
"""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "place.wrong-slot-kind": N_("{slot} is a {kind}; {part} is a {noun}."),
    # what a slot of each kind is called
    "place.slot.cpu": N_("CPU socket"),
    "place.slot.dimm": N_("DIMM slot"),
    "place.slot.gpu": N_("GPU baseboard position"),
    "place.slot.pcie": N_("PCIe slot"),
    "place.slot.drive": N_("drive bay"),
    "place.slot.psu": N_("PSU bay"),
    "place.slot.cooling": N_("cooling position"),
    # sockets, memory, GPU positions
    "place.socket": N_("{part} needs socket {socket}; {slot} is {want}."),
    "place.memory-type": N_("{part} is {kind}; this board takes {want} only."),
    "place.pcie-card-on-baseboard": N_("{part} is a PCIe card; {slot} is a module position on the GPU baseboard."),
    "place.baseboard-family": N_("{part} needs the {family} baseboard; this chassis has {board} ({board_family})."),
    # PCIe slots
    "place.drive-in-pcie.a": N_("{part} is a {bay} drive; it goes in a drive bay, not in PCIe slot {slot}."),
    "place.drive-in-pcie.an": N_("{part} is an {bay} drive; it goes in a drive bay, not in PCIe slot {slot}."),
    "place.module-no-baseboard.a": N_("{part} is a {module} module and needs a GPU baseboard ({family}); this "
                                      "chassis has PCIe slots only."),
    "place.module-no-baseboard.an": N_("{part} is an {module} module and needs a GPU baseboard ({family}); this "
                                       "chassis has PCIe slots only."),
    "place.module-in-pcie.a": N_("{part} is a {module} module; it goes on the GPU baseboard, not into PCIe slot "
                                 "{slot}."),
    "place.module-in-pcie.an": N_("{part} is an {module} module; it goes on the GPU baseboard, not into PCIe slot "
                                  "{slot}."),
    "place.ocp-card-in-cem": N_("{part} is an OCP 3.0 card; {slot} is a standard PCIe (CEM) slot."),
    "place.card-in-ocp": N_("{slot} is an OCP 3.0 mezzanine; it takes OCP 3.0 network cards only, not the {part}."),
    "place.gpu-slot": N_("{slot} has no GPU power cable or airflow for the {tdp} W {part}."),
    "place.card-width": N_("{part} is {width}; {slot} has room for {room} cards."),
    "place.width.1": N_("single-width"),
    "place.width.2": N_("double-width"),
    "place.width.3": N_("triple-width"),
    "place.width.n": N_("{n}-slot"),
    "place.card-length": N_("{part} is full-length; {slot} takes half-length cards only."),
    "place.card-height": N_("{part} is full-height; {slot} is low-profile."),
    # drive bays
    "place.drive-bay.a-a": N_("{part} is a {bay} drive; {slot} is a {slot_bay} bay."),
    "place.drive-bay.an-a": N_("{part} is an {bay} drive; {slot} is a {slot_bay} bay."),
    "place.drive-bay.a-an": N_("{part} is a {bay} drive; {slot} is an {slot_bay} bay."),
    "place.drive-bay.an-an": N_("{part} is an {bay} drive; {slot} is an {slot_bay} bay."),
    "place.drive-interface": N_("{part} is {interface}; {slot} is wired for {wired} only."),
    # power and cooling
    "place.psu-model": N_("{part} in {slot} is not on {chassis}'s supported PSU list."),
    "place.cooling-option": N_("{part} is not a cooling option for {chassis}."),
    # what the other placements cause
    "place.covered": N_("{slot} is covered by the {card} in {cover}, which is {width} slots wide."),
    "place.would-cover": N_("{part} would cover {other}, which holds the {held}; remove it first."),
    # what the build or the catalog lacks
    "place.unknown-part": N_("Part {part} is not in the catalog."),
    "place.no-place": N_("{chassis} has no place for a {noun}."),
    # the Not placed tray: why a chassis change left a part without a slot
    "place.all-in-use": N_("{chassis} has no {slot}, and every slot that takes it is in use."),
}
