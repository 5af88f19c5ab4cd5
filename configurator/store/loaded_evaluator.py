"""The evaluator the GUI and CLI use: the catalog plus the exchange rates and model presets read from
disk, and the software-stack table, read when an upgrade plan first needs it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.catalog import Catalog, LoadIssue
from ..core.evaluator import Evaluator
from .fx_rates import load_fx
from .model_presets import load_presets

if TYPE_CHECKING:
    from ..core.stack.rows import StackTable


def default_evaluator(catalog: Catalog, issues: list[LoadIssue] | None = None) -> Evaluator:
    """An `Evaluator` for `catalog` with the shipped + user fx.toml and models.toml.

    Bad exchange-rate rows, presets or whole files are skipped and reported in `issues` (one line
    each, naming file and field); without `issues` a broken models.toml raises `PresetFileError`.
    """
    return Evaluator(catalog, load_fx(issues=issues), load_presets(issues=issues), stack_loader=_stack_table)


def _stack_table() -> StackTable:
    """The shipped stack table, its reader (and core/stack) imported only when a plan first asks:
    `check` and an edit never do."""
    from .stack_tables import read_stack_table

    return read_stack_table()
