"""`configurator accept plan|script|import|compare` (cli/accept_command.py declares and runs it; docs/acceptance.md)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..accept_command import arguments as arguments
from ..command import Command


def run(args: argparse.Namespace) -> int:
    from ..accept_command import run

    return run(args)


COMMAND = Command("accept", lambda: _("acceptance test: plan, script, import results, compare with the baseline"), arguments, run)
