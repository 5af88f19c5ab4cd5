"""Input errors under zh_CN: one Chinese line naming the file and the field, exit 2, no traceback.

Every broken file of tests/corpus (builds, workloads, price lists, catalogs, exchange rates, vendor
settings) is read under zh_CN; what it says must carry Chinese and no English sentence once the
file name, the field and quoted values are set aside (words/*_words.py hold the wordings, tomllib's
reasons and the OS's errors included: words/library_words.py). English stays exactly as it was.
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
from configurator.words.errors import error_text, issue_line

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
    line = error_text(info.value)
    assert HAN.search(line) and _english_left(line, str(path), *re.findall(r"[\w./-]+\.(?:png|gif|toml)", line)) \
        is None, line


def test_a_toml_syntax_error_reads_in_chinese_with_its_position(tmp_path, zh):
    """tomllib's reason and position are data (core/library_errors.py), worded by words/library_words.py."""
    from configurator.store.tender_files import load_tender
    from configurator.store.vendor_settings import QuoteError, load_settings

    settings = tmp_path / "bad.toml"
    settings.write_text("[vendor]\ncompany = \n", encoding="utf-8")
    with pytest.raises(QuoteError) as info:
        load_settings(settings)
    assert str(info.value) == f"{settings}: not valid TOML: Invalid value (at line 2, column 11)"   # English as it was
    assert error_text(info.value) == f"{settings}: 不是有效的 TOML：无效的值（第 2 行第 11 列）"
    tender = tmp_path / "tender.toml"
    tender.write_text('[[requirement]]\nkey = "a"\nkey = "b"\n', encoding="utf-8")
    with pytest.raises(ValueError) as info:
        load_tender(tender)
    assert str(info.value) == f"{tender}: not valid TOML (Cannot overwrite a value (at line 3, column 10))"
    line = error_text(info.value)
    assert HAN.search(line) and _english_left(line, str(tender)) is None and "第 3 行" in line, line


@pytest.mark.parametrize("name,english,chinese", [
    ("missing.json", "no such file", "文件不存在"),
    ("plain.json/inside.json", "cannot read: Not a directory", "无法读取：不是目录"),   # ENOTDIR, by its errno
    ("n" * 300 + ".json", "cannot read: File name too long", "无法读取：文件名过长"),     # ENAMETOOLONG
])
def test_a_missing_or_unreadable_file_reads_in_chinese(name, english, chinese, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain.json").write_text("{}", encoding="utf-8")
    code, _, err = _main_zh(["check", name], capsys)
    assert code == 2 and err.startswith("configurator: ") and err.rstrip().endswith(f": {chinese}"), err
    assert main(["check", name]) == 2
    assert capsys.readouterr().err.rstrip().endswith(f": {english}")


def test_an_os_error_the_app_does_not_word_is_shown_as_given():
    import errno

    from configurator.core.library_errors import OS_ERRORS, os_msg
    from configurator.words.render import say

    assert errno.ECONNRESET not in OS_ERRORS
    reset = ConnectionResetError(errno.ECONNRESET, "Connection reset by peer")
    assert say(os_msg(reset), "zh_CN") == "Connection reset by peer"
    assert say(os_msg(FileNotFoundError(errno.ENOENT, "whatever the OS says")), "zh_CN") == "没有那个文件或目录"


def test_unsupported_lang_is_one_chinese_line():
    from configurator.core.input_error import InputError

    with pytest.raises(InputError) as info:
        i18n.choose_language("fr")
    assert str(info.value) == "--lang: unsupported language 'fr' (choose from en, zh_CN)"
    assert error_text(info.value, "zh_CN") == "--lang: 不支持的语言 'fr'（可选：en, zh_CN）"


@pytest.mark.parametrize("args,english", [
    (["-o", "out.docx"], "out.docx: no exporter for .docx (known: "),
    (["-o", "out.pdf", "--format", "upgrade-pdf"], "no parts are marked owned, so there is no server to upgrade"),
])
def test_a_refused_export_is_one_chinese_line(args, english, tmp_path, capsys, monkeypatch):
    """The registry's and the upgrade export's refusals are messages (words/format_words.py)."""
    monkeypatch.chdir(tmp_path)
    build = str(paths.repo_root() / "examples" / "hgx-h100-8gpu.json")
    code, _, err = _main_zh(["export", build, *args], capsys)
    assert code == 2 and err.count("\n") == 1 and HAN.search(err), err
    assert _english_left(err, build, "configurator", "out.docx", "BEFORE", "AFTER") is None, err
    assert main(["export", build, *args]) == 2
    assert english in capsys.readouterr().err


def test_a_corrupt_quote_counter_and_a_path_with_no_results_read_in_chinese(tmp_path, zh):
    from configurator.formats.importers.acceptance.folder import read_results
    from configurator.store import quote_counter

    bad = tmp_path / "quote-counter.json"
    bad.write_text('{"years": []}', encoding="utf-8")
    with pytest.raises(quote_counter.QuoteError) as info:
        quote_counter._read(bad)
    assert str(info.value) == f"{bad}: quote counter is corrupt; fix field 'years' or remove the file"
    assert error_text(info.value) == f"{bad}: 报价编号计数器已损坏；请修正字段 'years' 或删除该文件"
    nowhere = tmp_path / "nowhere"
    with pytest.raises(ValueError) as info:
        read_results(nowhere)
    assert str(info.value) == f"{nowhere}: not an acceptance results folder or a probe file"
    assert error_text(info.value) == f"{nowhere}: 不是验收结果文件夹，也不是探测文件"


def test_a_comparison_refused_and_an_edit_refused_read_in_chinese(zh):
    """`CompareError` is a message naming the column and the field; an `OpError` is worded from its `msg`."""
    from configurator.core.compare.comparison import CompareError, compare_error
    from configurator.core.message import Msg
    from configurator.core.ops import OpError

    err = compare_error("HGX (A)", "currency", Msg("compare.no-rate", old="USD", new="XXX"))
    assert isinstance(err, CompareError) and str(err) == "HGX (A): currency: no exchange rate USD→XXX"
    assert error_text(err) == "HGX (A): currency: 没有 USD→XXX 的汇率"
    refused = OpError(Msg("op.unknown-chassis", chassis="nope"))
    assert HAN.search(error_text(refused)) and "op.unknown-chassis" not in error_text(refused)
