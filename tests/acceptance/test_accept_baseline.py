"""Done when: a baseline of a server, then results with one GPU's bandwidth 20 % lower and one DIMM
missing, gives a comparison that names exactly those two."""

from __future__ import annotations

import json

import pytest
from accept_servers import ACCEPT, BUILD, results_folder

from configurator.core.acceptance import compare, plan_for
from configurator.formats.importers.acceptance import read_results
from configurator.launch import main
from configurator.store.acceptance_baselines import baseline_path, load_baseline, save_baseline
from configurator.store.acceptance_references import load_references
from configurator.store.build_files import read_build
from configurator.store.catalogs import default_catalog
from configurator.words import say


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    return tmp_path


def test_the_comparison_names_exactly_the_slower_gpu_and_the_missing_dimm(home):
    catalog = default_catalog()
    plan = plan_for(read_build(BUILD, catalog).build, catalog, load_references())
    first = read_results(results_folder(home / "day0"))
    assert first.server_key == "S421337X3A01234"
    save_baseline(first)
    later = read_results(results_folder(home / "day90", slower_gpu=3, missing_dimm=1))
    baseline = load_baseline(later.server_key)
    assert baseline == first
    found = compare(baseline, later, plan).findings
    assert [(f.kind, f.subject) for f in found] == [("missing", "dimm:80CE01230001"), ("slower", "h2d.3")]
    assert found[1].delta_pct == pytest.approx(-20, abs=0.1)
    assert say(found[0].message) == "missing: dimm at P1-DIMMB1 (serial 80CE01230001)"
    assert say(found[1].message).startswith("GPU4 (index 3): host to device bandwidth: 26.0 → 20.8 (-20 %")
    assert compare(baseline, read_results(results_folder(home / "same")), plan).unchanged


def test_the_same_through_the_command_line(home, capsys):
    assert main(["accept", "import", str(BUILD), str(results_folder(home / "day0")), "--baseline"]) == 1
    assert baseline_path("S421337X3A01234").exists()
    capsys.readouterr()
    later = results_folder(home / "day90", slower_gpu=3, missing_dimm=1)
    assert main(["accept", "compare", str(BUILD), str(later), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [f["subject"] for f in data["comparison"]["findings"]] == ["dimm:80CE01230001", "h2d.3"]


def test_compare_without_a_stored_baseline_is_one_line_exit_2(home, capsys):
    assert main(["accept", "compare", str(BUILD), str(results_folder(home / "run"))]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no baseline stored for server S421337X3A01234" in err[0]


KIND = '"kind": "ai-server-configurator/acceptance-baseline"'
#: a baseline file given with --against (store/acceptance_baselines.py), the English after
#: "configurator: <file>: " as it read before, and the Chinese (words/acceptance_words.py "accept.baseline.*")
BAD_BASELINES = [
    ("{\n", "not a baseline (Expecting property name enclosed in double quotes: line 2 column 1 (char 2))",
     "不是基线文件（此处应为用双引号括起的属性名：第 2 行第 1 列（第 2 个字符））"),
    ('{"kind": "x"}', "field 'kind': not an acceptance baseline (expected 'ai-server-configurator/acceptance-baseline')",
     "字段 'kind'：不是验收基线（应为 'ai-server-configurator/acceptance-baseline'）"),
    ("{" + KIND + ', "results": {"seen": []}}', "field 'results': malformed ('measured')",
     "字段 'results'：格式有误（'measured'）"),
]


def _main(args: list[str], lang: str, capsys) -> tuple[int, str]:
    from configurator.words import i18n

    try:
        code = main([*args, "--lang", lang])
    finally:
        i18n.set_language("en")
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("content", "english", "chinese"), BAD_BASELINES, ids=["json", "kind", "results"])
def test_a_bad_baseline_file_is_one_line_in_english_and_in_chinese(home, capsys, content, english, chinese):
    """`accept compare --against FILE`: exit 2, one line naming the file and the field, no traceback."""
    results = results_folder(home / "run")
    bad = home / "baseline.json"
    bad.write_text(content, encoding="utf-8")
    for lang, line in (("en", english), ("zh_CN", chinese)):
        code, err = _main(["accept", "compare", str(BUILD), str(results), "--against", str(bad)], lang, capsys)
        assert code == 2 and err == f"configurator: {bad}: {line}\n", err


def test_a_baseline_whose_results_are_not_an_object_is_one_line_not_a_traceback(home, capsys):
    """Before, `"results": []` ended in an AttributeError's traceback."""
    bad = home / "baseline.json"
    bad.write_text("{" + KIND + ', "results": []}', encoding="utf-8")
    code, err = _main(["accept", "compare", str(BUILD), str(results_folder(home / "run")), "--against", str(bad)],
                      "en", capsys)
    assert code == 2 and err.startswith(f"configurator: {bad}: field 'results': malformed (") and "Traceback" not in err


def test_a_missing_baseline_file_is_said_once(home, capsys):
    """The file's name once (it read `x: not a baseline (x: no such file)`), in Chinese under zh_CN."""
    absent = home / "absent.json"
    args = ["accept", "compare", str(BUILD), str(results_folder(home / "run")), "--against", str(absent)]
    assert _main(args, "en", capsys) == (2, f"configurator: {absent}: no such file\n")
    assert _main(args, "zh_CN", capsys) == (2, f"configurator: {absent}: 文件不存在\n")


def test_results_without_a_serial_cannot_become_a_baseline(home, capsys):
    """`accept import --baseline` of results with no system, GPU or DIMM serial: one line, exit 2."""
    folder = home / "no-serial"
    folder.mkdir()
    (folder / "nvbandwidth.txt").write_text((ACCEPT / "nvbandwidth-readme.txt").read_text())
    (folder / "steps.tsv").write_text("step\tstatus\tseconds\treason\n")
    args = ["accept", "import", str(BUILD), str(folder), "--baseline"]
    code, err = _main(args, "en", capsys)
    assert (code, err) == (2, "configurator: results: field 'system_serial': no serial number to key the baseline by "
                              "(run the acceptance script as root so dmidecode reads it)\n")
    code, err = _main(args, "zh_CN", capsys)
    assert (code, err) == (2, "configurator: results: 字段 'system_serial'：没有可作为基线键的序列号（请以 root 身份"
                              "运行验收脚本，以便 dmidecode 读取序列号）\n")
    assert not baseline_path("").exists()
