"""The entry points: `configurator` (the command line) and `configurator-gui` (the window).

The one module above both shells (docs/architecture.md): the command line never imports Qt, and
the window never imports the command line; this module hands the CLI the function that opens the
window, imported only when `configurator gui` runs.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence
from typing import Any

# The app uses no pydantic plugin; without this, the first model a command validates scans every
# installed distribution's entry points for one (importlib.metadata: ~20-40 ms of each start-up).
# A user who wants a plugin (e.g. an observability hook) sets the variable to its own value.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

#: the cyclic collector's thresholds as the interpreter set them (the window runs with these)
DEFAULT_THRESHOLDS = gc.get_threshold()
#: net new objects between two young collections while a command runs (the default is 700)
COMMAND_THRESHOLD = 100_000


def _collect_less() -> None:
    """Start-up makes some 40,000 objects that live as long as the process (modules, classes and
    functions, the words' tables, the catalog's parts) and next to no cyclic garbage: at the
    default threshold the young collection walked them about 70 times and freed nothing (~5 % of
    `configurator check`). A command collects every `COMMAND_THRESHOLD` net new objects instead:
    a short one never does, a long one (a recommendation search) still does, in fewer, larger steps."""
    gc.set_threshold(COMMAND_THRESHOLD, *DEFAULT_THRESHOLDS[1:])


def _collect_as_usual() -> None:
    """The window runs for hours and repaints on every edit: once its first frame is painted, the
    default thresholds, with what start-up made moved out of every later collection's walk (`gc.freeze`)."""
    gc.freeze()
    gc.set_threshold(*DEFAULT_THRESHOLDS)


def _run_gui(*args: Any, **kwargs: Any) -> int:
    from .qt.app import run_gui

    # the window's start-up collects as a command's does, until its first frame is painted
    return run_gui(*args, **{"started": _collect_as_usual, **kwargs})


def main(argv: Sequence[str] | None = None) -> int:
    """`configurator …`: every command; bare `configurator` opens the window."""
    _collect_less()
    try:
        from .cli.main import main as cli_main

        return cli_main(argv, gui=_run_gui)
    finally:   # a caller that goes on (a test, a script) collects as usual again
        gc.set_threshold(*DEFAULT_THRESHOLDS)


def gui_main() -> int:
    """`configurator-gui [BUILD.json] [--lang zh_CN|en]`: the same as `configurator gui`."""
    # macOS Finder may add a -psn_<id> process serial number to a bundle's arguments
    return main(["gui", *(a for a in sys.argv[1:] if not a.startswith("-psn_"))])


if __name__ == "__main__":
    sys.exit(main())
