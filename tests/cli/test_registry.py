"""The command registry: every module under cli/commands/ is one registered command, declaring
the parser alone costs no heavy import, and a command imports only what it runs."""

from __future__ import annotations

import argparse
import pkgutil
import subprocess
import sys

import configurator.cli.commands as commands_package
from configurator.cli import main as cli
from configurator.cli.commands import COMMANDS
from configurator.store import paths

HEAVY = ("pydantic", "numpy", "reportlab", "PySide6", "pyqtgraph", "openpyxl", "configurator.core.build")


def _imported_after(code: str) -> set[str]:
    """The top-level packages (and configurator.core.build) a fresh interpreter holds after `code`."""
    probe = f"{code}\nimport sys\nprint(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    names = set(out.stdout.split())
    return {h for h in HEAVY if h in names or any(n.startswith(h + ".") for n in names)}


def test_every_command_module_is_registered_once_under_its_name():
    modules = {info.name for info in pkgutil.iter_modules(commands_package.__path__)}
    registered = {c.run.__module__.rsplit(".", 1)[1] for c in COMMANDS.values()}
    assert registered == modules
    # a module is named after its command (`-` becomes `_`: desktop-install in desktop_install.py)
    assert all(c.run.__module__.endswith(("." + name.replace("-", "_"), "." + name + "_")) for name, c in COMMANDS.items())


def test_the_registry_and_the_top_level_parser_import_nothing_heavy():
    assert _imported_after("import configurator.cli.main") == set()
    assert _imported_after("from configurator.cli.main import build_parser; build_parser('check')") == set()


def test_check_imports_neither_numpy_nor_qt_nor_reportlab(tmp_path):
    build = paths.examples_dir() / "hgx-h100-8gpu.json"
    code = ("import os; os.environ['CONFIGURATOR_HOME'] = " + repr(str(tmp_path)) + "\n"
            "from configurator.launch import main\nmain(['check', " + repr(str(build)) + "])")
    assert _imported_after(code) == {"pydantic", "configurator.core.build"}


def test_one_commands_parser_parses_as_the_full_one():
    argv = ["--lang", "en", "quote", "a.json", "b.json", "-o", "q.pdf", "--tax-pct", "13", "--draft"]
    assert cli._command_in(argv) == "quote"
    full, one = cli.build_parser().parse_args(argv), cli.build_parser("quote").parse_args(argv)
    assert vars(full) == vars(one)


def test_the_full_parser_is_used_where_one_command_would_word_differently():
    assert cli._command_in(["--help", "check"]) is None       # the top-level help lists every command
    assert cli._command_in(["--lang", "zh_CN", "chekc"]) is None   # "invalid choice" lists them too
    assert cli._command_in(["--version"]) is None
    assert cli._command_in(["--lang", "en"]) == "gui"          # bare `configurator` opens the window
    sub = next(a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == list(COMMANDS)
