"""nccl-tests' all_reduce_perf table (https://github.com/NVIDIA/nccl-tests, README and
doc/PERFORMANCE.md): the peak bus bandwidth, the ranks and the data-check errors.

A data row is `size count type redop root time algbw busbw #wrong time algbw busbw #wrong`
(out-of-place, then in-place); the columns are found from the header line, so older tables
without `root`, or with `error` instead of `#wrong`, read the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ....core.input_error import InvalidValueError
from ....core.message import Msg

_RANK = re.compile(r"^#\s+Rank\s+\d+")


@dataclass(frozen=True)
class AllReduce:
    """The table's figures: peak busbw (GB/s) and the size it was reached at, ranks, wrong values."""

    peak_busbw_gbs: float
    peak_size_bytes: int
    ranks: int
    wrong: int
    rows: int
    avg_busbw_gbs: float | None


def _columns(header: str) -> list[str]:
    return header.lstrip("#").split()


def parse_allreduce(text: str) -> AllReduce:
    """The figures of one all_reduce_perf output; ValueError when it holds no table."""
    cols: list[str] = []
    ranks, wrong, best, best_size, rows, avg = 0, 0, -1.0, 0, 0, None
    for line in text.splitlines():
        s = line.strip()
        if _RANK.match(s):
            ranks += 1
        elif s.startswith("#") and "busbw" in s and "size" in s:
            cols = _columns(s)
        elif s.startswith("# Avg bus bandwidth"):
            avg = float(s.split(":")[1].split()[0])
        elif cols and s and s[0].isdigit():
            cells = s.split()
            if len(cells) < len(cols):
                continue
            bus = [i for i, c in enumerate(cols) if c == "busbw"]
            bad = [i for i, c in enumerate(cols) if c in ("#wrong", "error")]
            values = [float(cells[i]) for i in bus]
            rows += 1
            wrong += sum(_count(cells[i]) for i in bad)
            if max(values) > best:
                best, best_size = max(values), int(cells[0])
    if rows == 0:
        raise InvalidValueError(Msg("accept.why.no-nccl-table"))
    return AllReduce(best, best_size, ranks, wrong, rows, avg)


def _count(cell: str) -> int:
    """'#wrong' is a count; 'error' (old tables) a max error, 'N/A' without data checks."""
    try:
        return int(cell)
    except ValueError:
        return 0
