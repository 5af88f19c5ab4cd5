"""Live panels: each renders one part of the session's `Evaluation`; the editors write back
through `session.apply(SetOption(...))` so every change is undoable."""

from __future__ import annotations

from .bandwidth import BandwidthPanel
from .cost import CostPanel
from .power import PowerPanel
from .site import SiteOptionsPanel
from .thermal import ThermalPanel
from .workload import WorkloadPanel

#: every panel, in the order a main window might dock them
ALL_PANELS = (PowerPanel, ThermalPanel, WorkloadPanel, BandwidthPanel, CostPanel, SiteOptionsPanel)

__all__ = ["ALL_PANELS", "BandwidthPanel", "CostPanel", "PowerPanel", "SiteOptionsPanel", "ThermalPanel",
           "WorkloadPanel"]
