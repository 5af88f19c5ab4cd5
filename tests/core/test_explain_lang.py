"""Explanations follow the language: every figure of every example explained in zh_CN has no
English left but units, ids, URLs, proper names and quoted catalog data; English is unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from explained import EXAMPLES, evaluated

from configurator.core.evaluate.json_shape import figures
from configurator.core.evaluate.workload_models import Workload
from configurator.core.explain.handlers import explain
from configurator.core.explain.terms import FIELDS
from configurator.core.message import Num
from configurator.store.catalogs import default_catalog
from configurator.words import i18n
from configurator.words.explain_words import explain_figure, worded
from configurator.words.render import named_in_english, show
from configurator.words.render import word as word_of

#: ASCII words a Chinese explanation may keep: units, acronyms, product and proper names,
#: formula variables and functions
ALLOWED = set("""
W kW kWh h s m V A B KB MB GB TB GiB MiB Gb U kg CFM BTU MT TFLOPS PFLOPS FLOPs FLOPS tokens token
USD CNY EUR JPY GBP PUE TCO TDP GPU CPU PCIe PCI SIG NVMe NVLink DDR JEDEC HBM GDDR DPU PDU CUDA SDPA HF KV
ZeRO AdamW Llama MFU Megatron PaLM Chinchilla Rajbhandari et al nvbandwidth ASHRAE PLUS Gen BF FP TF
N D K L F C T ND a d c x min max batch micro PyTorch NVSwitch HCCS
""".split())
#: what a data token may look like: an id (a dot, an underscore or a digit inside), a path or a URL
URL = re.compile(r"https?://\S+|(?:docs|core|catalogs|configurator|resources|examples)/[\w./#*+-]+")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.+'-]*[A-Za-z0-9]|[A-Za-z]")
IDENT = re.compile(r".*(?:[_.]|\d).*")
#: a catalog field named after its translation, "(tdp_w)", and key=value of a catalog record
FIELD_ID = re.compile(r"\((?:" + "|".join(FIELDS) + r")\)|\b\w+=")


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from _strings(v)
    elif isinstance(data, list | tuple):
        for v in data:
            yield from _strings(v)


def _data_texts(cat, build, ev) -> list[str]:
    """Data no message catalog translates: every text of the catalog's parts (ids, names, fabric
    names, source notes), the price list's sources, the workload's own values (model name, precision,
    optimizer), longest first so that a long note goes before its words."""
    texts = {t for part in cat.parts.values() for t in _strings(part.model_dump(mode="json"))}
    texts |= {t for line in ev.cost.lines for t in (line.price_source or "", named_in_english(line.name), line.part_id or "")}
    if build.workload:
        texts |= set(_strings(Workload.model_validate(build.workload).model_dump(mode="json")))
    return sorted((t for t in texts if len(t) > 1), key=len, reverse=True)


def english_words(text: str, data: list[str]) -> list[str]:
    """The ASCII words of `text` that are neither data, ids, URLs nor allowed terms."""
    for t in data:   # whole words only: "psu" is data, "psu.active" is still a figure key
        text = re.sub(rf"(?<![\w.]){re.escape(t)}(?![\w.])", " ", text) if t in text else text
    text = FIELD_ID.sub(" ", URL.sub(" ", text))
    out = []
    for word in WORD.findall(text):
        if IDENT.fullmatch(word) and not word.endswith("'s"):
            continue                                      # power_w.max, H100, x16, 3.412
        out += [w for w in re.split(r"[-']", word) if w and w not in ALLOWED]
    return out


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_figure_in_chinese_has_no_english_left(cat, path):
    build, ev = evaluated(cat, path)
    data = _data_texts(cat, build, ev)
    bad: dict[str, set[str]] = {}
    for key in figures(ev):
        en, exp = explain_figure(build, cat, ev, key, "en"), explain_figure(build, cat, ev, key, "zh_CN")
        assert exp.language == "zh_CN"
        assert (exp.figure, exp.value, exp.estimate, len(exp.inputs)) == (en.figure, en.value, en.estimate,
                                                                          len(en.inputs)), key
        texts = [exp.formula, exp.unit, *exp.notes, *(t for i in exp.inputs for t in (i.name, i.value, i.source))]
        words = {w for t in texts for w in english_words(t, data)} - set(key.split("."))
        # a catalog field shown by its id alone has no Chinese name (core/explain/terms.py)
        words |= {i.name for i, j in zip(exp.inputs, en.inputs, strict=True)
                  if i.name == j.name and re.fullmatch(r"[\w.+-]+\.[a-z0-9_]+", i.name) and i.name.split(".")[0]
                  in cat.parts}
        if words:
            bad[key] = words
    assert not bad, f"English left in zh_CN explanations of {path.stem}: {bad}"


# The English working of two figures, word for word as `configurator explain` printed it before the
# texts went through the catalog (an edit to a template must show up here).
WALL_MAX = """wall_power_w.max = 9,935.9 W  (estimate)

