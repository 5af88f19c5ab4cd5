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


def test_an_explanations_working_is_worded_by_type():
    """The working's parameters (core/message.py) in English and in Chinese: numbers in the
    language's symbols, the catalog's field names translated where Chinese has them, quoted data
    introduced only where the language has the label."""
    from configurator.core.message import FieldOf, Num, Quantity, Quoted, Seq, Term
    from configurator.words.render import word

    en, zh, de = i18n.load_catalog("en"), i18n.load_catalog("zh_CN"), i18n.Catalog("de_DE")
    assert (word(Num(0.481, ".1%"), en), word(Num(1234.5, ",.1f"), de)) == ("48.1%", "1.234,5")
    assert (word(Quantity(9935.9, "W"), en), word(Quantity(True), zh), word(Quantity(None), en)) == ("9,935.9 W", "是", "None")
    assert (word(Term("tdp_w"), en), word(Term("tdp_w"), zh)) == ("tdp_w", "热设计功耗 TDP")
    assert word(Term("no-such-field", otherwise="cpu"), zh) == "cpu"
    assert (word(FieldOf("h100", "rating_w"), en), word(FieldOf("h100", "rating_w"), zh)) == ("h100.rating_w",
                                                                                              "h100 额定功率 (rating_w)")
    note = Quoted(Msg("explain.note-catalog-text", text="3 kW PSUs"))
    assert (word(note, en), word(note, zh)) == ("3 kW PSUs", "目录原注（英文）：3 kW PSUs")
    assert word(Seq(Term("tdp_w"), " × ", Term("typical_pct")), zh) == "热设计功耗 TDP × 典型功耗占比"


def test_a_word_in_context_reads_the_contexts_way():
    """msgctxt "quote": a quote's "Description" is 品名, a list's 描述; a word without a context entry
    stays as written."""
    zh = i18n.load_catalog("zh_CN")
    assert (zh.pgettext("quote", "Description"), zh.gettext("Description")) == ("品名", "描述")
    assert zh.pgettext("quote", "no such word") == "no such word"
    from configurator.words.quote_words import IN_CONTEXT, Labels

    assert Labels("zh_CN")("Description") == "品名" and Labels("en")("Description") == "Description"
    assert all(zh.pgettext("quote", w) != w for w in IN_CONTEXT - {"GPU", "CPU"})   # the legend keeps GPU, CPU


def test_chinese_puts_a_space_where_han_text_meets_a_latin_value():
    """Han text and a Latin word or a number are set apart by a space (Microsoft's Chinese (Simplified)
    style guide, "Spacing": a half-width space between Chinese and English or numerals; W3C clreq 3.4.2),
    decided where a value meets the template: 'CPU2 是 CPU 插槽', never '是CPU 插槽' (a drop refused
    in the 1366x768 zh_CN window check)."""
    from configurator.core.categories import noun
    from configurator.core.message import Term
    from configurator.words.render import spaced

    msg = Msg("place.wrong-slot-kind", slot="CPU2", kind=Msg("place.slot.cpu"), part="AMD Instinct MI300X 192GB OAM",
              noun=Term(noun("gpu")))
    zh = say(msg, "zh_CN")
    assert zh == "CPU2 是 CPU 插槽；AMD Instinct MI300X 192GB OAM 是 GPU 加速卡。", zh
    assert say(msg, "en") == "CPU2 is a CPU socket; AMD Instinct MI300X 192GB OAM is a GPU."
    assert spaced("共{n}个", {"n": 3}) == "共 3 个"
    assert spaced("{pct:.0f}%的负载", {"pct": 80.4}) == "80%的负载"     # a sign, not a letter: as written
    assert spaced("升级{label}", {"label": "内存"}) == "升级内存"          # Han meets Han: no space
    assert spaced("{customer}确认", {"customer": "Acme"}) == "Acme 确认"
    assert spaced("若{rack} 的", {"rack": "R1"}) == "若 R1 的"             # the translator's own space kept
    assert spaced("{a}-{b}", {"a": "x", "b": "中"}) == "x-中"


def test_the_chinese_quote_spaces_its_clauses_the_same_way():
    """The quote's terms are filled by `Labels.fill`: '以上价格以 USD 计', '本报价中的 NVIDIA H100 …'
    (the 报价单 of hgx-h100-8gpu read '以USD计' and '中的NVIDIA' before); English as before."""
    from configurator.words.quote_words import VAT_TERMS, Labels

    values = {"currency": "USD", "tax_basis": "不含税价", "tax_rate": "0 %", "invoice": "增值税发票"}
    zh = Labels("zh_CN").fill(VAT_TERMS[1], **values)
    assert "以上价格以 USD 计，不含税价" in zh, zh
    en = Labels("en").fill(VAT_TERMS[1], **values)
    assert en == VAT_TERMS[1].format(**values)
