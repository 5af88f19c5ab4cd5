"""The command line: the top-level parser and the dispatch to one command (cli/commands/).

Exit codes: 0 ok; 1 the build has errors (`check`); 2 the input could not be read or the
arguments are wrong (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..words.i18n import LANGUAGES, _, choose_language, set_language
from . import command as command_module
from .argparse_words import argparse_words, error_line, language_in
from .command import CliError, Command, print_text
from .commands import COMMANDS
from .commands.gui import GuiRunner
from .help_examples import epilog
from .printable import printable_output


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, like every input error
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


def _lang_argument(parser: argparse.ArgumentParser) -> None:
    # `configurator --lang zh_CN check ...` or `configurator check ... --lang zh_CN`
    parser.add_argument("--lang", choices=tuple(LANGUAGES), default=argparse.SUPPRESS,
                        help=_("language of the output and the GUI (default: CONFIGURATOR_LANG or the system locale)"))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the command `only` (what a run needs: the other
    commands' arguments, and what declaring them imports, are left out)."""
    p = _Parser(prog="configurator", description=_("Configure AI training and inference servers."))
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                   help=_("show the version and exit"))
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    commands: list[Command] = [COMMANDS[only]] if only else list(COMMANDS.values())
    for command in commands:
        parser = sub.add_parser(command.name, help=command.summary(), epilog=epilog(command.name, _("examples:")),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
        command.arguments(parser)
        parser.set_defaults(run=command.run)
    for parser in (p, *sub.choices.values()):
        _lang_argument(parser)
        _verbosity_arguments(parser)
    return p


def _verbosity_arguments(parser: argparse.ArgumentParser) -> None:
    # before or after the command, like --lang
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-v", "--verbose", action="store_const", const=1, dest="verbosity", default=argparse.SUPPRESS,
                       help=_("say more on stderr: each slow step's time, and a traceback after an error line"))
    group.add_argument("-q", "--quiet", action="store_const", const=-1, dest="verbosity", default=argparse.SUPPRESS,
                       help=_("only errors on stderr: no \"wrote FILE\", counts or progress"))


def _command_in(argv: Sequence[str]) -> str | None:
    """The command `argv` runs ("gui" when it names none), if the parser of that command alone
    parses `argv` as the full one would: None when the top-level help is asked for, or when the
    first word is no command (the full parser then lists the commands)."""
    args = iter(argv)
    for arg in args:
        if arg in ("-h", "--help") or arg.startswith("--vers"):
            return None
        if arg == "--lang":
            next(args, None)
        elif not arg.startswith("-"):
            return arg if arg in COMMANDS else ("gui" if opens_files(argv) else None)
    return "gui"


def opens_files(argv: Sequence[str]) -> bool:
    """`configurator FILE [FILE...]`: the first word is no command but an existing file, so the
    window opens the files (what a desktop's "open with" and a file manager run)."""
    from pathlib import Path

    args = iter(argv)
    for arg in args:
        if arg == "--lang":
            next(args, None)
        elif not arg.startswith("-"):
            return arg not in COMMANDS and Path(arg).is_file()
    return False


def _set_language(argv: Sequence[str]) -> None:
    """The language of the parser's texts and of everything printed: chosen before the parser is
    built; an unsupported `--lang` is left to the parser to refuse (one line, exit 2)."""
    try:
        lang = choose_language(language_in(argv))
    except ValueError:
        lang = choose_language(None)
    set_language(lang)


def main(argv: Sequence[str] | None = None, *, gui: GuiRunner | None = None) -> int:
    """The command line; `gui` runs the desktop window for `configurator gui` (the launcher passes it)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        _set_language(argv)
    except (ValueError, OSError) as exc:   # a missing translation catalog
        print_text(f"configurator: {error_line(exc)}", file=sys.stderr)
        return 2
    if opens_files(argv):
        argv = ["gui", *argv]
    with argparse_words():
        parser = build_parser(_command_in(argv))
        args = parser.parse_args(argv)
        lang = getattr(args, "lang", None)
        if not getattr(args, "command", None):
            args = parser.parse_args(["gui"])  # bare `configurator` opens the builder window
    args.lang, args.open_window = lang, gui
    command_module.VERBOSITY = getattr(args, "verbosity", 0)
    try:
        if args.command == "gui":
            return _run(args)
        with printable_output():   # names in the output are data: shown, never obeyed by the terminal
            return _run(args)
    finally:
        command_module.VERBOSITY = 0


def _run(args: argparse.Namespace) -> int:
    """The command, with its refusals as one line on stderr (exit 2)."""
    try:
        return int(args.run(args) or 0)
    except CliError as exc:
        print_text(f"configurator: {error_line(exc)}", file=sys.stderr)
        _traceback_if_verbose()
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except (ValueError, OSError) as exc:  # BuildFileError, QuoteError, OpError are ValueErrors
        print_text(f"configurator: {error_line(exc)}", file=sys.stderr)
        _traceback_if_verbose()
        return 2


def _traceback_if_verbose() -> None:
    """With `--verbose`, the traceback after the one error line (for a problem report)."""
    if command_module.VERBOSITY > 0:
        import traceback

        traceback.print_exc(file=sys.stderr)
