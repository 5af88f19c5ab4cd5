"""Every command of `configurator`, in the order `configurator --help` lists them.

A new command is a module here ending with `COMMAND = Command(...)` (cli/command.py), named in
`MODULES` below; tests/cli/test_registry.py checks that each one declares a help text for every
argument and imports nothing heavy until it runs. A command's module is imported when its
`Command` is first asked for: `configurator check` reads one module here, `--help` all of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from ..command import Command

#: command name -> its module under cli/commands/, in the order `configurator --help` lists them
MODULES: dict[str, str] = {
    "gui": "gui", "catalog": "catalog", "check": "check", "evaluate": "evaluate", "explain": "explain",
    "workload": "workload", "recommend": "recommend", "quote": "quote", "cluster": "cluster", "export": "export",
    "compare": "compare", "bom": "bom", "import": "import_", "plan": "plan", "verify": "verify", "accept": "accept",
    "diagnose": "diagnose", "store": "store", "quotes": "quotes", "prices": "prices", "stack": "stack",
    "tender": "tender", "completion": "completion", "desktop-install": "desktop_install"}


class _Registry(Mapping[str, Command]):
    """`MODULES` as name -> `Command`, each module imported on first use."""

    def __getitem__(self, name: str) -> Command:
        command: Command = import_module(f"{__name__}.{MODULES[name]}").COMMAND
        return command

    def __iter__(self) -> Iterator[str]:
        return iter(MODULES)

    def __len__(self) -> int:
        return len(MODULES)

    def __contains__(self, name: object) -> bool:
        return name in MODULES


COMMANDS: Mapping[str, Command] = _Registry()

__all__ = ["COMMANDS", "MODULES"]
