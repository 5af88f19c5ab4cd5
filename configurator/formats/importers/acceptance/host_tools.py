"""The small outputs of the acceptance script: link speeds from sysfs, PSUs and fans from
`ipmitool sdr type`, `sysbench memory` and perftest's `ib_write_bw` summary row."""

from __future__ import annotations

import re

from ....core.input_error import InvalidValueError
from ....core.message import Msg

_SYSBENCH = re.compile(r"\(([\d.]+) MiB/sec\)")
SPEEDS_GBPS = (10, 25, 40, 50, 100, 200, 400, 800)


def link_speeds(text: str) -> dict[str, float]:
    """`nic-speeds.txt` ('name speed_mbps' per line, from /sys/class/net/*/speed and
    /sys/class/infiniband/*/ports/*/rate) -> link -> Gb/s; links that are down (-1) are left out."""
    out = {}
    for line in text.splitlines():
        cells = line.split()
        if len(cells) >= 2:
            try:
                mbps = float(cells[1])
            except ValueError:
                continue
            if mbps > 0:
                out[cells[0]] = mbps / 1000
    return out


def links_at_least(speeds: dict[str, float]) -> dict[int, int]:
    """How many links run at or above each standard speed."""
    return {s: sum(v >= s for v in speeds.values()) for s in SPEEDS_GBPS}


def _sdr_rows(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.split("|")] for line in text.splitlines() if line.count("|") >= 4]


def psus_present(text: str) -> int:
    """`ipmitool sdr type 'Power Supply'`: supplies reporting presence and no failure."""
    return sum(1 for r in _sdr_rows(text) if "presence detected" in r[4].lower() and "fail" not in r[4].lower())


def fans_ok(text: str) -> tuple[bool, list[str]]:
    """`ipmitool sdr type Fan`: whether every fan that has a reading is 'ok', and those that are not."""
    rows = [r for r in _sdr_rows(text) if r[2].lower() != "ns"]
    bad = [r[0] for r in rows if r[2].lower() != "ok"]
    return bool(rows) and not bad, bad


def sysbench_gbs(text: str) -> float:
    """`sysbench memory ... run`: the transfer rate in GB/s."""
    found = _SYSBENCH.search(text)
    if not found:
        raise InvalidValueError(Msg("accept.why.no-mib-line"))
    return float(found.group(1)) * 2**20 / 1e9


def ib_write_bw_gbs(text: str) -> float:
    """perftest `ib_write_bw` summary: the average bandwidth in GB/s (the header says MB/sec or Gb/sec)."""
    gbits = "Gb/sec" in text
    last = None
    for line in text.splitlines():
        cells = line.split()
        if len(cells) >= 5 and all(re.fullmatch(r"[\d.]+", c) for c in cells[:5]):
            last = cells
    if last is None:
        raise InvalidValueError(Msg("accept.why.no-ib-row"))
    avg = float(last[3])
    return avg / 8 if gbits else avg / 1000
