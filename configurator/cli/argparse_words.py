"""The command line in the user's language: argparse's own words, and error lines.

`configurator --help`, a subcommand's `--help` and argparse's error lines are built while the
arguments are parsed, so the language is chosen first, from the raw arguments (`--lang X`,
else `CONFIGURATOR_LANG`, else the system locale: `language_in`), and the parser is built and
run inside `argparse_words()`.

argparse looks up its own words ("usage: ", "positional arguments", "the following arguments are
required: %s") with the module-level `gettext` functions it imported, in gettext's global domain.
Rather than change that process-wide domain (and find a `.mo` through environment variables),
`argparse_words()` points argparse's two lookup functions at this app's catalog while the command
line is parsed, and restores them afterwards. The msgids below are argparse's own (Python 3.11 to
3.13), listed so that `make translations` extracts them; one argparse words differently in a later
Python stays English, nothing breaks.

Error lines: every input error is one line, `<where>: <what>` (a file, a flag, a field).
`error_line` words it in the user's language (`words.error_text`: an `InputError`'s message and
place by words/input_words.py; an error that is still English text through the catalog's templates).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ..words import error_text, i18n
from ..words.i18n import N_

#: argparse's user-facing words (its msgids), so that they are extracted into the catalog
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("optional arguments"),
    N_("show this help message and exit"), N_("subcommands"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("expected %s argument"), N_("expected %s arguments"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)


def language_in(argv: Sequence[str]) -> str | None:
    """The `--lang` value in `argv` (`--lang X` or `--lang=X`), if any: read before the parser
    exists, as the parser's texts depend on it. An unsupported value is returned as given (the
    parser then refuses it, in the language the rest chooses)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _ngettext(singular: str, plural: str, n: int) -> str:
    return i18n._(singular if n == 1 else plural)


@contextmanager
def argparse_words() -> Iterator[None]:
    """argparse's own words in the current language while the block runs (see the module doc)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = i18n._, _ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def error_line(exc: BaseException) -> str:
    """The one line `configurator:` prints for an input error, in the current language."""
    return error_text(exc)
