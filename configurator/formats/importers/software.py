"""The software versions an import can read: NVIDIA driver and CUDA, Fabric Manager, GPU VBIOS
and GSP firmware, BIOS and BMC firmware, Ascend CANN and NPU driver (docs/stack.md).

From a host inventory (probe file or folder): `nvidia-smi -q -x` (or the query CSV),
`nv-fabricmanager --version`, `npu-smi info` and the Ascend install records
(`ascend-driver.info` = /usr/local/Ascend/driver/version.info, `ascend-toolkit.info` = the
toolkit's ascend_toolkit_install.info). From Redfish: the system's BiosVersion and the first
manager's FirmwareVersion. What is absent stays '' and is reported as unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ...core.stack.installed import InstalledStack

_VERSION = re.compile(r"\d+(?:\.\d+)+(?:\.RC\d+)?", re.IGNORECASE)
_NVIDIA_DRIVER = re.compile(r"^\d{3}\.\d+(?:\.\d+)?$")
FABRIC_MANAGER_FILE = "nv-fabricmanager.txt"
#: files only some servers have (NVSwitch, Ascend): their absence is no import note; `configurator
#: stack` says what it could not see
SOFTWARE_FILES = frozenset({FABRIC_MANAGER_FILE, "npu-smi.txt", "ascend-driver.info", "ascend-toolkit.info"})


def _first_version(text: str | None, after: str = "") -> str:
    """The first version number in `text` (after the label `after` when given)."""
    if not text:
        return ""
    if after:
        found = re.search(re.escape(after) + r"\s*[:=]?\s*(" + _VERSION.pattern + ")", text, re.IGNORECASE)
        return found.group(1) if found else ""
    found = _VERSION.search(text)
    return found.group() if found else ""


def host_software(text: Callable[[str], str | None], missing: Mapping[str, str], xml: Any,
                  csv_rows: Any) -> InstalledStack:
    """The versions in a host inventory; `text(name)` reads one file (None when absent),
    `missing` holds the probe's reasons for what it could not collect."""
    log = xml.get("nvidia_smi_log", {}) if isinstance(xml, dict) else {}
    log = log if isinstance(log, dict) else {}          # a wrong shape is inventory.py's note
    gpu = log.get("gpu") if isinstance(log, dict) else None
    gpu = (gpu[0] if gpu else {}) if isinstance(gpu, list) else (gpu or {})
    first = csv_rows[0] if isinstance(csv_rows, list) and csv_rows and isinstance(csv_rows[0], dict) else {}
    row = {str(k).split(" [")[0].strip(): str(v)[:200].strip() for k, v in first.items()}
    driver = str(log.get("driver_version") or row.get("driver_version") or "").strip()
    fm_text = text(FABRIC_MANAGER_FILE)
    checked = fm_text is not None or "not installed" in missing.get(FABRIC_MANAGER_FILE, "")
    return InstalledStack(
        driver=driver if _NVIDIA_DRIVER.match(driver) else "",
        cuda=str(log.get("cuda_version") or "")[:80].strip(),
        fabric_manager=_first_version(fm_text), fabric_manager_checked=checked,
        gpu_vbios=str(gpu.get("vbios_version") or row.get("vbios_version") or "").strip() if isinstance(gpu, dict) else "",
        gpu_firmware=str(gpu.get("gsp_firmware_version") or "").strip() if isinstance(gpu, dict) else "",
        npu_driver=_first_version(text("ascend-driver.info"), "Version") or _first_version(text("npu-smi.txt"), "Version"),
        cann=_first_version(text("ascend-toolkit.info"), "version"))


def redfish_software(system: Mapping[str, Any], managers: list[dict[str, Any]]) -> InstalledStack:
    """BIOS and BMC firmware as the BMC reports them."""
    bmc = next((str(m.get("FirmwareVersion")) for m in managers if m.get("FirmwareVersion")), "")
    return InstalledStack(bios=str(system.get("BiosVersion") or "")[:80], bmc_firmware=bmc[:80])
