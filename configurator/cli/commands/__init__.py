"""Every command of `configurator`, in the order `configurator --help` lists them.

A new command is a module here ending with `COMMAND = Command(...)` (cli/command.py), added to
`COMMANDS` below; tests/cli/test_registry.py checks that each one declares a help text for every
argument and imports nothing heavy until it runs.
"""

from __future__ import annotations

from ..command import Command
from . import (
    accept,
    bom,
    catalog,
    check,
    cluster,
    compare,
    completion,
    desktop_install,
    diagnose,
    evaluate,
    explain,
    export,
    gui,
    import_,
    plan,
    prices,
    quote,
    quotes,
    recommend,
    stack,
    store,
    tender,
    verify,
    workload,
)

COMMANDS: dict[str, Command] = {c.name: c for c in (
    gui.COMMAND, catalog.COMMAND, check.COMMAND, evaluate.COMMAND, explain.COMMAND, workload.COMMAND,
    recommend.COMMAND, quote.COMMAND, cluster.COMMAND, export.COMMAND, compare.COMMAND, bom.COMMAND,
    import_.COMMAND, plan.COMMAND, verify.COMMAND, accept.COMMAND, diagnose.COMMAND, store.COMMAND, quotes.COMMAND,
    prices.COMMAND, stack.COMMAND, tender.COMMAND, completion.COMMAND, desktop_install.COMMAND)}

__all__ = ["COMMANDS"]
