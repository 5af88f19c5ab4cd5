"""`configurator diagnose SYMPTOM` (cli/diagnose_command.py declares and runs it; docs/acceptance.md)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command
from ..diagnose_command import arguments as arguments


def run(args: argparse.Namespace) -> int:
    from ..diagnose_command import run

    return run(args)


COMMAND = Command("diagnose", lambda: _("likely causes of a symptom, with the check and the fix"), arguments, run)
