"""`--lang zh_CN` on the commands whose text used to stay English: import (its notes), workload,
catalog and evaluate's already-installed BOM lines and exchange-rate note."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from configurator.launch import main
from configurator.words import i18n

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"
HAN = re.compile(r"[\u4e00-\u9fff]")


def _run(args: list[str], capsys) -> tuple[str, str]:
    try:
        main([*args, "--lang", "zh_CN"])
    finally:
        i18n.set_language("en")
    got = capsys.readouterr()
    return got.out, got.err


def test_import_prints_its_notes_in_chinese(tmp_path, capsys):
    out, err = _run(["import", "inventory", str(PROBE), "--chassis", "supermicro-sys-821ge-tnhr",
                     "-o", str(tmp_path / "s.json")], capsys)
    notes = [ln for ln in out.splitlines() if ln.startswith("说明：")]
    assert len(notes) >= 8 and "未匹配" in out and "已写入" in err, out
    for note in notes:          # every note has its zh_CN wording (words/import_words.py)
        body = note.removeprefix("说明：")
        assert HAN.search(body), note
    for english in ("note:", "wrote ", "UNMATCHED", "unknown", "not placed", "matched to the catalog"):
        assert english not in out, english


def test_workload_text_in_chinese(capsys):
    out, _ = _run(["workload", "--preset", "llama-2-70b", "--mode", "infer", "--gpu", "nvidia-h100-sxm5-80gb",
                   "--gpus", "8"], capsys)
    for words in ("推理", "权重", "KV 缓存", "合计", "放得下", "可容纳的最大批量", "解码", "受显存带宽限制", "服务吞吐量"):
        assert words in out, words
    for english in ("weights", "kv_cache", "per GPU at the peak", "Fits", "largest batch", "decode", "-bound"):
        assert english not in out, english


def test_catalog_and_evaluate_in_chinese(tmp_path, capsys):
    out, _ = _run(["catalog", "--category", "accessory"], capsys)
    assert "无价格" in out and "no price" not in out
    before = tmp_path / "s.json"
    assert main(["import", "inventory", str(PROBE), "--chassis", "supermicro-sys-821ge-tnhr", "-o", str(before)]) == 0
    capsys.readouterr()
    out, _ = _run(["evaluate", str(before)], capsys)
    assert "NVIDIA H200 SXM5 141GB（已安装）" in out and "(already installed)" not in out
    assert "美元汇率" in out and "exchange rates" not in out


def test_verify_text_in_chinese(capsys):
    hgx = str(Path(__file__).resolve().parents[2] / "examples" / "hgx-h100-8gpu.json")
    out, _ = _run(["verify", hgx, str(PROBE)], capsys)
    assert out.startswith("已与 ") and "不符 gpu" in out and "缺失" in out and "处不符" in out, out
    assert "未核对       配置中的 6 个 psu 无法核对" in out        # category keys stay as they are
    for english in ("Verified against", "DIFF", "MISSING", "not reported", "difference(s)", "in the build"):
        assert english not in out, english


def test_compare_units_in_chinese(capsys):
    examples = Path(__file__).resolve().parents[2] / "examples"
    out, _ = _run(["compare", str(examples / "hgx-h100-8gpu.json"), str(examples / "seed-7b-training.json")], capsys)
    assert "训练时间 (天)" in out and "(days)" not in out


@pytest.mark.parametrize("args, english", [
    (["inventory", "{tmp}/nowhere"], "not a folder of inventory files or a probe file"),
    (["inventory", str(PROBE), "--chassis", "no-such-chassis"], "is not a catalog chassis"),
    (["redfish", "ftp://bmc"], "not an http(s):// URL of a BMC"),
])
def test_import_errors_are_one_line_in_either_language(args, english, tmp_path, capsys):
    args = [a.replace("{tmp}", str(tmp_path)) for a in ["import", *args, "-o", str(tmp_path / "s.json")]]
    assert main([*args, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and english in err and "Traceback" not in err, err
    _, err = _run(args, capsys)
    assert err.count("\n") == 1 and HAN.search(err) and english not in err, err
