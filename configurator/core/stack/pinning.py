"""A build's software stack: the pinned set, every candidate that fails and why.

`plan_stack` reads the build's accelerators from the catalog and hands them to the vendor's
chooser (`nvidia.py`, `ascend.py`). The result is data: components with exact versions and the
table row behind each, rejections as message codes with parameters (worded by
words/stack_words.py), never a sentence.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ..build import Build
from ..catalog import GPU, Catalog
from ..message import Msg
from .rows import Row, StackTable

#: the order components are listed in a manifest
COMPONENTS = ("driver", "fabric_manager", "cuda", "framework", "container", "hdk", "cann", "torch_npu")


@dataclass(frozen=True)
class PinnedItem:
    """One component of the pinned stack: its exact version, the row it was chosen from, and a
    note when a rule ties it to another (Fabric Manager = driver)."""

    component: str          # one of COMPONENTS
    version: str
    row: Row
    note: Msg | None = None


@dataclass(frozen=True)
class Rejection:
    """A candidate the stack cannot use: what it is (`kind`: driver, framework, container,
    torch_npu), its name, the reason as a message, and the row it came from."""

    kind: str
    candidate: str
    reason: Msg
    row: Row


@dataclass(frozen=True)
class StackPlan:
    """What a build needs of its software: `pinned` is empty when no stack fits (`problems` says why)."""

    vendor: str                             # "nvidia", "ascend", "" (no accelerator), or the vendor's name
    gpus: tuple[GPU, ...]
    pinned: tuple[PinnedItem, ...] = ()
    rejected: tuple[Rejection, ...] = ()
    problems: tuple[Msg, ...] = ()
    nvswitch: bool = False

    def item(self, component: str) -> PinnedItem | None:
        return next((i for i in self.pinned if i.component == component), None)

    def version(self, component: str) -> str:
        found = self.item(component)
        return found.version if found else ""


def build_gpus(build: Build, catalog: Catalog) -> tuple[GPU, ...]:
    """The build's distinct accelerators, in slot order."""
    seen: dict[str, GPU] = {}
    for part_id in build.placements.values():
        part = catalog.parts.get(part_id)
        if isinstance(part, GPU) and part.id not in seen:
            seen[part.id] = part
    return tuple(seen.values())


def plan_stack(build: Build, catalog: Catalog, table: StackTable, today: datetime.date) -> StackPlan:
    """The pinned stack for `build` as of `today` (a driver branch past its end of life is refused)."""
    from . import ascend, nvidia

    gpus = build_gpus(build, catalog)
    if not gpus:
        return StackPlan(vendor="", gpus=(), problems=(Msg("stack.no-gpu"),))
    vendors = {g.vendor for g in gpus}
    if vendors == {"NVIDIA"}:
        return nvidia.plan(gpus, table, today)
    if vendors == {"Huawei"}:
        return ascend.plan(gpus, table)
    names = tuple(sorted(vendors))
    return StackPlan(vendor=", ".join(names), gpus=gpus,
                     problems=(Msg("stack.unsupported-vendor", vendor=", ".join(names),
                                   gpu=", ".join(g.name for g in gpus)),))

