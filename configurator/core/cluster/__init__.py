"""Cluster planning: many servers in racks on A/B feeds, joined by a rail-optimised fabric.

Qt-free. `plan_cluster(spec, catalog)` evaluates each server build once with the engine
(`configurator.core.evaluate.evaluate`) and rolls its figures up; it never recomputes a
server figure. See docs/cluster.md.
"""

from __future__ import annotations

from .plan import ClusterPlan, plan_cluster
from .spec import (
    ClusterSpec,
    CoolingSpec,
    FabricSpec,
    PduSpec,
    RackSpec,
    ServerGroup,
    SiteSpec,
    TrainingSpec,
    UnitPrice,
)

__all__ = ["ClusterSpec", "CoolingSpec", "FabricSpec", "PduSpec", "RackSpec", "ServerGroup", "SiteSpec",
           "UnitPrice", "TrainingSpec", "ClusterPlan", "plan_cluster"]
