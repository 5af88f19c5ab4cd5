"""The bandwidth chain's words: every link of every example worded in Chinese from its message,
the same English as before at the `--json` edge, and the compare grid's bottleneck cell a message."""

from __future__ import annotations

import re

import pytest

from configurator.core.compare.rows_hw import _bottleneck
from configurator.core.evaluator import evaluate
from configurator.core.message import Msg
from configurator.store import paths
from configurator.store.build_files import read_build
from configurator.store.catalogs import default_catalog
from configurator.words.render import say

CJK = re.compile(r"[\u4e00-\u9fff]")
#: link names that are product terms in every language
SAME = {"bandwidth.link.pcie"}


@pytest.fixture(scope="module")
def evaluations():
    cat = default_catalog()
    return [evaluate(read_build(p, catalog=cat).build, cat) for p in sorted(paths.examples_dir().glob("*.json"))]


def _said(ev) -> list[Msg]:
    bw = ev.bandwidth
    return [m for link in bw.chain for m in (link.name, link.detail) if m is not None] + [bw.explanation]


def test_every_link_reads_in_chinese(evaluations):
    seen = [m for ev in evaluations for m in _said(ev)]
    assert seen and all(isinstance(m, Msg) for m in seen)
    untranslated = [say(m, "zh_CN") for m in seen if m.id not in SAME and not CJK.search(say(m, "zh_CN"))]
    assert not untranslated, untranslated


def test_english_edge_reads_as_the_core_wrote_it(evaluations):
    hgx = next(ev for ev in evaluations   # an NVSwitch board: every link of the chain
               if any(say(link.name, "en").startswith("NVSwitch") for link in ev.bandwidth.chain))
    names = [say(link.name, "en") for link in hgx.bandwidth.chain]
    assert names[0] == "NVMe drives (sequential read)" and names[3] == "GPU memory (HBM/GDDR)"
    assert re.fullmatch(r"DDR at \d+ MT/s", names[1])
    assert re.fullmatch(r"NVSwitch \(.+\), \d+ GB/s bidirectional", names[4])
    assert say(hgx.bandwidth.chain[2].detail, "en") == "theoretical; ~88% is measured in practice"


def test_compare_bottleneck_cell_is_a_message(evaluations):
    class Col:   # the one field `_bottleneck` reads
        evaluation = evaluations[0]

    value = _bottleneck(Col())  # type: ignore[arg-type]
    assert isinstance(value, Msg) and CJK.search(say(value, "zh_CN"))
