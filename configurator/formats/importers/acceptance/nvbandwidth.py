"""nvbandwidth's text output (https://github.com/NVIDIA/nvbandwidth, README): one matrix per
test case, `Running <testcase>.`, a title line, a header row of column indices and one row per
source. Host-to-device tests have one row (CPU) and one column per GPU.
"""

from __future__ import annotations

import re

from ....core.input_error import InvalidValueError
from ....core.message import Msg

_RUNNING = re.compile(r"^Running (\w+)\.")


def parse_nvbandwidth(text: str) -> dict[str, list[list[float | None]]]:
    """Test case name -> matrix (rows of GB/s; None for N/A); ValueError when there is none."""
    out: dict[str, list[list[float | None]]] = {}
    case, header = "", False
    for line in text.splitlines():
        found = _RUNNING.match(line.strip())
        if found:
            case, header = found.group(1), False
            out[case] = []
            continue
        cells = line.split()
        if not case or not cells:
            continue
        if not header and all(c.isdigit() for c in cells):
            header = True
            continue
        if header and cells[0].isdigit() and len(cells) > 1:
            out[case].append([_gbs(c) for c in cells[1:]])
        elif header and out[case]:
            case = ""       # the matrix ended (a SUM line, a blank, the next title)
    if not any(out.values()):
        raise InvalidValueError(Msg("accept.why.no-nvbandwidth-matrix"))
    return {k: v for k, v in out.items() if v}


def _gbs(cell: str) -> float | None:
    try:
        return float(cell)
    except ValueError:
        return None


def host_to_device(text: str) -> list[float]:
    """Per-GPU host-to-device copy bandwidth, GB/s (the CE test, else the SM one)."""
    cases = parse_nvbandwidth(text)
    for name in ("host_to_device_memcpy_ce", "host_to_device_memcpy_sm"):
        if name in cases:
            return [v for v in cases[name][0] if v is not None]
    raise InvalidValueError(Msg("accept.why.no-host-to-device"))