wall power = power_w.max / efficiency, where efficiency is read from the PSU class's 80 PLUS curve at the \
load each PSU carries (the installed PSUs share the load equally)

  power_w.max = 9,526.0 W
      source: figure power_w.max (explain it in turn)
  PSUs installed (all share the load) = 6
      source: build placements
  nvidia-dgx-psu-3300w.rating_w = 3,300.0 W
      source: catalog nvidia-dgx-psu-3300w (catalogs/psus.toml): https://unanswered.io/guide/nvidia-dgx-power-\
consumption-watts (secondary, read 2026-11-30); secondary sources: unanswered.io's DGX power guide (citing the DGX \
H100/H200 user guide): 3,300 W @ 200-240 V, 16 A, 50-60 Hz; DGX B200 also 6x 3.3 kW, verified in the NVIDIA DGX B200 \
user guide (https://docs.nvidia.com/dgx/dgxb200-user-guide/introduction-to-dgxb200.html)
  load per PSU = 48.1%
      source: power_w.max / (6 × rating)
"""
PSU_ACTIVE = """psu.active = 4

PSUs whose capacity counts under 4+2: installed minus those allowed to fail (for grid modes, also no more \
than the smaller feed holds)

  installed = 6
      source: build
  redundancy = 4+2
      source: build setting (site / options)
  feeds = {'A': 3, 'B': 3}
      source: PSU bay feeds (build or chassis default)

