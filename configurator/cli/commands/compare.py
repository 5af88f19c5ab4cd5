"""`configurator compare A.json B.json [...]`: 2-6 builds side by side, deltas to a baseline, the
best values; as text, JSON, or a CSV, XLSX or PDF file (the work is cli/compare_commands.py's)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, count, note, print_json, print_text

#: the file flags and the comparison exporter each writes with
FORMATS = (("csv", "compare-csv"), ("xlsx", "compare-xlsx"), ("pdf", "compare-pdf"))


def arguments(p: argparse.ArgumentParser) -> None:
    from ...core.compare import MAX_COLUMNS, MIN_COLUMNS

    p.add_argument("builds", nargs="+", metavar="BUILD",
                   help=_("{min} to {max} build files").format(min=MIN_COLUMNS, max=MAX_COLUMNS))
    p.add_argument("--baseline", type=count, default=1, metavar="N", help=_("deltas are to build N (1-based; default 1)"))
    p.add_argument("--price-list", metavar="CSV", help=_("a buyer's price list (docs/catalog.md) for every build"))
    p.add_argument("--currency", metavar="CODE", help=_("compare every build in this currency"))
    p.add_argument("--electricity-price", metavar="PRICE", help=_("per kWh, in the comparison's currency"))
    p.add_argument("--pue", type=float, metavar="X",
                   help=_("power usage effectiveness of the site, facility / IT power, e.g. 1.3 (default: each build's)"))
    p.add_argument("--years", type=count, metavar="N", help=_("TCO horizon, years (default: each build's)"))
    p.add_argument("--utilization", type=float, metavar="PCT", help=_("GPU utilization for energy and rent, %%"))
    p.add_argument("--workload", metavar="FILE", help=_("workload JSON applied to every build"))
    p.add_argument("--hide-equal", action="store_true", help=_("text output: leave out rows equal for all builds"))
    p.add_argument("--internal", action="store_true",
                   help=_("PDF: write the seller's internal copy, with each build's price list and file "
                          "(default: the customer's copy)"))
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    for flag, _name in FORMATS:
        out.add_argument(f"--{flag}", metavar="F", help=_("write the comparison as {format}").format(format=flag.upper()))


def run(args: argparse.Namespace) -> int:
    from ..compare_commands import run_compare
    from ..inputs import catalog, evaluator, load

    out = run_compare(args, evaluator(catalog()), load)
    if out.json is not None:
        print_json(out.json)
    else:
        if out.written:
            note(_("wrote {path}").format(path=out.written))
        else:
            print_text(out.text)
    return 0


COMMAND = Command("compare", lambda: _("compare 2-6 builds side by side: deltas to a baseline, best values"),
                  arguments, run)
