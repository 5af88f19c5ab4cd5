"""What an upgrade asks of the software stack: the new GPUs' architectures, the driver and CUDA
they need, the current framework build that lacks their code, and every pinned component that
changes (Fabric Manager arriving with an NVSwitch baseboard, a CANN set replacing a CUDA one)."""

from __future__ import annotations

from ..message import Msg
from .pinning import COMPONENTS, StackPlan
from .rows import FrameworkBuild, StackTable
from .versions import runs_on


def stack_needs(before: StackPlan, after: StackPlan, table: StackTable) -> tuple[Msg, ...]:
    """The stack changes from `before` to `after`, new GPUs first; empty when nothing changes."""
    old = {g.id for g in before.gpus}
    out: list[Msg] = []
    current = before.item("framework")
    for gpu in (g for g in after.gpus if g.id not in old):
        arch = table.architecture(gpu.compute_capability)
        toolkit = table.toolkit(arch.min_cuda) if arch else None
        if arch and toolkit:
            out.append(Msg("stack.upgrade.gpu-needs", gpu=gpu.name, arch=gpu.architecture, cc=gpu.compute_capability,
                           cuda=arch.min_cuda, driver=toolkit.min_driver))
        if current and isinstance(current.row, FrameworkBuild) and gpu.compute_capability and not runs_on(
                gpu.compute_capability, current.row.sass, current.row.ptx):
            out.append(Msg("stack.upgrade.framework-lacks", framework=current.row.label, gpu=gpu.name,
                           cc=gpu.compute_capability))
    for component in COMPONENTS:
        was, now = before.version(component), after.version(component)
        if now and now != was:
            name = Msg(f"stack.component.{component}")
            out.append(Msg("stack.upgrade.change", component=name, before=was, after=now) if was else
                       Msg("stack.upgrade.added", component=name, after=now))
    out += after.problems
    return tuple(out)
