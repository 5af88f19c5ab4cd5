"""`configurator store …`: the team store (cli/team_command.py declares and runs it; docs/team-store.md)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command
from ..team_command import store_arguments as arguments


def run(args: argparse.Namespace) -> int:
    from ..team_command import run_store

    return run_store(args)


COMMAND = Command("store", lambda: _("the team store: create, migrate, users, number mask"), arguments, run)
