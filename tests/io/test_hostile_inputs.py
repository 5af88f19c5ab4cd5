"""Issue #31's hostile corpus outside the BMC (tests/io/test_hostile_bmc.py): each case is one clear
line, exit 2, no traceback, nothing written where the user did not ask, nothing silently ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.launch import main
from configurator.words.terminal import for_terminal as printable

ROOT = Path(__file__).parents[2]
HGX = ROOT / "examples" / "hgx-h100-8gpu.json"


def _build(tmp_path: Path, **changes) -> Path:
    data = json.loads(HGX.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if "." in key:
            outer, inner = key.split(".")
            data[outer][inner] = value
        else:
            data[key] = value
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _one_line(capsys, rc: int, expect: str) -> str:
    out = capsys.readouterr()
    assert rc == 2, out
    assert "Traceback" not in out.err and out.err.count("\n") == 1, out.err
    assert expect in out.err, out.err
    return out.err


# ---------------------------------------------------------------------- a workload that does not validate

SEED = ROOT / "examples" / "seed-7b-training.json"      # its workload is valid
_GOOD = json.loads(SEED.read_text(encoding="utf-8"))["workload"]
WORKLOADS = {
    "mode typo": ({**_GOOD, "mode": "trian"}, "field 'workload.mode'"),
    "unknown key": ({**_GOOD, "batchh": 3}, "field 'workload.batchh'"),
    "wrong type": ({**_GOOD, "train": {**_GOOD["train"], "micro_batch": "one"}}, "field 'workload.train.micro_batch'"),
    "not an object": ("llama", "field 'workload'"),
}


@pytest.mark.parametrize("case", WORKLOADS)
@pytest.mark.parametrize("command", ["check", "evaluate"])
def test_an_invalid_workload_is_an_error_naming_the_field(tmp_path, capsys, case, command):
    """A typo in the workload used to load silently with no workload at all: `check` reported 0
    errors and the memory check the user relies on was gone."""
    workload, field = WORKLOADS[case]
    path = _build(tmp_path, workload=workload)
    _one_line(capsys, main([command, str(path)]), f"{path}: {field}")


def test_a_valid_workload_still_loads_and_is_checked(capsys):
    assert main(["evaluate", str(SEED), "--json"]) in (0, 1)
    assert json.loads(capsys.readouterr().out)["workload"] is not None


# ---------------------------------------------------------------------- terminal escapes in names

EVIL = "Evil\x1b[2J\x1b]0;pwned\x07\u202e build\x9b31m"


@pytest.mark.parametrize("argv", [
    ["check", "{b}"], ["evaluate", "{b}"], ["compare", "{b}", str(HGX)], ["cluster", "--from", "{b}", "--servers", "2"],
    ["explain", "{b}", "power.max_w"], ["stack", "{b}"],
])
def test_no_command_prints_a_control_character_from_a_name(tmp_path, capsys, argv):
    path = _build(tmp_path, **{"meta.name": EVIL, "meta.customer": "C\x1b[31mRED"})
    main([a.replace("{b}", str(path)) for a in argv])
    out = capsys.readouterr()
    for stream in (out.out, out.err):
        assert not any(ch in stream for ch in "\x1b\x07\x9b\u202e"), stream[:400]
    if argv[0] in ("compare", "cluster"):
        assert "Evil\\u001b[2J" in out.out      # shown, escaped


def test_printable_keeps_text_and_escapes_controls():
    assert printable("a\tb\nc 方案 €") == "a\tb\nc 方案 €"
    assert printable("\x1b[2J\x00\x7f\x85\u202e\u2066") == "\\u001b[2J\\u0000\\u007f\\u0085\\u202e\\u2066"


def test_json_output_is_unchanged_by_the_terminal_guard(tmp_path, capsys):
    path = _build(tmp_path, **{"meta.name": EVIL})
    assert main(["compare", str(path), str(HGX), "--json"]) in (0, 1)
    assert json.loads(capsys.readouterr().out)["columns"][0]["label"] == EVIL    # the json module escaped it


# ---------------------------------------------------------------------- cluster arguments

@pytest.mark.parametrize("n", ["0", "-3", "x"])
def test_cluster_servers_out_of_range_is_an_argument_error(capsys, n):
    """`cluster --servers 0` used to plan one server."""
    with pytest.raises(SystemExit) as exc:
        main(["cluster", "--from", str(HGX), "--servers", n])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--servers" in err and "Traceback" not in err
