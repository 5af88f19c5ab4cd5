"""Input errors under zh_CN: one Chinese line naming the file and the field, exit 2, no traceback.

Every broken file of tests/corpus (builds, workloads, price lists, catalogs, exchange rates, vendor
settings) is read under zh_CN; what it says must carry Chinese and no English sentence once the
file name, the field and quoted values are set aside (words/*_words.py hold the wordings,
words/error_templates.py what is still worded where it is raised). English stays exactly as it was.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from io_helpers import CORPUS, corpus_cases

from configurator.launch import main
from configurator.store import paths
from configurator.words import i18n
from configurator.words.errors import issue_line

CASES = corpus_cases()
HAN = re.compile(r"[\u4e00-\u9fff]")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
# three English words in a row: an explanation left untranslated (file names and quoted values removed)
SENTENCE = re.compile(r"\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){2,}\b")


@pytest.fixture
def zh():
    yield i18n.set_language("zh_CN")
    i18n.set_language("en")


def _english_left(line: str, *names: str) -> str | None:
    """The English sentence left in `line` once `names` (files, fields) and quoted values are removed."""
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, " ")
    found = SENTENCE.search(QUOTED.sub(" ", line))
    return found.group(0) if found else None


def _main_zh(args: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = main([*args, "--lang", "zh_CN"])
    finally:
        i18n.set_language("en")
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("case", CASES["build"], ids=lambda c: Path(c["file"]).name)
def test_broken_build_is_one_chinese_line(case, capsys):
    path = str(CORPUS / case["file"])
    code, _, err = _main_zh(["check", path], capsys)
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, err
    line = lines[0]
    assert line.startswith(f"configurator: {path}: ") and HAN.search(line), line
    if case.get("field"):
        assert f"字段 '{case['field']}" in line, line   # a prefix: long fields are clipped
    assert _english_left(line, path, "configurator") is None, line


def test_bad_build_file_as_a_user_runs_it(tmp_path):
    """The example of issue #16, as a real process: file and field kept, the explanation Chinese."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "chassis": 5}', encoding="utf-8")
    env = {"PYTHONPATH": str(paths.repo_root()), "PYTHONIOENCODING": "utf-8", "CONFIGURATOR_LANG": "zh_CN",
           "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "configurator", "check", str(bad)], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120, cwd=paths.repo_root())
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == f"configurator: {bad}: 字段 'chassis'：输入应为有效的字符串\n"


def test_english_error_lines_are_unchanged(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "chassis": 5}', encoding="utf-8")
    assert main(["check", str(bad), "--lang", "en"]) == 2
    assert capsys.readouterr().err == f"configurator: {bad}: field 'chassis': Input should be a valid string\n"


@pytest.mark.parametrize("case", CASES["workload"], ids=lambda c: Path(c["file"]).name)
def test_broken_workload_is_one_chinese_line(case, capsys):
    path = str(CORPUS / case["file"])
    hgx = str(paths.examples_dir() / "hgx-h100-8gpu.json")
    code, _, err = _main_zh(["evaluate", hgx, "--workload", path], capsys)
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1, err
    assert path in lines[0] and HAN.search(lines[0]), lines[0]
    assert _english_left(lines[0], path, "configurator") is None, lines[0]


@pytest.mark.parametrize("case", CASES["price"], ids=lambda c: Path(c["file"]).name)
def test_price_list_problems_in_chinese(case, zh):
    from configurator.store.catalogs import load_price_file

    _, issues = load_price_file(CORPUS / case["file"])
    for issue in issues:
        line = issue_line(issue)
        assert HAN.search(line) and _english_left(line, issue.file, issue.entry, issue.field) is None, line


@pytest.mark.parametrize("case", CASES["catalog"] + CASES["fx"], ids=lambda c: c.get("dir") or c["file"])
def test_catalog_and_rate_warnings_in_chinese(case, zh):
    from configurator.store.catalogs import load_catalog
    from configurator.store.fx_rates import read_fx

    issues = []
    if "dir" in case:
        issues = list(load_catalog([CORPUS / case["dir"]], []).issues)
    else:
        read_fx(CORPUS / case["file"], issues)
    for issue in issues:
        line = issue_line(issue)
        assert HAN.search(line) and _english_left(line, issue.file, issue.entry, issue.field) is None, line


@pytest.mark.parametrize("case", [c for c in CASES["settings"] if not c.get("generated")],
                         ids=lambda c: Path(c["file"]).name)
def test_bad_vendor_settings_in_chinese(case, zh, monkeypatch):
    from configurator.store.vendor_settings import QuoteError, load_settings

    monkeypatch.chdir(paths.repo_root())
    path = Path("tests/corpus") / case["file"]
    with pytest.raises(QuoteError) as info:
        load_settings(path)
    line = i18n.translate_error(str(info.value))
    assert HAN.search(line) and _english_left(line, str(path), *re.findall(r"[\w./-]+\.(?:png|gif|toml)", line)) \
        is None, line
