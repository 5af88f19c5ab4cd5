"""What an imported server runs, against the build's pinned stack: what does not match and the fix.

The probe and Redfish importers fill an `InstalledStack` with the versions they could read
(an empty string: not reported). `check_installed` compares it with a `StackPlan`:

- the driver must reach every floor the pinned stack sets: the framework's CUDA (minor version
  compatibility), the toolkit that first builds for the GPUs (older drivers do not know them),
  and the container's; a data-center GPU may bridge a container's floor through the cuda-compat
  package from a forward-compatible branch (a warning, not an error);
- on NVSwitch baseboards Fabric Manager must be installed at exactly the driver's version;
- on Ascend the CANN and the NPU driver (HDK) must be the pinned pair.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from ..message import Msg
from .pinning import StackPlan
from .rows import Container, StackTable
from .versions import at_least, major

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class InstalledStack:
    """Versions a server reports; '' = not reported by the import."""

    driver: str = ""            # NVIDIA driver (nvidia-smi)
    cuda: str = ""              # the newest CUDA the driver runs (nvidia-smi's "CUDA Version")
    fabric_manager: str = ""    # nv-fabricmanager --version
    gpu_vbios: str = ""
    gpu_firmware: str = ""      # GSP firmware
    bmc_firmware: str = ""
    bios: str = ""
    cann: str = ""              # the CANN toolkit's install info
    npu_driver: str = ""        # Ascend HDK driver (npu-smi info, /usr/local/Ascend/driver/version.info)
    npu_firmware: str = ""
    fabric_manager_checked: bool = False    # the import looked for Fabric Manager (absent = not installed)

    def reported(self) -> dict[str, str]:
        """The versions that were read, by field name."""
        return {f.name: v for f in fields(self) if isinstance(v := getattr(self, f.name), str) and v}


@dataclass(frozen=True)
class Finding:
    """One comparison of an installed version with the plan; `fix` says what to install."""

    severity: Severity
    code: str
    message: Msg
    fix: Msg | None = None


def check_installed(plan: StackPlan, installed: InstalledStack, table: StackTable) -> tuple[Finding, ...]:
    """Every mismatch between `installed` and `plan`, then what matches (info)."""
    if plan.vendor == "nvidia" and plan.pinned:
        return _nvidia(plan, installed, table)
    if plan.vendor == "ascend" and plan.pinned:
        return _ascend(plan, installed)
    return ()


def _nvidia(plan: StackPlan, have: InstalledStack, table: StackTable) -> tuple[Finding, ...]:
    pinned = plan.version("driver")
    fix = Msg("stack.fix.driver", driver=pinned)
    if not have.driver:
        return (Finding("info", "stack.installed.unknown", Msg("stack.installed.unknown", component=_name("driver"))),)
    out = [f for f in _driver_floors(plan, have, table, fix)]
    if not any(f.severity == "error" for f in out):
        code = "stack.installed.match" if have.driver == pinned else "stack.installed.driver-differs"
        out.append(Finding("info", code, Msg(code, component=_name("driver"), installed=have.driver, pinned=pinned),
                           None if have.driver == pinned else fix))
    if plan.nvswitch:
        out.extend(_fabric_manager(have))
    return tuple(out)


def _driver_floors(plan: StackPlan, have: InstalledStack, table: StackTable, fix: Msg) -> list[Finding]:
    out: list[Finding] = []
    for need, by, cuda in _floors(plan, table):
        if at_least(have.driver, need):
            continue
        bridge = _forward_compat(plan, have.driver, cuda, table) if by == plan.version("container") else ""
        if bridge:
            out.append(Finding("warning", "stack.installed.forward-compat", Msg(
                "stack.installed.forward-compat", installed=have.driver, needed=need, by=by, branch=bridge), fix))
        else:
            out.append(Finding("error", "stack.installed.driver-too-old", Msg(
                "stack.installed.driver-too-old", installed=have.driver, needed=need, by=by, cuda=cuda), fix))
    return out


def _floors(plan: StackPlan, table: StackTable) -> list[tuple[str, str, str]]:
    """(driver floor, what sets it, its CUDA) for the framework, the GPUs and the container."""
    floors: list[tuple[str, str, str]] = []
    cuda = plan.version("cuda")
    floor = table.minor_floor(cuda) if cuda else None
    if floor:
        floors.append((floor.min_driver, plan.version("framework"), cuda))
    for gpu in plan.gpus:
        arch = table.architecture(gpu.compute_capability)
        toolkit = table.toolkit(arch.min_cuda) if arch else None
        if toolkit and arch:
            floors.append((toolkit.min_driver, gpu.name, arch.min_cuda))
    box = plan.item("container")
    if box is not None and isinstance(box.row, Container):
        floors.append((box.row.min_driver, box.version, box.row.cuda))
    return floors


def _forward_compat(plan: StackPlan, driver: str, cuda: str, table: StackTable) -> str:
    """The forward-compatible branch `driver` belongs to for `cuda`, when every GPU is a data-center one."""
    if any(g.market != "datacenter" for g in plan.gpus):
        return ""
    for row in table.forward_compat:
        if row.cuda_major == major(cuda) and major(driver) == major(row.min_driver) and at_least(driver, row.min_driver):
            return row.branch
    return ""


def _fabric_manager(have: InstalledStack) -> list[Finding]:
    fix = Msg("stack.fix.fabric-manager", driver=have.driver)
    if not have.fabric_manager:
        if not have.fabric_manager_checked:
            return [Finding("info", "stack.installed.unknown", Msg("stack.installed.unknown",
                                                                   component=_name("fabric_manager")), fix)]
        return [Finding("error", "stack.installed.fm-missing", Msg("stack.installed.fm-missing", driver=have.driver),
                        fix)]
    if have.fabric_manager != have.driver:
        return [Finding("error", "stack.installed.fm-mismatch", Msg("stack.installed.fm-mismatch",
                                                                    fm=have.fabric_manager, driver=have.driver), fix)]
    return [Finding("info", "stack.installed.match", Msg("stack.installed.match", component=_name("fabric_manager"),
                                                         installed=have.fabric_manager, pinned=have.driver))]


def _ascend(plan: StackPlan, have: InstalledStack) -> tuple[Finding, ...]:
    out: list[Finding] = []
    cann, hdk = plan.version("cann"), plan.version("hdk")
    fix = Msg("stack.fix.ascend", cann=cann, hdk=hdk, torch_npu=plan.version("torch_npu"))
    for component, installed, pinned in (("cann", have.cann, cann), ("hdk", have.npu_driver, hdk)):
        if not installed:
            out.append(Finding("info", "stack.installed.unknown", Msg("stack.installed.unknown", component=_name(component))))
        elif installed != pinned:
            out.append(Finding("error", "stack.installed.mismatch", Msg(
                "stack.installed.mismatch", component=_name(component), installed=installed, pinned=pinned), fix))
        else:
            out.append(Finding("info", "stack.installed.match", Msg(
                "stack.installed.match", component=_name(component), installed=installed, pinned=pinned)))
    return tuple(out)


def _name(component: str) -> Msg:
    """A component's name in the user's language ('NVIDIA driver', '驱动')."""
    return Msg(f"stack.component.{component}")
