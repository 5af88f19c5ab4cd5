"""Hostile names on the terminal and counts that plan nothing (issue 31): every CLI text view
prints through the one sanitiser (words/terminal.py), and a count argument of 0 or less is an
argument error, exit 2, not a plan of one server."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from configurator.launch import main
from configurator.store import paths
from configurator.words.terminal import for_terminal

EX = paths.examples_dir()
EVIL = "evil\x1b]0;pwned\x07\x1b[2J\rname\u202e\x0b\x9b"
#: what steers a terminal: ESC, BEL, CR, VT, C1 CSI, a bidirectional override
STEERING = re.compile("[\x1b\x07\r\x0b\x9b\u202e]")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def evil_build(tmp_path_factory) -> Path:
    build = json.loads((EX / "hgx-h100-8gpu.json").read_text(encoding="utf-8"))
    build.setdefault("meta", {}).update(name=EVIL, customer="cust\x1b[31mred")
    path = tmp_path_factory.mktemp("evil") / "evil.json"
    path.write_text(json.dumps(build), encoding="utf-8")
    return path


def test_the_sanitiser_shows_every_steering_character_and_keeps_layout():
    shown = for_terminal(EVIL + "\tcol\nnext 训练 é")
    assert not STEERING.search(shown)
    assert shown == "evil\\u001b]0;pwned\\u0007\\u001b[2J\\u000dname\\u202e\\u000b\\u009b\tcol\nnext 训练 é"


@pytest.mark.parametrize("argv", [("cluster", "--from"), ("evaluate",), ("check",), ("explain",)],
                         ids=lambda a: a[0])
def test_a_build_name_with_escapes_is_shown_not_obeyed(evil_build, argv):
    code, out, err = run(*argv, str(evil_build))
    assert not STEERING.search(out + err), (out + err)[:400]
    if argv[0] == "cluster":
        assert "evil\\u001b]0;pwned" in out


def test_compare_shows_escapes_in_column_names(evil_build):
    code, out, err = run("compare", str(evil_build), str(EX / "hgx-h100-8gpu.json"))
    assert code == 0 and not STEERING.search(out + err)


def test_json_output_keeps_the_name_exactly(evil_build):
    code, out, _ = run("cluster", "--from", str(evil_build), "--json")
    assert code == 0 and "evil\\u001b]0;pwned\\u0007" in out       # JSON escapes it itself, losslessly


@pytest.mark.parametrize("value", ["0", "-3"])
@pytest.mark.parametrize("flag", ["--servers", "--per-rack"])
def test_cluster_counts_below_one_are_argument_errors(value, flag, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["cluster", "--from", str(EX / "hgx-h100-8gpu.json"), flag, value])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert f"argument {flag}: must be 1 or more (got {value})" in err and "Traceback" not in err


@pytest.mark.parametrize(("command", "flag"), [("recommend", "--max-servers"), ("recommend", "--top"),
                                               ("compare", "--years"), ("workload", "--gpus")])
def test_other_counts_below_one_are_argument_errors(command, flag, capsys):
    with pytest.raises(SystemExit) as stop:
        main([command, flag, "0"])
    assert stop.value.code == 2 and f"argument {flag}: must be 1 or more (got 0)" in capsys.readouterr().err
