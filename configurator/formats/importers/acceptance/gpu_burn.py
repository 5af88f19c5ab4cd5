"""gpu-burn's verdict (https://github.com/wilicc/gpu-burn, gpu_burn-drv.cpp): after the run it
prints `Tested N GPUs:` and one `GPU i: OK` or `GPU i: FAULTY` line per GPU. Its exit code is 0
even when a GPU is FAULTY (wilicc/gpu-burn#12), so these lines decide; a run that never reached
them (killed, `No clients are alive!`) or a GPU it could not start (`Couldn't init a GPU test`,
which still ends in OK: wilicc/gpu-burn#14) is a failure too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GPU = re.compile(r"^\s*GPU (\d+): (OK|FAULTY)\s*$")
_TESTED = re.compile(r"^Tested (\d+) GPUs:")


@dataclass(frozen=True)
class Burn:
    """Per-GPU verdicts (index -> OK), and why the run as a whole failed ('' if it did not)."""

    gpus: dict[int, bool]
    problem: str = ""

    @property
    def faulty(self) -> list[int]:
        return [i for i, ok in sorted(self.gpus.items()) if not ok]

    @property
    def passed(self) -> bool:
        return bool(self.gpus) and not self.faulty and not self.problem


def parse_burn(text: str) -> Burn:
    gpus: dict[int, bool] = {}
    tested = None
    for line in text.splitlines():
        found, head = _GPU.match(line), _TESTED.match(line.strip())
        if found:
            gpus[int(found.group(1))] = found.group(2) == "OK"
        elif head:
            tested = int(head.group(1))
    problem = ""
    if "Couldn't init a GPU test" in text:
        problem = "init"
    elif "No clients are alive" in text or "(DIED!)" in text:
        problem = "died"
    elif tested is None:
        problem = "unfinished"
    elif tested != len(gpus):
        problem = "unfinished"
    return Burn(gpus, problem)
