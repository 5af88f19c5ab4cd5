"""Every comparison row, in display order: the one list the GUI, CLI and exports show."""

from __future__ import annotations

from .row_spec import GROUPS, RowSpec
from .rows_hw import COMPUTE, HARDWARE, PHYSICAL, POWER, PSU
from .rows_money import COST, PROBLEMS, WORKLOAD

ROWS: tuple[RowSpec, ...] = (*HARDWARE, *POWER, *PSU, *PHYSICAL, *COMPUTE, *WORKLOAD, *COST, *PROBLEMS)


def _check(rows: tuple[RowSpec, ...]) -> None:
    keys = [r.key for r in rows]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise AssertionError(f"comparison row keys defined twice: {sorted(dup)}")
    unknown = {r.group for r in rows} - set(GROUPS)
    if unknown:
        raise AssertionError(f"comparison rows in unknown groups: {sorted(unknown)}")


_check(ROWS)
