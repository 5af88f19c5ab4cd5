"""README.zh_CN.md is kept in step with README.md (issue 30): the same command block, line for line,
and the sections a Chinese user needs (setup, quoting, importing, clusters)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _commands(text: str, heading: str) -> list[str]:
    block = text.split(heading, 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_the_command_blocks_are_the_same():
    english = (ROOT / "README.md").read_text(encoding="utf-8")
    chinese = (ROOT / "README.zh_CN.md").read_text(encoding="utf-8")
    assert _commands(chinese, "## 命令行") == _commands(english, "## Command line")
    assert "README.zh_CN.md" in english and "(README.md)" in chinese


def test_the_chinese_readme_covers_setup_quoting_importing_and_clusters():
    chinese = (ROOT / "README.zh_CN.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", chinese, flags=re.M)
    for needed in ("安装与运行", "报价", "导入现有服务器与升级", "集群", "命令行"):
        assert needed in headings, needed
    for link in re.findall(r"\]\(([^)#]+)\)", chinese):      # every linked file exists
        assert (ROOT / link).exists(), link
