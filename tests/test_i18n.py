"""Qt-free messages through gettext: language choice, catalogs complete and current, CLI in Chinese."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from configurator.cli import main as cli
from configurator.core.fx import parse_fx
from configurator.core.message import Msg, Num
from configurator.store import paths
from configurator.words import i18n
from configurator.words.render import say

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "resources" / "locale"
PO = LOCALE / "zh_CN" / "LC_MESSAGES" / "configurator.po"
CJK = re.compile(r"[\u4e00-\u9fff]")
# messages whose Chinese has no Han character: a product term, full-width punctuation only
SAME_IN_CHINESE = {"pcie", "{chassis} ({units}U, {kg} kg)", ", ", "{n} tokens/s",   # ", " is "、", a CJK punctuation mark
                   # the quote's words (msgctxt "quote"): the names of the kinds as they are, "GPUs" is GPU
                   "quote|GPU", "quote|CPU", "quote|GPUs", "quote|, ",   # "，" a full-width comma
                   # the rules' joiners and fragments: "{first}；{rest}", "{fewer}、{more}", "GPU1 x16", "38 %"
                   "{first}; {rest}", "{fewer} and {more}", "{slot} x{n}", "{pct:.0f} %",
                   "{text}", "{file}: {details}", "{field}: {details}",     # a text as given; a file before its error
                   "PCIe Gen{gen} x{lanes}",     # a bandwidth link's name: a product term
                   "; ",     # a BOM line's alternatives joined (words/alternative_words.py): "；", full-width
                   "{board} ({n} × {gpus})"}     # owned GPUs' baseboard: full-width brackets "{board}（{n} × {gpus}）"


@pytest.fixture
def zh():
    """Chinese for one test, English again afterwards."""
    yield i18n.set_language("zh_CN")
    i18n.set_language("en")


@pytest.mark.parametrize(("tag", "lang"), [
    ("zh_CN.UTF-8", "zh_CN"), ("zh-CN", "zh_CN"), ("zh", "zh_CN"), ("zh_Hans_CN", "zh_CN"), ("zh_TW", None),
    ("en_US.UTF-8", "en"), ("en_GB", "en"), ("C", "en"), ("POSIX", "en"), ("de_DE", None), ("", None), ("??", None),
])
def test_normalize(tag, lang):
    assert i18n.normalize(tag) == lang


def test_choice_order_explicit_env_saved_system(monkeypatch):
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    monkeypatch.setenv("LANGUAGE", "zh_CN:en")
    assert i18n.system_language() == "zh_CN"
    assert i18n.choose_language() == "zh_CN"
    assert i18n.choose_language(saved="en") == "en"
    monkeypatch.setenv(i18n.ENV_VAR, "zh_CN")
    assert i18n.choose_language(saved="en") == "zh_CN"
    assert i18n.choose_language("en", saved="zh_CN") == "en"
    with pytest.raises(ValueError, match="unsupported language 'fr'"):
        i18n.choose_language("fr")


def test_pot_matches_the_code_and_every_message_is_translated(tmp_path):
    pot = tmp_path / "fresh.pot"
    subprocess.run([str(Path(sys.executable).parent / "pybabel"), "extract", "-F", str(LOCALE / "babel.cfg"),
                    "-k", "_", "-k", "N_", "-k", "P_:1,2", "-k", "C_:1c,2", "--no-location", "-o", str(pot), "."],
                   check=True, capture_output=True, cwd=ROOT, timeout=120)
    # an entry with a msgctxt is its own message: "quote|Description" (品名) is not "Description" (描述)
    with open(pot, "rb") as fh:
        fresh = {_msg_key(m) for m in read_po(fh) if m.id}
    with open(PO, "rb") as fh:
        po = {_msg_key(m): m.string for m in read_po(fh) if m.id}
    assert fresh <= set(po), f"run `make translations`: new messages {sorted(fresh - set(po))}"
    text = {mid: "".join(s) if isinstance(s, tuple | list) else s for mid, s in po.items()}
    missing = [mid for mid in fresh if not text.get(mid) or not (CJK.search(text[mid]) or mid in SAME_IN_CHINESE)]
    assert not missing, f"untranslated: {missing}"


def _msg_key(m) -> str:
    """An entry as the tests name it: "quote|Description" for a msgctxt entry, else its msgid."""
    msgid = m.id[0] if isinstance(m.id, tuple | list) else m.id
    return f"{m.context}|{msgid}" if m.context else msgid


def _key(value: object) -> object:
    """A message id or string as one hashable value (a plural's forms as a tuple)."""
    return tuple(value) if isinstance(value, list | tuple) else value


def test_committed_mo_is_compiled_from_the_po():
    with open(PO, "rb") as fh:
        po = {(m.context, _key(m.id)): _key(m.string) for m in read_po(fh) if m.id and m.string}
    with open(PO.with_suffix(".mo"), "rb") as fh:
        mo = {(m.context, _key(m.id)): _key(m.string) for m in read_mo(fh) if m.id}
    assert mo == po, "run `make translations`: the .mo is stale"


def test_templates_fill_in_the_values(zh):
    assert i18n._("{n} parts").format(n=5) == "共 5 个部件"
    airflow = Msg("assume.airflow", delta_f=Num(20, "g"), delta_c=Num(20 / 1.8, ".1f"))
    assert say(airflow) == "风量按进风到出风温升 20 °F（11.1 °C）计算。"
    assert say(airflow, "en") == "Airflow is for a 20 °F (11.1 °C) inlet-to-exhaust temperature rise."
    assert i18n._("Something the catalog does not know.") == "Something the catalog does not know."


def test_every_assumption_the_engine_makes_is_translated(zh):
    """Every assumption core/evaluator.py makes reads in Chinese (words/assumption_words.py), the
    exchange-rate note's dates included."""
    from configurator.core.evaluator import evaluate
    from configurator.store.build_files import read_build
    from configurator.store.catalogs import default_catalog

    cat = default_catalog()
    fx = parse_fx('[[rates]]\ncurrency = "EUR"\nper_usd = 0.9\nminor_unit = 2\ndate = "2026-11-30"\n'
                  'confidence = "estimate"\n')
    seen = set()
    for path in sorted(paths.examples_dir().glob("*.json")):
        build = read_build(path, catalog=cat).build
        seen.update(evaluate(build, cat, fx=fx).assumptions)
        build.placements = {k: v for k, v in build.placements.items() if not k.upper().startswith("PSU")}
        seen.update(evaluate(build, cat).assumptions)  # without PSUs: the assumed-efficiency one
    assert {a.id for a in seen} == {"assume.psu-efficiency", "assume.airflow", "assume.typical-power",
                                    "assume.bandwidth", "assume.fx"}
    untranslated = [say(a) for a in seen if not CJK.search(say(a))]
    assert not untranslated, untranslated
    fx_note = next(say(a) for a in seen if a.id == "assume.fx")
    assert fx_note == "价格按 2026-11-30（估计值） 的美元汇率 换算。"
    assert say(next(a for a in seen if a.id == "assume.fx"), "en") == (
        "Prices converted with exchange rates per USD of 2026-11-30 (estimate).")


def _cli(*args: str, capsys) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    i18n.set_language("en")
    return code, out.out, out.err


def test_check_lang_zh_cn_on_a_build_with_errors(tmp_path, capsys):
    data = json.loads((paths.examples_dir() / "hgx-h100-8gpu.json").read_text(encoding="utf-8"))
    data["placements"] = {k: v for k, v in data["placements"].items() if not k.upper().startswith("PSU")}
    broken = tmp_path / "no-psu.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = _cli("check", str(broken), "--lang", "zh_CN", capsys=capsys)
    assert code == 1
    assert re.search(r"^错误 +\S+:", out, re.M), out
    assert re.search(r"^\d+ 个错误，\d+ 个警告，\d+ 条提示$", out, re.M), out
    code, out, _ = _cli("check", str(broken), capsys=capsys)
    assert code == 1 and "error(s)" in out and not CJK.search(out.splitlines()[-1])


def test_catalog_evaluate_quote_follow_the_language(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(i18n.ENV_VAR, "zh_CN")
    hgx = str(paths.examples_dir() / "hgx-h100-8gpu.json")
    code, _, err = _cli("catalog", capsys=capsys)
    assert code == 0 and re.search(r"共 \d+ 个部件", err)
    code, out, _ = _cli("evaluate", hgx, capsys=capsys)
    assert code == 0 and "假设条件：" in out and "风量按进风到出风温升" in out
    code, out, err = _cli("--lang", "en", "quote", hgx, "-o", str(tmp_path / "q.pdf"), capsys=capsys)
    assert code == 0 and err.startswith("wrote ") and out == ""     # "wrote FILE" on stderr, as everywhere


def test_unknown_lang_is_a_one_line_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["check", "x.json", "--lang", "fr"])
    assert exc.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_missing_catalog_for_a_language_is_reported(monkeypatch, tmp_path):
    monkeypatch.setattr(paths, "locale_dir", lambda: tmp_path)
    with pytest.raises(paths.ShippedDataMissingError, match="configurator.mo"):
        i18n.load_catalog("zh_CN")


def test_evaluate_text_in_chinese_labels_every_figure(capsys):
    """The terminal report's labels, its words and the BOM frame follow the language; English stays as it was."""
    hgx = str(paths.examples_dir() / "hgx-h100-8gpu.json")
    code, out, _ = _cli("evaluate", hgx, "--lang", "zh_CN", capsys=capsys)
    assert code == 0
    figures = out.split("\n\n")[1].splitlines()
    assert len(figures) >= 9 and all(CJK.search(line[:7]) for line in figures), figures
    assert "瓶颈" in out and "物料清单（USD）" in out and "小计" in out and "总计（USD，不含税）" in out
    assert not re.search(r"\b(idle|typical|usable|quoted|cores|channels|years)\b", "\n".join(figures)), figures
    code, out, _ = _cli("evaluate", hgx, capsys=capsys)
    assert out.startswith("Supermicro") and "\nPower      idle " in out and "Bill of materials (USD)" in out
