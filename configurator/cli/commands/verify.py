"""`configurator verify BUILD SOURCE`: a build against what the server reports; exit 1 if
anything differs."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, json_flag, print_json, print_text
from .import_ import add_connection_arguments


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("build", metavar="BUILD", help=_("build file the server should match"))
    parser.add_argument("source", metavar="SOURCE", help=_("https://BMC, or a folder of inventory command outputs"))
    add_connection_arguments(parser)
    json_flag(parser)


def run(args: argparse.Namespace) -> int:
    from ...formats.verify import verification_to_json, verification_to_text
    from ..import_command import run_verify
    from ..inputs import catalog

    result = run_verify(args, catalog())
    if args.json:
        print_json(verification_to_json(result))
    else:
        print_text(verification_to_text(result))
    return 0 if result.ok else 1


COMMAND = Command("verify", lambda: _("compare a build with what the server reports (exit 1 if anything differs)"),
                  arguments, run)
