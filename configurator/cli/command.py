"""A command of the command line: its name, its one-line summary, its arguments and what it runs.

Each command lives in its own module under `cli/commands/` and ends with one `Command(...)`;
`cli/commands/__init__.py` lists them in the order `configurator --help` shows them. A command's
module imports only argparse and the words at its top: what the command needs (the catalog, the
evaluator, reportlab) is imported inside `run`, so `configurator check` loads what checking needs
and nothing of the quote, the cluster planner or the importers (bench/bench_startup.py measures
it). `cli/main.py` builds the parser from these declarations: for one command only when the
arguments name one, for all of them when `configurator --help` asks.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Arguments = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Command:
    """One subcommand: `configurator NAME ARGUMENTS…` runs `run(args)`, whose result is the exit code."""

    name: str
    #: the line `configurator --help` shows, in the current language (called when the parser is built)
    summary: Callable[[], str]
    #: adds the command's own arguments to its subparser (`--lang` is added for every command)
    arguments: Arguments
    run: Run


class CliError(Exception):
    """A user-facing error: printed as one line, exit code 2. Worded in English, like every input
    error (words/error_templates.py lists the wording); `main` prints it in the user's language."""


def print_json(data: Any) -> None:
    """`data` on stdout as strict JSON (no Infinity, no raw bytes), indented, non-ASCII kept."""
    from ..core.evaluate.json_shape import strict_json

    json.dump(strict_json(data), sys.stdout, indent=2, ensure_ascii=False, default=str, allow_nan=False)
    sys.stdout.write("\n")


def json_flag(parser: argparse.ArgumentParser) -> None:
    """`--json`, which most commands take."""
    from ..words.i18n import _

    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
