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

from ..core.input_error import InputError
from ..core.message import Msg
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


class CliError(InputError):
    """The command line's refusal of its arguments: `msg` says why (words/cli_words.py), `where`
    names the flag or file (`--timeout: …`). `main` prints it as one line in the user's language
    (`words.errors.error_text`), exit code 2; `str()` is that line in English."""

    def __init__(self, msg: Msg, where: str = "") -> None:
        super().__init__(msg, file=where)


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


#: -1 with `--quiet` (errors only), 0 by default, 1 with `--verbose` (timings, tracebacks after the line)
VERBOSITY = 0


def note(text: str) -> None:
    """A message about the run, not its data ("wrote FILE", counts): on stderr, never stdout, so that
    `configurator … > out` holds only the data; `--quiet` drops it."""
    if VERBOSITY >= 0:
        print(text, file=sys.stderr)


class slow_step:  # noqa: N801 - used as a context manager, named like one
    """`with slow_step(label):` a step that may take seconds (the first catalog load after a change
    builds its cache): on a terminal, after `after_s` with no end, "label… N s" on stderr, updated
    every half second and cleared at the end. Nothing when stderr is not a terminal or with `--quiet`;
    with `--verbose`, the step's time afterwards."""

    def __init__(self, label: str, after_s: float = 1.0) -> None:
        import threading

        self.label, self.after_s = label, after_s
        self._done = threading.Event()
        self._shown = False
        self._thread: threading.Thread | None = None
        self._started = 0.0

    def __enter__(self) -> slow_step:
        import threading
        import time

        self._started = time.monotonic()
        if VERBOSITY >= 0 and sys.stderr.isatty():
            self._thread = threading.Thread(target=self._tick, daemon=True)
            self._thread.start()
        return self

    def _tick(self) -> None:
        import time

        if self._done.wait(self.after_s):
            return
        while not self._done.is_set():
            self._shown = True
            sys.stderr.write(f"\r{self.label}… {time.monotonic() - self._started:.0f} s")
            sys.stderr.flush()
            self._done.wait(0.5)

    def __exit__(self, *exc: object) -> None:
        import time

        self._done.set()
        if self._thread is not None:
            self._thread.join()
        if self._shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
        elapsed = time.monotonic() - self._started
        if VERBOSITY > 0 and elapsed >= 0.01:      # a step served from memory is not worth a line
            print(f"{self.label}: {elapsed:.2f} s", file=sys.stderr)
