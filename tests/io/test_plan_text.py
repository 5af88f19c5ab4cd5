"""The upgrade plan as text in Chinese (`configurator plan`, `evaluate --before`): labels, the PSU and
feed-loss verdicts and the problems translated; in English the same verdicts as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from io_helpers import upgraded_probe

from configurator.launch import main
from configurator.words import i18n

H200, PSU = "nvidia-h200-sxm5-141gb", "supermicro-psu-3000w-titanium"


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> tuple[Path, Path]:
    """(the imported server, the same with 7 more H200s and only 4 of its 6 PSUs: a feed loss overloads it)."""
    return upgraded_probe(tmp_path_factory.mktemp("plan-text"), {**{f"GPU{i}": H200 for i in range(2, 9)},
                                                                 **{f"PSU{i}": PSU for i in range(1, 5)}})


def _run(args: list[str], capsys) -> str:
    try:
        main(args)
    finally:
        i18n.set_language("en")
    return capsys.readouterr().out


def test_plan_in_english_keeps_its_verdicts(files, capsys):
    before, after = files
    out = _run(["plan", str(before), str(after)], capsys)
    assert "no PSU → 4 x 3000 W 4+2, " in out and "% at peak" in out
    assert "feed A lost: " in out and "% of the rest (overloaded)" in out and "New problems (" in out


@pytest.mark.parametrize("command", ["plan", "evaluate"])
def test_upgrade_text_in_chinese_translates_the_verdicts(files, capsys, command):
    before, after = files
    args = ["plan", str(before), str(after)] if command == "plan" else ["evaluate", str(after), "--before", str(before)]
    out = _run([*args, "--lang", "zh_CN"], capsys)
    upgrade = out.split("升级：", 1)[-1]
    for words in ("无电源 → 4 × 3000 W，4+2 冗余，峰值负载", "A 路失电：其余电源负载", "（过载）", "新增问题（", "新增 ",
                  "功耗，典型（W）", "电源峰值负载（%）", "成本", "新增部件", "错误", "若供电路 A 中断"):
        assert words in upgrade, words
    for english in ("no PSU", "at peak", "feed A lost", "of the rest", "overloaded", "New problems", "ADD", "PSUs",
                    "Feed loss", "Cost", "new parts", "typical_w", "If feed"):
        assert english not in upgrade, english
