"""The words: a core `Msg` worded once per language, from one table entry and the gettext catalog."""

from __future__ import annotations

import pytest

from configurator.core.message import GBps, Items, Msg, Watts
from configurator.words import i18n, say
from configurator.words.marks import Plural
from configurator.words.render import UnknownMessageError, join
from configurator.words.table import TABLE


def test_lists_join_the_english_way_and_the_chinese_way():
    en, zh = i18n.load_catalog("en"), i18n.load_catalog("zh_CN")
    assert join(Items(("A",)), en) == "A"
    assert join(Items(("A", "B", "C")), en) == "A, B and C"
    assert join(Items(("A", "B"), conj="or"), en) == "A or B"
    assert join(Items(tuple("ABCDEFGH")), en) == "A, B, C, D, E and 3 more"
    assert join(Items(("A", "B", "C")), zh) == "A、B 和 C"
    assert join(Items(tuple("ABCDEFGH")), zh) == "A、B、C、D、E 等另外 3 个"


def test_quantities_carry_their_unit():
    from configurator.words.render import _word

    en = i18n.load_catalog("en")
    assert _word(Watts(850), en) == "850 W"
    assert _word(Watts(12_345), en) == "12.3 kW"
    assert _word(GBps(64.0), en) == "64 GB/s"
    assert _word(GBps(3.94), en) == "3.9 GB/s"


def test_an_unknown_id_is_a_programming_error():
    with pytest.raises(UnknownMessageError):
        say(Msg("no.such.message"))


def test_every_entry_reads_in_chinese():
    """A message without its zh_CN wording would stay English in a Chinese UI."""
    zh = i18n.load_catalog("zh_CN")
    missing = []
    for msg_id, entry in TABLE.items():
        if isinstance(entry, Plural):
            if entry.singular not in zh.plurals:
                missing.append(msg_id)
        elif entry not in zh.messages:
            missing.append(msg_id)
    assert not missing, f"no zh_CN wording for {missing}"


def test_placeholders_agree_between_english_and_chinese():
    import string

    zh = i18n.load_catalog("zh_CN")
    fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    for entry in TABLE.values():
        pairs = ([(entry.singular, f) for f in zh.plurals.get(entry.singular, ())] if isinstance(entry, Plural)
                 else [(entry, zh.messages.get(entry, entry))])
        for english, chinese in pairs:
            assert fields(english) == fields(chinese), english
