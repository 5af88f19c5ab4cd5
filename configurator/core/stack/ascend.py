"""The Ascend stack: HDK (NPU driver and firmware), CANN, torch_npu and the PyTorch it plugs into.

The chosen set is the newest torch_npu wheel whose CANN release is in the table for the chip
with its HDK pairing known; a wheel whose CANN the table lacks, or whose HDK is not recorded,
is refused with that reason (the technician checks the CANN release notes for it).
"""

from __future__ import annotations

from ..catalog import GPU
from ..message import Msg
from .pinning import PinnedItem, Rejection, StackPlan
from .rows import CannRelease, StackTable, TorchNpu
from .versions import version_key


def plan(gpus: tuple[GPU, ...], table: StackTable) -> StackPlan:
    chips = {g.compute_capability for g in gpus}
    rejected: list[Rejection] = []
    chosen: tuple[TorchNpu, CannRelease] | None = None
    for wheel in sorted(table.torch_npu, key=lambda w: version_key(w.torch_npu), reverse=True):
        cann = table.cann_release(wheel.cann)
        reason = _fails(wheel, cann, chips)
        if reason is not None:
            rejected.append(Rejection("torch_npu", f"torch_npu {wheel.torch_npu}", reason, wheel))
        elif chosen is None and cann is not None:
            chosen = (wheel, cann)
    if chosen is None:
        return StackPlan("ascend", gpus, rejected=tuple(rejected), problems=(Msg("stack.no-ascend-set"),))
    wheel, cann = chosen
    pinned = [PinnedItem("hdk", cann.hdk, cann, Msg("stack.note.hdk", cann=cann.cann)),
              PinnedItem("cann", cann.cann, cann),
              PinnedItem("torch_npu", wheel.torch_npu, wheel),
              PinnedItem("framework", wheel.pytorch, wheel, Msg("stack.note.torch-for-npu", torch_npu=wheel.torch_npu))]
    if cann.container:
        pinned.append(PinnedItem("container", cann.container, cann))
    return StackPlan("ascend", gpus, pinned=tuple(pinned), rejected=tuple(rejected))


def _fails(wheel: TorchNpu, cann: CannRelease | None, chips: set[str]) -> Msg | None:
    name = f"torch_npu {wheel.torch_npu}"
    if cann is None:
        return Msg("stack.reject.cann-unknown", torch_npu=name, cann=wheel.cann)
    missing = sorted(chips - set(cann.chips))
    if missing:
        return Msg("stack.reject.cann-chip", cann=cann.cann, chip=", ".join(missing))
    if not cann.hdk:
        return Msg("stack.reject.cann-no-hdk", torch_npu=name, cann=cann.cann)
    return None