Note: 2 PSU(s) may fail.
"""


def test_english_is_unchanged(cat):
    build, ev = evaluated(cat, Path("examples/dgx-h100-8gpu.json"))
    assert explain_figure(build, cat, ev, "wall_power_w.max", "en").to_text().startswith(WALL_MAX)
    assert explain_figure(build, cat, ev, "psu.active", "en").to_text() == PSU_ACTIVE
    typical = explain_figure(build, cat, ev, "power_w.typical", "en")
    assert typical.formula.startswith("DC power at sustained training (typical) = chassis base + GPU baseboard + "
                                      "Σ over parts (quantity × per-unit typical draw): 8 × nvidia-h100-sxm5-80gb "
                                      "(tdp_w × typical_pct); 2 × intel-xeon-platinum-8480plus (max(idle_w, tdp_w × 0.6))")
    assert any(i.name == "cpu typical share of max" and i.value == "0.6" for i in typical.inputs)


@pytest.mark.parametrize("path", EXAMPLES[:3], ids=lambda p: p.stem)
def test_english_through_the_catalog_is_the_core_default(cat, path):
    """`--lang en` (and the app in English) words every figure exactly as the words' table writes it
    (a catalog with no translations)."""
    build, ev = evaluated(cat, path)
    for key, value in figures(ev).items():
        core = worded(explain(build, cat, ev, key, value), catalog=i18n.Catalog())
        for lang in ("en", None):
            exp = explain_figure(build, cat, ev, key, lang)
            assert (exp.to_json(), exp.to_text()) == (core.to_json(), core.to_text()), (key, lang)


def test_chinese_working_reads_in_domain_terms(cat):
    build, ev = evaluated(cat, Path("examples/dgx-h100-8gpu.json"))
    wall = explain_figure(build, cat, ev, "wall_power_w.max", "zh_CN")
    assert wall.formula.startswith("墙插功耗 = power_w.max ÷ 电源效率")
    names = {i.name: i for i in wall.inputs}
    assert names["nvidia-dgx-psu-3300w 额定功率 (rating_w)"].value == "3,300.0 W"
    assert "80 PLUS 钛金效率曲线（230 V 内部冗余）" in names
    assert names["每个电源的负载率"].source == "power_w.max ÷ (6 × 额定功率)"
    text = wall.to_text()
    assert text.startswith("wall_power_w.max = 9,935.9 W  (估计值)") and "      来源：部件目录条目 nvidia-dgx-psu-3300w" in text
    assert "目录原注（英文）：secondary sources: unanswered.io's DGX power guide" in text  # quoted, marked as such
    active = explain_figure(build, cat, ev, "psu.active", "zh_CN")
    assert active.notes == ("允许 2 个电源故障。",) and active.inputs[1].name == "电源冗余模式"
    typical = explain_figure(build, cat, ev, "power_w.typical", "zh_CN")
    assert "8 × nvidia-h100-sxm5-80gb (热设计功耗 TDP × 典型功耗占比)" in typical.formula
    assert explain_figure(build, cat, ev, "tco.years", "zh_CN").unit == "年"
    tax = explain_figure(build, cat, ev, "cost.total", "zh_CN")
    assert any(i.value in ("是", "否") for i in tax.inputs)         # prices_include_tax
    # the exchange-rate note is the evaluation's message (core/fx.py), not English read back by templates
    assert len(tax.notes) == 1 and tax.notes[0].endswith("（估计值） 的美元汇率"), tax.notes


def test_the_app_language_is_the_default_and_a_caller_may_ask_for_another(cat):
    from configurator.words import i18n

    build, ev = evaluated(cat, Path("examples/hgx-h100-8gpu.json"))
    i18n.set_language("zh_CN")
    try:
        assert explain_figure(build, cat, ev, "psu.usable_w").formula == "可用容量 = 计入容量的电源数 × 额定功率"
        assert explain_figure(build, cat, ev, "psu.usable_w", "en").formula == "usable capacity = active PSUs × rating"
        with pytest.raises(KeyError, match="该配置的评估结果中没有数值 'psu.usable'"):
            explain_figure(build, cat, ev, "psu.usable")
    finally:
        i18n.set_language("en")


def test_numbers_use_the_locale_symbols():
    de, en, zh = i18n.Catalog("de_DE"), i18n.Catalog(), i18n.load_catalog("zh_CN")
    assert (show(1234.5, de), show(0.125, de), word_of(Num(0.481, ".1%"), de), show(7, de)) == ("1.234,5", "0,125", "48,1%", "7")
    assert (show(1234.5, en), show(True, en), show(None, en)) == ("1,234.5", "True", "None")
    assert (show(1234.5, zh), show(False, zh), show(None, zh)) == ("1,234.5", "否", "无")


def test_the_check_finds_english(cat):
    """The word check is live: English working, or one untranslated template, is caught."""
    build, ev = evaluated(cat, Path("examples/dgx-h100-8gpu.json"))
    data = _data_texts(cat, build, ev)
    en = explain_figure(build, cat, ev, "wall_power_w.max", "en")
    assert {"wall", "power", "efficiency"} <= set(english_words(en.formula, data))
    zh = i18n.load_catalog("zh_CN")
    partial = i18n.Catalog("zh_CN", {k: v for k, v in zh.messages.items() if k != "load per PSU"})
    exp = worded(explain(build, cat, ev, "wall_power_w.max", en.value), catalog=partial)
    assert {w for i in exp.inputs for w in english_words(i.name, data)} == {"load", "per", "PSU"}
    assert english_words("nvidia-dgx-psu-3300w 额定功率 (rating_w) 来源：docs/catalog.md#x power_w.max 3,300.0 W", data) == []
