"""What an edit changed, as a typed notice: the views redraw only the parts of the build it touched.

Each op in `ops.py` declares the parts of the build it changes (`changes()`); the session
publishes them after every edit, undo and redo as one `OpChanges` (Anki's `OpChanges`, read
by its views' `op_executed`). A view that mirrors the build — the chassis schematic, the Not
placed tray, the site form, the workload editor — asks `touches(...)` and skips the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, get_args

from .message import Msg

#: the parts of a build an op can change
Section = Literal["slots", "tray", "owned", "chassis", "power", "site", "commercial", "meta", "workload"]
SECTIONS: tuple[Section, ...] = get_args(Section)

#: the section each field of `Build` belongs to (tests/core/test_changes.py: every field has one)
SECTION_OF: dict[str, Section] = {
    "chassis": "chassis",
    "placements": "slots",
    "bridges": "slots",
    "unplaced": "tray",
    "owned": "owned",
    "psu_redundancy": "power",
    "psu_feeds": "power",
    "site": "site",
    "commercial": "commercial",
    "companions": "commercial",
    "meta": "meta",
    "workload": "workload",
    "multi_node": "workload",
}


@dataclass(frozen=True, slots=True)
class OpChanges:
    """The parts of the build one edit (or undo, redo, open) changed, and its label."""

    label: Msg | str = ""     # the edit's name (a message, or a view's own words)
    slots: bool = False       # placements and NVLink bridges
    tray: bool = False        # the Not placed tray (`Build.unplaced`)
    owned: bool = False       # the parts the customer already owns (`Build.owned`)
    chassis: bool = False
    power: bool = False       # PSU redundancy and PDU feeds
    site: bool = False
    commercial: bool = False
    meta: bool = False
    workload: bool = False    # the workload and the multi-node flag

    @classmethod
    def of(cls, *sections: Section, label: Msg | str = "") -> OpChanges:
        """Changes to `sections`."""
        return cls(label, **dict.fromkeys(sections, True))

    @classmethod
    def everything(cls, label: Msg | str = "") -> OpChanges:
        """A whole new state: another build opened, an earlier state restored."""
        return cls.of(*SECTIONS, label=label)

    @classmethod
    def of_field(cls, name: str) -> OpChanges:
        """Changes to the build's field `name` (an unknown field: everything, to be safe)."""
        section = SECTION_OF.get(name)
        return cls.of(section) if section else cls.everything()

    def touches(self, *sections: Section) -> bool:
        """Whether any of `sections` changed."""
        return any(getattr(self, s) for s in sections)

    def labelled(self, label: Msg | str) -> OpChanges:
        return replace(self, label=label)

    def __or__(self, other: OpChanges) -> OpChanges:
        return replace(self, **{s: getattr(self, s) or getattr(other, s) for s in SECTIONS})


