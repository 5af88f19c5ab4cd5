"""Dominance pruning of a block's axes before its grid is scored.

An option on one axis *dominates* another when it is no worse on every figure the search reads —
unit price, idle / typical / max / peak power, and where they matter CPU TDP, memory channels and
capacity, PSU capacity and efficiency at every load — and better on one (or equal and listed first). Swapping the
dominated option for the dominating one in any server keeps it valid (less power, as much memory)
and never makes it dearer or slower, so no front build is lost. Parts the customer owns are priced
per unit owned, so an axis holding one is not pruned.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..evaluate.power import EFFICIENCY_CURVES
from .lookup import Tables
from .options import FABRIC_GBPS_PER_GPU, Block, Choice, psu_count
from .vector import wall_efficiency


def _undominated(crit: np.ndarray, group: np.ndarray | None = None) -> list[int]:
    """Rows of `crit` (options × criteria, lower is better) no other row of the same group dominates."""
    n = len(crit)
    le = np.all(crit[:, None, :] <= crit[None, :, :], axis=2)      # [a, b]: a no worse than b
    lt = np.any(crit[:, None, :] < crit[None, :, :], axis=2)
    earlier = np.arange(n)[:, None] < np.arange(n)[None, :]
    beats = le & (lt | earlier) & ~np.eye(n, dtype=bool)
    if group is not None:
        beats &= group[:, None] == group[None, :]
    return [int(b) for b in np.flatnonzero(~beats.any(axis=0))]


def _power(t: Tables, idx: np.ndarray, qty: np.ndarray | int) -> list[np.ndarray]:
    return [t.idle[idx] * qty, t.typ[idx] * qty, t.mx[idx] * qty, t.peak[idx] * qty]


def keep_axes(block: Block, t: Tables) -> tuple[list[int], ...]:
    """The options kept on each axis of `block` (`Block.shape` order)."""
    def ids(parts) -> np.ndarray:
        return np.array([t.index[p.id] if p is not None else 0 for p in parts], dtype=np.int64)

    def owned(idx: np.ndarray) -> bool:
        return bool(np.any(t.owned[idx] > 0))

    cpu = ids(block.cpus)
    dimm = ids(block.dimms)
    nic, n_nic = ids([n for n, _ in block.nics]), np.array([k for _, k in block.nics])
    drive, n_drive = ids([d for d, _ in block.drives]), np.array([k for _, k in block.drives])
    psu = ids(block.psus)
    row = t.chassis_row[block.chassis.id]
    axes: list[list[int]] = []
    axes.append(list(range(len(cpu))) if owned(cpu) else _undominated(
        np.column_stack([t.unit[cpu], *_power(t, cpu, 1), t.cpu_tdp[cpu]]), t.cpu_channels[cpu]))
    axes.append(list(range(len(dimm))) if owned(dimm) else _undominated(
        np.column_stack([t.unit[dimm], *_power(t, dimm, 1), -t.dimm_gb[dimm]])))
    axes.append(list(range(len(block.dpcs))))
    fabric = (n_nic >= block.n_gpu) & (t.nic_port_gbps[nic] >= FABRIC_GBPS_PER_GPU) & (t.nic_gbps[nic] > 0)
    axes.append(list(range(len(nic))) if owned(nic) else _undominated(
        np.column_stack([t.unit[nic] * n_nic, *_power(t, nic, n_nic)]), (n_nic > 0).astype(int) + fabric))
    axes.append(list(range(len(drive))) if owned(drive) else _undominated(
        np.column_stack([t.unit[drive] * n_drive, *_power(t, drive, n_drive)])))
    axes.append(list(range(len(psu))) if owned(psu) else _undominated(
        np.column_stack([t.unit[psu] + t.cord[psu], -t.usable[row, psu], -t.feed_min[row, psu],
                         -_efficiencies(t, psu, psu_count(block.chassis))])))
    return tuple(axes)


def _efficiencies(t: Tables, psu: np.ndarray, n_psu: int) -> np.ndarray:
    """[option, load] efficiency of each PSU option at every DC load where one of their curves bends.

    Each curve is piecewise linear in the load (flat outside its ends; the 100 % cap keeps the order),
    so one option is at least as efficient as another at every load iff it is at all these loads."""
    fractions = sorted({x for curve in EFFICIENCY_CURVES.values() for x, _ in curve})
    loads = np.unique(np.outer(n_psu * t.rating[psu], fractions))
    return wall_efficiency(t, psu[:, None], loads[None, :], n_psu).reshape(len(psu), -1)


def sub_block(block: Block, keep: tuple[list[int], ...]) -> Block:
    """`block` with only the kept options on each axis."""
    cpu, dimm, dpc, nic, drive, psu = keep
    return replace(block, cpus=tuple(block.cpus[i] for i in cpu), dimms=tuple(block.dimms[i] for i in dimm),
                   dpcs=tuple(block.dpcs[i] for i in dpc), nics=tuple(block.nics[i] for i in nic),
                   drives=tuple(block.drives[i] for i in drive), psus=tuple(block.psus[i] for i in psu))


def full_choice(keep: tuple[list[int], ...], sub: Choice) -> Choice:
    """The choice in the unpruned block's indices."""
    return Choice(*(axis[k] for axis, k in zip(keep, vars(sub).values())))
