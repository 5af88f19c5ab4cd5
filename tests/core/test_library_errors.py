"""tomllib's refusals read by their own format (reason + position), each reason looked up exactly;
the English wording of every message is tomllib's own, so English output is unchanged."""

from __future__ import annotations

import tomllib

import pytest

import configurator.words  # noqa: F401 - the words' English wording of the messages
from configurator.core.library_errors import TOML_REASONS, toml_msg
from configurator.core.message import Msg
from configurator.words.render import say

BROKEN = [
    "a = ",                     # Invalid value
    "a = 1\na = 2",             # Cannot overwrite a value
    "[a]\n[a]",                 # Cannot declare ('a',) twice
    "a = [1, 2",                # Unclosed array
    "a = {b = 1",               # Unclosed inline table
    'a = "x',                   # Unterminated string
    "a = 1 b = 2",              # Expected newline or end of document after a statement
    "= 1",                      # Invalid statement
    "a b = 1",                  # Expected '=' after a key in a key/value pair
    "[a",                       # Expected ']' at the end of a table declaration
    "[[a]",                     # Expected ']]' at the end of an array declaration
    'a = "\\q"',                # Unescaped '\' in a string
    "a = {b = 1, b = 2}",       # Duplicate inline table key 'b'
    'a = "x\ty\x01"',           # Illegal character '\x01'
    "a = 1" + "0" * 5000,       # Python's limit on integer digits
]


@pytest.mark.parametrize("text", BROKEN, ids=range(len(BROKEN)))
def test_every_reason_is_a_message_worded_as_tomllib_words_it(text):
    with pytest.raises(ValueError) as info:
        tomllib.loads(text)
    msg = toml_msg(info.value)
    assert say(msg, "en") == str(info.value)
    assert "input.as-given" not in repr(msg), msg
    assert say(msg, "zh_CN") != str(info.value) and not any(r in say(msg, "zh_CN") for r in TOML_REASONS)


def test_a_reason_tomllib_may_add_later_is_kept_as_given_inside_the_position():
    msg = toml_msg(ValueError("Something new (at line 2, column 3)"))
    assert msg == Msg("toml.at", reasons=Msg("input.as-given", text="Something new"), line=2, column=3)
    assert say(msg, "zh_CN").startswith("Something new") and "第 2 行" in say(msg, "zh_CN")
