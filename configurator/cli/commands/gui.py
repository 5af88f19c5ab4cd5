"""`configurator gui [BUILD]`: the builder window (bare `configurator` runs it too).

The command line never imports Qt: the launcher (configurator/launch.py) hands `cli.main` the
function that opens the window, which `main` passes on as `args.open_window`, and `run` calls it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ...core.message import Msg
from ...words.i18n import _
from ..command import CliError, Command

#: what `configurator gui` runs: given by the launcher, the one module that knows both shells
GuiRunner = Callable[..., int]


def _window_size(value: str) -> tuple[int, int]:
    w, sep, h = value.lower().partition("x")
    if not (sep and w.isdigit() and h.isdigit() and 320 <= int(w) <= 16384 and 240 <= int(h) <= 16384):
        raise argparse.ArgumentTypeError(_("not a window size WxH (320x240 or more): {value}").format(value=repr(value)))
    return int(w), int(h)


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("build", nargs="*", help=_("build files to open, one tab each (also: `configurator FILE...`)"))
    parser.add_argument("--screenshot", metavar="PNG", help=_("render the window offscreen to PNG and exit"))
    parser.add_argument("--compare", nargs="+", metavar="BUILD", help=_("open 2-6 builds and compare them side by side"))
    parser.add_argument("--size", metavar="WxH", type=_window_size, help=_("window size in pixels, e.g. 1366x768"))


def run(args: argparse.Namespace) -> int:
    open_window: GuiRunner | None = getattr(args, "open_window", None)
    if open_window is None:
        raise CliError(Msg("cli.no-window"))
    return open_window(list(getattr(args, "build", None) or []) or None, screenshot=getattr(args, "screenshot", None),
                       lang=args.lang, size=getattr(args, "size", None), compare=getattr(args, "compare", None))


COMMAND = Command("gui", lambda: _("open the builder window"), arguments, run)
