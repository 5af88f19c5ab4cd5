"""`configurator COMMAND --help` ends with examples, and each example is a valid command line."""

from __future__ import annotations

import shlex

import pytest

from configurator.cli.commands import COMMANDS
from configurator.cli.help_examples import EXAMPLES
from configurator.cli.main import build_parser, main


def test_every_command_has_examples():
    assert sorted(EXAMPLES) == sorted(COMMANDS)


@pytest.mark.parametrize("line", [line for lines in EXAMPLES.values() for line in lines])
def test_each_example_parses(line):
    words = shlex.split(line.split(" #")[0].split(" > ")[0].removeprefix("source <(").removesuffix(")"))
    assert words[0] == "configurator"
    args = words[1:]
    if args and args[0] not in COMMANDS:      # `configurator FILE...` opens the window on the files
        args = ["gui", *args]
    parsed = build_parser().parse_args(args)   # a wrong option or choice exits 2 here
    assert parsed.command in COMMANDS


def test_help_shows_them(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = capsys.readouterr().out
    assert "examples:\n  configurator check examples/hgx-h100-8gpu.json" in out


def test_verbose_and_quiet(capsys, tmp_path):
    out = tmp_path / "b.json"
    assert main(["export", "examples/hgx-h100-8gpu.json", "-o", str(out), "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["-q", "export", "examples/hgx-h100-8gpu.json", "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    assert main(["export", "examples/hgx-h100-8gpu.json", "-o", str(out)]) == 0
    assert capsys.readouterr().err.startswith("wrote ")
    assert main(["check", str(tmp_path / "missing.json"), "--verbose"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("configurator: ") and "Traceback" in err
    assert main(["check", str(tmp_path / "missing.json")]) == 2
    assert "Traceback" not in capsys.readouterr().err


class _Terminal:
    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


def test_a_slow_step_shows_progress_on_a_terminal_and_clears_it(monkeypatch):
    import time

    from configurator.cli import command

    term = _Terminal()
    monkeypatch.setattr("sys.stderr", term)
    with command.slow_step("loading the catalog", after_s=0.05):
        time.sleep(0.3)
    assert "\rloading the catalog… 0 s" in term.text and term.text.endswith("\r\033[K")
    term.text = ""
    with command.slow_step("fast", after_s=0.5):
        pass
    assert term.text == ""                      # under a second: nothing shown
    monkeypatch.setattr(command, "VERBOSITY", -1)
    with command.slow_step("quiet", after_s=0.0):
        time.sleep(0.1)
    assert term.text == ""
