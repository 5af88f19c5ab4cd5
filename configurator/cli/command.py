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

from ..words.i18n import _
from ..words.terminal import for_terminal

Arguments = Callable[[argparse.ArgumentParser], None]


def count(text: str) -> int:
    """argparse `type=` for a count (servers, builds, years): a whole number of 1 or more. Zero or a
    negative number is an argument error, not a plan of one server."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a whole number: {value}").format(value=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be 1 or more (got {value})").format(value=value))
    return value
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


def print_text(text: str = "", *, file: Any = None) -> None:
    """Print one text view (or line) to the terminal: through the one sanitiser (words/terminal.py),
    so that an escape sequence in a build, customer or part name is shown, not obeyed."""
    print(for_terminal(str(text)), file=file if file is not None else sys.stdout)


def print_json(data: Any) -> None:
    """`data` on stdout as strict JSON (no Infinity, no raw bytes), indented, non-ASCII kept."""
    from ..core.evaluate.json_shape import strict_json

    json.dump(strict_json(data), sys.stdout, indent=2, ensure_ascii=False, default=str, allow_nan=False)
    sys.stdout.write("\n")


def json_flag(parser: argparse.ArgumentParser) -> None:
    """`--json`, which most commands take."""

    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
