"""`configurator prices …`: the team store (cli/team_command.py declares and runs it; docs/team-store.md)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command
from ..team_command import prices_arguments as arguments


def run(args: argparse.Namespace) -> int:
    from ..team_command import run_prices

    return run_prices(args)


COMMAND = Command("prices", lambda: _("price lists in the team store: import a distributor's CSV/XLSX, list"), arguments, run)
