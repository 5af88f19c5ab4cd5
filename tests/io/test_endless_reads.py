"""Issue 10, class 2: reads that never end.

Every file the app reads goes through `store/text_files.py`: a symlink to /dev/zero (or any device)
is refused from its stat, without reading, in one line naming the file; `--workload FILE`
gets the build reader's protections (nesting, Infinity, duplicate keys, huge numbers).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from io_helpers import CORPUS, corpus_cases

from configurator.cli.workload_command import load_workload_file
from configurator.core.input_error import InputError

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "configurator"


def _build(path):
    from configurator.store.build_files import load_build
    load_build(path)


def _recovery(path):
    from configurator.store.autosave import RecoveryStore
    RecoveryStore(path.parent).load(path)


def _catalog(path):
    from configurator.store.catalogs import load_part_file
    _, issues = load_part_file(path)
    raise ValueError(str(issues[0]))


def _price(path):
    from configurator.store.catalogs import load_price_file
    _, issues = load_price_file(path)
    raise ValueError(str(issues[0]))


def _workload(path):
    load_workload_file(path)


def _vendor(path):
    from configurator.store.vendor_settings import load_settings
    load_settings(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("load", [_build, _recovery, _catalog, _price, _workload, _vendor], ids=lambda f: f.__name__)
def test_symlink_to_dev_zero_is_refused_without_reading(tmp_path, load):
    link = tmp_path / "input.file"
    link.symlink_to("/dev/zero")
    with pytest.raises(ValueError) as info:
        load(link)
    text = str(info.value)
    assert "\n" not in text and str(link) in text and "is a device, not a regular file" in text, text


def test_quote_counter_on_dev_zero(tmp_path, monkeypatch):
    from configurator.store import quote_counter as numbering
    link = tmp_path / "counter.json"
    link.symlink_to("/dev/zero")
    monkeypatch.setattr(numbering, "counter_path", lambda: link)
    with pytest.raises(ValueError, match="is a device, not a regular file"):
        numbering.next_quote_number()


# `read_text`, `open(` etc. allowed only here: files.py is the reader; the rest are writers, locks or
# shipped resources read by another engineer's modules (fx/models loading is moving to io/).
# probe.py runs on the server being inventoried, with the standard library only: it reads a few
# /proc and /sys files itself (each read capped at MAX_OUTPUT) and writes its one output file
_ALLOWED = {"store/text_files.py", "store/safe_write.py", "store/quote_counter.py", "store/instance_lock.py", "words/i18n.py",
            "probe.py"}
_READER = re.compile(r"\bopen\(|\.read_text\(|\.read_bytes\(|tomllib\.load\(|json\.load\(")


def test_no_reader_bypasses_the_bounded_reader():
    """`grep open( read_text( read_bytes(` over the package: only the listed files may."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in _ALLOWED:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if _READER.search(code) and "BytesIO(" not in code:   # bytes already read through files.py
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == [], found


WORKLOAD = '{"mode": "train", "model": {"name": "m", "layers": 2, "hidden": 64, "heads": 2, ' \
           '"kv_heads": 2, "ffn": 256, "vocab": 1000}%s}'


@pytest.mark.parametrize("text, expect", [
    (WORKLOAD % ', "mfu": Infinity', "field 'mfu': Infinity is not allowed; numbers must be finite"),
    (WORKLOAD % ', "mfu": NaN', "field 'mfu': NaN is not allowed"),
    (WORKLOAD % ', "mfu": 1e400', "field 'mfu': number 1e400 is too large"),
    (WORKLOAD % ', "mode": "infer"', "field 'mode': given twice ('train' and 'infer')"),
    (WORKLOAD % (', "preset": ' + "[" * 100 + "]" * 100), "nested too deeply (more than 64 levels)"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    (WORKLOAD % (', "mfu": ' + "9" * 5000), "number with 5000 digits is too large"),
    ("", "file is empty"),
    ("{", "not valid JSON at line 1 column 2"),
], ids=["infinity", "nan", "1e400", "duplicate", "deep", "very-deep", "huge-int", "empty", "truncated"])
def test_workload_file_has_the_build_readers_protections(tmp_path, text, expect):
    path = tmp_path / "wl.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_workload_file(path)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith(f"{path}: ") and expect in msg, msg


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_cli_workload_fifo_exits_2_in_one_line(tmp_path):
    fifo = tmp_path / "wl.json"
    os.mkfifo(fifo)
    build = ROOT / "examples" / sorted(p.name for p in (ROOT / "examples").glob("*.json"))[0]
    proc = subprocess.run([sys.executable, "-m", "configurator", "evaluate", str(build), "--workload", str(fifo)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "pipe (FIFO)" in proc.stderr, proc.stderr


@pytest.mark.parametrize("case", corpus_cases()["workload"], ids=lambda c: Path(c["file"]).name)
def test_workload_corpus(case):
    path = CORPUS / case["file"]
    with pytest.raises(InputError) as info:
        load_workload_file(path)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith(f"{path}: ") and case["expect"] in msg, msg


def test_every_workload_file_is_listed():
    listed = {c["file"] for c in corpus_cases()["workload"]}
    assert {str(p.relative_to(CORPUS)) for p in (CORPUS / "workloads").glob("*")} == listed
