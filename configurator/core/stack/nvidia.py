"""The NVIDIA stack: driver branch, PyTorch build, NGC container and, on NVSwitch baseboards,
Fabric Manager at exactly the driver's version.

The driver is the newest branch that is still supported on the day and has a pinned release.
The framework is the newest PyTorch release whose build carries code for every GPU in the
build (native code of the same major architecture, or PTX) and whose CUDA that driver runs;
among the builds of one release the PyPI build comes first, then the newest CUDA. The
container is the newest NGC tag built on a CUDA every GPU needs, whose driver floor the
pinned driver meets.
"""

from __future__ import annotations

import datetime

from ..catalog import GPU
from ..message import Msg, items
from .pinning import PinnedItem, Rejection, StackPlan
from .rows import Container, DriverBranch, FrameworkBuild, StackTable
from .versions import at_least, major, runs_on, version_key


def plan(gpus: tuple[GPU, ...], table: StackTable, today: datetime.date) -> StackPlan:
    rejected: list[Rejection] = []
    problems: list[Msg] = [Msg("stack.unknown-cc", gpu=g.name) for g in gpus if not g.compute_capability]
    need_cuda = _needed_cuda(gpus, table)
    branch = _driver(table, today, rejected)
    nvswitch = _nvswitch(gpus, table)
    if branch is None:
        return StackPlan("nvidia", gpus, rejected=tuple(rejected), problems=(*problems, Msg("stack.no-driver")),
                         nvswitch=nvswitch)
    framework = _framework(gpus, table, branch, rejected)
    container = _container(gpus, need_cuda, table, branch, rejected)
    pinned = [PinnedItem("driver", branch.pinned, branch, Msg("stack.note.branch", branch=branch.branch,
                                                               designation=branch.designation,
                                                               eol=branch.end_of_life))]
    if nvswitch and table.fabric_manager is not None:
        pinned.append(PinnedItem("fabric_manager", branch.pinned, table.fabric_manager,
                                 Msg("stack.note.fm-equals-driver", board=_board(gpus, table))))
    if framework is not None:
        pinned.append(PinnedItem("cuda", framework.cuda, framework, Msg("stack.note.cuda-in-wheel",
                                                                        framework=framework.label)))
        pinned.append(PinnedItem("framework", f"{framework.version}+{framework.index}", framework,
                                 Msg("stack.note.wheel-index", index=framework.index)))
    else:
        problems.append(Msg("stack.no-framework", gpus=items(g.name for g in gpus)))
    if container is not None:
        pinned.append(PinnedItem("container", container.reference, container,
                                 Msg("stack.note.container", cuda=container.cuda, pytorch=container.pytorch)))
    return StackPlan("nvidia", gpus, pinned=tuple(pinned), rejected=tuple(rejected), problems=tuple(problems),
                     nvswitch=nvswitch)


def _needed_cuda(gpus: tuple[GPU, ...], table: StackTable) -> str:
    """The oldest CUDA that builds for every GPU ('' when the table knows none of them)."""
    needs = [row.min_cuda for g in gpus if (row := table.architecture(g.compute_capability))]
    return max(needs, key=version_key, default="")


def _driver(table: StackTable, today: datetime.date, rejected: list[Rejection]) -> DriverBranch | None:
    month = today.isoformat()[:7]
    chosen = None
    for branch in sorted(table.branches, key=lambda b: version_key(b.branch[1:]), reverse=True):
        if branch.end_of_life < month:
            rejected.append(Rejection("driver", branch.branch, Msg("stack.reject.driver-eol", branch=branch.branch,
                                                                   eol=branch.end_of_life), branch))
        elif not branch.pinned:
            rejected.append(Rejection("driver", branch.branch, Msg("stack.reject.driver-unpinned",
                                                                   branch=branch.branch), branch))
        elif chosen is None:
            chosen = branch
    return chosen


def _framework(gpus: tuple[GPU, ...], table: StackTable, branch: DriverBranch,
               rejected: list[Rejection]) -> FrameworkBuild | None:
    order = sorted(table.pytorch, key=lambda f: (version_key(f.version), f.default, version_key(f.cuda)), reverse=True)
    chosen = None
    for build in order:
        reason = _framework_fails(build, gpus, table, branch)
        if reason is not None:
            rejected.append(Rejection("framework", build.label, reason, build))
        elif chosen is None:
            chosen = build
    return chosen


def _framework_fails(build: FrameworkBuild, gpus: tuple[GPU, ...], table: StackTable,
                     branch: DriverBranch) -> Msg | None:
    for gpu in gpus:
        if gpu.compute_capability and not runs_on(gpu.compute_capability, build.sass, build.ptx):
            return Msg("stack.reject.arch-missing", framework=build.label, gpu=gpu.name, cc=gpu.compute_capability,
                       archs=items(build.sass + tuple(f"{p}+PTX" for p in build.ptx), limit=12))
    floor = table.minor_floor(build.cuda)
    if major(build.cuda) > branch.max_cuda_major or (floor and not at_least(branch.pinned, floor.min_driver)):
        return Msg("stack.reject.framework-driver", framework=build.label, cuda=build.cuda,
                   driver=branch.pinned, branch=branch.branch)
    return None


def _container(gpus: tuple[GPU, ...], need_cuda: str, table: StackTable, branch: DriverBranch,
               rejected: list[Rejection]) -> Container | None:
    chosen = None
    for box in sorted(table.ngc, key=lambda c: version_key(c.tag), reverse=True):
        if need_cuda and not at_least(box.cuda, need_cuda):
            slowest = max(gpus, key=lambda g: version_key(_min_cuda(g, table)))
            reason = Msg("stack.reject.container-cuda", container=box.reference, cuda=box.cuda, gpu=slowest.name,
                         need=need_cuda)
        elif not at_least(branch.pinned, box.min_driver):
            reason = Msg("stack.reject.container-driver", container=box.reference, need=box.min_driver,
                         driver=branch.pinned)
        else:
            chosen = chosen or box
            continue
        rejected.append(Rejection("container", box.reference, reason, box))
    return chosen


def _min_cuda(gpu: GPU, table: StackTable) -> str:
    row = table.architecture(gpu.compute_capability)
    return row.min_cuda if row else ""


def _nvswitch(gpus: tuple[GPU, ...], table: StackTable) -> bool:
    return bool(_board(gpus, table))


def _board(gpus: tuple[GPU, ...], table: StackTable) -> str:
    boards = table.fabric_manager.nvswitch_baseboards if table.fabric_manager else ()
    return next((g.baseboard_family for g in gpus if g.baseboard_family in boards), "")
