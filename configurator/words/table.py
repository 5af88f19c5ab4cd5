"""Every message the core can return, by id: the one place its English wording is written.

A family of messages keeps its entries in a module of its own (`list_words.py`, ...); this
table gathers them, statically. An entry is a template with `{name}` placeholders (`N_`) or a
pair chosen by a count (`P_`, gettext's ngettext); `make translations` extracts both into the
gettext catalog, where each gets its zh_CN wording.

A rule author adds a violation with one line in the rule (`Msg("cpu.none", slot=…, socket=…)`)
and its wording with one entry in the family's words module.
"""

from __future__ import annotations

from . import (
    acceptance_words,
    assumption_words,
    bandwidth_words,
    bom_words,
    catalog_words,
    cli_words,
    cluster_words,
    compare_words,
    explain_words,
    format_words,
    import_words,
    input_words,
    library_words,
    list_words,
    op_words,
    placement_words,
    recommend_words,
    rule_words,
    stack_words,
    team_words,
    troubleshoot_words,
    upgrade_words,
    validation_words,
    verify_words,
    workload_words,
)
from .marks import Entry

FAMILIES: tuple[dict[str, Entry], ...] = (
    list_words.WORDS,
    team_words.WORDS,
    acceptance_words.WORDS,
    assumption_words.WORDS,
    bandwidth_words.WORDS,
    bom_words.WORDS,
    troubleshoot_words.WORDS,
    explain_words.WORDS,
    rule_words.WORDS,
    import_words.WORDS,
    format_words.WORDS,
    input_words.WORDS,
    library_words.WORDS,
    validation_words.WORDS,
    catalog_words.WORDS,
    cli_words.WORDS,
    cluster_words.WORDS,
    compare_words.WORDS,
    op_words.WORDS,
    placement_words.WORDS,
    recommend_words.WORDS,
    stack_words.WORDS,
    verify_words.WORDS,
    workload_words.WORDS,
    upgrade_words.WORDS,
)


def _merged() -> dict[str, Entry]:
    table: dict[str, Entry] = {}
    for family in FAMILIES:
        clash = table.keys() & family.keys()
        if clash:
            raise RuntimeError(f"message ids defined twice: {sorted(clash)}")
        table.update(family)
    return table


TABLE: dict[str, Entry] = _merged()
