"""A source's confidence is a word the reader sees beside the URL: worded in the user's language in
the software stack (the view, the quote) as in the acceptance plan."""

from __future__ import annotations

import datetime
from pathlib import Path

from configurator.core.stack import plan_stack
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog
from configurator.store.stack_tables import read_stack_table
from configurator.words.acceptance_text import confidence_word
from configurator.words.stack_text import manifest_rows

EX = Path(__file__).resolve().parents[2] / "examples"


def test_the_pinned_stacks_sources_say_their_confidence_in_chinese():
    plan = plan_stack(load_build(EX / "hgx-h100-8gpu.json"), default_catalog(), read_stack_table(),
                      datetime.date(2026, 12, 5))
    en, zh = manifest_rows(plan, "en"), manifest_rows(plan, "zh_CN")
    assert any(r.source.endswith(", datasheet)") for r in en)
    assert not any(w in r.source for r in zh for w in ("datasheet)", "secondary)", "estimate)")), zh
    assert confidence_word("datasheet", "zh_CN") == "数据手册" and confidence_word("odd", "zh_CN") == "odd"
