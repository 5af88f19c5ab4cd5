"""`configurator import KIND SOURCE -o BUILD.json`: the command's work, apart from argument parsing.

Secrets never go on the command line (other users see it in `ps`): the BMC password comes from
`--password-file`, else `CONFIGURATOR_BMC_PASSWORD`, else a prompt on a terminal; `--session`
reuses an existing session token from `CONFIGURATOR_BMC_TOKEN`.
"""

from __future__ import annotations

import getpass
import os
import sys
from argparse import Namespace
from pathlib import Path
from typing import Any

from ..core.catalog import Catalog
from ..core.message import Msg, Num
from ..formats.importers.inventory import read_inventory as read_folder
from ..formats.importers.inventory_model import Inventory
from ..formats.importers.placing import ImportResult, describe_match
from ..formats.importers.redfish import RedfishOptions, password_file_warning, read_password_file
from ..formats.importers.redfish import read_inventory as read_redfish
from ..formats.importers.redfish_options import public_url
from ..formats.importers.servers import ImportSettings, server_importer
from ..formats.verify import Verification, verify
from ..store.build_files import save_build
from ..words import say
from ..words.errors import error_text
from ..words.i18n import _, pad
from .command import CliError
from .commands.import_ import PASSWORD_ENV, TOKEN_ENV


def _password(args: Namespace) -> str | None:
    if not args.user:
        return None
    if args.password_file:
        password = read_password_file(args.password_file)
        exposed = password_file_warning(args.password_file)
        if exposed:
            print(_("warning: {issue}").format(issue=error_text(exposed)), file=sys.stderr)
        return password
    if os.environ.get(PASSWORD_ENV):
        return os.environ[PASSWORD_ENV]
    if sys.stdin.isatty():
        return getpass.getpass(f"password for {args.user} at {public_url(args.source)}: ")
    raise CliError(Msg("cli.no-password", env=PASSWORD_ENV), f"--user {args.user}")


def connection(args: Namespace) -> RedfishOptions:
    """The Redfish options the command line asks for."""
    token = None
    if args.session:
        token = os.environ.get(TOKEN_ENV)
        if not token:
            raise CliError(Msg("cli.session-token", env=TOKEN_ENV), "--session")
    if args.insecure and args.ca_file:
        raise CliError(Msg("cli.insecure-and-ca"))
    if args.timeout <= 0:
        raise CliError(Msg("cli.positive-seconds", n=Num(args.timeout, "g")), "--timeout")
    return RedfishOptions(url=args.source, user=args.user, password=_password(args), session_token=token,
                          insecure=args.insecure, ca_file=args.ca_file, timeout_s=args.timeout)


def result_json(result: ImportResult, output: str) -> dict[str, Any]:
    """What `--json` prints: the file written, every item with its match, and the notes."""
    return {
        "output": output, "chassis": result.build.chassis,
        "items": [{"kind": m.item.kind, "source": m.item.source, "description": m.item.describe(),
                   "part": m.part_id, "confidence": m.confidence, "evidence": m.evidence} for m in result.matches],
        "placements": result.build.placements, "notes": [n.message for n in result.loaded.notes],
    }


def run_import(args: Namespace, catalog: Catalog) -> tuple[ImportResult, str]:
    """Import, write the build file, and return the result with its text report (whose last line,
    "wrote FILE: …", the command prints on stderr like every "wrote")."""
    kind = server_importer(args.kind)
    conn = connection(args) if kind.name == "redfish" else None
    result = kind.read(args.source, catalog, ImportSettings(chassis_id=args.chassis, connection=conn))
    save_build(result.build, Path(args.output))
    lines = [describe_match(m).replace("UNMATCHED", pad(_("UNMATCHED"), 9)) for m in result.matches]
    # the notes stay English in the build file; printed in the user's language (words/import_words.py)
    lines += [_("note: {note}").format(note=say(n.msg)) for n in result.loaded.notes]
    lines.append(_("wrote {path}: {n} part(s) placed in {chassis}").format(
        path=args.output, n=len(result.build.placements), chassis=result.build.chassis))
    return result, "\n".join(lines)


def read_server(args: Namespace) -> Inventory:
    """What the server at `args.source` reports: a BMC URL over Redfish, else an inventory folder."""
    if args.source.startswith(("http://", "https://")):
        return read_redfish(connection(args))
    return read_folder(args.source)


def run_verify(args: Namespace, catalog: Catalog) -> Verification:
    """`configurator verify BUILD SOURCE`: the build against what the server reports."""
    from ..store.build_files import read_build

    build = read_build(args.build, catalog).build
    return verify(build, read_server(args), catalog)
