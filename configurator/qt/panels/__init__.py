"""Live panels: each renders one part of the session's `Evaluation`; the editors write back
through `session.apply(SetOption(...))` so every change is undoable.

`PANELS` is the one registry the main window builds its docks from: each entry names the
panel class, the dock group it is tabbed into and the dock area that group starts in. A
panel that fails to build is a bug, not a missing dock: nothing here catches it, and
tests/qt/test_panels.py builds every registered panel on every example.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from .bandwidth import BandwidthPanel
from .cost import CostPanel
from .power import PowerPanel
from .site import SiteOptionsPanel
from .thermal import ThermalPanel
from .workload import WorkloadPanel

if TYPE_CHECKING:
    from ...core.session import SessionLike


#: dock groups, in the order they stack (top to bottom) in the right-hand dock area:
#: "checks" holds what the build does to power, heat and data paths; "plan" what it
#: costs, what it will run and where it will stand
DOCK_GROUPS = ("checks", "plan")


@dataclass(frozen=True)
class PanelSpec:
    """One dockable panel: its class, the group it is tabbed into, and its first dock area."""

    panel: type[QWidget]      # built as panel(session); its dock title is the class attribute `title`
    group: str
    area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea

    def __post_init__(self) -> None:
        if self.group not in DOCK_GROUPS:
            raise ValueError(f"{self.panel.__name__}: unknown dock group {self.group!r} "
                             f"(known: {', '.join(DOCK_GROUPS)})")
        if not isinstance(getattr(self.panel, "title", None), str):
            raise TypeError(f"{self.panel.__name__}: a panel declares its dock title as `title`")

    @property
    def key(self) -> str:
        """The dock's id (its objectName is `dock_<key>`, kept in the saved window layout)."""
        return self.panel.__name__

    @property
    def title(self) -> str:
        """The dock's title in the current language."""
        return str(getattr(self.panel, "title"))  # a class attribute QWidget does not declare

    def make(self, session: SessionLike) -> QWidget:
        """The panel, built on `session`."""
        factory: Callable[[SessionLike], QWidget] = self.panel
        return factory(session)


#: every panel, in dock order within its group (the first of a group is the raised tab)
PANELS: tuple[PanelSpec, ...] = (
    PanelSpec(PowerPanel, "checks"),
    PanelSpec(ThermalPanel, "checks"),
    PanelSpec(BandwidthPanel, "checks"),
    PanelSpec(CostPanel, "plan"),
    PanelSpec(WorkloadPanel, "plan"),
    PanelSpec(SiteOptionsPanel, "plan"),
)


__all__ = ["DOCK_GROUPS", "PANELS", "BandwidthPanel", "CostPanel", "PanelSpec", "PowerPanel",
           "SiteOptionsPanel", "ThermalPanel", "WorkloadPanel"]
