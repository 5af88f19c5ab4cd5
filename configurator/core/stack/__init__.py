"""The software stack a build needs: driver, CUDA, framework build, container, Fabric Manager
(NVIDIA), or HDK, CANN, torch_npu and PyTorch (Ascend), pinned from the shipped, sourced
compatibility table (catalogs/stack/*.toml); and what an imported server runs against it.

`table.py` is the table's shape, `versions.py` orders version strings, `nvidia.py` and
`ascend.py` choose a stack and say why every other candidate fails, `plan.py` is the entry
point and the result, `installed.py` compares a server's installed versions with the plan.
"""

from __future__ import annotations

from .installed import Finding, InstalledStack, check_installed
from .pinning import PinnedItem, Rejection, StackPlan, plan_stack
from .rows import StackTable

__all__ = ["Finding", "InstalledStack", "PinnedItem", "Rejection", "StackPlan", "StackTable", "check_installed",
           "plan_stack"]
