"""`configurator import redfish|inventory SOURCE -o BUILD.json`: a build from a running server
(the work is cli/import_command.py's); the connection flags are `verify`'s too."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, note, print_json, print_text

PASSWORD_ENV = "CONFIGURATOR_BMC_PASSWORD"
TOKEN_ENV = "CONFIGURATOR_BMC_TOKEN"


def arguments(parser: argparse.ArgumentParser) -> None:
    """The `import` subcommand's arguments."""
    from ...formats.importers.servers import SERVER_IMPORTERS

    parser.add_argument("kind", choices=tuple(SERVER_IMPORTERS), help=_("where the server's inventory comes from"))
    parser.add_argument("source", help=_("redfish: https://BMC; inventory: a folder of command outputs"))
    parser.add_argument("-o", "--output", required=True, metavar="BUILD.json", help=_("build file to write"))
    parser.add_argument("--chassis", metavar="CATALOG_ID", help=_("build in this chassis (default: matched)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    add_connection_arguments(parser)


def add_connection_arguments(parser: argparse.ArgumentParser) -> None:
    """How to reach a BMC: shared by `import redfish` and `verify`."""
    parser.add_argument("--user", help=_("BMC user (password: --password-file or ${env})").format(env=PASSWORD_ENV))
    parser.add_argument("--password-file", metavar="F", help=_("read the BMC password from the first line of F"))
    parser.add_argument("--session", action="store_true", help=_("reuse the session token in ${env}").format(env=TOKEN_ENV))
    parser.add_argument("--insecure", action="store_true", help=_("accept any TLS certificate (self-signed BMCs)"))
    parser.add_argument("--ca-file", metavar="F", help=_("verify the BMC's certificate against this CA bundle"))
    parser.add_argument("--timeout", type=float, default=10.0, metavar="S", help=_("seconds per request (default 10)"))


def _summary() -> str:
    from ...formats.importers.servers import SERVER_IMPORTERS

    return _("build from a running server: {kinds}").format(kinds="; ".join(
        f"{i.name} ({_(i.description)})" for i in SERVER_IMPORTERS.values()))


def run(args: argparse.Namespace) -> int:
    from ..import_command import result_json, run_import
    from ..inputs import catalog

    result, text = run_import(args, catalog())
    *report, wrote = text.split("\n")
    if args.json:
        print_json(result_json(result, args.output))
    elif report:
        print_text("\n".join(report))
    note(wrote)          # data on stdout, "wrote FILE" on stderr
    return 0


COMMAND = Command("import", _summary, arguments, run)
