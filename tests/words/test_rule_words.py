"""The rules' words: every id a rule says has its entry, every entry is said by a rule, counts choose plurals."""

from __future__ import annotations

import re
from pathlib import Path

from configurator.core.message import Msg, items
from configurator.words import say
from configurator.words.rule_words import WORDS
from configurator.words.table import TABLE

RULES = Path(__file__).resolve().parents[2] / "configurator" / "core" / "rules"
SAID = re.compile(r'Msg\(\s*"([a-z0-9.-]+)"')


def _said() -> set[str]:
    return {m for p in RULES.glob("*.py") for m in SAID.findall(p.read_text(encoding="utf-8"))}


def test_every_id_a_rule_says_has_its_words():
    assert not sorted(_said() - TABLE.keys())


def test_every_entry_is_said_by_a_rule():
    """An entry no rule says is a wording nobody sees (a leftover of a rewording)."""
    assert not sorted(WORDS.keys() - _said())


def test_a_count_chooses_the_wording_in_english_and_one_form_in_chinese():
    one = Msg("gpu.too-many.fix", n=1, slots=items(["GPU9"]))
    two = Msg("gpu.too-many.fix", n=2, slots=items(["GPU9", "GPU10"]))
    assert say(one, "en") == "Remove the GPU in GPU9."
    assert say(two, "en") == "Remove the GPUs in GPU9 and GPU10."
    assert say(two, "zh_CN") == "移除 GPU9 和 GPU10 中的 GPU。"


def test_numbers_are_formatted_by_the_template():
    message = Msg("mem.host-ram-low", host=1536.0, vram=1128.0, ratio=1536 / 1128, factor=2.0)
    assert say(message, "en").startswith("Host memory is 1,536 GB for 1,128 GB of GPU memory (1.36×); ")
    assert "1,536 GB" in say(message, "zh_CN")
