"""`configurator explain BUILD FIGURE`: how one figure of `evaluate --json` is worked out.

FIGURE is the figure's path in `evaluate --json` (`power_w.max`, `psu.load_pct.typical`,
`power_lines.3.idle_w`); `--list` prints every path the build has. The GUI's click-to-explain
calls `explain_figure` too, so the CLI and the window show the same explanation, in the app's
language (`--lang`, View ▸ Language) unless a caller (a report) asks for another one.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ...words.i18n import _
from ..command import Command, json_flag, print_json, print_text


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("build", help=_("build file whose figures to explain"))
    parser.add_argument("figure", nargs="?", default="", help=_("figure path, e.g. power_w.max (see --list)"))
    parser.add_argument("--list", action="store_true", help=_("list every figure of the build"))
    json_flag(parser)
    parser.add_argument("--workload", metavar="FILE", help=_("workload JSON (overrides the build's own)"))


def explained(build: Any, catalog: Any, evaluation: Any, key: str | None, as_json: bool) -> Any:
    """What `configurator explain` prints: the list of figures (no key) or one explanation."""
    from ...core.evaluate.json_shape import figures
    from ...words.explain_words import explain_figure

    if not key:
        shown = figures(evaluation)
        return shown if as_json else "\n".join(f"{k} = {v}" for k, v in shown.items())
    exp = explain_figure(build, catalog, evaluation, key)
    return exp.to_json() if as_json else exp.to_text().rstrip("\n")


def run(args: argparse.Namespace) -> int:
    from ..inputs import catalog, evaluator, load
    from ..workload_command import load_workload_file

    cat = catalog()
    build = load(args.build)
    if args.workload:  # the override becomes the build's workload, so its inputs are explained too
        build = build.model_copy(update={"workload": load_workload_file(args.workload).model_dump(mode="json")})
    ev = evaluator(cat).evaluate(build)
    try:
        out = explained(build, cat, ev, None if args.list else args.figure, args.json)
    except KeyError as exc:   # the words name the figure and its neighbours, in the user's language
        print_text(f"configurator: {exc.args[0]}", file=sys.stderr)
        return 2
    print_json(out) if args.json else print_text(out)
    return 0


COMMAND = Command("explain", lambda: _("how a figure of `evaluate --json` is worked out (formula, inputs, sources)"),
                  arguments, run)
