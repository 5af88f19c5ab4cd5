"""`configurator catalog [--category C] [--json]`: the parts of the catalog, one a line."""

from __future__ import annotations

import argparse
import sys

from ...core.message import Msg
from ...words.i18n import _
from ..command import CliError, Command, json_flag, note, print_json, print_text


def arguments(parser: argparse.ArgumentParser) -> None:
    from ...core import categories

    parser.add_argument("--category", help=_("only the parts of this category: {keys}").format(
        keys=", ".join(categories.KEYS)))
    json_flag(parser)


def run(args: argparse.Namespace) -> int:
    from ...core import categories
    from ...core.evaluate.json_shape import part_to_json
    from ...words.errors import issue_line
    from ...words.i18n import pad
    from ...words.part_words import part_name
    from ..inputs import catalog

    cat = catalog()
    parts = [p for p in cat.parts.values() if args.category in (None, p.category)]
    if args.category and args.category not in categories.KEYS:
        raise CliError(Msg("cli.unknown-category", category=repr(args.category)))
    if args.json:
        print_json([part_to_json(p, cat) for p in parts])
    else:
        for p in sorted(parts, key=lambda p: (p.category, p.vendor, p.name)):
            price = cat.price(p.id)
            money = f"{price.price} {price.currency}" if price else _("no price")
            # the vendor padded by terminal columns ("H3C (新华三)" is 11 wide), the name in the language
            print_text(f"{p.category:8} {p.id:40} {pad(p.vendor, 13)} {part_name(p.name)}  [{money}; {p.origin}]")
        note(_("{n} parts").format(n=len(parts)))
    for issue in cat.issues:
        print(issue_line(issue), file=sys.stderr)
    return 0


COMMAND = Command("catalog", lambda: _("list catalog parts"), arguments, run)
