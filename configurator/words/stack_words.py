"""The software stack in words: components, rejected candidates, notes, installed-version findings."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    # a stack table file refused (store/stack_tables.py `StackTableError`, framed by its file and field)
    "stack.table.unknown": N_("must be one of {tables} (got {got})"),
    "stack.table.defined-twice": N_("also defined in another table file"),
    "stack.table.latest": N_("a container tag must be pinned, never 'latest'"),   # core/stack/rows.py
    # components of a pinned stack
    "stack.component.driver": N_("NVIDIA driver"),
    "stack.component.fabric_manager": N_("Fabric Manager (NVSwitch)"),
    "stack.component.cuda": N_("CUDA (in the framework build)"),
    "stack.component.framework": N_("PyTorch (framework)"),
    "stack.component.container": N_("Container image"),
    "stack.component.hdk": N_("Ascend HDK (NPU driver and firmware)"),
    "stack.component.cann": N_("CANN toolkit"),
    "stack.component.torch_npu": N_("torch_npu (PyTorch on Ascend)"),
    # versions an import reports
    "stack.field.driver": N_("NVIDIA driver"),
    "stack.field.cuda": N_("CUDA the driver runs"),
    "stack.field.fabric_manager": N_("Fabric Manager (NVSwitch)"),
    "stack.field.gpu_vbios": N_("GPU video BIOS"),
    "stack.field.gpu_firmware": N_("GPU GSP firmware"),
    "stack.field.bmc_firmware": N_("BMC firmware"),
    "stack.field.bios": N_("BIOS firmware"),
    "stack.field.cann": N_("CANN toolkit"),
    "stack.field.npu_driver": N_("Ascend NPU driver"),
    "stack.field.npu_firmware": N_("Ascend NPU firmware"),
    # the plan as a whole
    "stack.no-gpu": N_("The build has no GPU or accelerator: there is no accelerator stack to pin."),
    "stack.unsupported-vendor": N_("The stack table has no rows for {vendor} accelerators ({gpu}) yet."),
    "stack.unknown-cc": N_("{gpu} has no compute capability in the catalog; framework builds are not checked "
                           "against it."),
    "stack.no-driver": N_("No driver branch in the table is supported today and pinned."),
    "stack.no-framework": N_("No PyTorch build in the table runs on {gpus} with the pinned driver."),
    "stack.no-ascend-set": N_("No torch_npu release in the table has a CANN with a known HDK for this NPU."),
    # notes on pinned components
    "stack.note.branch": N_("branch {branch} ({designation}), supported until {eol}"),
    "stack.note.fm-equals-driver": N_("NVSwitch baseboard {board}: Fabric Manager must be exactly the driver's "
                                      "version, or the fabric does not start"),
    "stack.note.cuda-in-wheel": N_("bundled with {framework}; the host needs only the driver"),
    "stack.note.wheel-index": N_("pip install from https://download.pytorch.org/whl/{index}"),
    "stack.note.container": N_("built on CUDA {cuda} with PyTorch {pytorch}; a pinned tag, never 'latest'"),
    "stack.note.hdk": N_("released with CANN {cann}"),
    "stack.note.torch-for-npu": N_("the release torch_npu {torch_npu} plugs into"),
    # why a candidate fails
    "stack.reject.driver-eol": N_("driver branch {branch} reached its end of life in {eol}"),
    "stack.reject.driver-unpinned": N_("driver branch {branch} has no pinned release in the table"),
    "stack.reject.arch-missing": N_("{framework} has no code for {gpu} (compute capability {cc}); it carries "
                                    "{archs}"),
    "stack.reject.framework-driver": N_("{framework} needs CUDA {cuda}, which driver {driver} (branch {branch}) "
                                        "does not run"),
    "stack.reject.container-cuda": N_("{container} is built on CUDA {cuda}; {gpu} needs CUDA {need} or later"),
    "stack.reject.container-driver": N_("{container} needs driver {need} or later; the pinned driver is {driver}"),
    "stack.reject.cann-unknown": N_("{torch_npu} is built for CANN {cann}, which the table does not list"),
    "stack.reject.cann-chip": N_("CANN {cann} is not listed for {chip}"),
    "stack.reject.cann-no-hdk": N_("{torch_npu} needs CANN {cann}, whose HDK pairing is not in the table: check "
                                   "the CANN release notes"),
    # an imported server against the plan
    "stack.installed.unknown": N_("{component}: the import did not report its version"),
    "stack.installed.match": N_("{component} {installed} matches the pinned stack"),
    "stack.installed.mismatch": N_("{component} {installed} is installed; the pinned stack has {pinned}"),
    "stack.installed.driver-differs": N_("{component} {installed} meets every floor of the pinned stack; the "
                                         "pinned release is {pinned}"),
    "stack.installed.driver-too-old": N_("driver {installed} is older than {needed}, which {by} (CUDA {cuda}) "
                                         "needs"),
    "stack.installed.forward-compat": N_("driver {installed} is older than {needed}, which {by} needs; on "
                                         "data-center GPUs the cuda-compat package bridges it from branch {branch}"),
    "stack.installed.fm-missing": N_("NVSwitch baseboard without Fabric Manager: the GPUs cannot use NVLink "
                                     "(driver {driver})"),
    "stack.installed.fm-mismatch": N_("Fabric Manager {fm} differs from driver {driver}: the fabric does not "
                                      "start"),
    # what an upgrade asks of the stack
    "stack.upgrade.gpu-needs": N_("{gpu} ({arch}, compute capability {cc}) needs CUDA {cuda} or later and driver "
                                  "{driver} or later"),
    "stack.upgrade.framework-lacks": N_("the current {framework} has no code for {gpu} ({cc}): change the framework "
                                        "build"),
    "stack.upgrade.change": N_("{component}: {before} -> {after}"),
    "stack.upgrade.added": N_("{component} {after} is now needed"),
    # fixes
    "stack.fix.driver": N_("install driver {driver}"),
    "stack.fix.fabric-manager": N_("install Fabric Manager {driver}, the driver's own version"),
    "stack.fix.ascend": N_("install HDK {hdk}, CANN {cann} and torch_npu {torch_npu}"),
}
