"""The cluster plan's words in Chinese: every name, BOM item, problem, fix and note a plan produces
is a message of words/cluster_words.py worded in Chinese, and `configurator cluster --lang zh_CN`
prints the plan in Chinese."""

from __future__ import annotations

import json
import re

import pytest

from configurator.core.cluster import plan_cluster
from configurator.core.message import Msg
from configurator.launch import main
from configurator.store import paths
from configurator.store.catalogs import default_catalog
from configurator.store.cluster_files import read_cluster
from configurator.words import i18n
from configurator.words.render import say

CLUSTER = paths.examples_dir() / "clusters" / "hgx-h100-16.json"
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def zh():
    """Chinese for one test, English again afterwards."""
    yield i18n.set_language("zh_CN")
    i18n.set_language("en")


def _strained(tmp_path):
    """The example cluster squeezed until most checks fire: small racks, weak PDUs and cooling,
    an oversubscribed fabric."""
    data = json.loads(CLUSTER.read_text(encoding="utf-8"))
    data["servers"][0]["build"] = str(paths.examples_dir() / "hgx-h100-8gpu.json")
    data["rack"].update({"servers_per_rack": 6, "kw_limit": 30.0, "weight_limit_kg": 500.0,
                         "cooling": {"kind": "air", "air_kw": 20.0}})
    data["rack"]["pdu"].update({"breaker_a": 32.0})
    data["fabric"]["oversubscription"] = 2.0
    out = tmp_path / "strained.json"
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


def _messages(plan) -> list[Msg]:
    texts = [r.title for r in plan.racks] + [i.title for r in plan.racks for i in r.items if i.kind == "switch"]
    # the server line names the build and the rack line the cluster file's rack: the user's words
    texts += [ln.group for ln in plan.cost.lines] + [ln.item for ln in plan.cost.lines if isinstance(ln.item, Msg)]
    texts += [v.message for v in plan.violations] + [v.fix.description for v in plan.violations if v.fix]
    return texts + list(plan.notes)


def test_every_text_of_a_strained_plan_has_a_chinese_translation(tmp_path, zh):
    plan = plan_cluster(read_cluster(_strained(tmp_path)), default_catalog())
    codes = {v.code for v in plan.violations}
    assert {"cluster.rack-over-kw", "cluster.feed-loss-overload", "cluster.rack-air-over",
            "cluster.fabric-oversubscribed", "cluster.server-feed-loss"} <= codes, codes
    messages = _messages(plan)
    assert all(isinstance(m, Msg) for m in messages), messages
    for msg in messages:
        assert HAN.search(say(msg)), msg


def test_cluster_text_in_chinese(tmp_path, capsys, zh):
    assert main(["cluster", str(_strained(tmp_path)), "--lang", "zh_CN"]) == 1
    out = capsys.readouterr().out
    for words in ("台服务器", "机柜 01", "物料清单", "叶交换机", "计算网络：网卡侧光模块", "断一路后", "修复："):
        assert words in out, words
    for english in ("servers,", "Racks", "Bill of materials", "on request", "one feed left", "fix:", "note:",
                    "NIC-side transceivers", "If feed", "Put fewer servers"):
        assert english not in out, english
