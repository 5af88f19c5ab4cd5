"""The acceptance script a technician runs on the server: resources/acceptance/accept.sh.in with
the plan's settings filled in (the build's name, its GPU count, the DCGM level, the burn-in time).
"""

from __future__ import annotations

import re
from pathlib import Path

from ... import __version__
from ...core.acceptance.model import Plan
from ...store.paths import resources_dir
from ...store.safe_write import atomic_write
from ...store.text_files import read_text

_UNSAFE = re.compile(r"[^A-Za-z0-9 ._+/()-]")


def template_path() -> Path:
    return resources_dir() / "acceptance" / "accept.sh.in"


def _int(plan: Plan, key: str, default: int) -> int:
    step = plan.step(key)
    return int(step.source.number) if step is not None else default


def script_text(plan: Plan) -> str:
    """The script for `plan`; names are reduced to safe characters (they land in a comment)."""
    gpus = plan.step("gpu.count")
    values = {"BUILD": _UNSAFE.sub("_", plan.build_name)[:100], "CHASSIS": _UNSAFE.sub("_", plan.chassis)[:100],
              "VERSION": __version__, "DCGM_LEVEL": str(_int(plan, "dcgm.pass", 3)),
              "BURN_S": str(_int(plan, "burn.pass", 3600)), "GPUS": str(int(gpus.expected) if gpus else 0)}
    text = read_text(template_path(), max_bytes=200_000, what="script template")
    return re.sub(r"@@([A-Z_]+)@@", lambda m: values[m.group(1)], text)


def write_script(plan: Plan, path: Path) -> Path:
    atomic_write(path, script_text(plan).encode())
    return path
