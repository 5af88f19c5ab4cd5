"""`configurator stack BUILD [--server SOURCE] [--json]`: the pinned software stack of a build,
the candidates that fail and why, and, for an imported server, what it runs against that stack.

BUILD is a build file, or an imported server itself (a folder of inventory command outputs or
the file configurator/probe.py wrote): its build is matched from the inventory and its installed
versions are compared. `--server` compares a build file with a server. Exit 1 when no stack fits
or a server's version is wrong for it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path
from typing import Any

from ..words.i18n import _
from .command import print_text


def arguments(p: argparse.ArgumentParser) -> None:
    """The `stack` subcommand's arguments."""
    p.add_argument("build", metavar="BUILD", help=_("build file, or an imported server: inventory folder or "
                                                     "probe file"))
    p.add_argument("--server", metavar="SOURCE", help=_("inventory folder or probe file of the server to compare"))
    p.add_argument("--as-of", dest="as_of", type=_date, metavar="YYYY-MM-DD",
                   help=_("the day driver branches are judged on (default: today)"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))


def _date(value: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a date YYYY-MM-DD: {value}").format(value=repr(value))) from None


def _is_server(path: str) -> bool:
    """A folder, or a JSON file whose `kind` is the probe's (anything else is read as a build)."""
    from ..formats.importers.inventory import MAX_PROBE_BYTES, PROBE_KIND
    from ..store.text_files import FileReadError, read_bytes

    source = Path(path)
    if source.is_dir():
        return True
    try:
        data = json.loads(read_bytes(source, max_bytes=MAX_PROBE_BYTES, what="probe file"))
    except (FileReadError, ValueError, RecursionError):
        return False        # the build loader says what is wrong with it
    return isinstance(data, dict) and data.get("kind") == PROBE_KIND


def _subject(args: argparse.Namespace, catalog: Any) -> tuple[Any, Any]:
    """(the build, the installed versions or None) that BUILD and --server name."""
    from ..formats.importers import importer_for
    from ..formats.importers.inventory import read_inventory
    from ..formats.importers.placing import build_from_inventory
    from ..words.errors import build_note_line

    installed = None
    if _is_server(args.build):
        inventory = read_inventory(args.build)
        build = build_from_inventory(inventory, catalog, name=args.build).build
        installed = inventory.software
    else:
        loaded = importer_for(args.build).read(Path(args.build), catalog)
        for note in loaded.notes:
            print(build_note_line(note), file=sys.stderr)
        build = loaded.build
    if args.server:
        installed = read_inventory(args.server).software
    return build, installed


def run(args: argparse.Namespace) -> int:
    from ..core.evaluate.json_shape import strict_json  # valid JSON always: no raw bytes of a file name
    from ..core.stack import check_installed, plan_stack
    from ..store.catalogs import default_catalog
    from ..store.stack_tables import read_stack_table
    from ..words.stack_text import plan_json, plan_text

    catalog, table = default_catalog(), read_stack_table()
    build, installed = _subject(args, catalog)
    plan = plan_stack(build, catalog, table, args.as_of or datetime.date.today())
    findings = check_installed(plan, installed, table) if installed is not None else None
    if args.json:
        data = {"build": args.build, "table": list(table.origin), **plan_json(plan, findings, installed)}
        json.dump(strict_json(data), sys.stdout, indent=2, ensure_ascii=False, allow_nan=False)
        sys.stdout.write("\n")
    else:
        print_text(plan_text(plan, findings, installed))
    failed = not plan.pinned or any(f.severity == "error" for f in findings or ())
    return 1 if failed else 0
