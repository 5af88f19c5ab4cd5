"""`configurator quotes …`: the team store (cli/team_command.py declares and runs it; docs/team-store.md)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command
from ..team_command import quotes_arguments as arguments


def run(args: argparse.Namespace) -> int:
    from ..team_command import run_quotes

    return run_quotes(args)


COMMAND = Command("quotes", lambda: _("quotes in the team store: list, create, submit, approve, issue, revise"), arguments, run)
