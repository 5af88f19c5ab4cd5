"""Every argument of every subcommand says what it is: the parser tree walked, action by action."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from configurator.cli import main as cli


def _actions(parser: argparse.ArgumentParser, path: str) -> Iterator[tuple[str, argparse.Action]]:
    """(command path, action) for every action of `parser` and of its subcommands, at any depth."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, f"{path} {name}")
        elif not isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            yield path, action


def _without_help(parser: argparse.ArgumentParser) -> list[str]:
    return [f"{path} {'/'.join(action.option_strings) or action.dest}"
            for path, action in _actions(parser, parser.prog)
            if not (action.help or "").strip() or action.help == argparse.SUPPRESS]


def test_every_argument_of_every_subcommand_has_a_help_text():
    parser = cli.build_parser()
    walked = {path for path, _action in _actions(parser, parser.prog)}
    assert {"configurator", "configurator workload", "configurator quote", "configurator verify"} <= walked
    assert _without_help(parser) == []


def test_the_walk_finds_an_argument_without_help():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub.choices["workload"].add_argument("--planted", type=int)
    sub.choices["plan"].add_argument("planted_positional", help="  ")
    assert _without_help(parser) == ["configurator workload --planted", "configurator plan planted_positional"]
